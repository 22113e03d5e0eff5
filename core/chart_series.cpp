#include "chart_series.h"

#include "engine_prediction.h"
#include "measured_bandwidth.h"
#include "step_model.h"
#include "sweep.h"
#include "weights.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kvl {

double decadeAtOrAbove(double x)
{
    return std::pow(10.0, std::ceil(std::log10(x) - 1e-9));
}

qint64 contextAxisEnd(qint64 context)
{
    return std::max(kContextAxisTo, qint64(decadeAtOrAbove(double(context))));
}

QList<qint64> axisContexts(qint64 context, int points)
{
    return logSpacedContexts(kContextAxisFrom, contextAxisEnd(context), points);
}

MemorySeries memorySeries(const Scenario &s, const QList<qint64> &contexts)
{
    MemorySeries out;
    out.contexts = contexts;
    out.weights.key = QStringLiteral("weights");
    out.kv.key = QStringLiteral("kv");
    out.total.key = QStringLiteral("total");
    if (contexts.isEmpty())
        return out;
    // Whole model on one GPU: the cache's bytes are then the ledger's kvBytes + stateBytes. The
    // memory chart draws what is held; the latency curves what a step reads.
    const CacheModel cache(s.model, s.kvPrecision, s.batch, 1, s.speculativeDecoding);
    out.weightBytes = weightBytes(s).total();
    out.stateBytes = cache.stateBytes;
    out.kv.points.reserve(contexts.size());
    out.total.points.reserve(contexts.size());
    for (qint64 c : contexts) {
        const double kv = cache.kvBytes(c) + cache.stateBytes;
        out.kv.points.append(QPointF(double(c), kv));
        out.total.points.append(QPointF(double(c), out.weightBytes + kv));
    }
    out.weights.points = {QPointF(double(contexts.first()), out.weightBytes),
                          QPointF(double(contexts.last()), out.weightBytes)};
    return out;
}

QList<int> gpuLineCounts(int selected, int toFit, int tpDegree)
{
    const int top = std::max({selected, toFit, tpDegree, 1});
    QList<int> counts;
    if (top <= kMaxGpuLines) {
        for (int k = 1; k <= top; ++k)
            counts << k;
        return counts;
    }
    counts = {1, std::max(selected, 1), std::max(toFit, 1)};
    if (tpDegree > 0)
        counts << tpDegree;
    const int step = std::max(1, (top + kMaxGpuLines - 2) / (kMaxGpuLines - 1));
    for (int k = step; k < top && counts.size() < qsizetype(2) * kMaxGpuLines; k += step)
        counts << k;
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    // Drop evenly spaced extras nearest a neighbour until the cap holds, keeping the ones that
    // matter.
    while (counts.size() > kMaxGpuLines) {
        int drop = -1;
        int gap = std::numeric_limits<int>::max();
        for (int i = 1; i + 1 < counts.size(); ++i) {
            const int k = counts.at(i);
            if (isKeyGpuCount(k, selected, toFit, tpDegree))
                continue;
            if (counts.at(i + 1) - counts.at(i - 1) < gap) {
                gap = counts.at(i + 1) - counts.at(i - 1);
                drop = i;
            }
        }
        if (drop < 0)
            break;
        counts.removeAt(drop);
    }
    return counts;
}

QList<int> latencyGpuCounts(int selected)
{
    QList<int> counts(std::begin(kLatencyGpuCounts), std::end(kLatencyGpuCounts));
    if (selected > 0 && !counts.contains(selected))
        counts << selected;
    return counts;
}

const Curve *LatencySeries::curve(int gpus, bool kvOnly, bool measured) const
{
    for (const Curve &c : curves)
        if (c.gpus == gpus && c.kvOnly == kvOnly && c.measured == measured)
            return &c;
    return nullptr;
}

namespace {
// One StepModel per curve, evaluated at every context: a few multiplications a point.
Curve stepCurve(const StepModel &step, const QList<qint64> &contexts, bool kvOnly)
{
    Curve c;
    c.kvOnly = kvOnly;
    c.points.reserve(contexts.size());
    for (qint64 x : contexts)
        c.points.append(QPointF(double(x), kvOnly ? step.kvSeconds(x) : step.stepSeconds(x)));
    return c;
}
} // namespace

