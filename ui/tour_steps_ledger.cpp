// The article's million-token ledger: 320 GB, the GPUs to hold it, 95 ms per token at best, a
// whole answer, and eight GPUs that still move every byte.
#include "tour_compose.h"
#include "tour_steps.h"

#include <cmath>

namespace kvl {

namespace {

const auto none = [](Scenario &) {};

TourStep millionTokens()
{
    TourStep t;
    t.id = QStringLiteral("million");
    t.title = TourStrings::tr("A million tokens");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_bytes");
    t.chartId = QStringLiteral("memory");
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString kv = ledgerValue(s, l, QStringLiteral("kv_bytes"), ByteUnits::SI);
        return TourText{
            TourStrings::tr(
                "A coding agent's routine working set: %1 tokens × %2 B = %3 (exactly %4) of KV "
                "cache, the article's “order of 320 GB” in decimal units.")
                .arg(formatInteger(s.context), formatInteger(l.kvBytesPerToken), kv,
                     formatBytes(l.kvBytes, ByteUnits::SI, 5)),
            kv,
            {{TourStrings::tr("Context (tokens)"), formatInteger(s.context)},
             {TourStrings::tr("KV per token"), formatInteger(l.kvBytesPerToken) + u" B"},
             {TourStrings::tr("KV cache"), kv}}};
    };
    return t;
}

TourStep gpusToFit()
{
    TourStep t;
    t.id = QStringLiteral("fit");
    t.title = TourStrings::tr("GPUs just to fit");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("gpus_to_fit");
    t.chartId = QStringLiteral("memory");
    t.fitWarning = true;
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString gpus = QString::number(l.gpusToFit);
        const QString weights = formatBytes(l.weightBytes, ByteUnits::SI);
        const QString total = formatBytes(l.totalBytes, ByteUnits::SI);
        const QString tp = QString::number(l.tpDegree);
        return TourText{
            TourStrings::tr(
                "Add the weights, %1 in %2 (the article's “~140 GB”): %3. With %4 usable per "
                "%5, %6 GPUs hold it by capacity and a tensor-parallel deployment takes %7 (the "
                "degree must divide the heads): the article's “6 to 8”, before a single "
                "concurrent request. The red banner in the ledger says it: %8 GPU cannot run "
                "this.")
                .arg(weights, s.weightPrecision.name(), total,
                     formatBytes(l.usableBytesPerGpu, ByteUnits::SI), s.gpu.name, gpus, tp)
                .arg(s.gpus),
            gpus,
            {{TourStrings::tr("Weights"), weights},
             {TourStrings::tr("Weights + KV"), total},
             {TourStrings::tr("GPUs to fit"), gpus},
             {TourStrings::tr("Tensor-parallel degree"), tp}}};
    };
    return t;
}

TourStep ninetyFiveMs()
{
    TourStep t;
    t.id = QStringLiteral("95ms");
    t.title = TourStrings::tr("95 ms per token, at best");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_seconds_per_token");
    t.chartId = QStringLiteral("latency");
    t.fitWarning = true;
    t.kvOnlyMark = true;
    t.compose = [](const Scenario &s, const Ledger &l) {
        const double bw = s.gpu.bandwidth * s.efficiency;
        const double rounded = std::floor(l.kvBytes / 1e10) * 1e10; // as the article rounds
        const QString kv = formatSeconds(l.kvSecondsPerToken);
        const QString read = formatBytes(l.kvBytes, ByteUnits::SI);
        const QString rate = formatNumber(1 / l.kvSecondsPerToken);
        return TourText{
            TourStrings::tr(
                "At %1, reading %2 takes %3 per token (the article's “~95 ms” is its rounded "
                "%4: %5), %6 tokens/s, its “about 10”. That is the article's theoretical best "
                "case, the KV read alone at full datasheet bandwidth. The red banner says why it "
                "is a floor, not a deployment: %7 GPU cannot hold the cache, and with the "
                "weights read too a step takes %8.")
                .arg(formatRate(bw, ByteUnits::SI), read, kv, formatBytes(rounded, ByteUnits::SI),
                     formatSeconds(rounded / bw), rate)
                .arg(s.gpus)
                .arg(formatSeconds(l.secondsPerToken)),
            kv,
            {{TourStrings::tr("KV read per token"), read},
             {TourStrings::tr("Time per token, KV only"), kv},
             {TourStrings::tr("Tokens per second, KV only"), rate},
             {TourStrings::tr("With the weights"), formatSeconds(l.secondsPerToken)}}};
    };
    return t;
}

TourStep wholeAnswer()
{
    TourStep t;
    t.id = QStringLiteral("answer");
    t.title = TourStrings::tr("A whole answer");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("response_seconds");
    t.chartId = QStringLiteral("latency");
    t.kvOnlyMark = true;
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString kv = formatSeconds(l.responseKvSeconds);
        const double growth = l.responseKvSeconds - double(s.responseTokens) * l.kvSecondsPerToken;
        const QString weights = formatSeconds(l.responseSeconds - l.responseKvSeconds);
        const QString total = formatSeconds(l.responseSeconds);
        return TourText{
            TourStrings::tr(
                "An answer of %1 tokens carries %2 of pure KV streaming on the critical path, "
                "the article's “~95 seconds”; the cache growing while it answers adds only %3. "
                "The weights add %4: %5 in all.")
                .arg(formatInteger(s.responseTokens), kv, formatSeconds(growth), weights, total),
            kv,
            {{TourStrings::tr("Answer (tokens)"), formatInteger(s.responseTokens)},
             {TourStrings::tr("KV streaming"), kv},
             {TourStrings::tr("The weights add"), weights},
             {TourStrings::tr("The whole answer"), total}}};
    };
    return t;
}

TourStep eightGpus()
{
    TourStep t;
    t.id = QStringLiteral("eight");
    t.title = TourStrings::tr("Eight GPUs");
    t.apply = [](Scenario &s) { s.gpus = 8; };
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_seconds_per_token");
    t.chartId = QStringLiteral("latency");
    t.kvOnlyMark = true;
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString kv = formatSeconds(l.kvSecondsPerToken);
        const QString perGpu = formatBytes(l.kvBytesPerGpu, ByteUnits::SI);
        const QString fleet = formatBytes(l.kvBytes, ByteUnits::SI);
        return TourText{
            TourStrings::tr(
                "Shard the cache over %1 GPUs and each streams %2: %3 per token, the article's "
                "“~12 ms”. But the bytes do not vanish: the fleet still moves %4 per token, and "
                "the cost per token only grows as the conversation goes on.")
                .arg(s.gpus)
                .arg(perGpu, kv, fleet),
            kv,
            {{TourStrings::tr("GPUs"), QString::number(s.gpus)},
             {TourStrings::tr("KV read per GPU"), perGpu},
             {TourStrings::tr("Time per token, KV only"), kv},
             {TourStrings::tr("The fleet reads"), fleet}}};
    };
    return t;
}

} // namespace

QList<TourStep> ledgerSteps()
{
    return {millionTokens(), gpusToFit(), ninetyFiveMs(), wholeAnswer(), eightGpus()};
}

} // namespace kvl
