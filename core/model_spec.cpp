#include "model_spec.h"

#include <QCoreApplication>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace kvl {

// Validation messages are shown in the window when an edit is refused.
class ModelText
{
    Q_DECLARE_TR_FUNCTIONS(ModelText)
};

namespace {
qint64 ceilDiv(qint64 a, qint64 b)
{
    return (a + b - 1) / b;
}

} // namespace

bool hasKvHeads(AttentionKind kind)
{
    return kind == AttentionKind::Full || kind == AttentionKind::SlidingWindow ||
           kind == AttentionKind::Chunked;
}

bool hasFixedState(AttentionKind kind)
{
    return kind == AttentionKind::Linear || kind == AttentionKind::StateSpace;
}

QString kindKey(AttentionKind kind)
{
    switch (kind) {
    case AttentionKind::Full:
        return QStringLiteral("full");
    case AttentionKind::SlidingWindow:
        return QStringLiteral("window");
    case AttentionKind::Latent:
        return QStringLiteral("latent");
    case AttentionKind::Chunked:
        return QStringLiteral("chunked");
    case AttentionKind::Linear:
        return QStringLiteral("linear");
    case AttentionKind::StateSpace:
        return QStringLiteral("mamba");
    }
    return QStringLiteral("full");
}

std::optional<AttentionKind> kindFromKey(const QString &key)
{
    for (AttentionKind k : kAllKinds)
        if (kindKey(k) == key)
            return k;
    return std::nullopt;
}

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

bool ModelSpec::isMoELayer(int layer) const
{
    const int period = std::max(1, expertLayerPeriod);
    return isMoE() && layer >= firstDenseLayers && layer % period == expertLayerOffset;
}

int ModelSpec::moeLayers() const
{
    if (!isMoE())
        return 0;
    const int period = std::max(1, expertLayerPeriod);
    const int from = std::min(firstDenseLayers, layers);
    // Layers i in [from, layers) with i % period == offset.
    const auto upTo = [&](int n) {
        return n > expertLayerOffset ? (n - expertLayerOffset + period - 1) / period : 0;
    };
    return upTo(layers) - upTo(from);
}

int ModelSpec::kvHeadsPerGpu(int gpus) const
{
    // vLLM replicates KV heads once the TP degree passes the head count.
    return int(std::max<qint64>(1, ceilDiv(kvHeads, std::max(1, gpus))));
}

int ModelSpec::keyHeadDim() const
{
    return hasKind(AttentionKind::Latent) && qkNopeHeadDim > 0 ? qkNopeHeadDim + qkRopeHeadDim
                                                               : headDim;
}

qint64 ModelSpec::kvElementsPerTokenLayer(AttentionKind kind, int gpus) const
{
    switch (kind) {
    case AttentionKind::Latent:
        return qint64(kvLoraRank) + qkRopeHeadDim; // one latent, every rank, no factor 2
    case AttentionKind::Full:
    case AttentionKind::SlidingWindow:
    case AttentionKind::Chunked:
        return 2 * qint64(kvHeadsPerGpu(gpus)) * headDim; // K and V
    case AttentionKind::Linear:
    case AttentionKind::StateSpace:
        return 0;
    }
    return 0;
}

qint64 ModelSpec::stateElementsLayer(AttentionKind kind, int gpus) const
{
    const int n = std::max(1, gpus);
    if (kind == AttentionKind::Linear) {
        // vLLM's Gated DeltaNet state: (v heads / tp, k dim, v dim), and a convolution state of
        // (conv − 1) taps over the q, k and v channels (2 × k heads × k dim + v heads × v dim).
        const qint64 vHeads = std::max<qint64>(1, ceilDiv(linearValueHeads, n));
        const qint64 kHeads = std::max<qint64>(1, ceilDiv(linearKeyHeads, n));
        const qint64 recurrent = vHeads * linearKeyHeadDim * linearValueHeadDim;
        const qint64 channels = 2 * kHeads * linearKeyHeadDim + vHeads * linearValueHeadDim;
        return recurrent + qint64(std::max(0, linearConvKernel - 1)) * channels;
    }
    if (kind == AttentionKind::StateSpace) {
        // Mamba: (d_inner / tp, d_state) recurrent, (d_conv − 1) taps over d_inner channels
        // (Mamba 2 also convolves B and C: 2 × groups × d_state).
        const qint64 inner = ceilDiv(mambaInner, n);
        const qint64 groups = mambaGroups > 0 ? std::max<qint64>(1, ceilDiv(mambaGroups, n)) : 0;
        const qint64 channels = inner + 2 * groups * mambaState;
        return inner * mambaState + qint64(std::max(0, mambaConv - 1)) * channels;
    }
    return 0;
}