LatencySeries latencySeries(const Scenario &s, const QList<qint64> &contexts)
{
    LatencySeries out;
    out.contexts = contexts;
    out.gpuCounts = latencyGpuCounts(s.gpus);
    const bool measured = measuredEfficiency(s).has_value();
    if (measured)
        out.measuredBytesPerSecond = s.measured->medianBytesPerSecond;
    out.curves.reserve(out.gpuCounts.size() * (measured ? 3 : 2));
    for (int n : std::as_const(out.gpuCounts)) {
        Scenario t = s;
        t.gpus = n;
        const StepModel step(t);
        const auto add = [&](Curve c, const QString &prefix, bool isMeasured) {
            c.key = prefix + QString::number(n);
            c.gpus = n;
            c.measured = isMeasured;
            out.curves.append(std::move(c));
        };
        add(stepCurve(step, contexts, false), QStringLiteral("step-"), false);
        add(stepCurve(step, contexts, true), QStringLiteral("kv-"), false);
        if (measured)
            add(stepCurve(StepModel(atMeasuredBandwidth(t)), contexts, false),
                QStringLiteral("measured-"), true);
    }
    out.calibrated.key = QStringLiteral("calibrated-%1").arg(s.gpus);
    out.calibrated.gpus = s.gpus;
    out.calibrated.points = predictedSecondsPerToken(s, contexts);
    return out;
}

QList<AttentionVariant> attentionVariants(const Scenario &s, const Ledger &l)
{
    const ModelSpec &m = s.model;
    const bool latent = m.hasKind(AttentionKind::Latent) || m.hasKind(AttentionKind::SparseLatent);
    const auto variant = [&](AttentionVariantKind kind, int kvHeads, bool current) {
        AttentionVariant v{kind, kvHeads, current, s, l};
        if (!current) {
            v.scenario.model = m.withKvHeads(kvHeads);
            v.ledger = LedgerBasis(v.scenario).at(s.context, kAttentionVariantSections);
        }
        return v;
    };
    const int q = m.queryHeads;
    QList<AttentionVariant> out;
    out << variant(AttentionVariantKind::Mha, q, !latent && m.kvHeads == q);
    if (!latent && m.kvHeads > 1 && m.kvHeads < q)
        out << variant(AttentionVariantKind::Gqa, m.kvHeads, true);
    if (q > 1)
        out << variant(AttentionVariantKind::Mqa, 1, !latent && m.kvHeads == 1);
    if (latent)
        out << variant(AttentionVariantKind::Mla, 0, true);
    return out;
}

QList<AttentionVariant> attentionVariants(const Scenario &s)
{
    return attentionVariants(s, evaluate(s));
}

QList<PrecisionVariant> precisionVariants(const Scenario &s, const Ledger &l)
{
    const NumberFormat own =
        s.kvPrecision.format == NumberFormat::BF16 ? NumberFormat::FP16 : s.kvPrecision.format;
    QList<PrecisionVariant> out;
    for (NumberFormat f : kPrecisionVariantFormats) {
        const bool current = f == own;
        PrecisionVariant v{current ? s.kvPrecision : Precision::of(f), current, l};
        if (!current) {
            Scenario t = s;
            t.kvPrecision = v.precision;
            v.ledger = LedgerBasis(t).at(s.context, kPrecisionVariantSections);
        }
        out << v;
    }
    return out;
}

QList<PrecisionVariant> precisionVariants(const Scenario &s)
{
    return precisionVariants(s, evaluate(s));
}

SeriesRequest &SeriesRequest::operator|=(const SeriesRequest &other)
{
    parts |= other.parts;
    if (other.parts & SeriesPart::Roofline)
        roofline = other.roofline;
    if (other.parts & SeriesPart::Session)
        session = other.session;
    if (other.parts & SeriesPart::Strategies)
        strategies = other.strategies;
    return *this;
}

SeriesRequest SeriesRequest::of(const RooflineOptions &o)
{
    SeriesRequest r(SeriesPart::Roofline);
    r.roofline = o;
    return r;
}

SeriesRequest SeriesRequest::of(const SessionOptions &o)
{
    SeriesRequest r(SeriesPart::Session);
    r.session = o;
    return r;
}

SeriesRequest SeriesRequest::of(const QList<KvStrategy> &strategies)
{
    SeriesRequest r(SeriesPart::Strategies);
    r.strategies = strategies;
    return r;
}

StrategySeries strategySeries(const Scenario &s, const QList<KvStrategy> &strategies,
                              const QList<qint64> &contexts, const ChartSeries *previous)
{
    StrategySeries out{{}, contexts, {}};
    bool keep = previous && previous->request.strategies == strategies &&
                previous->strategies.contexts == contexts &&
                previous->strategies.curves.size() == strategies.size();
    if (keep) {
        Scenario at = previous->scenario;
        at.context = s.context;
        keep = at == s;
    }
    if (keep)
        out.curves = previous->strategies.curves;
    for (const KvStrategy &k : strategies) {
        out.results << evaluateStrategy(s, k);
        if (!keep)
            out.curves << sweepStrategy(s, k, StrategyQuantity::SecondsPerToken, contexts);
    }
    return out;
}

