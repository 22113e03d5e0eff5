// Parameter counts from the shape: what a config does not state, estimated layer by layer.
#include "model_spec.h"

#include <algorithm>
#include <cmath>

namespace kvl {

double ModelSpec::mlpParameters(double intermediate) const
{
    return (gatedMlp ? 3.0 : 2.0) * hiddenSize * intermediate;
}

double ModelSpec::mixerParameters(const LayerType &t) const
{
    const double h = hiddenSize;
    const auto mamba = [&] {
        const double inner = mambaInner;
        if (mambaGroups > 0) { // Mamba 2: x, z, B, C in; the convolution; out
            const double bc = 2.0 * mambaGroups * mambaState;
            return h * (2 * inner + bc) + (inner + bc) * mambaConv + inner + inner * h;
        }
        // Mamba 1: x, z in; conv; x → dt, B, C; dt up; A, D; out
        const double dtRank = std::ceil(h / 16);
        return h * 2 * inner + inner * (mambaConv + 1) + inner * (dtRank + 2.0 * mambaState) +
               dtRank * inner + inner + inner * mambaState + inner + inner * h;
    };
    double mixer = t.mambaBeside ? mamba() : 0;
    switch (t.kind) {
    case AttentionKind::Latent:
    case AttentionKind::SparseLatent: {
        const double nope = qkNopeHeadDim > 0 ? qkNopeHeadDim : headDim;
        const double qkDim = nope + qkRopeHeadDim;
        const double qProj =
            qLoraRank > 0 ? h * qLoraRank + qLoraRank + double(qLoraRank) * queryHeads * qkDim
                          : h * queryHeads * qkDim;
        const double kvDown = h * (double(kvLoraRank) + qkRopeHeadDim) + kvLoraRank;
        const double kvUp = double(kvLoraRank) * queryHeads * (nope + double(headDim));
        mixer += qProj + kvDown + kvUp + double(queryHeads) * headDim * h;
        if (t.kind == AttentionKind::SparseLatent) // indexer: wq_b, wk, weights_proj, k_norm
            mixer += double(std::max(qLoraRank, 1)) * indexHeads * indexHeadDim +
                     h * (double(indexHeadDim) + indexHeads) + 2.0 * indexHeadDim;
        break;
    }
    case AttentionKind::Linear: {
        // Gated DeltaNet: q, k, v, z and the b, a gates in; a short convolution; out.
        const double keys = double(linearKeyHeads) * linearKeyHeadDim;
        const double values = double(linearValueHeads) * linearValueHeadDim;
        mixer += h * (2 * keys + 2 * values + 2.0 * linearValueHeads) +
                 (2 * keys + values) * linearConvKernel + values * h + 2.0 * linearValueHeads +
                 linearValueHeadDim;
        break;
    }
    case AttentionKind::StateSpace:
        mixer += mamba();
        break;
    case AttentionKind::ShortConv: // in (3 gates), a depthwise convolution, out
        mixer += 3.0 * h * shortConvDim + double(shortConvDim) * shortConvKernel +
                 double(shortConvDim) * h;
        break;
    case AttentionKind::NoMixer:
        mixer += t.linearMixer ? h * h : 0;
        break;
    case AttentionKind::Full:
    case AttentionKind::SlidingWindow:
    case AttentionKind::Chunked:
    case AttentionKind::CrossAttention: {
        const double kv = double(kvHeadsOf(t)) * (keyDimOf(t) + valueDimOf(t));
        const double q = double(queryHeads) * keyDimOf(t);
        const double out = double(queryHeads) * valueDimOf(t) * h;
        mixer += h * q + (t.sharesCache ? 0 : h * kv) + out;
        break;
    }
    }
    return mixer;
}

ParameterParts ModelSpec::estimateParts() const
{
    ParameterParts parts;
    const double h = hiddenSize;
    parts.embeddings = double(vocabSize) * h * (tieWordEmbeddings ? 1 : 2);
    const double expertIntermediate =
        moeIntermediateSize > 0 ? moeIntermediateSize : intermediateSize;
    const double latent = expertHiddenSize > 0 ? expertHiddenSize : h;
    const double expertSize = (gatedMlp ? 3.0 : 2.0) * latent * expertIntermediate;
    const double sharedSize = mlpParameters(expertIntermediate);
    const auto ffn = [&](const LayerType &t, bool moe, ParameterParts &into) {
        if (moe) {
            into.routedExperts += double(experts) * expertSize;
            // Shared experts at full width; a latent's projections in and out.
            into.rest += double(sharedExperts) * sharedSize + h * experts +
                         (expertHiddenSize > 0 ? 2 * h * latent : 0);
        } else if (t.ffn == FfnKind::Linear) {
            into.rest += h * h;
        } else if (t.ffn != FfnKind::None) {
            into.rest += mlpParameters(t.ffnSize > 0 ? t.ffnSize : intermediateSize);
        }
    };

    parts.rest = h; // final norm
    // A layer's parameters depend on its place in the pattern and whether it is an MoE layer:
    // count the layers of each, then size each once.
    const int period =
        int(std::min<qsizetype>(std::max<qsizetype>(1, layerPattern.size()), layers));
    QVarLengthArray<int, 8> denseLayers(period, 0);
    QVarLengthArray<int, 8> moeLayers(period, 0);
    const LayerType *shared = nullptr; // the type of the last layer with a shared block
    int sharedLast = -1;
    for (int i = 0; i < period; ++i) {
        // Layers i, i + period, ...: only an MoE model needs them one by one.
        const int count = layers / period + (i < layers % period ? 1 : 0);
        if (isMoE()) {
            for (int layer = i; layer < layers; layer += period)
                ++(isMoELayer(layer) ? moeLayers : denseLayers)[i];
        } else {
            denseLayers[i] = count;
        }
        const int last = i + (count - 1) * period;
        if (layerType(i).sharedBlock && last > sharedLast) {
            shared = &layerType(i);
            sharedLast = last;
        }
    }
    for (int i = 0; i < period; ++i) {
        const LayerType &t = layerType(i);
        const int count = denseLayers[i] + moeLayers[i];
        double mixer = 0;
        if (t.sharedBlock) {
            // Only the Mamba beside a shared block is the layer's own; the block counts once.
            LayerType own = t.mambaBeside ? LayerType(AttentionKind::NoMixer) : t;
            own.mambaBeside = t.mambaBeside;
            mixer = t.mambaBeside ? mixerParameters(own) : 0;
        } else {
            mixer = mixerParameters(t);
            for (const bool moe : {false, true}) {
                ParameterParts one;
                ffn(t, moe, one);
                const int n = moe ? moeLayers[i] : denseLayers[i];
                parts.rest += n * one.rest;
                parts.routedExperts += n * one.routedExperts;
            }
        }
        parts.rest += count * (2 * h + mixer); // two norms and the mixer
    }
    if (shared) {
        LayerType block = *shared;
        block.mambaBeside = false;
        ParameterParts one;
        one.rest = mixerParameters(block);
        ffn(block, false, one);
        parts.rest += std::max(1, sharedBlocks) * one.rest;
    }
    // Each multi-token-prediction layer: a decoder layer, its input projection (2h → h) and
    // norms; the embeddings and lm_head are the model's own.
    if (mtpLayers > 0) {
        const LayerType t = mtpLayerType();
        ParameterParts one;
        one.rest = mixerParameters(t) + 2 * h * h + 4 * h;
        ffn(t, isMoE(), one);
        parts.rest += mtpLayers * one.rest;
        parts.routedExperts += mtpLayers * one.routedExperts;
    }
    return parts;
}

double ModelSpec::estimateActiveParameters() const
{
    // Multi-token-prediction layers run only while speculating; the rest of the model runs
    // every step, with expertsPerToken of its routed experts.
    double active = estimateParameters();
    if (mtpLayers > 0) {
        ModelSpec without = *this;
        without.mtpLayers = 0;
        active = without.estimateParameters();
    }
    if (!isMoE())
        return active;
    const double expertSize =
        (gatedMlp ? 3.0 : 2.0) * (expertHiddenSize > 0 ? expertHiddenSize : hiddenSize) *
        double(moeIntermediateSize > 0 ? moeIntermediateSize : intermediateSize);
    return active - moeLayers() * double(experts - expertsPerToken) * expertSize;
}

double ModelSpec::parameters() const
{
    return totalParameters > 0 ? totalParameters : estimateParameters();
}

double ModelSpec::parametersActive() const
{
    if (activeParameters > 0)
        return activeParameters;
    if (!isMoE() && mtpLayers == 0)
        return parameters();
    // Keep the given total consistent: the inactive part is what the estimate says.
    return std::max(0.0, parameters() - (estimateParameters() - estimateActiveParameters()));
}

ParameterParts ModelSpec::parameterParts() const
{
    ParameterParts parts = estimateParts();
    const double estimate = parts.total();
    const double total = totalParameters > 0 ? totalParameters : estimate;
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

} // namespace kvl
