#include "ledger.h"

#include "engine_prediction.h"
#include "parallel.h"
#include "step_model.h"
#include "systems.h"
#include "weights.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <atomic>
#include <cmath>

namespace kvl {

namespace {

// One of m's layer types, or with heads > 0 as m.withKvHeads(heads) has it: the MHA and MQA
// variants' figures without a copy of the model for each.
LayerType variant(const ModelSpec &m, const LayerType &t, int heads)
{
    return heads > 0 ? m.kvHeadsEquivalent(t, heads) : t;
}

// Over `types`, the model's cacheTypeCounts(withMtp).
qint64 kvBytesPerTokenOf(const ModelSpec &m, const LayerTypeCounts &types, const Precision &p,
                         int heads)
{
    qint64 total = 0;
    for (const LayerTypeCount &c : types)
        total += c.layers * m.layerCache(variant(m, c.type, heads)).heldBytesPerToken(p);
    return total;
}

// Attention FLOP per token read over KV bytes per token read: 2g/e for GQA. Over `types`, the
// model's cacheTypeCounts().
double attentionIntensityOf(const ModelSpec &m, const LayerTypeCounts &types, const Precision &p,
                            int heads)
{
    double flop = 0;
    double bytes = 0;
    for (const LayerTypeCount &c : types) {
        for (const CacheTerm &t : m.layerCache(variant(m, c.type, heads)).read) {
            flop += c.layers * t.flop;
            bytes += c.layers * double(t.bytes(p));
        }
    }
    return bytes > 0 ? flop / bytes : 0;
}

} // namespace

qint64 kvBytesPerToken(const ModelSpec &m, const Precision &p, bool withMtp)
{
    return kvBytesPerTokenOf(m, m.cacheTypeCounts(withMtp), p, 0);
}

double attentionIntensity(const ModelSpec &m, const Precision &p)
{
    return attentionIntensityOf(m, m.cacheTypeCounts(), p, 0);
}

namespace {

std::atomic<quint64> g_wholeLedgers{0};
std::atomic<quint64> g_partialLedgers{0};

// `types`: the model's cacheTypeCounts(s.speculativeDecoding).
double perGpuBytes(const Scenario &s, const LayerTypeCounts &types, int gpus, double weightBytes)
{
    const CacheModel cache(s.model, types, s.kvPrecision, s.batch, gpus);
    // Summed as Ledger::bytesPerGpu is, so the two agree to the last bit.
    return cache.kvBytes(s.context) + cache.stateBytes + weightBytes / gpus;
}

// The smallest valid TP degree from gpusToFit up that holds the scenario (why it differs:
// Ledger::tpNote).
void fillTpDegree(const Scenario &s, const LayerTypeCounts &types, Ledger &l)
{
    const ModelSpec &m = s.model;
    // A degree divides the query heads, so none lies past their count.
    const qint64 lastDegree =
        m.queryHeads > 0 ? std::min<qint64>(m.queryHeads, limits::maxGpus) : limits::maxGpus;
    for (qint64 n = l.gpusToFit; n <= lastDegree && l.tpDegree == 0; ++n) {
        if (!isValidTpDegree(m, int(n)))
            continue;
        // On the scenario's own GPU count the ledger already holds what a GPU holds.
        const double held =
            n == s.gpus ? l.bytesPerGpu : perGpuBytes(s, types, int(n), l.weightBytes);
        if (held <= l.usableBytesPerGpu)
            l.tpDegree = int(n);
    }
}

} // namespace

double gpuCost(const Scenario &s, double seconds)
{
    return s.gpus * s.gpuHourPrice * seconds / 3600;
}

double stepSeconds(const Scenario &s, qint64 context)
{
    return StepModel(s).stepSeconds(context);
}

double sumStepSeconds(const Scenario &s, qint64 from, qint64 count)
{
    return StepModel(s).sumStepSeconds(from, count);
}

qint64 gpusNeeded(double bytes, double usableBytesPerGpu)
{
    const double needed = std::ceil(bytes / usableBytesPerGpu);
    // Only an unvalidated scenario gets here with a count a double cannot hold exactly.
    Q_ASSERT(needed < 9e15);
    return needed > 1 ? qint64(std::min(needed, 9e15)) : 1;
}

EvaluationCount evaluationCount()
{
    return {g_wholeLedgers.load(std::memory_order_relaxed),
            g_partialLedgers.load(std::memory_order_relaxed)};
}

QString Ledger::tpNote() const
{
    if (!sections.testFlag(LedgerSection::TpDegree))
        return {};
    if (gpusToFit > limits::maxGpus)
        return QCoreApplication::translate("kvl::Ledger",
                                           "more GPUs than the %1 a tensor-parallel group "
                                           "here may have")
            .arg(limits::maxGpus);
    if (tpDegree == 0)
        return QCoreApplication::translate("kvl::Ledger",
                                           "no tensor-parallel degree up to %1 fits; "
                                           "replicated KV heads or the weights exceed a GPU")
            .arg(limits::maxGpus);
    if (tpDegree == gpusToFit)
        return {};
    if (wording.latent)
        return QCoreApplication::translate("kvl::Ledger",
                                           "%1 GPUs hold the bytes; an MLA latent is on every "
                                           "TP rank, so only TP %2 holds it by TP alone: see "
                                           "the parallel plan")
            .arg(QString::number(gpusToFit), QString::number(tpDegree));
    return QCoreApplication::translate("kvl::Ledger",
                                       "%1 GPUs hold the bytes; a TP degree must divide "
                                       "%2 query heads and match %3 KV heads, so %4")
        .arg(QString::number(gpusToFit), QString::number(wording.queryHeads),
             QString::number(wording.kvHeads), QString::number(tpDegree));
}

QString Ledger::predictionNote() const
{
    if (!sections.testFlag(LedgerSection::Prediction))
        return {};
    if (predicted)
        return QCoreApplication::translate("kvl::Ledger", "%1, constants fitted to %2")
            .arg(engineName(engine), fittedTo);
    if (engine.isEmpty())
        return QCoreApplication::translate("kvl::EnginePrediction", "no engine chosen");
    return QCoreApplication::translate("kvl::EnginePrediction",
                                       "no constants fitted for engine \"%1\"")
        .arg(engine);
}

QString Ledger::planLabel() const
{
    return planGpus > 0 ? plan.label() : QString();
}

QString Ledger::planNote() const
{
    if (!sections.testFlag(LedgerSection::Plan))
        return {};
    return PlanFit{plan, planGpus > 0}.reason(wording);
}

Ledger evaluate(const Scenario &s)
{
    return LedgerBasis(s).at(s.context);
}

LedgerSections sectionsFor(Quantity q)
{
    switch (q) {
    case Quantity::TpDegree:
        return LedgerSection::TpDegree;
    case Quantity::PredictedSecondsPerToken:
        return LedgerSection::Prediction;
    default:
        return {};
    }
}

LedgerBasis::LedgerBasis(const Scenario &s) : m_scenario(s)
{
    // The scenario's own context is only one of those at() may be asked for: checked there.
    m_scenario.context = std::clamp<qint64>(s.context, 0, limits::maxContext);
    if (!m_scenario.validate().isEmpty())
        return;
    Ledger &l = m_fixed;
    const ModelSpec &m = s.model;
    const Precision &kvp = s.kvPrecision;

    const bool mtp = s.speculativeDecoding;
    // kvBytesPerToken(m, ...) for the model's precision and without scales, from the rows.
    Precision unscaled = kvp;
    unscaled.groupSize = 0;
    // The cache's layer types, with and without the MTP layers: every figure below is a sum
    // over them.
    const LayerTypeCounts &types = m_types = m.cacheTypeCounts(mtp);
    const LayerTypeCounts typesWithoutMtp = mtp ? m.cacheTypeCounts() : types;
    l.layersByKind.reserve(types.size());
    for (const LayerTypeCount &c : types) {
        const LayerCache cache = m.layerCache(c.type);
        LayerKindRow row{c.type.kind, c.type, c.layers};
        row.bytesPerToken = c.layers * cache.heldBytesPerToken(kvp);
        row.fixedBytes = c.layers * double(cache.stateBytes);
        l.kvBytesPerToken += row.bytesPerToken;
        l.kvBytesPerTokenUnscaled += c.layers * cache.heldBytesPerToken(unscaled);
        l.layersByKind << row;
        m_caches << cache;
    }
    l.kvBytesPerTokenMha = kvBytesPerTokenOf(m, types, kvp, m.queryHeads);
    l.kvBytesPerTokenMqa = kvBytesPerTokenOf(m, types, kvp, 1);
    l.gqaFactor = l.kvBytesPerToken > 0 ? double(l.kvBytesPerTokenMha) / l.kvBytesPerToken : 0;

    m_load = modelLoad(s);
    const WeightBytes &weights = m_load.weights;
    l.weightBytes = weights.total();
    l.weightBytesEmbeddings = weights.embeddings;
    l.weightBytesExperts = weights.routedExperts;
    l.weightBytesRest = weights.rest;

    const StepModel &step = m_step.emplace(s, weights, types);
    // The whole model without parallelism: on one GPU, the step's own cache.
    if (s.gpus == 1)
        m_whole.emplace(step);
    else
        m_whole.emplace(m, types, kvp, s.batch, 1);
    l.stateBytes = m_whole->stateBytes;
    l.kvHeadsPerGpu = m.kvHeadsPerGpu(s.gpus);
    l.stateBytesPerGpu = step.stateBytes;
    l.weightBytesPerGpu = l.weightBytes / s.gpus;
    l.usableBytesPerGpu = s.gpu.memoryBytes * s.memoryFraction;
    l.validTpDegree = isValidTpDegree(m, s.gpus);
    l.weightBytesReadPerStep = step.weightBytesRead * s.gpus;
    l.weightSecondsPerToken = step.weightBytesRead / step.bandwidth;
    l.stateSecondsPerToken = step.stateBytes / step.bandwidth;

    l.arithmeticIntensity = attentionIntensityOf(m, typesWithoutMtp, kvp, 0);
    l.mhaArithmeticIntensity = attentionIntensityOf(m, typesWithoutMtp, kvp, m.queryHeads);
    l.ridgePoint = s.gpu.ridgePoint(computePrecision(s));
    l.belowRidge = l.arithmeticIntensity > 0 ? l.ridgePoint / l.arithmeticIntensity : 0;
    l.wording = PlanWording::of(m_scenario);
}

Ledger LedgerBasis::at(qint64 context, LedgerSections sections) const
{
    (sections == kAllSections ? g_wholeLedgers : g_partialLedgers)
        .fetch_add(1, std::memory_order_relaxed);
    if (!m_step || context < 0 || context > limits::maxContext)
        return {};
    Ledger l = m_fixed;
    l.sections = sections;
    l.wording.context = context;
    const Scenario &s = m_scenario;
    const Precision &kvp = s.kvPrecision;

    for (qsizetype i = 0; i < l.layersByKind.size(); ++i) {
        LayerKindRow &row = l.layersByKind[i];
        const LayerCache &cache = m_caches.at(i);
        row.tokensHeld = cache.held.isEmpty() ? 0 : cache.held.first().count(context);
        // The tokens attention reads: DSA's top-k latents, a shared layer's source tokens.
        for (const CacheTerm &t : cache.read)
            if (t.flop > 0 && (row.tokensRead == 0 || t.count(context) < row.tokensRead))
                row.tokensRead = t.count(context);
        row.bytes = s.batch * (row.layers * cache.heldBytes(kvp, context) + row.fixedBytes);
        row.readBytes = s.batch * (row.layers * cache.readBytes(kvp, context) + row.fixedBytes);
    }
    l.kvBytes = m_whole->kvBytes(context);
    l.kvBytesReadPerStep = m_whole->kvReadBytes(context);
    l.kvBytesReadPerToken = l.kvBytesReadPerStep / s.batch;
    l.totalBytes = l.kvBytes + l.stateBytes + l.weightBytes;

    const StepModel &step = *m_step;
    l.kvBytesPerGpu = step.kvBytes(context);
    l.kvBytesReadPerGpu = step.kvReadBytes(context);
    l.bytesPerGpu = l.kvBytesPerGpu + l.stateBytesPerGpu + l.weightBytesPerGpu;
    l.fits = l.bytesPerGpu <= l.usableBytesPerGpu;
    l.gpusToFit = gpusNeeded(l.totalBytes, l.usableBytesPerGpu);

    // The searches take the scenario at this context: copied only when one runs.
    std::optional<Scenario> atContext;
    if (sections) {
        atContext = s;
        atContext->context = context;
    }
    if (sections.testFlag(LedgerSection::TpDegree))
        fillTpDegree(*atContext, m_types, l);

    l.bytesReadPerGpu = step.weightBytesRead + l.stateBytesPerGpu + l.kvBytesReadPerGpu;
    l.memorySeconds = step.memorySeconds(context);
    l.computeSeconds = step.computeSeconds(context);
    l.secondsPerToken = std::max(l.memorySeconds, l.computeSeconds);
    l.memoryBound = l.memorySeconds >= l.computeSeconds;
    l.kvSecondsPerToken = step.kvSeconds(context);
    l.tokensPerSecond = 1.0 / l.secondsPerToken;
    l.aggregateTokensPerSecond = s.batch / l.secondsPerToken;
    l.costPerMillionOutputTokens = gpuCost(s, 1e6 / l.aggregateTokensPerSecond);

    l.responseSeconds = step.sumStepSeconds(context, s.responseTokens);
    l.responseKvSeconds = step.sumKvSeconds(context, s.responseTokens);
    l.conversationSeconds = step.sumStepSeconds(0, context);

    if (sections.testFlag(LedgerSection::Plan)) {
        const PlanFit plan = fitPlan(*atContext, m_load, systemForGpu(s.gpu.id).links);
        l.planGpus = plan.fits ? plan.plan.gpus() : 0;
        l.plan = plan.plan;
    }
    if (sections.testFlag(LedgerSection::Prediction)) {
        const EnginePrediction engine = predictEngine(*atContext);
        l.predictedSecondsPerToken = engine.secondsPerToken;
        l.predicted = engine.valid;
        l.engine = s.engine;
        l.fittedTo = engine.fittedTo;
    }
    return l;
}

} // namespace kvl