namespace {

// The parts every scenario computes alike, its own or a baseline; the strategies' curves over
// `contexts`.
void addScenarioParts(ChartSeries &out, const QList<qint64> &contexts, const ChartSeries *previous)
{
    const Scenario &s = out.scenario;
    const SeriesRequest &r = out.request;
    if (!s.validate().isEmpty())
        return;
    if (r.parts & SeriesPart::Serving)
        out.serving = servingSeries(s);
    if (r.parts & SeriesPart::Roofline)
        out.roofline = roofline(s, r.roofline);
    if (r.parts & SeriesPart::Session) {
        SessionOptions o = r.session;
        o.startContext = s.context;
        if (o.validate().isEmpty())
            out.session = sessionSeries(s, o);
    }
    if (r.parts & SeriesPart::Strategies)
        out.strategies = strategySeries(s, r.strategies, contexts, previous);
}

} // namespace

ChartSeries chartSeries(const Scenario &s, const Ledger &l, const SeriesRequest &request,
                        const ChartSeries *previous)
{
    const SeriesParts parts = request.parts;
    ChartSeries out{s, l, request, {}, {}, {}, {}, {}, {}, {}, {}, {}};
    if (parts & SeriesPart::Memory) {
        out.memory = memorySeries(s, axisContexts(s.context, kMemoryPoints));
        out.memory.gpuLines = gpuLineCounts(s.gpus, l.gpusToFit, l.tpDegree);
    }
    if (parts & SeriesPart::Latency)
        out.latency = latencySeries(s, axisContexts(s.context, kLatencyPoints));
    if (parts & SeriesPart::Attention)
        out.attention = attentionVariants(s, l);
    if (parts & SeriesPart::Precision)
        out.precision = precisionVariants(s, l);
    addScenarioParts(out,
                     (parts & SeriesPart::Strategies) ? axisContexts(s.context, kLatencyPoints)
                                                      : QList<qint64>{},
                     previous);
    return out;
}

ChartSeries baselineChartSeries(const Scenario &b, const Ledger &bl, const ChartSeries &current,
                                const ChartSeries *previous)
{
    const SeriesParts parts = current.request.parts;
    ChartSeries out{b, bl, current.request, {}, {}, {}, {}, {}, {}, {}, {}, {}};
    // A pinned baseline stays put while the scenario moves: its variants (ledgers of their own)
    // are kept from the last change, and its curves while the axis stays.
    const ChartSeries *kept = previous && previous->scenario == b ? previous : nullptr;
    const auto keeps = [kept](SeriesPart p) { return kept && (kept->request.parts & p); };
    if (parts & SeriesPart::Memory)
        out.memory = keeps(SeriesPart::Memory) && kept->memory.contexts == current.memory.contexts
                         ? kept->memory
                         : memorySeries(b, current.memory.contexts);
    if (parts & SeriesPart::Latency) {
        if (keeps(SeriesPart::Latency) && kept->latency.contexts == current.latency.contexts) {
            out.latency = kept->latency;
        } else {
            out.latency.contexts = current.latency.contexts;
            out.latency.gpuCounts = {b.gpus};
            Curve c = stepCurve(StepModel(b), current.latency.contexts, false);
            c.key = QStringLiteral("step-") + QString::number(b.gpus);
            c.gpus = b.gpus;
            out.latency.curves = {c};
        }
    }
    if (parts & SeriesPart::Attention)
        out.attention = keeps(SeriesPart::Attention) ? kept->attention : attentionVariants(b, bl);
    if (parts & SeriesPart::Precision)
        out.precision = keeps(SeriesPart::Precision) ? kept->precision : precisionVariants(b, bl);
    addScenarioParts(out, current.strategies.contexts, previous);
    return out;
}

ChartSeries chartSeries(const Scenario &s, const Ledger &l, const SeriesRequest &request,
                        const std::optional<Scenario> &b, const std::optional<Ledger> &bl,
                        const ChartSeries *previous)
{
    ChartSeries out = chartSeries(s, l, request, previous);
    if (b && request.parts)
        out.baseline = std::make_shared<const ChartSeries>(baselineChartSeries(
            *b, bl ? *bl : evaluate(*b), out, previous ? previous->baseline.get() : nullptr));
    return out;
}

} // namespace kvl
