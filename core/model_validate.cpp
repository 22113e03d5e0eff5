// A model's sanity (every field in its range, named when not) and its variants and summary.
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

LayerType ModelSpec::kvHeadsEquivalent(LayerType t, int heads) const
{
    t.kvHeads = heads;
    if (isLatent(t.kind)) {
        // Un-absorbed MLA caches K (qk_nope + qk_rope) and V (v_head_dim) per head.
        t.kind = AttentionKind::Full;
        t.headDim = keyHeadDim();
        t.valueHeadDim = headDim;
    }
    return t;
}

ModelSpec ModelSpec::withKvHeads(int heads) const
{
    ModelSpec m = *this;
    m.kvHeads = heads;
    for (LayerType &t : m.layerPattern) {
        t = kvHeadsEquivalent(t, heads);
        t.kvHeads = 0; // every attention layer takes the model's count
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
    const LayerTypeCounts types = layerTypeCounts(true);
    const auto any = [&](auto pred) {
        return std::any_of(types.begin(), types.end(),
                           [&](const LayerTypeCount &c) { return pred(c.type); });
    };
    const bool needsKvHeads =
        any([](const LayerType &t) { return hasKvHeads(t.kind) && t.kvHeads == 0; });
    const bool latent = any([](const LayerType &t) { return isLatent(t.kind); });
    const bool attention = latent || any([](const LayerType &t) { return hasKvHeads(t.kind); });
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
    for (const LayerTypeCount &c : types) {
        const LayerType &t = c.type;
        if (hasKvHeads(t.kind) && t.kvHeads > 0) {
            if (!(e = range("layer_types.kv_heads", t.kvHeads, 1, queryHeads)).isEmpty())
                return e;
            if (queryHeads % t.kvHeads != 0)
                return ModelText::tr("layer_types.kv_heads: %1 does not divide query_heads %2")
                    .arg(t.kvHeads)
                    .arg(queryHeads);
        }
        if (!(e = range("layer_types.head_dim", t.headDim, 0, limits::maxHeadDim)).isEmpty() ||
            !(e = range("layer_types.value_head_dim", t.valueHeadDim, 0, limits::maxHeadDim))
                 .isEmpty() ||
            !(e = range("layer_types.ffn_size", t.ffnSize, 0, limits::maxIntermediateSize))
                 .isEmpty() ||
            !(e = range("layer_types.window", t.window, 0, limits::maxContext)).isEmpty())
            return e;
        if (t.kind == AttentionKind::SlidingWindow &&
            !(e = range("window", windowOf(t), 1, limits::maxContext)).isEmpty())
            return e;
    }
    if (latent && (kvLoraRank <= 0 || kvLoraRank > limits::maxLoraRank || qkRopeHeadDim < 0 ||
                   qkRopeHeadDim > limits::maxHeadDim))
        return ModelText::tr("kv_lora_rank: latent layers need a positive rank");
    if (hasKind(AttentionKind::SparseLatent) &&
        (!(e = range("index_heads", indexHeads, 1, limits::maxHeads)).isEmpty() ||
         !(e = range("index_head_dim", indexHeadDim, 1, limits::maxHeadDim)).isEmpty() ||
         !(e = range("index_topk", indexTopK, 1, limits::maxContext)).isEmpty()))
        return e;
    if (hasKind(AttentionKind::CrossAttention) &&
        !(e = range("image_tokens", imageTokens, 1, limits::maxContext)).isEmpty())
        return e;
    if (hasKind(AttentionKind::ShortConv) &&
        (!(e = range("short_conv_dim", shortConvDim, 1, limits::maxStateDim)).isEmpty() ||
         !(e = range("short_conv_kernel", shortConvKernel, 0, 64)).isEmpty()))
        return e;
    if (!(e = range("expert_hidden_size", expertHiddenSize, 0, limits::maxHiddenSize)).isEmpty() ||
        !(e = range("mtp_layers", mtpLayers, 0, limits::maxLayers)).isEmpty() ||
        !(e = range("shared_blocks", sharedBlocks, 0, limits::maxLayers)).isEmpty())
        return e;
    if (hasKind(AttentionKind::SlidingWindow) &&
        !(e = range("sink_tokens", sinkTokens, 0, limits::maxContext)).isEmpty())
        return e;
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
    if (hasKind(AttentionKind::StateSpace) ||
        any([](const LayerType &t) { return t.mambaBeside; })) {
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
    if (hasKind(AttentionKind::SparseLatent))
        parts << ModelText::tr("DSA: MLA %1+%2, top %3 of the tokens by a %4-head indexer")
                     .arg(kvLoraRank)
                     .arg(qkRopeHeadDim)
                     .arg(indexTopK)
                     .arg(indexHeads);
    else if (hasKind(AttentionKind::Latent))
        parts << ModelText::tr("MLA %1+%2").arg(kvLoraRank).arg(qkRopeHeadDim);
    if (hasKind(AttentionKind::Full) || hasKind(AttentionKind::SlidingWindow) ||
        hasKind(AttentionKind::Chunked) || hasKind(AttentionKind::CrossAttention))
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
    int mamba = layerCount(AttentionKind::StateSpace);
    for (int i = 0; i < layers; ++i)
        mamba += layerType(i).mambaBeside;
    if (mamba > 0)
        parts << ModelText::tr("Mamba on %1/%2 layers").arg(mamba).arg(layers);
    if (hasKind(AttentionKind::ShortConv))
        parts << ModelText::tr("short convolution on %1/%2 layers")
                     .arg(layerCount(AttentionKind::ShortConv))
                     .arg(layers);
    if (hasKind(AttentionKind::CrossAttention))
        parts << ModelText::tr("cross-attention to %1 image tokens on %2/%3 layers")
                     .arg(imageTokens)
                     .arg(layerCount(AttentionKind::CrossAttention))
                     .arg(layers);
    int shared = 0;
    for (int i = 0; i < layers; ++i)
        shared += layerType(i).sharesCache;
    if (shared > 0)
        parts << ModelText::tr("%1/%2 layers read another layer's cache").arg(shared).arg(layers);
    return parts.join(QStringLiteral(", "));
}

} // namespace kvl
