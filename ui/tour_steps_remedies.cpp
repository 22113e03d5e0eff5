// What the article says to do: fp8 first, int4 for the capacity-desperate, eviction as a bet,
// the safe money; then the end game (trained sparse attention, shipping today in DeepSeek-V3.2)
// and measuring before choosing.
#include "attention_mass.h"
#include "kv_strategy.h"
#include "presets.h"
#include "strategy_presets.h"
#include "tour_compose.h"
#include "tour_steps.h"

#include <algorithm>

namespace kvl {

namespace {

const auto none = [](Scenario &) {};

TourStep fp8()
{
    TourStep t;
    t.id = QStringLiteral("fp8");
    t.title = TourStrings::tr("fp8: half the bytes");
    t.apply = [](Scenario &s) { s.kvPrecision = Precision::of(NumberFormat::FP8); };
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_bytes_per_token");
    t.chartId = QStringLiteral("precision");
    t.units = ByteUnits::Binary;
    t.compose = [](const Scenario &s, const Ledger &l) {
        Scenario before = s;
        before.kvPrecision = Scenario::seed().kvPrecision;
        const Ledger fp16 = evaluate(before);
        const QString kib = formatBytes(double(l.kvBytesPerToken), ByteUnits::Binary);
        const QString gain = timesText(fp16.secondsPerToken / l.secondsPerToken);
        return TourText{
            TourStrings::tr(
                "The safest first step: K and V in %1, a one-line change in vLLM "
                "(--kv-cache-dtype fp8) and TensorRT-LLM, with little quality cost. %2 per token "
                "instead of %3: KV streaming halves (%4 → %5) and so does the tensor-parallel "
                "degree (%6 → %7), but the weights stay, so time per token gains only %8 "
                "(%9 → %10).")
                .arg(s.kvPrecision.name(), kib,
                     formatBytes(double(fp16.kvBytesPerToken), ByteUnits::Binary),
                     formatSeconds(fp16.kvSecondsPerToken), formatSeconds(l.kvSecondsPerToken),
                     QString::number(fp16.tpDegree), QString::number(l.tpDegree), gain,
                     formatSeconds(fp16.secondsPerToken))
                .arg(formatSeconds(l.secondsPerToken)),
            kib,
            {{TourStrings::tr("KV per token"), kib},
             {TourStrings::tr("Time per token, KV only"), formatSeconds(l.kvSecondsPerToken)},
             {TourStrings::tr("Time per token"), formatSeconds(l.secondsPerToken)},
             {TourStrings::tr("Gain over fp16"), gain}}};
    };
    return t;
}

TourStep int4()
{
    TourStep t;
    t.id = QStringLiteral("int4");
    t.title = TourStrings::tr("int4, for the capacity-desperate");
    t.apply = [](Scenario &s) { s.kvPrecision = Precision::of(NumberFormat::INT4); };
    t.tab = QStringLiteral("cost");
    t.ledgerKey = QStringLiteral("kv_bytes_per_token");
    t.chartId = QStringLiteral("precision");
    t.compose = [](const Scenario &s, const Ledger &l) {
        Scenario before = s;
        before.kvPrecision = Scenario::seed().kvPrecision;
        const Ledger fp16 = evaluate(before);
        const QString b = formatInteger(l.kvBytesPerToken) + u" B";
        const QString fewer = timesText(double(fp16.kvBytesPerToken) / double(l.kvBytesPerToken));
        const QString unscaled = formatInteger(l.kvBytesPerTokenUnscaled) + u" B";
        return TourText{
            TourStrings::tr(
                "%1, its group scales included, stores %2 per token, %3 fewer bytes than "
                "fp16; the article's “a quarter” (%4) holds only without the scales. Keep it "
                "for when capacity is desperate, after measuring recall on your own traffic.")
                .arg(s.kvPrecision.label(), b, fewer, unscaled),
            b,
            {{TourStrings::tr("KV per token"), b},
             {TourStrings::tr("Fewer bytes than fp16"), fewer},
             {TourStrings::tr("Without the scales"), unscaled}}};
    };
    return t;
}

TourStep eviction()
{
    TourStep t;
    t.id = QStringLiteral("eviction");
    t.title = TourStrings::tr("Eviction is a bet");
    t.apply = none;
    t.tab = QStringLiteral("strategies");
    t.chartId = QStringLiteral("strategies");
    t.strategies = {QStringLiteral("h2o"), QStringLiteral("snapkv")};
    t.compose = [](const Scenario &s, const Ledger &l) {
        const StrategyResult h2o = tourStrategyResult(s, QStringLiteral("h2o"));
        const StrategyResult snap = tourStrategyResult(s, QStringLiteral("snapkv"));
        const QString held = formatBytes(snap.heldBytes, ByteUnits::SI);
        const QString h2oHeld = formatBytes(h2o.heldBytes, ByteUnits::SI);
        const QString cache = formatBytes(l.kvBytes, ByteUnits::SI);
        const QString oldest = formatInteger(snap.oldestReadableToken);
        return TourText{
            TourStrings::tr(
                "Evictions such as H2O and SnapKV bet that the past predicts the question: H2O "
                "keeps %1 and SnapKV %2 of the %3 cache. With SnapKV no token before %4 is sure "
                "to stay, and agents live on rare details cited once: audit logs, IDs, exact "
                "numbers.")
                .arg(h2oHeld, held, cache, oldest),
            held,
            {{TourStrings::tr("Full KV cache"), cache},
             {TourStrings::tr("H2O keeps"), h2oHeld},
             {TourStrings::tr("SnapKV keeps"), held},
             {TourStrings::tr("Oldest token sure to stay"), oldest}}};
    };
    return t;
}

TourStep safeMoney()
{
    TourStep t;
    t.id = QStringLiteral("safe-money");
    t.title = TourStrings::tr("The safe money");
    t.apply = none;
    t.tab = QStringLiteral("strategies");
    t.chartId = QStringLiteral("strategies");
    t.strategies = {QStringLiteral("fp8-window"), QStringLiteral("fp8")};
    t.compose = [](const Scenario &s, const Ledger &) {
        const QString id = QStringLiteral("fp8-window");
        const StrategyResult safe = tourStrategyResult(s, id);
        const StrategyResult fp8 = tourStrategyResult(s, QStringLiteral("fp8"));
        const PrecisionPolicy policy = tourStrategy(id).precision.value_or(PrecisionPolicy{});
        const QString held = formatBytes(safe.heldBytes, ByteUnits::SI);
        const QString gpus = QString::number(safe.gpusToFit);
        return TourText{
            TourStrings::tr(
                "If your traffic asks about old data, the safe money is quantization + "
                "conservative windows, compression kept for stale regions of the history: "
                "here the first %1 and the newest %2 tokens stay exact and the stale ones "
                "between them go to %3. It holds %4 (%3 alone: %5), fits on %6 GPUs and drops "
                "no token. int4 is not on this list.")
                .arg(formatInteger(policy.sinkTokens), formatInteger(policy.recentTokens),
                     policy.older.name(), held, formatBytes(fp8.heldBytes, ByteUnits::SI), gpus),
            held,
            {{TourStrings::tr("%1 holds").arg(safe.name), held},
             {TourStrings::tr("GPUs to fit"), gpus},
             {TourStrings::tr("%1 alone holds").arg(policy.older.name()),
              formatBytes(fp8.heldBytes, ByteUnits::SI)},
             {TourStrings::tr("Tokens dropped"), formatInteger(safe.losesTokens ? s.context : 0)}}};
    };
    return t;
}

TourStep sparse()
{
    TourStep t;
    t.id = QStringLiteral("sparse");
    t.title = TourStrings::tr("The end game: reads skipped, memory kept");
    t.apply = none;
    t.tab = QStringLiteral("strategies");
    t.chartId = QStringLiteral("strategies");
    t.strategies = {QStringLiteral("nsa"), QStringLiteral("moba")};
    t.compose = [](const Scenario &s, const Ledger &l) {
        const StrategyResult nsa = tourStrategyResult(s, QStringLiteral("nsa"));
        const QString read = formatBytes(nsa.readBytesPerStep, ByteUnits::SI);
        const QString held = formatBytes(nsa.heldBytes, ByteUnits::SI);
        const QString gpus = QString::number(nsa.gpusToFit);
        const QString time = formatSeconds(nsa.secondsPerToken);
        return TourText{
            TourStrings::tr(
                "The end game is architectural: a model that decides itself what it need not "
                "read (DuoAttention, NSA, MoBA, SeerAttention). NSA reads %1 per token instead "
                "of %2, %3 per token. It saves reads, not memory: the whole cache stays, %4 "
                "with its compressed tokens, and still needs %5 GPUs here.")
                .arg(read, formatBytes(l.kvBytes, ByteUnits::SI), time, held, gpus),
            read,
            {{TourStrings::tr("NSA reads per token"), read},
             {TourStrings::tr("NSA holds"), held},
             {TourStrings::tr("GPUs to fit"), gpus}}};
    };
    return t;
}

TourStep sparseToday()
{
    TourStep t;
    t.id = QStringLiteral("dsa");
    t.title = TourStrings::tr("The end game ships today");
    t.apply = [](Scenario &s) {
        // The bundled preset, as the scenario panel sets it: the checkpoint as published.
        s.model = *PresetLibrary::instance().model(QStringLiteral("deepseek-v3.2"));
        s.weightsAsStored = true;
    };
    t.tab = QStringLiteral("strategies");
    t.ledgerKey = QStringLiteral("kv_bytes_read_per_step");
    t.chartId = QStringLiteral("strategies");
    t.fullCacheOnly = true;
    t.compose = [](const Scenario &s, const Ledger &l) {
        const QString read = formatBytes(l.kvBytesReadPerToken, ByteUnits::SI);
        const QString held = formatBytes(l.kvBytes, ByteUnits::SI);
        // Against the chart's reference row: the same model reading every latent.
        const auto reference = denseReference(s.model);
        const double denseRead =
            reference ? evaluateStrategy(s, *reference).readBytesPerStep : l.kvBytesReadPerStep;
        const QString dense = formatBytes(denseRead, ByteUnits::SI);
        const QString fewer = timesText(denseRead / l.kvBytesReadPerStep);
        const QString gpus = QString::number(l.gpusToFit);
        // The sparse layers' top-k: what their indexer lets a step read.
        const auto sparseRow =
            std::find_if(l.layersByKind.begin(), l.layersByKind.end(),
                         [](const LayerKindRow &r) { return r.tokensRead < r.tokensHeld; });
        const qint64 topK = sparseRow == l.layersByKind.end() ? 0 : sparseRow->tokensRead;
        return TourText{
            TourStrings::tr(
                "It is not a paper: %1 ships with DeepSeek Sparse Attention. At %2 tokens it "
                "holds %3 of cache, yet a step reads %4 of it, %5 fewer bytes than dense "
                "attention reading every latent (%6): a small indexer scores every token's index "
                "key and each layer reads only the %7 latents it picks. It saves reads, not "
                "memory: the whole cache stays, and with the weights it takes %8 GPUs to hold.")
                .arg(s.model.name, formatInteger(s.context), held, read, fewer, dense,
                     formatInteger(topK), gpus),
            read,
            {{TourStrings::tr("KV cache held"), held},
             {TourStrings::tr("KV read per token"), read},
             {TourStrings::tr("Fewer bytes read than dense"), fewer},
             {TourStrings::tr("GPUs to fit"), gpus}}};
    };
    return t;
}

TourStep measure()
{
    TourStep t;
    t.id = QStringLiteral("measure");
    t.title = TourStrings::tr("Measure first");
    t.apply = none;
    t.tab = QStringLiteral("mass");
    t.chartId = QStringLiteral("mass-top");
    t.mass = tourMassSource();
    t.compose = [](const Scenario &, const Ledger &) {
        QString why;
        const auto report = analyzeSynthetic(tourMassSource(), MassOptions{}, &why);
        if (!report || report->layers.isEmpty())
            return TourText{why, {}, {}};
        const auto [lo, hi] = std::minmax_element(
            report->layers.begin(), report->layers.end(),
            [](const MassStats &a, const MassStats &b) { return a.topShare < b.topShare; });
        const QString top = percentText(hi->topShare);
        const QString concentrated = TourStrings::tr("%1 of %2")
                                         .arg(report->concentratedLayers())
                                         .arg(report->judgedLayers());
        return TourText{
            TourStrings::tr(
                "Before choosing, measure: replay a sample of your production conversations "
                "offline and record, per layer, how much of the attention mass sits in the top "
                "%1 of KV blocks. The page shows no measurement but a teaching source (%2): "
                "%3 layers are concentrated (up to %4), the flattest keeps only %5. "
                "Concentrated mass leaves room for eviction; flat mass means your traffic "
                "really reads everything, and the honest saving is in the bytes.")
                .arg(percentText(report->topFraction), tourMassSource().description(), concentrated,
                     top, percentText(lo->topShare)),
            top,
            {{TourStrings::tr("Top share of blocks"), percentText(report->topFraction)},
             {TourStrings::tr("Concentrated layers"), concentrated},
             {TourStrings::tr("Most concentrated"), top},
             {TourStrings::tr("Flattest"), percentText(lo->topShare)}}};
    };
    return t;
}

} // namespace

QList<TourStep> remedySteps()
{
    return {fp8(), int4(), eviction(), safeMoney(), sparse(), sparseToday(), measure()};
}

} // namespace kvl
