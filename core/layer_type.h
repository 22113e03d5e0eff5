#pragma once

#include "precision.h"
#include <QString>
#include <QVarLengthArray>
#include <optional>

namespace kvl {

// The token mixer of one layer: what it keeps per sequence and how that grows with the context.
enum class AttentionKind
{
    Full,           // MHA, GQA or MQA over the whole context
    SlidingWindow,  // holds at most window + sink tokens
    Latent,         // MLA: one compressed latent per token shared by all heads
    Chunked,        // Llama 4 local attention: at most one chunk of chunkSize tokens
    Linear,         // linear attention (Gated DeltaNet, KDA, lightning): a fixed state
    StateSpace,     // Mamba / SSM: a fixed state, no per-token cache
    SparseLatent,   // DSA: an MLA latent and an indexer key per token; reads top-k latents
    ShortConv,      // LFM2's gated short convolution: a fixed convolution state
    CrossAttention, // Llama 3.2 Vision: K and V of the image tokens, not of the text
    NoMixer,        // an MLP-only or MoE-only block, or a NAS block whose attention is gone
};

inline constexpr AttentionKind kAllKinds[] = {
    AttentionKind::Full,         AttentionKind::SlidingWindow, AttentionKind::Latent,
    AttentionKind::Chunked,      AttentionKind::Linear,        AttentionKind::StateSpace,
    AttentionKind::SparseLatent, AttentionKind::ShortConv,     AttentionKind::CrossAttention,
    AttentionKind::NoMixer,
};

// Kinds that cache K and V per token, split over KV heads.
bool hasKvHeads(AttentionKind kind);
// Kinds whose memory is a fixed state per sequence rather than a per-token cache.
bool hasFixedState(AttentionKind kind);
// Kinds that keep one latent per token (MLA, DSA).
bool isLatent(AttentionKind kind);
// "full", "window", "latent", "chunked", "linear", "mamba", "dsa", "conv", "cross", "none"
QString kindKey(AttentionKind kind);
std::optional<AttentionKind> kindFromKey(const QString &key);

// The feed-forward block of a layer.
enum class FfnKind
{
    Auto,   // the model's rule: MoE on the layers its placement fields name, dense elsewhere
    Dense,  // one MLP of the layer's size
    Moe,    // the routed experts (and any shared ones)
    None,   // no feed-forward block (Nemotron-H mixer-only blocks, NAS no-op FFN)
    Linear, // one hidden × hidden matrix (NAS replace_with_linear)
};
QString ffnKey(FfnKind ffn); // "auto", "dense", "moe", "none", "linear"
std::optional<FfnKind> ffnFromKey(const QString &key);

// One kind of layer of a model, with any shape of its own. Fields at 0 follow the model's main
// shape (ModelSpec::kvHeads, headDim, window), which the sliders edit.
struct LayerType
{
    AttentionKind kind = AttentionKind::Full;
    int kvHeads = 0;      // KV heads of this layer (MiMo-V2-Flash SWA layers, NAS blocks)
    int headDim = 0;      // K head size
    int valueHeadDim = 0; // V head size when it differs from K (MiMo-V2-Flash); 0 = headDim
    qint64 window = 0;    // sliding layers
    // A Mamba mixer beside this layer's attention (Falcon-H1 every layer, Zamba2's hybrid
    // layers): its fixed state comes on top of the KV cache.
    bool mambaBeside = false;
    // Reads the cache of an earlier layer of the same shape and holds none of its own
    // (Gemma 3n / Gemma 4 num_kv_shared_layers, the YOCO cross-decoder).
    bool sharesCache = false;
    // The mixer is one hidden × hidden matrix (NAS replace_with_linear); it holds nothing.
    bool linearMixer = false;
    FfnKind ffn = FfnKind::Auto;
    int ffnSize = 0; // a dense FFN's intermediate size; 0 = the model's
    // The attention and MLP weights belong to one of the model's shared blocks, applied at
    // several depths (Zamba2); each application still keeps its own cache.
    bool sharedBlock = false;

    LayerType() = default;
    LayerType(AttentionKind k) : kind(k) {} // NOLINT(google-explicit-constructor): a plain kind
    // Only the kind: nothing of its own beyond the model's main shape.
    bool isPlain() const { return *this == LayerType(kind); }
    // The fields that size and time its cache and state; the rest (its FFN, its weights) reset.
    LayerType cacheShape() const
    {
        LayerType t(kind);
        t.kvHeads = kvHeads;
        t.headDim = headDim;
        t.valueHeadDim = valueHeadDim;
        t.window = window;
        t.mambaBeside = mambaBeside;
        t.sharesCache = sharesCache;
        return t;
    }
    friend bool operator==(const LayerType &, const LayerType &) = default;
};

// One part of what a layer caches or reads for one sequence: `count(L)` tokens of
// `bytes(kv)` each. A layer reads every token it holds unless its kind says otherwise (DSA).
struct CacheTerm
{
    qint64 elements = 0;   // per token, at the KV precision
    qint64 fixedBytes = 0; // per token, in a format of its own (DSA's fp8 index key + fp32 scale)
    double flop = 0;       // decode FLOP per token read (reads only)
    qint64 cap = 0;        // count(L) = min(L, cap); 0: L
    qint64 tokens = 0;     // > 0: a fixed count whatever the context (image tokens)
    // > 0: a DSA latent with this many RoPE elements. At fp8 vLLM and SGLang store it as
    // "fp8_ds_mla": the rest in fp8 with one fp32 scale per 128, the RoPE part in bf16.
    qint64 dsRopeElements = 0;

    qint64 bytes(const Precision &kv) const;
    qint64 count(qint64 context) const
    {
        if (tokens > 0)
            return tokens;
        return cap > 0 && cap < context ? cap : context;
    }
    friend bool operator==(const CacheTerm &, const CacheTerm &) = default;
};

// What one layer keeps and reads for one sequence on one GPU.
struct LayerCache
{
    QVarLengthArray<CacheTerm, 2> held; // what memory keeps
    QVarLengthArray<CacheTerm, 2> read; // what one decode step streams
    qint64 stateBytes = 0;              // a fixed state: kept, and read every step
    double stateFlop = 0;               // its decode FLOP per step

    // Growing (not fixed-count) bytes one held token adds, at `kv`.
    qint64 heldBytesPerToken(const Precision &kv) const;
    double heldBytes(const Precision &kv, qint64 context) const;
    double readBytes(const Precision &kv, qint64 context) const;
    double readFlop(qint64 context) const;
};

} // namespace kvl
