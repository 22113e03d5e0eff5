// The article's first half: what the KV cache is, its size per token, what GQA did to it, and
// why reading it is the cost (the roofline's ridge and the idle tensor cores).
#include "decode_step.h"
#include "ledger_text.h"
#include "tour_compose.h"
#include "tour_steps.h"

namespace kvl {

namespace {

const auto none = [](Scenario &) {};

TourStep kvCache()
{
    TourStep t;
    t.id = QStringLiteral("kv-cache");
    t.title = TourStrings::tr("What the KV cache holds");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_bytes");
    t.chartId = QStringLiteral("memory");
    t.decodePicture = true;
    t.compose = [](const Scenario &s, const Ledger &) {
        const DecodeStep step = exampleDecodeStep();
        const QString context = formatInteger(s.context);
        return TourText{
            TourStrings::tr(
                "A model decodes one token at a time. To choose the next one, each layer "
                "compares the new token's query with the key of every earlier token and lets "
                "the softmax weights combine their values (the picture: one head, %1 tokens). "
                "Those keys and values are kept, the KV cache, so that no step recomputes them: "
                "it grows by one token per token, here to %2, and every step reads it whole.")
                .arg(step.tokens())
                .arg(context),
            context,
            {{TourStrings::tr("Earlier tokens each step reads"), context},
             {TourStrings::tr("Layers"), QString::number(s.model.layers)},
             {TourStrings::tr("KV heads per layer"), QString::number(s.model.kvHeads)}}};
    };
    return t;
}

TourStep bytesPerToken()
{
    TourStep t;
    t.id = QStringLiteral("bytes-per-token");
    t.title = TourStrings::tr("Bytes per token");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_bytes_per_token");
    t.chartId = QStringLiteral("gqa");
    t.units = ByteUnits::Binary;
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString kib = formatBytes(double(l.kvBytesPerToken), ByteUnits::Binary);
        return TourText{
            TourStrings::tr(
                "Each token leaves a key and a value (the 2) in every layer, for every KV head: "
                "%1. The article's “320 KB” is %2 in binary units, shown here.")
                .arg(bytesPerTokenFormula(s, l, ByteUnits::Binary), kib),
            kib,
            {{TourStrings::tr("KV per token"), kib},
             {TourStrings::tr("Layers"), QString::number(s.model.layers)},
             {TourStrings::tr("KV heads × head dim"),
              TourStrings::tr("%1 × %2").arg(s.model.kvHeads).arg(s.model.headDim)}}};
    };
    return t;
}

TourStep gqa()
{
    TourStep t;
    t.id = QStringLiteral("gqa");
    t.title = TourStrings::tr("GQA, the one free factor");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_bytes_per_token_mha");
    t.chartId = QStringLiteral("gqa");
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString mha = formatInteger(l.kvBytesPerTokenMha) + u" B";
        const QString gqa = formatInteger(l.kvBytesPerToken) + u" B";
        const QString saved = timesText(l.gqaFactor);
        return TourText{
            TourStrings::tr(
                "%1 query heads share %2 KV heads. Without the sharing (MHA) a token would cost "
                "%3, the article's “≈2.6 MB”; with GQA it costs %4, %5 less, cut in the design. "
                "No other factor comes this free: every saving after this one trades "
                "something.")
                .arg(s.model.queryHeads)
                .arg(s.model.kvHeads)
                .arg(mha, gqa, saved),
            mha,
            {{TourStrings::tr("MHA per token"), mha},
             {TourStrings::tr("GQA per token"), gqa},
             {TourStrings::tr("Saved by GQA"), saved}}};
    };
    return t;
}

TourStep theRead()
{
    TourStep t;
    t.id = QStringLiteral("read");
    t.title = TourStrings::tr("The read that cannot be skipped");
    t.apply = none;
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_seconds_per_token");
    t.chartId = QStringLiteral("latency");
    t.decodePicture = true;
    t.kvOnlyMark = true;
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString read = formatBytes(l.kvBytesPerGpu, ByteUnits::SI);
        return TourText{
            TourStrings::tr(
                "The arithmetic is trivial; the reads are not. Every decoded token brings every "
                "earlier key and value from HBM to the compute units, %1 here, even those the "
                "softmax weighs at one part in a million: the weight that would justify "
                "skipping a read is computed from the read itself (part 2 of the picture comes "
                "before part 3).")
                .arg(read),
            read,
            {{TourStrings::tr("KV read per token"), read},
             {TourStrings::tr("Bandwidth"),
              formatRate(s.gpu.bandwidth * s.efficiency, ByteUnits::SI)},
             {TourStrings::tr("Time per token, KV only"), formatSeconds(l.kvSecondsPerToken)}}};
    };
    return t;
}