qint64 ModelSpec::tokenCap(AttentionKind kind) const
{
    if (kind == AttentionKind::SlidingWindow)
        return window + sinkTokens;
    if (kind == AttentionKind::Chunked)
        return chunkSize; // at most the current chunk
    return 0;
}

qint64 ModelSpec::tokensHeld(AttentionKind kind, qint64 context) const
{
    if (hasFixedState(kind))
        return 0;
    const qint64 cap = tokenCap(kind);
    return cap > 0 ? std::min(context, cap) : context;
}

double ModelSpec::attentionFlopPerTokenLayer(AttentionKind kind, int gpus) const
{
    const int n = std::max(1, gpus);
    if (kind == AttentionKind::Latent) // absorbed: scores over rank + rope, values over rank
        return 2.0 * queryHeads * (2.0 * kvLoraRank + qkRopeHeadDim) / n;
    if (hasKvHeads(kind))
        return 4.0 * queryHeads * headDim / n;
    return 0;
}

double ModelSpec::prefillFlopPerPairLayer(AttentionKind kind, int gpus) const
{
    const int n = std::max(1, gpus);
    if (kind == AttentionKind::Latent)
        return 2.0 * queryHeads * (double(keyHeadDim()) + headDim) / n;
    return attentionFlopPerTokenLayer(kind, gpus); // 4 × q × head_dim: the same per pair
}

double ModelSpec::stateFlopLayer(AttentionKind kind, int gpus) const
{
    // Decay, rank-one update and readout: about 6 FLOP per recurrent state element.
    return 6.0 * double(stateElementsLayer(kind, gpus));
}

double ModelSpec::mlpParameters(double intermediate) const
{
    return (gatedMlp ? 3.0 : 2.0) * hiddenSize * intermediate;
}

ParameterParts ModelSpec::estimateParts() const
{
    ParameterParts parts;
    const double h = hiddenSize;
    parts.embeddings = double(vocabSize) * h * (tieWordEmbeddings ? 1 : 2);
    const double q = double(queryHeads) * headDim;
    const double kv = double(kvHeads) * headDim;

    double rest = h; // final norm
    for (AttentionKind kind : kAllKinds) {
        const int n = layerCount(kind);
        if (n == 0)
            continue;
        double mixer = 0;
        if (kind == AttentionKind::Latent) {
            const double qkDim =
                double(qkNopeHeadDim > 0 ? qkNopeHeadDim : headDim) + qkRopeHeadDim;
            const double qProj =
                qLoraRank > 0 ? h * qLoraRank + qLoraRank + double(qLoraRank) * queryHeads * qkDim
                              : h * queryHeads * qkDim;
            const double kvDown = h * (double(kvLoraRank) + qkRopeHeadDim) + kvLoraRank;
            const double kvUp = double(kvLoraRank) * queryHeads *
                                ((qkNopeHeadDim > 0 ? qkNopeHeadDim : headDim) + double(headDim));
            mixer = qProj + kvDown + kvUp + q * h;
        } else if (kind == AttentionKind::Linear) {
            // Gated DeltaNet: q, k, v, z and the b, a gates in; a short convolution; out.
            const double keys = double(linearKeyHeads) * linearKeyHeadDim;
            const double values = double(linearValueHeads) * linearValueHeadDim;
            mixer = h * (2 * keys + 2 * values + 2.0 * linearValueHeads) +
                    (2 * keys + values) * linearConvKernel + values * h + 2.0 * linearValueHeads +
                    linearValueHeadDim;
        } else if (kind == AttentionKind::StateSpace) {
            const double inner = mambaInner;
            if (mambaGroups > 0) { // Mamba 2: x, z, B, C in; the convolution; out
                const double bc = 2.0 * mambaGroups * mambaState;
                mixer = h * (2 * inner + bc) + (inner + bc) * mambaConv + inner + inner * h;
            } else { // Mamba 1: x, z in; conv; x → dt, B, C; dt up; A, D; out
                const double dtRank = std::ceil(h / 16);
                mixer = h * 2 * inner + inner * (mambaConv + 1) +
                        inner * (dtRank + 2.0 * mambaState) + dtRank * inner + inner +
                        inner * mambaState + inner + inner * h;
            }
        } else {
            mixer = h * q + 2 * h * kv + q * h;
        }
        rest += n * (mixer + 2 * h); // + two norms
    }
    // MLP: dense layers use intermediateSize; MoE layers hold every expert and a router.
    const int moe = moeLayers();
    rest += (layers - moe) * mlpParameters(intermediateSize);
    if (isMoE()) {
        const double expertSize =
            mlpParameters(moeIntermediateSize > 0 ? moeIntermediateSize : intermediateSize);
        parts.routedExperts = moe * double(experts) * expertSize;
        rest += moe * (double(sharedExperts) * expertSize + h * experts);
    }
    parts.rest = rest;
    return parts;
}

