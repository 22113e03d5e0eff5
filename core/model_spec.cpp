#include "model_spec.h"

#include <QStringList>
#include <cmath>

namespace kvl {

AttentionKind ModelSpec::layerKind(int layer) const
{
    if (layerPattern.isEmpty())
        return AttentionKind::Full;
    return layerPattern.at(layer % layerPattern.size());
}

int ModelSpec::layerCount(AttentionKind kind) const
{
    if (layerPattern.isEmpty())
        return kind == AttentionKind::Full ? layers : 0;
    const int period = int(layerPattern.size());
    int perPeriod = 0;
    int inRemainder = 0;
    for (int i = 0; i < period; ++i) {
        if (layerPattern.at(i) != kind)
            continue;
        ++perPeriod;
        if (i < layers % period)
            ++inRemainder;
    }
    return layers / period * perPeriod + inRemainder;
}

qint64 ModelSpec::kvElementsPerTokenLayer(AttentionKind kind) const
{
    if (kind == AttentionKind::Latent)
        return qint64(kvLoraRank) + qkRopeHeadDim; // one latent, no factor 2, no head count
    return 2 * qint64(kvHeads) * headDim;          // K and V
}

qint64 ModelSpec::tokensHeld(AttentionKind kind, qint64 context) const
{
    if (kind == AttentionKind::SlidingWindow)
        return std::min(context, window + sinkTokens);
    return context;
}

static double mlpParams(double hidden, double intermediate)
{
    return 3.0 * hidden * intermediate; // gate, up, down
}

double ModelSpec::estimateParameters() const
{
    const double h = hiddenSize;
    const double embeddings = double(vocabSize) * h * (tieWordEmbeddings ? 1 : 2);
    const double q = double(queryHeads) * headDim;
    const double kv = double(kvHeads) * headDim;

    double total = embeddings + h; // + final norm
    for (AttentionKind kind : {AttentionKind::Full, AttentionKind::SlidingWindow,
                               AttentionKind::Latent}) {
        const int n = layerCount(kind);
        if (n == 0)
            continue;
        double attention = 0;
        if (kind == AttentionKind::Latent) {
            const double qkDim = double(qkNopeHeadDim > 0 ? qkNopeHeadDim : headDim) + qkRopeHeadDim;
            const double qProj = qLoraRank > 0
                                     ? h * qLoraRank + qLoraRank + double(qLoraRank) * queryHeads * qkDim
                                     : h * queryHeads * qkDim;
            const double kvDown = h * (double(kvLoraRank) + qkRopeHeadDim) + kvLoraRank;
            const double kvUp = double(kvLoraRank) * queryHeads *
                                ((qkNopeHeadDim > 0 ? qkNopeHeadDim : headDim) + double(headDim));
            attention = qProj + kvDown + kvUp + q * h;
        } else {
            attention = h * q + 2 * h * kv + q * h;
        }
        total += n * (attention + 2 * h);
    }
    // MLP: the first dense layers use intermediateSize; MoE layers hold every expert.
    const int dense = isMoE() ? std::min(firstDenseLayers, layers) : layers;
    total += dense * mlpParams(h, intermediateSize);
    if (isMoE()) {
        const double expertSize = mlpParams(h, moeIntermediateSize > 0 ? moeIntermediateSize
                                                                       : intermediateSize);
        total += (layers - dense) * ((double(experts) + sharedExperts) * expertSize + h * experts);
    }
    return total;
}

double ModelSpec::estimateActiveParameters() const
{
    if (!isMoE())
        return estimateParameters();
    const double expertSize = mlpParams(hiddenSize, moeIntermediateSize > 0 ? moeIntermediateSize
                                                                            : intermediateSize);
    const int moeLayers = layers - std::min(firstDenseLayers, layers);
    return estimateParameters() - moeLayers * double(experts - expertsPerToken) * expertSize;
}

double ModelSpec::parameters() const
{
    return totalParameters > 0 ? totalParameters : estimateParameters();
}

double ModelSpec::parametersActive() const
{
    if (activeParameters > 0)
        return activeParameters;
    if (!isMoE())
        return parameters();
    // Keep the given total consistent: the inactive experts are what the estimate says.
    return parameters() - (estimateParameters() - estimateActiveParameters());
}

ModelSpec ModelSpec::withKvHeads(int heads) const
{
    ModelSpec m = *this;
    m.kvHeads = heads;
    for (auto &k : m.layerPattern)
        if (k == AttentionKind::Latent)
            k = AttentionKind::Full;
    return m;
}

QString ModelSpec::validate() const
{
    auto range = [](const char *field, qint64 v, qint64 lo, qint64 hi) -> QString {
        if (v < lo || v > hi)
            return QStringLiteral("%1: %2 is outside %3-%4")
                .arg(QLatin1String(field))
                .arg(v)
                .arg(lo)
                .arg(hi);
        return {};
    };
    QString e;
    if (!(e = range("layers", layers, 1, limits::maxLayers)).isEmpty())
        return e;
    if (!(e = range("query_heads", queryHeads, 1, limits::maxHeads)).isEmpty())
        return e;
    if (!(e = range("head_dim", headDim, 1, limits::maxHeadDim)).isEmpty())
        return e;
    if (layerPattern.isEmpty())
        return QStringLiteral("layer_pattern: empty");
    const bool needsKvHeads = hasKind(AttentionKind::Full) || hasKind(AttentionKind::SlidingWindow);
    if (needsKvHeads) {
        if (!(e = range("kv_heads", kvHeads, 1, queryHeads)).isEmpty())
            return e;
        if (queryHeads % kvHeads != 0)
            return QStringLiteral("kv_heads: %1 does not divide query_heads %2")
                .arg(kvHeads)
                .arg(queryHeads);
    }
    if (hasKind(AttentionKind::Latent) && (kvLoraRank <= 0 || kvLoraRank > 65536 ||
                                           qkRopeHeadDim < 0 || qkRopeHeadDim > 65536))
        return QStringLiteral("kv_lora_rank: latent layers need a positive rank");
    if (hasKind(AttentionKind::SlidingWindow)) {
        if (!(e = range("window", window, 1, limits::maxContext)).isEmpty())
            return e;
        if (!(e = range("sink_tokens", sinkTokens, 0, limits::maxContext)).isEmpty())
            return e;
    }
    if (isMoE()) {
        if (!(e = range("experts_per_token", expertsPerToken, 1, experts)).isEmpty())
            return e;
    }
    for (double p : {totalParameters, activeParameters})
        if (!std::isfinite(p) || p < 0 || p > 1e15)
            return QStringLiteral("parameters: %1 is not a parameter count").arg(p);
    if (activeParameters > totalParameters && totalParameters > 0)
        return QStringLiteral("active_parameters: more than total_parameters");
    if (totalParameters <= 0 && (hiddenSize <= 0 || vocabSize < 0 || intermediateSize < 0))
        return QStringLiteral("hidden_size: needed to estimate the parameters");
    if (!(e = range("hidden_size", hiddenSize, 0, 1 << 20)).isEmpty())
        return e;
    return {};
}

QString ModelSpec::attentionSummary() const
{
    QStringList parts;
    if (hasKind(AttentionKind::Latent))
        parts << QStringLiteral("MLA %1+%2").arg(kvLoraRank).arg(qkRopeHeadDim);
    if (hasKind(AttentionKind::Full) || hasKind(AttentionKind::SlidingWindow))
        parts << (kvHeads == queryHeads ? QStringLiteral("MHA %1").arg(queryHeads)
                  : kvHeads == 1       ? QStringLiteral("MQA %1:1").arg(queryHeads)
                                       : QStringLiteral("GQA %1:%2").arg(queryHeads).arg(kvHeads));
    if (hasKind(AttentionKind::SlidingWindow))
        parts << QStringLiteral("window %1 on %2/%3 layers")
                     .arg(window)
                     .arg(layerCount(AttentionKind::SlidingWindow))
                     .arg(layers);
    return parts.join(QStringLiteral(", "));
}

} // namespace kvl