TourStep idleTensorCores()
{
    TourStep t;
    t.id = QStringLiteral("ridge");
    t.title = TourStrings::tr("Idle tensor cores");
    t.apply = none;
    t.tab = QStringLiteral("roofline");
    t.ledgerKey = QStringLiteral("arithmetic_intensity");
    t.chartId = QStringLiteral("roofline");
    t.compose = [](const Scenario &s, const Ledger &) {
        const Roofline r = roofline(s);
        const QString ridge = formatNumber(r.ridgePoint);
        const QString peak = TourStrings::tr("%1 TFLOP/s").arg(formatNumber(r.peakFlops / 1e12));
        const QString bandwidth = formatRate(r.bandwidth, ByteUnits::SI);
        return TourText{
            TourStrings::tr(
                "An %1 computes %2 FLOP for every byte its memory moves (%3 / %4): its ridge "
                "point, the article's “about 300”. A kernel that does less arithmetic per byte "
                "than that leaves the tensor cores waiting for memory.")
                .arg(s.gpu.name, ridge, peak, bandwidth),
            ridge,
            {{TourStrings::tr("Peak compute (%1)").arg(r.precision.name()), peak},
             {TourStrings::tr("Bandwidth"), bandwidth},
             {TourStrings::tr("Ridge point"), TourStrings::tr("%1 FLOP/B").arg(ridge)}}};
    };
    return t;
}

TourStep belowTheRidge()
{
    TourStep t;
    t.id = QStringLiteral("below-ridge");
    t.title = TourStrings::tr("Hundreds of times below the ridge");
    t.apply = none;
    t.tab = QStringLiteral("roofline");
    t.ledgerKey = QStringLiteral("arithmetic_intensity");
    t.chartId = QStringLiteral("roofline");
    t.compose = [](const Scenario &s, const Ledger &) {
        const RooflinePoint gqa = tourRooflinePoint(s, QStringLiteral("decode-attention-gqa"));
        const RooflinePoint mha = tourRooflinePoint(s, QStringLiteral("decode-attention-mha"));
        const RooflinePoint weights = tourRooflinePoint(s, QStringLiteral("decode-weights"));
        const QString gqaBelow = timesText(gqa.belowRidge);
        return TourText{
            TourStrings::tr(
                "Decode does little arithmetic per byte. At batch %1 the weight matmuls do %2 "
                "FLOP per byte, %3 below the ridge, and MHA attention does %4, %5 below: the "
                "article's “hundreds of times”. GQA shares each key among %6 query heads, so "
                "its attention does %7 FLOP per byte, still %8 below. Either way the tensor cores "
                "idle while memory streams: decoding is memory-bound.")
                .arg(s.batch)
                .arg(formatNumber(weights.intensity), timesText(weights.belowRidge),
                     formatNumber(mha.intensity), timesText(mha.belowRidge))
                .arg(s.model.queryHeads / std::max(1, s.model.kvHeads))
                .arg(formatNumber(gqa.intensity), gqaBelow),
            gqaBelow,
            {{TourStrings::tr("Weight matmuls below the ridge"), timesText(weights.belowRidge)},
             {TourStrings::tr("MHA attention below the ridge"), timesText(mha.belowRidge)},
             {TourStrings::tr("GQA attention below the ridge"), gqaBelow},
             {TourStrings::tr("GQA: FLOP per KV byte"), formatNumber(gqa.intensity)}}};
    };
    return t;
}

} // namespace

QList<TourStep> cacheSteps()
{
    return {kvCache(), bytesPerToken(), gqa(), theRead(), idleTensorCores(), belowTheRidge()};
}

} // namespace kvl