double ModelSpec::estimateActiveParameters() const
{
    if (!isMoE())
        return estimateParameters();
    const double expertSize =
        mlpParameters(moeIntermediateSize > 0 ? moeIntermediateSize : intermediateSize);
    return estimateParameters() - moeLayers() * double(experts - expertsPerToken) * expertSize;
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
    return std::max(0.0, parameters() - (estimateParameters() - estimateActiveParameters()));
}

ParameterParts ModelSpec::parameterParts() const
{
    ParameterParts parts = estimateParts();
    const double total = parameters();
    const double estimate = parts.total();
    if (total == estimate || estimate <= 0)
        return parts;
    // A published total: embeddings and experts follow from the shapes; the rest absorbs the
    // difference (biases, extra norms), unless that would make it negative.
    const double rest = total - parts.embeddings - parts.routedExperts;
    if (rest >= 0) {
        parts.rest = rest;
        return parts;
    }
    const double scale = total / estimate;
    return {parts.embeddings * scale, parts.routedExperts * scale, parts.rest * scale};
}

ModelSpec ModelSpec::withKvHeads(int heads) const
{
    ModelSpec m = *this;
    m.kvHeads = heads;
    if (hasKind(AttentionKind::Latent)) {
        // Un-absorbed MLA caches K (qk_nope + qk_rope) and V (v_head_dim) per head; the mean of
        // the two sizes keeps 2 × heads × dim exact.
        m.headDim = (keyHeadDim() + headDim) / 2;
        for (auto &k : m.layerPattern)
            if (k == AttentionKind::Latent)
                k = AttentionKind::Full;
    }
    return m;
}

