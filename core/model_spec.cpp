#include "model_spec.h"

#include <algorithm>

namespace kvl {

namespace {
qint64 ceilDiv(qint64 a, qint64 b)
{
    return (a + b - 1) / b;
}

// Heads one GPU of `gpus` holds: split, but at least one (replicated past one per GPU).
qint64 perGpu(qint64 heads, int gpus)
{
    return std::max<qint64>(1, ceilDiv(heads, std::max(1, gpus)));
}

struct StateElements
{
    qint64 recurrent = 0; // kept at ModelSpec::statePrecision
    qint64 conv = 0;      // kept at ModelSpec::convStatePrecision
};

// The state shapes of vLLM's MambaStateShapeCalculator
// (vllm/model_executor/layers/mamba/mamba_utils.py at 02d71083), on one GPU of `n`.
StateElements linearStateOf(const ModelSpec &m, int n)
{
    // Gated DeltaNet and KDA: (v heads / tp, k dim, v dim) recurrent, and (conv − 1) taps over
    // the q, k and v channels (2 × k heads × k dim + v heads × v dim); lightning attention has
    // no convolution.
    const qint64 vHeads = perGpu(m.linearValueHeads, n);
    const qint64 kHeads = perGpu(m.linearKeyHeads, n);
    const qint64 channels = 2 * kHeads * m.linearKeyHeadDim + vHeads * m.linearValueHeadDim;
    return {vHeads * m.linearKeyHeadDim * m.linearValueHeadDim,
            qint64(std::max(0, m.linearConvKernel - 1)) * channels};
}

StateElements mambaStateOf(const ModelSpec &m, int n)
{
    // Mamba: (d_inner / tp, d_state) recurrent and (d_conv − 1) taps over d_inner channels;
    // Mamba 2 also convolves B and C (2 × groups × d_state), groups replicated to one per GPU
    // when the TP degree does not divide them (extra_groups_for_head_shards).
    const qint64 inner = ceilDiv(m.mambaInner, std::max(1, n));
    const qint64 groups = m.mambaGroups <= 0 ? 0 : m.mambaGroups % n == 0 ? m.mambaGroups / n : 1;
    return {inner * m.mambaState,
            qint64(std::max(0, m.mambaConv - 1)) * (inner + 2 * groups * m.mambaState)};
}

StateElements shortConvStateOf(const ModelSpec &m, int n)
{
    // LFM2: short_conv_state_shape, (L_cache − 1) taps over conv_dim / tp channels.
    return {0, qint64(std::max(0, m.shortConvKernel - 1)) * ceilDiv(m.shortConvDim, n)};
}

} // namespace

const LayerType &ModelSpec::layerType(int layer) const
{
    static const LayerType full;
    if (layerPattern.isEmpty())
        return full;
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
        if (layerPattern.at(i).kind != kind)
            continue;
        ++perPeriod;
        if (i < layers % period)
            ++inRemainder;
    }
    return layers / period * perPeriod + inRemainder;
}

LayerTypeCounts ModelSpec::layerTypeCounts(bool withMtp) const
{
    LayerTypeCounts out;
    const auto add = [&out](const LayerType &t, int n) {
        for (LayerTypeCount &c : out)
            if (c.type == t) {
                c.layers += n;
                return;
            }
        out.append(LayerTypeCount{t, n});
    };
    const int period = int(std::max<qsizetype>(1, layerPattern.size()));
    for (int i = 0; i < std::min(period, layers); ++i)
        add(layerType(i), layers / period + (i < layers % period ? 1 : 0));
    if (withMtp && mtpLayers > 0)
        add(mtpLayerType(), mtpLayers);
    return out;
}

LayerTypeCounts ModelSpec::cacheTypeCounts(bool withMtp) const
{
    LayerTypeCounts out;
    for (const LayerTypeCount &c : layerTypeCounts(withMtp)) {
        const LayerType shape = c.type.cacheShape();
        const auto it = std::find_if(out.begin(), out.end(),
                                     [&](const LayerTypeCount &o) { return o.type == shape; });
        if (it != out.end())
            it->layers += c.layers;
        else
            out.append(LayerTypeCount{shape, c.layers});
    }
    return out;
}

ModelSpec ModelSpec::denseTwin() const
{
    ModelSpec dense = *this;
    for (LayerType &t : dense.layerPattern)
        if (t.kind == AttentionKind::SparseLatent)
            t.kind = AttentionKind::Latent;
    dense.indexHeads = dense.indexHeadDim = 0;
    dense.indexTopK = 0;
    return dense;
}

LayerType ModelSpec::mtpLayerType() const
{
    LayerType found = AttentionKind::NoMixer;
    for (int i = 0; i < std::min<qsizetype>(layers, layerPattern.size()); ++i) {
        const LayerType &t = layerType(i);
        if (!t.sharesCache && (hasKvHeads(t.kind) || isLatent(t.kind)) &&
            t.kind != AttentionKind::CrossAttention)
            found = t;
    }
    found.ffn = FfnKind::Auto;
    found.ffnSize = 0;
    return found;
}

bool ModelSpec::isMoELayer(int layer) const
{
    if (!isMoE())
        return false;
    switch (layerType(layer).ffn) {
    case FfnKind::Moe:
        return true;
    case FfnKind::Dense:
    case FfnKind::None:
    case FfnKind::Linear:
        return false;
    case FfnKind::Auto:
        break;
    }
    const int period = std::max(1, expertLayerPeriod);
    return layer >= firstDenseLayers && layer % period == expertLayerOffset;
}

