#pragma once

#include "precision.h"
#include <QList>
#include <QString>

namespace kvl {

enum class AttentionKind {
    Full,          // MHA, GQA or MQA over the whole context
    SlidingWindow, // holds at most window + sink tokens
    Latent,        // MLA: one compressed latent per token shared by all heads
};

struct LayerAttention
{
    AttentionKind kind = AttentionKind::Full;
    friend bool operator==(const LayerAttention &, const LayerAttention &) = default;
};

// An architecture, as far as memory traffic is concerned.
struct ModelSpec
{
    QString id;     // "llama-3.1-70b"; empty or "custom" once edited
    QString name;   // "Llama 3.1 70B"
    QString source; // where the numbers come from

    int layers = 0;
    int queryHeads = 0;
    int kvHeads = 0; // ignored by Latent layers
    int headDim = 0;
    int hiddenSize = 0;
    int intermediateSize = 0;
    int vocabSize = 0;
    bool tieWordEmbeddings = false;

    // Mixture of experts (0 experts = dense).
    int experts = 0;
    int expertsPerToken = 0;
    int sharedExperts = 0;
    int moeIntermediateSize = 0;
    int firstDenseLayers = 0;

    // Multi-head latent attention (headDim is then v_head_dim).
    int kvLoraRank = 0;
    int qkRopeHeadDim = 0;
    int qLoraRank = 0;     // for the parameter estimate only
    int qkNopeHeadDim = 0; // for the parameter estimate only

    // Sliding-window layers.
    qint64 window = 0;
    qint64 sinkTokens = 0;

    // Repeats over the layers: {Full} for Llama, {SlidingWindow} for Mistral v0.1,
    // {SlidingWindow, Full} for Gemma 2, an explicit list when a config gives `layer_types`.
    QList<AttentionKind> layerPattern = {AttentionKind::Full};

    // 0 = estimate from the shape (estimateParameters).
    double totalParameters = 0;
    double activeParameters = 0;

    Precision nativePrecision = Precision::of(NumberFormat::BF16);

    AttentionKind layerKind(int layer) const;
    int layerCount(AttentionKind kind) const;
    bool hasKind(AttentionKind kind) const { return layerCount(kind) > 0; }
    bool isMoE() const { return experts > 0; }

    // Elements cached per token in one layer of the given kind (K and V; the latent for MLA).
    qint64 kvElementsPerTokenLayer(AttentionKind kind) const;
    // Tokens a layer of this kind holds at context length `context`.
    qint64 tokensHeld(AttentionKind kind, qint64 context) const;

    // Parameters, given or estimated.
    double parameters() const;
    double parametersActive() const;
    // Embeddings + attention + MLP (× experts) + norms + lm_head unless tied.
    double estimateParameters() const;
    double estimateActiveParameters() const;

    // The same model with kv heads = query heads (MHA) or 1 (MQA); latent layers become full.
    ModelSpec withKvHeads(int kvHeads) const;
    ModelSpec mhaEquivalent() const { return withKvHeads(queryHeads); }
    ModelSpec mqaEquivalent() const { return withKvHeads(1); }

    QString validate() const; // empty when usable; otherwise names the field
    friend bool operator==(const ModelSpec &, const ModelSpec &) = default;
    QString attentionSummary() const; // "GQA 64/8", "MLA 512+64", "SWA 4096 / global"
};

// Ranges the UI offers; validation accepts exactly these.
namespace limits {
inline constexpr int maxLayers = 256;
inline constexpr int maxHeads = 1024;
inline constexpr int maxHeadDim = 4096;
inline constexpr qint64 maxContext = 100'000'000;
inline constexpr int maxBatch = 1024;
inline constexpr int maxGpus = 1024;
} // namespace limits

} // namespace kvl