QString ModelSpec::validate() const
{
    auto range = [](const char *field, qint64 v, qint64 lo, qint64 hi) -> QString {
        if (v < lo || v > hi)
            return ModelText::tr("%1: %2 is outside %3-%4")
                .arg(QLatin1String(field))
                .arg(v)
                .arg(lo)
                .arg(hi);
        return {};
    };
    QString e;
    if (!(e = range("layers", layers, 1, limits::maxLayers)).isEmpty())
        return e;
    if (layerPattern.isEmpty())
        return ModelText::tr("layer_pattern: empty");
    const bool needsKvHeads =
        std::any_of(std::begin(kAllKinds), std::end(kAllKinds),
                    [&](AttentionKind k) { return hasKvHeads(k) && hasKind(k); });
    const bool attention = needsKvHeads || hasKind(AttentionKind::Latent);
    if (attention || queryHeads != 0)
        if (!(e = range("query_heads", queryHeads, 1, limits::maxHeads)).isEmpty())
            return e;
    if (attention || headDim != 0)
        if (!(e = range("head_dim", headDim, 1, limits::maxHeadDim)).isEmpty())
            return e;
    if (needsKvHeads) {
        if (!(e = range("kv_heads", kvHeads, 1, queryHeads)).isEmpty())
            return e;
        if (queryHeads % kvHeads != 0)
            return ModelText::tr("kv_heads: %1 does not divide query_heads %2")
                .arg(kvHeads)
                .arg(queryHeads);
    }
    if (hasKind(AttentionKind::Latent) && (kvLoraRank <= 0 || kvLoraRank > limits::maxLoraRank ||
                                           qkRopeHeadDim < 0 || qkRopeHeadDim > limits::maxHeadDim))
        return ModelText::tr("kv_lora_rank: latent layers need a positive rank");
    if (hasKind(AttentionKind::SlidingWindow)) {
        if (!(e = range("window", window, 1, limits::maxContext)).isEmpty())
            return e;
        if (!(e = range("sink_tokens", sinkTokens, 0, limits::maxContext)).isEmpty())
            return e;
    }
    if (hasKind(AttentionKind::Chunked))
        if (!(e = range("chunk_size", chunkSize, 1, limits::maxContext)).isEmpty())
            return e;
    if (hasKind(AttentionKind::Linear)) {
        if (!(e = range("linear_value_heads", linearValueHeads, 1, limits::maxHeads)).isEmpty() ||
            !(e = range("linear_key_heads", linearKeyHeads, 1, limits::maxHeads)).isEmpty() ||
            !(e = range("linear_key_head_dim", linearKeyHeadDim, 1, limits::maxHeadDim))
                 .isEmpty() ||
            !(e = range("linear_value_head_dim", linearValueHeadDim, 1, limits::maxHeadDim))
                 .isEmpty() ||
            !(e = range("linear_conv_kernel", linearConvKernel, 0, 64)).isEmpty())
            return e;
    }
    if (hasKind(AttentionKind::StateSpace)) {
        if (!(e = range("mamba_d_inner", mambaInner, 1, limits::maxStateDim)).isEmpty() ||
            !(e = range("mamba_d_state", mambaState, 1, limits::maxStateDim)).isEmpty() ||
            !(e = range("mamba_d_conv", mambaConv, 0, 64)).isEmpty() ||
            !(e = range("mamba_groups", mambaGroups, 0, limits::maxHeads)).isEmpty())
            return e;
    }
    if (isMoE()) {
        if (!(e = range("experts_per_token", expertsPerToken, 1, experts)).isEmpty())
            return e;
        if (!(e = range("expert_layer_period", expertLayerPeriod, 1, limits::maxLayers)).isEmpty())
            return e;
        if (!(e = range("expert_layer_offset", expertLayerOffset, 0, expertLayerPeriod - 1))
                 .isEmpty())
            return e;
    }
    for (double p : {totalParameters, activeParameters})
        if (!std::isfinite(p) || p < 0 || p > limits::maxParameters)
            return ModelText::tr("parameters: %1 is not a parameter count").arg(p);
    if (activeParameters > totalParameters && totalParameters > 0)
        return ModelText::tr("active_parameters: more than total_parameters");
    // Without active_parameters the active count is the total less the inactive experts as the
    // shapes give them: experts too large for the total would make it zero or negative.
    if (isMoE() && activeParameters <= 0 && totalParameters > 0) {
        const double inactive = estimateParameters() - estimateActiveParameters();
        if (inactive >= totalParameters)
            return ModelText::tr("%1: experts of %2 give %3 inactive parameters per token, not "
                                 "fewer than total_parameters %4; give moe_intermediate_size or "
                                 "active_parameters")
                .arg(moeIntermediateSize > 0 ? QStringLiteral("moe_intermediate_size")
                                             : QStringLiteral("intermediate_size"))
                .arg(moeIntermediateSize > 0 ? moeIntermediateSize : intermediateSize)
                .arg(inactive, 0, 'g', 4)
                .arg(totalParameters, 0, 'g', 4);
    }
    if (totalParameters <= 0 && (hiddenSize <= 0 || vocabSize < 0 || intermediateSize < 0))
        return ModelText::tr("hidden_size: needed to estimate the parameters");
    if (!(e = range("hidden_size", hiddenSize, 0, limits::maxHiddenSize)).isEmpty())
        return e;
    return {};
}

QString ModelSpec::attentionSummary() const
{
    QStringList parts;
    if (hasKind(AttentionKind::Latent))
        parts << ModelText::tr("MLA %1+%2").arg(kvLoraRank).arg(qkRopeHeadDim);
    if (hasKind(AttentionKind::Full) || hasKind(AttentionKind::SlidingWindow) ||
        hasKind(AttentionKind::Chunked))
        parts << (kvHeads == queryHeads ? ModelText::tr("MHA %1").arg(queryHeads)
                  : kvHeads == 1        ? ModelText::tr("MQA %1:1").arg(queryHeads)
                                        : ModelText::tr("GQA %1:%2").arg(queryHeads).arg(kvHeads));
    if (hasKind(AttentionKind::SlidingWindow))
        parts << ModelText::tr("window %1 on %2/%3 layers")
                     .arg(window)
                     .arg(layerCount(AttentionKind::SlidingWindow))
                     .arg(layers);
    if (hasKind(AttentionKind::Chunked))
        parts << ModelText::tr("chunks of %1 on %2/%3 layers")
                     .arg(chunkSize)
                     .arg(layerCount(AttentionKind::Chunked))
                     .arg(layers);
    if (hasKind(AttentionKind::Linear))
        parts << ModelText::tr("linear attention on %1/%2 layers")
                     .arg(layerCount(AttentionKind::Linear))
                     .arg(layers);
    if (hasKind(AttentionKind::StateSpace))
        parts << ModelText::tr("Mamba on %1/%2 layers")
                     .arg(layerCount(AttentionKind::StateSpace))
                     .arg(layers);
    return parts.join(QStringLiteral(", "));
}

} // namespace kvl
