#pragma once

#include "input_limits.h"
#include "layer_type.h"
#include "precision.h"
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kvl {

// Parameters by part, for checkpoints whose parts are stored at different precisions.
struct ParameterParts
{
    double embeddings = 0;    // token embeddings and an untied lm_head
    double routedExperts = 0; // every routed expert of every MoE layer
    double rest = 0;          // attention or mixer, dense MLPs, shared experts, routers, norms
    double total() const { return embeddings + routedExperts + rest; }
};

// A layer type of the model and how many layers have it.
struct LayerTypeCount
{
    LayerType type;
    int layers = 0;
};
// A model has a handful of distinct layer types: kept inline, since every evaluation walks them.
using LayerTypeCounts = QVarLengthArray<LayerTypeCount, 4>;

// An architecture, as far as memory traffic is concerned.
struct ModelSpec
{
    QString id;        // "llama-3.1-70b"; empty or "custom" once edited
    QString name;      // "Llama 3.1 70B"
    QString source;    // where the numbers come from
    QStringList notes; // what an import assumed or left out, shown with the model

    int layers = 0;
    int queryHeads = 0;
    int kvHeads = 0; // the main attention shape; a LayerType may have its own
    int headDim = 0;
    int hiddenSize = 0;
    int intermediateSize = 0;
    int vocabSize = 0;
    bool tieWordEmbeddings = false;
    bool gatedMlp = true; // gate, up, down (SwiGLU); false: up, down (GPT-2, GPT-J, Falcon)

    // Mixture of experts (0 experts = dense). MoE layers: those at or past firstDenseLayers
    // with layer % expertLayerPeriod == expertLayerOffset.
    int experts = 0;
    int expertsPerToken = 0;
    int sharedExperts = 0;
    int moeIntermediateSize = 0;
    int expertHiddenSize = 0; // routed experts' width when they work in a latent; 0 = hiddenSize
    int firstDenseLayers = 0;
    int expertLayerPeriod = 1;
    int expertLayerOffset = 0;

    // Multi-head latent attention (headDim is then v_head_dim).
    int kvLoraRank = 0;
    int qkRopeHeadDim = 0;
    int qLoraRank = 0;     // for the parameter estimate only
    int qkNopeHeadDim = 0; // K head size = qkNopeHeadDim + qkRopeHeadDim

    // Sliding-window layers.
    qint64 window = 0;
    qint64 sinkTokens = 0;
    // Chunked-attention layers.
    qint64 chunkSize = 0;

    // DeepSeek Sparse Attention (DSA) layers: an indexer of indexHeads × indexHeadDim scores
    // every cached index key, and attention reads the indexTopK best latents.
    int indexHeads = 0;
    int indexHeadDim = 0;
    qint64 indexTopK = 0;

    // Cross-attention layers (Llama 3.2 Vision) hold K and V of this many image tokens.
    qint64 imageTokens = 0;

    // Linear-attention layers (Gated DeltaNet, KDA, lightning attention): state of v heads ×
    // k dim × v dim, plus a convolution over q, k and v of linearConvKernel taps (0: none).
    int linearKeyHeads = 0;
    int linearValueHeads = 0;
    int linearKeyHeadDim = 0;
    int linearValueHeadDim = 0;
    int linearConvKernel = 0;

    // State-space layers (Mamba 1 with groups 0, Mamba 2 otherwise).
    int mambaInner = 0; // d_inner = expand × hidden
    int mambaState = 0; // d_state
    int mambaConv = 0;  // d_conv
    int mambaGroups = 0;
    // Short-convolution layers (LFM2): (shortConvKernel − 1) taps over shortConvDim channels.
    int shortConvDim = 0;
    int shortConvKernel = 0;
    // Fixed states are kept as the serving engine keeps them, not at the KV precision: the
    // recurrent (SSM, delta-rule) state at statePrecision, convolution states at
    // convStatePrecision.
    Precision statePrecision = Precision::of(NumberFormat::BF16);
    Precision convStatePrecision = Precision::of(NumberFormat::BF16);

    // Multi-token-prediction layers (num_nextn_predict_layers): their weights always count,
    // their cache only while speculative decoding uses them.
    int mtpLayers = 0;
    // Distinct shared blocks behind the LayerType::sharedBlock layers (Zamba2's num_mem_blocks).
    int sharedBlocks = 0;

    // Repeats over the layers: {Full} for Llama, {SlidingWindow} for Mistral v0.1,
    // {SlidingWindow, Full} for Gemma 2, an explicit list when layers differ (layer_types,
    // hybrid patterns, NAS blocks).
    QList<LayerType> layerPattern = {AttentionKind::Full};

    // Published counts; 0 = estimate from the shape (estimateParameters).
    double totalParameters = 0;
    double activeParameters = 0;

    // The checkpoint as stored: linear layers at nativePrecision, routed experts and
    // embeddings at their own precision when set (MXFP4 experts, 16-bit embeddings).
    Precision nativePrecision = Precision::of(NumberFormat::BF16);
    std::optional<Precision> expertPrecision;
    std::optional<Precision> embeddingPrecision;

    const LayerType &layerType(int layer) const;
    AttentionKind layerKind(int layer) const { return layerType(layer).kind; }
    int layerCount(AttentionKind kind) const;
    bool hasKind(AttentionKind kind) const { return layerCount(kind) > 0; }
    // Distinct layer types in order of first appearance, with how many layers have each; with
    // `withMtp` the multi-token-prediction layers count as layers of mtpLayerType().
    LayerTypeCounts layerTypeCounts(bool withMtp = false) const;
    // The same, grouped by what sizes a cache (LayerType::cacheShape): what the per-layer rule
    // is applied to, once per group.
    LayerTypeCounts cacheTypeCounts(bool withMtp = false) const;
    // The type a multi-token-prediction layer has: the model's last attention layer's.
    LayerType mtpLayerType() const;
    // The same model with trained sparse attention made dense: DSA layers as the MLA they were
    // trained from, no indexer.
    ModelSpec denseTwin() const;
    bool isMoE() const { return experts > 0; }
    bool isMoELayer(int layer) const;
    int moeLayers() const;
    bool parametersEstimated() const { return totalParameters <= 0; }

    // The one per-layer rule: what one layer of type `t` keeps and reads for one sequence on
    // one GPU of `gpus` under tensor parallelism. K and V split over KV heads, replicated past
    // one head per GPU; an MLA latent and a DSA index key whole on every rank; a fixed state
    // split over its heads. Held terms are what memory keeps, read terms what a decode step
    // streams (with its attention FLOP); the prefill terms give FLOP per query-key pair and the
    // most keys a query sees. Everything that sizes or times a cache goes through this.
    LayerCache layerCache(const LayerType &t, int gpus = 1) const;
    // Prefill FLOP per query-key pair of one layer of type `t`, one GPU, with the keys a query
    // sees capped at `cap` (0: all); a fixed-state layer gives nothing here (its prefill is
    // linear in the tokens: LayerCache::stateFlop per token).
    QVarLengthArray<CacheTerm, 2> prefillTerms(const LayerType &t, int gpus = 1) const;
    // KV heads one layer of type `t` holds on one GPU of `gpus`: at least one.
    int kvHeadsPerGpu(const LayerType &t, int gpus) const;
    int kvHeadsPerGpu(int gpus) const { return kvHeadsPerGpu(LayerType(), gpus); }
    // The KV heads and K and V head sizes of a layer of type `t`.
    int kvHeadsOf(const LayerType &t) const { return t.kvHeads > 0 ? t.kvHeads : kvHeads; }
    int keyDimOf(const LayerType &t) const { return t.headDim > 0 ? t.headDim : headDim; }
    int valueDimOf(const LayerType &t) const
    {
        return t.valueHeadDim > 0 ? t.valueHeadDim : keyDimOf(t);
    }
    qint64 windowOf(const LayerType &t) const { return t.window > 0 ? t.window : window; }
    // Size of one K head: qk_nope + qk_rope for MLA, headDim otherwise.
    int keyHeadDim() const;
    // Bytes of one DSA index key as vLLM and SGLang cache it: indexHeadDim fp8 values and one
    // fp32 scale per 128 of them (132 B for 128).
    qint64 indexKeyBytes() const;

    // Parameters, given or estimated.
    double parameters() const;
    double parametersActive() const;
    // Embeddings + attention or mixer + MLP (× experts) + norms + lm_head unless tied.
    double estimateParameters() const { return estimateParts().total(); }
    double estimateActiveParameters() const;
    ParameterParts estimateParts() const;
    double mlpParameters(double intermediate) const; // one MLP or expert
    // The parts scaled so they add up to parameters() (a published total).
    ParameterParts parameterParts() const;

    // The same model with kv heads = query heads (MHA) or 1 (MQA) on every attention layer;
    // latent layers become full attention with the K head size; fixed-state layers stay.
    ModelSpec withKvHeads(int kvHeads) const;
    // One of this model's layer types as withKvHeads(heads) has it, with `heads` written into
    // the type: the model itself answers for the variant (layerCache) without a copy of it.
    LayerType kvHeadsEquivalent(LayerType t, int heads) const;
    ModelSpec mhaEquivalent() const { return withKvHeads(queryHeads); }
    ModelSpec mqaEquivalent() const { return withKvHeads(1); }

    QString validate() const; // empty when usable; otherwise names the field
    friend bool operator==(const ModelSpec &, const ModelSpec &) = default;
    QString attentionSummary() const; // "GQA 64:8", "MLA 512+64", "window 4096 on 21/42 layers"

private:
    double mixerParameters(const LayerType &t) const;
};

} // namespace kvl
