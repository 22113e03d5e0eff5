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

qint64 kvBytesPerToken(const ModelSpec &m, const Precision &p, bool withMtp)
{
    qint64 total = 0;
    for (const LayerTypeCount &c : m.cacheTypeCounts(withMtp))
        total += c.layers * m.layerCache(c.type).heldBytesPerToken(p);
    return total;
}

// Attention FLOP per token read over KV bytes per token read: 2g/e for GQA.
double attentionIntensity(const ModelSpec &m, const Precision &p)
{
    double flop = 0;
    double bytes = 0;
    for (const LayerTypeCount &c : m.cacheTypeCounts()) {
        for (const CacheTerm &t : m.layerCache(c.type).read) {
            flop += c.layers * t.flop;
            bytes += c.layers * double(t.bytes(p));
        }
    }
    return bytes > 0 ? flop / bytes : 0;
}

namespace {

std::atomic<quint64> g_evaluations{0};

double perGpuBytes(const Scenario &s, int gpus, double weightBytes)
{
    const CacheModel cache(s.model, s.kvPrecision, s.batch, gpus, s.speculativeDecoding);
    return weightBytes / gpus + cache.kvBytes(s.context) + cache.stateBytes;
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

quint64 evaluationCount()
{
    return g_evaluations.load(std::memory_order_relaxed);
}

Ledger evaluate(const Scenario &s)
{
    g_evaluations.fetch_add(1, std::memory_order_relaxed);
    Ledger l;
    if (!s.validate().isEmpty())
        return l;
    const ModelSpec &m = s.model;
    const Precision &kvp = s.kvPrecision;

    const bool mtp = s.speculativeDecoding;
    l.kvBytesPerToken = kvBytesPerToken(m, kvp, mtp);
    const ModelSpec mha = m.mhaEquivalent(); // a copy of the model: made once
    l.kvBytesPerTokenMha = kvBytesPerToken(mha, kvp, mtp);
    l.kvBytesPerTokenMqa = kvBytesPerToken(m.mqaEquivalent(), kvp, mtp);
    Precision unscaled = kvp;
    unscaled.groupSize = 0;
    l.kvBytesPerTokenUnscaled = kvBytesPerToken(m, unscaled, mtp);
    l.gqaFactor = l.kvBytesPerToken > 0 ? double(l.kvBytesPerTokenMha) / l.kvBytesPerToken : 0;

    const CacheModel whole(m, kvp, s.batch, 1, mtp);
    for (const LayerTypeCount &c : m.cacheTypeCounts(mtp)) {
        const LayerCache cache = m.layerCache(c.type);
        LayerKindRow row{c.type.kind, c.type, c.layers};
        row.bytesPerToken = c.layers * cache.heldBytesPerToken(kvp);
        row.fixedBytes = c.layers * double(cache.stateBytes);
        row.tokensHeld = cache.held.isEmpty() ? 0 : cache.held.first().count(s.context);
        // The tokens attention reads: DSA's top-k latents, a shared layer's source tokens.
        for (const CacheTerm &t : cache.read)
            if (t.flop > 0 && (row.tokensRead == 0 || t.count(s.context) < row.tokensRead))
                row.tokensRead = t.count(s.context);
        row.bytes = s.batch * (c.layers * cache.heldBytes(kvp, s.context) + row.fixedBytes);
        row.readBytes = s.batch * (c.layers * cache.readBytes(kvp, s.context) + row.fixedBytes);
        l.layersByKind << row;
    }
    l.kvBytes = whole.kvBytes(s.context);
    l.kvBytesReadPerStep = whole.kvReadBytes(s.context);
    l.kvBytesReadPerToken = l.kvBytesReadPerStep / s.batch;
    l.stateBytes = whole.stateBytes;
    const WeightBytes weights = weightBytes(s);
    l.weightBytes = weights.total();
    l.weightBytesEmbeddings = weights.embeddings;
    l.weightBytesExperts = weights.routedExperts;
    l.weightBytesRest = weights.rest;
    l.totalBytes = l.kvBytes + l.stateBytes + l.weightBytes;

    const StepModel step(s);
    l.kvHeadsPerGpu = m.kvHeadsPerGpu(s.gpus);
    l.kvBytesPerGpu = step.kvBytes(s.context);
    l.kvBytesReadPerGpu = step.kvReadBytes(s.context);
    l.stateBytesPerGpu = step.stateBytes;
    l.weightBytesPerGpu = l.weightBytes / s.gpus;
    l.bytesPerGpu = l.kvBytesPerGpu + l.stateBytesPerGpu + l.weightBytesPerGpu;
    l.usableBytesPerGpu = s.gpu.memoryBytes * s.memoryFraction;
    l.fits = l.bytesPerGpu <= l.usableBytesPerGpu;
    l.validTpDegree = isValidTpDegree(m, s.gpus);

    l.gpusToFit = gpusNeeded(l.totalBytes, l.usableBytesPerGpu);
    // A degree divides the query heads, so none lies past their count.
    const qint64 lastDegree =
        m.queryHeads > 0 ? std::min<qint64>(m.queryHeads, limits::maxGpus) : limits::maxGpus;
    for (qint64 n = l.gpusToFit; n <= lastDegree && l.tpDegree == 0; ++n)
        if (isValidTpDegree(m, int(n)) &&
            perGpuBytes(s, int(n), l.weightBytes) <= l.usableBytesPerGpu)
            l.tpDegree = int(n);
    if (l.gpusToFit > limits::maxGpus)
        l.tpNote = QCoreApplication::translate("kvl::Ledger",
                                               "more GPUs than the %1 a tensor-parallel group "
                                               "here may have")
                       .arg(limits::maxGpus);
    else if (l.tpDegree == 0)
        l.tpNote = QCoreApplication::translate("kvl::Ledger",
                                               "no tensor-parallel degree up to %1 fits; "
                                               "replicated KV heads or the weights exceed a GPU")
                       .arg(limits::maxGpus);
    else if (l.tpDegree != l.gpusToFit &&
             (m.hasKind(AttentionKind::Latent) || m.hasKind(AttentionKind::SparseLatent)))
        l.tpNote = QCoreApplication::translate("kvl::Ledger",
                                               "%1 GPUs hold the bytes; an MLA latent is on every "
                                               "TP rank, so only TP %2 holds it by TP alone: see "
                                               "the parallel plan")
                       .arg(l.gpusToFit)
                       .arg(l.tpDegree);
    else if (l.tpDegree != l.gpusToFit)
        l.tpNote = QCoreApplication::translate("kvl::Ledger",
                                               "%1 GPUs hold the bytes; a TP degree must divide "
                                               "%2 query heads and match %3 KV heads, so %4")
                       .arg(l.gpusToFit)
                       .arg(m.queryHeads)
                       .arg(m.kvHeads)
                       .arg(l.tpDegree);

    l.weightBytesReadPerStep = step.weightBytesRead * s.gpus;
    l.bytesReadPerGpu = step.weightBytesRead + l.stateBytesPerGpu + l.kvBytesReadPerGpu;
    l.memorySeconds = step.memorySeconds(s.context);
    l.computeSeconds = step.computeSeconds(s.context);
    l.secondsPerToken = std::max(l.memorySeconds, l.computeSeconds);
    l.memoryBound = l.memorySeconds >= l.computeSeconds;
    l.kvSecondsPerToken = step.kvSeconds(s.context);
    l.weightSecondsPerToken = step.weightBytesRead / step.bandwidth;
    l.stateSecondsPerToken = step.stateBytes / step.bandwidth;
    l.tokensPerSecond = 1.0 / l.secondsPerToken;
    l.aggregateTokensPerSecond = s.batch / l.secondsPerToken;
    l.costPerMillionOutputTokens = gpuCost(s, 1e6 / l.aggregateTokensPerSecond);

    l.responseSeconds = step.sumStepSeconds(s.context, s.responseTokens);
    l.responseKvSeconds = step.sumKvSeconds(s.context, s.responseTokens);
    l.conversationSeconds = step.sumStepSeconds(0, s.context);

    const PlanFit plan = fitPlan(s, systemForGpu(s.gpu.id).links);
    l.planGpus = plan.fits ? plan.plan.gpus() : 0;
    l.planLabel = plan.fits ? plan.plan.label() : QString();
    l.planNote = plan.reason;
    const EnginePrediction engine = predictEngine(s);
    l.predictedSecondsPerToken = engine.secondsPerToken;
    l.predictionNote =
        engine.valid ? QCoreApplication::translate("kvl::Ledger", "%1, constants fitted to %2")
                           .arg(engineName(s.engine), engine.fittedTo)
                     : engine.reason;

    l.arithmeticIntensity = attentionIntensity(m, kvp);
    l.mhaArithmeticIntensity = attentionIntensity(mha, kvp);
    l.ridgePoint = s.gpu.ridgePoint(computePrecision(s));
    l.belowRidge = l.arithmeticIntensity > 0 ? l.ridgePoint / l.arithmeticIntensity : 0;
    return l;
}

QList<Quantity> allQuantities()
{
    QList<Quantity> out;
    for (int i = 0; i <= int(Quantity::PredictedSecondsPerToken); ++i)
        out << Quantity(i);
    return out;
}

static const char *const kKeys[] = {"kv_bytes_per_token",
                                    "kv_bytes_per_token_mha",
                                    "kv_bytes_per_token_mqa",
                                    "gqa_factor",
                                    "kv_bytes",
                                    "state_bytes",
                                    "kv_bytes_per_gpu",
                                    "kv_bytes_read_per_step",
                                    "kv_bytes_read_per_token",
                                    "kv_bytes_read_per_gpu",
                                    "weight_bytes",
                                    "total_bytes",
                                    "bytes_per_gpu",
                                    "gpus_to_fit",
                                    "tp_degree",
                                    "seconds_per_token",
                                    "kv_seconds_per_token",
                                    "tokens_per_second",
                                    "response_seconds",
                                    "conversation_seconds",
                                    "arithmetic_intensity",
                                    "ridge_point",
                                    "aggregate_tokens_per_second",
                                    "cost_per_million_output_tokens",
                                    "predicted_seconds_per_token"};
static_assert(std::size(kKeys) == int(Quantity::PredictedSecondsPerToken) + 1);

QString quantityKey(Quantity q)
{
    return QString::fromLatin1(kKeys[int(q)]);
}

std::optional<Quantity> quantityFromKey(const QString &key)
{
    for (Quantity q : allQuantities())
        if (quantityKey(q) == key)
            return q;
    return std::nullopt;
}

QString quantityUnit(Quantity q)
{
    switch (q) {
    case Quantity::KvBytesPerToken:
    case Quantity::KvBytesPerTokenMha:
    case Quantity::KvBytesPerTokenMqa:
    case Quantity::KvBytes:
    case Quantity::StateBytes:
    case Quantity::KvBytesPerGpu:
    case Quantity::KvBytesReadPerStep:
    case Quantity::KvBytesReadPerToken:
    case Quantity::KvBytesReadPerGpu:
    case Quantity::WeightBytes:
    case Quantity::TotalBytes:
    case Quantity::BytesPerGpu:
        return QStringLiteral("B");
    case Quantity::SecondsPerToken:
    case Quantity::KvSecondsPerToken:
    case Quantity::PredictedSecondsPerToken:
    case Quantity::ResponseSeconds:
    case Quantity::ConversationSeconds:
        return QStringLiteral("s");
    case Quantity::TokensPerSecond:
    case Quantity::AggregateTokensPerSecond:
        return QStringLiteral("tokens/s");
    case Quantity::CostPerMillionOutputTokens:
        return QStringLiteral("USD");
    case Quantity::ArithmeticIntensity:
    case Quantity::RidgePoint:
        return QStringLiteral("FLOP/B");
    case Quantity::GpusToFit:
    case Quantity::TpDegree:
        return QStringLiteral("GPUs");
    case Quantity::GqaFactor:
        return QStringLiteral("×");
    }
    return {};
}

double quantityValue(const Ledger &l, Quantity q)
{
    switch (q) {
    case Quantity::KvBytesPerToken:
        return double(l.kvBytesPerToken);
    case Quantity::KvBytesPerTokenMha:
        return double(l.kvBytesPerTokenMha);
    case Quantity::KvBytesPerTokenMqa:
        return double(l.kvBytesPerTokenMqa);
    case Quantity::GqaFactor:
        return l.gqaFactor;
    case Quantity::KvBytes:
        return l.kvBytes;
    case Quantity::StateBytes:
        return l.stateBytes;
    case Quantity::KvBytesPerGpu:
        return l.kvBytesPerGpu;
    case Quantity::KvBytesReadPerStep:
        return l.kvBytesReadPerStep;
    case Quantity::KvBytesReadPerToken:
        return l.kvBytesReadPerToken;
    case Quantity::KvBytesReadPerGpu:
        return l.kvBytesReadPerGpu;
    case Quantity::WeightBytes:
        return l.weightBytes;
    case Quantity::TotalBytes:
        return l.totalBytes;
    case Quantity::BytesPerGpu:
        return l.bytesPerGpu;
    case Quantity::GpusToFit:
        return l.gpusToFit;
    case Quantity::TpDegree:
        return l.tpDegree;
    case Quantity::SecondsPerToken:
        return l.secondsPerToken;
    case Quantity::KvSecondsPerToken:
        return l.kvSecondsPerToken;
    case Quantity::TokensPerSecond:
        return l.tokensPerSecond;
    case Quantity::ResponseSeconds:
        return l.responseSeconds;
    case Quantity::ConversationSeconds:
        return l.conversationSeconds;
    case Quantity::ArithmeticIntensity:
        return l.arithmeticIntensity;
    case Quantity::RidgePoint:
        return l.ridgePoint;
    case Quantity::AggregateTokensPerSecond:
        return l.aggregateTokensPerSecond;
    case Quantity::CostPerMillionOutputTokens:
        return l.costPerMillionOutputTokens;
    case Quantity::PredictedSecondsPerToken:
        return l.predictedSecondsPerToken;
    }
    return 0;
}

} // namespace kvl
