#pragma once

#include "input_limits.h"
#include "precision.h"
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace kvl {

// The mixer of one layer: what it keeps per sequence and how that grows with the context.
enum class AttentionKind
{
    Full,          // MHA, GQA or MQA over the whole context
    SlidingWindow, // holds at most window + sink tokens
    Latent,        // MLA: one compressed latent per token shared by all heads
    Chunked,       // Llama 4 local attention: at most one chunk of chunkSize tokens
    Linear,        // linear attention (Gated DeltaNet): a fixed state, no per-token cache
    StateSpace,    // Mamba / SSM: a fixed state, no per-token cache
};

inline constexpr AttentionKind kAllKinds[] = {
    AttentionKind::Full,    AttentionKind::SlidingWindow, AttentionKind::Latent,
    AttentionKind::Chunked, AttentionKind::Linear,        AttentionKind::StateSpace,
};

// Kinds that cache K and V per token, split over KV heads.
bool hasKvHeads(AttentionKind kind);
// Kinds whose memory is a fixed state per sequence rather than a per-token cache.
bool hasFixedState(AttentionKind kind);
QString kindKey(AttentionKind kind); // "full", "window", "latent", "chunked", "linear", "mamba"
std::optional<AttentionKind> kindFromKey(const QString &key);

// Parameters by part, for checkpoints whose parts are stored at different precisions.
struct ParameterParts
{
    double embeddings = 0;    // token embeddings and an untied lm_head
    double routedExperts = 0; // every routed expert of every MoE layer
    double rest = 0;          // attention or mixer, dense MLPs, shared experts, routers, norms
    double total() const { return embeddings + routedExperts + rest; }
};

// An architecture, as far as memory traffic is concerned.
struct ModelSpec
{
    QString id;        // "llama-3.1-70b"; empty or "custom" once edited
    QString name;      // "Llama 3.1 70B"
    QString source;    // where the numbers come from
    QStringList notes; // what an import assumed or left out, shown with the model

    int layers = 0;
    int queryHeads = 0;
    int kvHeads = 0; // ignored by Latent layers
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

    // Linear-attention layers (Gated DeltaNet): state of v heads × k dim × v dim, plus a
    // convolution over q, k and v of linearConvKernel taps.
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
    // Fixed states are kept at the model's dtype: an fp8 KV cache setting does not apply to them.
    Precision statePrecision = Precision::of(NumberFormat::BF16);

    // Repeats over the layers: {Full} for Llama, {SlidingWindow} for Mistral v0.1,
    // {SlidingWindow, Full} for Gemma 2, an explicit list when a config gives `layer_types`.
    QList<AttentionKind> layerPattern = {AttentionKind::Full};

    // Published counts; 0 = estimate from the shape (estimateParameters).
    double totalParameters = 0;
    double activeParameters = 0;

    // The checkpoint as stored: linear layers at nativePrecision, routed experts and
    // embeddings at their own precision when set (MXFP4 experts, 16-bit embeddings).
    Precision nativePrecision = Precision::of(NumberFormat::BF16);
    std::optional<Precision> expertPrecision;
    std::optional<Precision> embeddingPrecision;

    AttentionKind layerKind(int layer) const;
    int layerCount(AttentionKind kind) const;
    bool hasKind(AttentionKind kind) const { return layerCount(kind) > 0; }
    bool isMoE() const { return experts > 0; }
    bool isMoELayer(int layer) const;
    int moeLayers() const;
    bool parametersEstimated() const { return totalParameters <= 0; }

    // The one per-layer rule. KV elements one token adds to one layer of `kind` on one GPU of
    // `gpus` (heads split, replicated past one per GPU; an MLA latent on every rank); 0 for
    // fixed-state kinds.
    qint64 kvElementsPerTokenLayer(AttentionKind kind, int gpus = 1) const;
    // Fixed state elements of one layer and sequence on one GPU of `gpus`; 0 for caches.
    qint64 stateElementsLayer(AttentionKind kind, int gpus = 1) const;
    // Tokens a layer of this kind holds (and a decode step reads) at context `context`.
    qint64 tokensHeld(AttentionKind kind, qint64 context) const;
    // The most tokens a layer of this kind holds; 0 when it grows with the context.
    qint64 tokenCap(AttentionKind kind) const;
    // Decode attention FLOP per held token in one layer of `kind`, one sequence, one GPU:
    // QK^T and AV for that GPU's query heads.
    double attentionFlopPerTokenLayer(AttentionKind kind, int gpus = 1) const;
    // Prefill FLOP per query-key pair in one layer of `kind`, one GPU: QK^T and PV at the
    // layer's head sizes for that GPU's query heads. MLA prefills un-absorbed, as vLLM does:
    // K heads of qk_nope + qk_rope, V heads of v_head_dim. 0 for fixed-state kinds (their
    // prefill is linear in the tokens: stateFlopLayer per token).
    double prefillFlopPerPairLayer(AttentionKind kind, int gpus = 1) const;
    // Decode FLOP of one fixed-state layer per sequence and step, one GPU: the state is read,
    // updated and applied once (2 FLOP per element each way).
    double stateFlopLayer(AttentionKind kind, int gpus = 1) const;
    // KV heads one GPU holds under tensor parallelism over `gpus`: at least one.
    int kvHeadsPerGpu(int gpus) const;
    // Size of one K head: qk_nope + qk_rope for MLA, headDim otherwise.
    int keyHeadDim() const;

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

    // The same model with kv heads = query heads (MHA) or 1 (MQA); latent layers become full
    // attention with the K head size; fixed-state layers stay.
    ModelSpec withKvHeads(int kvHeads) const;
    ModelSpec mhaEquivalent() const { return withKvHeads(queryHeads); }
    ModelSpec mqaEquivalent() const { return withKvHeads(1); }

    QString validate() const; // empty when usable; otherwise names the field
    friend bool operator==(const ModelSpec &, const ModelSpec &) = default;
    QString attentionSummary() const; // "GQA 64:8", "MLA 512+64", "window 4096 on 21/42 layers"
};

} // namespace kvl