int ModelSpec::moeLayers() const
{
    if (!isMoE())
        return 0;
    if (std::any_of(layerPattern.begin(), layerPattern.end(),
                    [](const LayerType &t) { return t.ffn != FfnKind::Auto; })) {
        int n = 0;
        for (int i = 0; i < layers; ++i)
            n += isMoELayer(i);
        return n;
    }
    const int period = std::max(1, expertLayerPeriod);
    const int from = std::min(firstDenseLayers, layers);
    // Layers i in [from, layers) with i % period == offset.
    const auto upTo = [&](int n) {
        return n > expertLayerOffset ? (n - expertLayerOffset + period - 1) / period : 0;
    };
    return upTo(layers) - upTo(from);
}

int ModelSpec::kvHeadsPerGpu(const LayerType &t, int gpus) const
{
    // vLLM replicates KV heads once the TP degree passes the head count.
    return int(perGpu(kvHeadsOf(t), gpus));
}

int ModelSpec::keyHeadDim() const
{
    const bool latent = hasKind(AttentionKind::Latent) || hasKind(AttentionKind::SparseLatent);
    return latent && qkNopeHeadDim > 0 ? qkNopeHeadDim + qkRopeHeadDim : headDim;
}

qint64 ModelSpec::indexKeyBytes() const
{
    // vllm/model_executor/models/deepseek_v2.py at 002d6073, Indexer.__init__: a uint8 cache of
    // head_dim + head_dim // quant_block_size * 4 bytes per token (quant_block_size 128: fp8
    // values and one fp32 scale per 128); SGLang's NSATokenToKVPool
    // (python/sglang/srt/mem_cache/memory_pool.py) sizes index_k_with_scale_buffer the same.
    return qint64(indexHeadDim) + qint64(indexHeadDim) / 128 * 4;
}

LayerCache ModelSpec::layerCache(const LayerType &t, int gpus) const
{
    const int n = std::max(1, gpus);
    LayerCache c;
    const auto addState = [&](const StateElements &e) {
        c.stateBytes += statePrecision.bytesFor(e.recurrent) + convStatePrecision.bytesFor(e.conv);
        // Decay, rank-one update and readout: about 6 FLOP per state element.
        c.stateFlop += 6.0 * double(e.recurrent + e.conv);
    };
    const double q = double(queryHeads) / n;
    const auto both = [&](CacheTerm held, double flop) {
        if (!t.sharesCache)
            c.held << held;
        held.flop = flop;
        c.read << held;
    };
    switch (t.kind) {
    case AttentionKind::Full:
    case AttentionKind::SlidingWindow:
    case AttentionKind::Chunked:
    case AttentionKind::CrossAttention: {
        // K and V per KV head on this GPU: QK^T over the K size and AV over the V size.
        CacheTerm term;
        term.elements = qint64(kvHeadsPerGpu(t, n)) * (keyDimOf(t) + valueDimOf(t));
        term.cap = t.kind == AttentionKind::SlidingWindow ? windowOf(t) + sinkTokens
                   : t.kind == AttentionKind::Chunked     ? chunkSize
                                                          : 0;
        term.tokens = t.kind == AttentionKind::CrossAttention ? imageTokens : 0;
        both(term, 2.0 * q * (keyDimOf(t) + valueDimOf(t)));
        break;
    }
    case AttentionKind::Latent: {
        CacheTerm latent; // one latent of rank + rope on every rank, no factor 2
        latent.elements = qint64(kvLoraRank) + qkRopeHeadDim;
        // Absorbed: scores over rank + rope, values over rank.
        both(latent, 2.0 * q * (2.0 * kvLoraRank + qkRopeHeadDim));
        break;
    }
    case AttentionKind::SparseLatent: {
        // DSA holds a latent and an index key per token; a step scores every index key and
        // attends to the top-k latents only. The indexer is replicated on every rank.
        CacheTerm latent;
        latent.elements = qint64(kvLoraRank) + qkRopeHeadDim;
        latent.dsRopeElements = qkRopeHeadDim;
        CacheTerm index;
        index.fixedBytes = indexKeyBytes();
        if (!t.sharesCache)
            c.held << latent << index;
        index.flop = 2.0 * indexHeads * indexHeadDim;
        latent.flop = 2.0 * q * (2.0 * kvLoraRank + qkRopeHeadDim);
        latent.cap = indexTopK;
        c.read << index << latent;
        break;
    }
    case AttentionKind::Linear:
        addState(linearStateOf(*this, n));
        break;
    case AttentionKind::StateSpace:
        addState(mambaStateOf(*this, n));
        break;
    case AttentionKind::ShortConv:
        addState(shortConvStateOf(*this, n));
        break;
    case AttentionKind::NoMixer:
        break;
    }
    if (t.mambaBeside)
        addState(mambaStateOf(*this, n));
    return c;
}

QVarLengthArray<CacheTerm, 2> ModelSpec::prefillTerms(const LayerType &t, int gpus) const
{
    const int n = std::max(1, gpus);
    const double q = double(queryHeads) / n;
    QVarLengthArray<CacheTerm, 2> out;
    if (isLatent(t.kind)) {
        // MLA prefills un-absorbed, as vLLM does: K heads of qk_nope + qk_rope, V heads of
        // v_head_dim; DSA's queries see at most the top-k keys, after the indexer scored all.
        CacheTerm attention;
        attention.flop = 2.0 * q * (double(keyHeadDim()) + headDim);
        if (t.kind == AttentionKind::SparseLatent) {
            attention.cap = indexTopK;
            CacheTerm index;
            index.flop = 2.0 * indexHeads * indexHeadDim;
            out << index;
        }
        out << attention;
        return out;
    }
    // Per pair the same as a decode step per token read.
    for (CacheTerm term : layerCache(t, n).read) {
        term.elements = term.fixedBytes = 0;
        out << term;
    }
    return out;
}

} // namespace kvl
