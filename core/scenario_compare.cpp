#include "scenario_compare.h"

#include "input_text.h"

#include <QCoreApplication>
#include <QHash>
#include <cmath>

namespace kvl {

namespace {

// Read in the window's ledger and the comparison page.
class CompareText
{
    Q_DECLARE_TR_FUNCTIONS(CompareText)
};

QString tokens(qint64 n)
{
    return formatInteger(n);
}

// Where the model's layers stop attending to the whole context.
QString windowText(const Scenario &s)
{
    const ModelSpec &m = s.model;
    QStringList parts;
    if (m.hasKind(AttentionKind::SlidingWindow)) {
        QString w = CompareText::tr("window %1 on %2/%3 layers")
                        .arg(tokens(m.window))
                        .arg(m.layerCount(AttentionKind::SlidingWindow))
                        .arg(m.layers);
        if (m.sinkTokens > 0)
            w += m.sinkTokens == 1 ? CompareText::tr(" with 1 sink")
                                   : CompareText::tr(" with %1 sinks").arg(tokens(m.sinkTokens));
        parts << w;
    }
    if (m.hasKind(AttentionKind::Chunked))
        parts << CompareText::tr("chunks of %1 on %2/%3 layers")
                     .arg(tokens(m.chunkSize))
                     .arg(m.layerCount(AttentionKind::Chunked))
                     .arg(m.layers);
    return parts.isEmpty() ? CompareText::tr("full attention") : parts.join(QStringLiteral(", "));
}

// One field of the model's shape from `f`. An edit of the shape leaves the parameter counts to
// core's estimate from it (the window's controls clear a preset's published counts): they change
// with the shape's row, not later as a change of their own.
template <typename T> void copyShape(Scenario &t, const Scenario &f, T ModelSpec::*field)
{
    if (t.model.*field == f.model.*field)
        return;
    t.model.*field = f.model.*field;
    t.model.totalParameters = f.model.totalParameters;
    t.model.activeParameters = f.model.activeParameters;
}

// Each input: its text in scenario `s`, and setting it in `to` from `from`.
struct InputAccess
{
    ScenarioInput input;
    QString (*text)(const Scenario &);
    void (*copy)(Scenario &to, const Scenario &from);
};

const InputAccess kInputs[] = {
    // Names are anyone's text: escaped, they cannot drive a terminal or break a line.
    {ScenarioInput::Model, [](const Scenario &s) { return shownText(s.model.name); },
     [](Scenario &t, const Scenario &f) {
         // A different model brings its shape; edits of the same model are the rows below.
         if (t.model.id != f.model.id || t.model.name != f.model.name)
             t.model = f.model;
     }},
    {ScenarioInput::Layers, [](const Scenario &s) { return QString::number(s.model.layers); },
     [](Scenario &t, const Scenario &f) { copyShape(t, f, &ModelSpec::layers); }},
    {ScenarioInput::QueryHeads,
     [](const Scenario &s) { return QString::number(s.model.queryHeads); },
     [](Scenario &t, const Scenario &f) { copyShape(t, f, &ModelSpec::queryHeads); }},
    {ScenarioInput::KvHeads, [](const Scenario &s) { return QString::number(s.model.kvHeads); },
     [](Scenario &t, const Scenario &f) { copyShape(t, f, &ModelSpec::kvHeads); }},
    {ScenarioInput::HeadDim, [](const Scenario &s) { return QString::number(s.model.headDim); },
     [](Scenario &t, const Scenario &f) { copyShape(t, f, &ModelSpec::headDim); }},
    {ScenarioInput::Window, windowText,
     [](Scenario &t, const Scenario &f) {
         copyShape(t, f, &ModelSpec::window);
         copyShape(t, f, &ModelSpec::sinkTokens);
         copyShape(t, f, &ModelSpec::chunkSize);
         copyShape(t, f, &ModelSpec::layerPattern);
     }},
    {ScenarioInput::Gpu, [](const Scenario &s) { return shownText(s.gpu.name); },
     [](Scenario &t, const Scenario &f) { t.gpu = f.gpu; }},
    {ScenarioInput::Gpus, [](const Scenario &s) { return QString::number(s.gpus); },
     [](Scenario &t, const Scenario &f) { t.gpus = f.gpus; }},
    {ScenarioInput::Context, [](const Scenario &s) { return tokens(s.context); },
     [](Scenario &t, const Scenario &f) { t.context = f.context; }},
    {ScenarioInput::Batch, [](const Scenario &s) { return QString::number(s.batch); },
     [](Scenario &t, const Scenario &f) { t.batch = f.batch; }},
    {ScenarioInput::KvPrecision, [](const Scenario &s) { return s.kvPrecision.spec(); },
     [](Scenario &t, const Scenario &f) { t.kvPrecision = f.kvPrecision; }},
    {ScenarioInput::WeightPrecision, [](const Scenario &s) { return s.weightPrecision.spec(); },
     [](Scenario &t, const Scenario &f) { t.weightPrecision = f.weightPrecision; }},
    {ScenarioInput::WeightsAsStored,
     [](const Scenario &s) {
         return s.weightsAsStored ? QStringLiteral("on") : QStringLiteral("off");
     },
     [](Scenario &t, const Scenario &f) { t.weightsAsStored = f.weightsAsStored; }},
    {ScenarioInput::Efficiency, [](const Scenario &s) { return formatNumber(s.efficiency, 4); },
     [](Scenario &t, const Scenario &f) { t.efficiency = f.efficiency; }},
    {ScenarioInput::MemoryFraction,
     [](const Scenario &s) { return formatNumber(s.memoryFraction, 4); },
     [](Scenario &t, const Scenario &f) { t.memoryFraction = f.memoryFraction; }},
    {ScenarioInput::ComputeEfficiency,
     [](const Scenario &s) { return formatNumber(s.computeEfficiency, 4); },
     [](Scenario &t, const Scenario &f) { t.computeEfficiency = f.computeEfficiency; }},
    {ScenarioInput::GpuHourPrice,
     [](const Scenario &s) { return QString(u'$' + formatNumber(s.gpuHourPrice, 4)); },
     [](Scenario &t, const Scenario &f) { t.gpuHourPrice = f.gpuHourPrice; }},
    {ScenarioInput::ResponseTokens, [](const Scenario &s) { return tokens(s.responseTokens); },
     [](Scenario &t, const Scenario &f) { t.responseTokens = f.responseTokens; }},
    {ScenarioInput::SpeculativeDecoding,
     [](const Scenario &s) {
         return s.speculativeDecoding ? QStringLiteral("on") : QStringLiteral("off");
     },
     [](Scenario &t, const Scenario &f) { t.speculativeDecoding = f.speculativeDecoding; }},
    // Last, so that every difference the rows above leave is accounted for.
    {ScenarioInput::ModelShape, [](const Scenario &) { return QString(); },
     [](Scenario &t, const Scenario &f) { t.model = f.model; }},
};

QString inputName(ScenarioInput input)
{
    switch (input) {
    case ScenarioInput::Model:
        return CompareText::tr("Model");
    case ScenarioInput::Layers:
        return CompareText::tr("Layers");
    case ScenarioInput::QueryHeads:
        return CompareText::tr("Query heads");
    case ScenarioInput::KvHeads:
        return CompareText::tr("KV heads");
    case ScenarioInput::HeadDim:
        return CompareText::tr("Head dim");
    case ScenarioInput::Window:
        return CompareText::tr("Attention span");
    case ScenarioInput::Gpu:
        return CompareText::tr("GPU");
    case ScenarioInput::Gpus:
        return CompareText::tr("GPUs");
    case ScenarioInput::Context:
        return CompareText::tr("Context");
    case ScenarioInput::Batch:
        return CompareText::tr("Batch");
    case ScenarioInput::KvPrecision:
        return CompareText::tr("KV precision");
    case ScenarioInput::WeightPrecision:
        return CompareText::tr("Weight precision");
    case ScenarioInput::WeightsAsStored:
        return CompareText::tr("Weights as stored");
    case ScenarioInput::Efficiency:
        return CompareText::tr("Bandwidth efficiency");
    case ScenarioInput::MemoryFraction:
        return CompareText::tr("Usable memory fraction");
    case ScenarioInput::ComputeEfficiency:
        return CompareText::tr("Compute efficiency");
    case ScenarioInput::GpuHourPrice:
        return CompareText::tr("GPU-hour price");
    case ScenarioInput::ResponseTokens:
        return CompareText::tr("Answer length");
    case ScenarioInput::SpeculativeDecoding:
        return CompareText::tr("Speculative decoding");
    case ScenarioInput::ModelShape:
        return CompareText::tr("The model's other fields");
    }
    return {};
}

bool same(double a, double b)
{
    return std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
}

} // namespace

bool shownInComparison(const Comparison &c, Quantity q)
{
    if (q != Quantity::KvBytesReadPerStep && q != Quantity::KvBytesReadPerToken &&
        q != Quantity::KvBytesReadPerGpu)
        return true;
    return c.a.kvBytesReadPerStep != c.a.kvBytes || c.b.kvBytesReadPerStep != c.b.kvBytes;
}

QString scenarioInputKey(ScenarioInput input)
{
    static const char *const keys[] = {"model",
                                       "layers",
                                       "query_heads",
                                       "kv_heads",
                                       "head_dim",
                                       "window",
                                       "gpu",
                                       "gpus",
                                       "context",
                                       "batch",
                                       "kv_precision",
                                       "weight_precision",
                                       "weights_as_stored",
                                       "efficiency",
                                       "memory_fraction",
                                       "compute_efficiency",
                                       "gpu_hour_price",
                                       "response_tokens",
                                       "speculative_decoding",
                                       "model_shape"};
    static_assert(std::size(keys) == int(ScenarioInput::ModelShape) + 1);
    return QString::fromLatin1(keys[int(input)]);
}

Comparison compareScenarios(const Scenario &a, const Scenario &b)
{
    return compareScenarios(a, evaluate(a), b, evaluate(b));
}

Comparison compareScenarios(const Scenario &a, const Ledger &ledgerA, const Scenario &b,
                            const Ledger &ledgerB)
{
    Comparison c;
    c.a = ledgerA;
    c.b = ledgerB;
    for (Quantity q : allQuantities()) {
        const double va = quantityValue(c.a, q), vb = quantityValue(c.b, q);
        c.quantities << QuantityChange{q, va, vb, va != 0 ? vb / va : 0};
    }
    Scenario at = a;
    Ledger before = c.a;
    for (const InputAccess &in : kInputs) {
        Scenario next = at;
        in.copy(next, b);
        if (next == at)
            continue;
        // A model change brings its shape: its rows below compare equal from here on.
        const QString from = in.text(at), to = in.text(next);
        // The last step arrives at B, whose ledger is known.
        const Ledger after = next == b ? ledgerB
                             : next.validate().isEmpty()
                                 ? LedgerBasis(next).at(next.context, kInputChangeSections)
                                 : Ledger{};
        c.changes << InputChange{in.input, from, to, before, after};
        at = next;
        before = after;
    }
    return c;
}

QString baselineName(const Scenario &baseline, const Scenario &current)
{
    QStringList parts;
    Scenario at = baseline;
    for (const InputAccess &in : kInputs) {
        Scenario next = at;
        in.copy(next, current);
        if (next == at)
            continue;
        const QString value = in.text(at);
        parts << (value.isEmpty() ? inputName(in.input)
                                  : CompareText::tr("%1 %2").arg(inputName(in.input), value));
        at = next;
    }
    if (parts.isEmpty())
        return CompareText::tr("Baseline");
    const QString shown = parts.mid(0, 2).join(QStringLiteral(", "));
    return CompareText::tr("Baseline: %1")
        .arg(parts.size() > 2 ? shown + QStringLiteral(", …") : shown);
}

QString changeFactor(double a, double b)
{
    if (same(a, b))
        return CompareText::tr("unchanged");
    if (a <= 0 || b <= 0)
        return CompareText::tr("%1 → %2").arg(formatNumber(a, 3), formatNumber(b, 3));
    return b < a ? CompareText::tr("÷%1").arg(formatNumber(a / b, 3))
                 : CompareText::tr("×%1").arg(formatNumber(b / a, 3));
}

QString changeText(Quantity q, double a, double b, ByteUnits units)
{
    if (same(a, b))
        return CompareText::tr("unchanged");
    const double d = b - a;
    const QString unit = quantityUnit(q);
    QString amount;
    if (unit == u"B")
        amount = formatBytes(std::abs(d), units);
    else if (unit == u"s")
        amount = formatSeconds(std::abs(d));
    else if (unit == u"USD")
        amount = u'$' + formatNumber(std::abs(d), 3);
    else if (unit == u"GPUs")
        amount = std::abs(d) == 1
                     ? CompareText::tr("1 GPU")
                     : CompareText::tr("%1 GPUs").arg(formatInteger(std::llround(std::abs(d))));
    else if (unit == u"tokens/s")
        amount = CompareText::tr("%1 tokens/s").arg(formatNumber(std::abs(d), 3));
    else if (unit == u"FLOP/B")
        amount = CompareText::tr("%1 FLOP/B").arg(formatNumber(std::abs(d), 3));
    else
        amount = formatNumber(std::abs(d), 3);
    // A true minus sign, as the factors use ÷ and ×.
    return CompareText::tr("%1%2 (%3)")
        .arg(d < 0 ? QStringLiteral("−") : QStringLiteral("+"), amount, changeFactor(a, b));
}

QList<ComparedRow> comparedLedgerRows(const Scenario &s, const Ledger &l, const Scenario &baseline,
                                      const Ledger &baselineLedger, ByteUnits units)
{
    const QList<LedgerRow> base = ledgerRows(baseline, baselineLedger, units);
    QList<ComparedRow> out;
    QHash<QString, int> seen; // rows sharing a key (one per layer kind) pair up in order
    for (const LedgerRow &r : ledgerRows(s, l, units)) {
        ComparedRow c{r, {}, {}};
        int nth = seen[r.key]++;
        for (const LedgerRow &b : base)
            if (b.key == r.key && nth-- == 0) {
                c.baseline = b.value;
                break;
            }
        if (const auto q = quantityFromKey(r.key); q && !c.baseline.isEmpty())
            c.change =
                changeText(*q, quantityValue(baselineLedger, *q), quantityValue(l, *q), units);
        else if (!c.baseline.isEmpty() && c.baseline == r.value)
            c.change = CompareText::tr("unchanged");
        out << c;
    }
    return out;
}

QString compareSentence(const InputChange &c, ByteUnits units)
{
    const Ledger &x = c.before, &y = c.after;
    QStringList effects;
    const double kvA = x.kvBytes + x.stateBytes, kvB = y.kvBytes + y.stateBytes;
    if (!same(kvA, kvB))
        effects << CompareText::tr("KV cache %1 (%2 → %3)")
                       .arg(changeFactor(kvA, kvB), formatBytes(kvA, units),
                            formatBytes(kvB, units));
    if (!same(x.weightBytes, y.weightBytes))
        effects << CompareText::tr("weights %1 (%2 → %3)")
                       .arg(changeFactor(x.weightBytes, y.weightBytes),
                            formatBytes(x.weightBytes, units), formatBytes(y.weightBytes, units));
    if (x.gpusToFit != y.gpusToFit)
        effects << CompareText::tr("GPUs to fit %1 → %2").arg(x.gpusToFit).arg(y.gpusToFit);
    if (!same(x.secondsPerToken, y.secondsPerToken)) {
        QString step = CompareText::tr("time per token %1 (%2 → %3)")
                           .arg(changeFactor(x.secondsPerToken, y.secondsPerToken),
                                formatSeconds(x.secondsPerToken), formatSeconds(y.secondsPerToken));
        // Why a smaller cache is not as much faster: what the step reads beside it stayed.
        const bool kvOnly = !same(x.kvSecondsPerToken, y.kvSecondsPerToken) &&
                            same(x.weightSecondsPerToken, y.weightSecondsPerToken) &&
                            x.memoryBound && y.memoryBound && x.weightSecondsPerToken > 0;
        if (kvOnly)
            step += CompareText::tr(", not %1: the weights' %2 per token are unchanged")
                        .arg(changeFactor(x.kvSecondsPerToken, y.kvSecondsPerToken),
                             formatSeconds(x.weightSecondsPerToken));
        else if (x.memoryBound != y.memoryBound)
            step += y.memoryBound ? CompareText::tr(", now memory-bound")
                                  : CompareText::tr(", now compute-bound");
        effects << step;
    }
    if (!same(x.costPerMillionOutputTokens, y.costPerMillionOutputTokens))
        effects << CompareText::tr("cost per million output tokens %1")
                       .arg(changeFactor(x.costPerMillionOutputTokens,
                                         y.costPerMillionOutputTokens));
    if (x.fits != y.fits)
        effects << (y.fits ? CompareText::tr("now fits") : CompareText::tr("no longer fits"));
    const QString head = c.from.isEmpty() && c.to.isEmpty()
                             ? inputName(c.input)
                             : CompareText::tr("%1 %2 → %3").arg(inputName(c.input), c.from, c.to);
    if (effects.isEmpty())
        return CompareText::tr("%1: no figure of the ledger moves").arg(head);
    return CompareText::tr("%1: %2").arg(head, effects.join(QStringLiteral("; ")));
}

} // namespace kvl
