#pragma once

#include "scenario.h"
#include "step_model.h"
#include <QList>
#include <QPointF>
#include <QString>
#include <optional>
#include <variant>

namespace kvl {

// A number of tokens, absolute or as a share of the context (H2O keeps 20% of it).
struct TokenCount
{
    qint64 tokens = 0;
    double share = 0; // used when tokens == 0
    qint64 at(qint64 context) const;
    QString spec() const; // "2048", "20%"
    friend bool operator==(const TokenCount &, const TokenCount &) = default;
};

// S sink tokens + the last W tokens (StreamingLLM) on a share of the layers; the rest keep all.
struct WindowPolicy
{
    qint64 window = 0;
    qint64 sinks = 0;
    double layerShare = 1; // round(share × layers of each kind) are windowed
    friend bool operator==(const WindowPolicy &, const WindowPolicy &) = default;
};

// Each layer keeps `budget` tokens chosen by attention score (H2O, SnapKV), `recent` of them
// the newest; everything else is evicted.
struct BudgetPolicy
{
    TokenCount budget;
    TokenCount recent;
    friend bool operator==(const BudgetPolicy &, const BudgetPolicy &) = default;
};

// A share of KV heads keeps the whole cache (retrieval heads), the others keep sinks + window
// (streaming heads): DuoAttention. Latent (MLA) layers have no separate heads and stay whole.
struct HeadsPolicy
{
    double retrievalShare = 0.5; // round(share × heads of each kind) are retrieval heads
    qint64 sinks = 64;
    qint64 window = 256;
    friend bool operator==(const HeadsPolicy &, const HeadsPolicy &) = default;
};

// The cache stays whole; a step reads `topK` blocks of `blockSize` tokens, scoring
// `summaryKeys` stored keys per block to choose them (Quest: min and max, 2; MoBA: the mean, 1).
// NSA adds compressed tokens (K and V, one per `compressStride` tokens, each covering
// `compressBlock`) and a sliding window of `window` tokens. The first `denseLayers` read all.
struct SparsePolicy
{
    qint64 topK = 0;
    qint64 blockSize = 0;
    int summaryKeys = 1;
    qint64 window = 0;
    qint64 compressStride = 0; // 0 = no compressed tokens
    qint64 compressBlock = 0;
    int denseLayers = 0;
    friend bool operator==(const SparsePolicy &, const SparsePolicy &) = default;
};

// The model's own trained sparse attention turned off: every layer reads every token it holds,
// as the dense model it was trained from does (DeepSeek-V3.2's DSA as V3.1's MLA, no indexer).
// The reference that sparse attention's saving is measured against.
struct DenseReads
{
    friend bool operator==(const DenseReads &, const DenseReads &) = default;
};

using TokenPolicy =
    std::variant<std::monostate, WindowPolicy, BudgetPolicy, HeadsPolicy, SparsePolicy, DenseReads>;

// Storage precision of the cache: one format for every token, or the newest `recentTokens` and
// the first `sinkTokens` at `recent` (the scenario's KV precision when unset) and the older ones
// between them at `older` (KIVI; the seed's "quantization + conservative windows").
struct PrecisionPolicy
{
    Precision older;
    qint64 recentTokens = 0;
    qint64 sinkTokens = 0; // with recentTokens: the first tokens stay at `recent` too
    std::optional<Precision> recent;
    friend bool operator==(const PrecisionPolicy &, const PrecisionPolicy &) = default;
};

// A way to cut the KV bytes a cache holds or a step reads: an optional token policy stacked
// with an optional precision.
struct KvStrategy
{
    TokenPolicy tokens;
    std::optional<PrecisionPolicy> precision;
    QString name;     // the preset's name, or empty
    QString citation; // where the preset's settings come from

    bool isBaseline() const;
    bool dropsTokens() const; // window, budget or heads: tokens leave the cache
    QString spec() const;     // parseable: "window:4096,sinks:4+fp8"
    QString label() const;    // name, or a readable form of the spec

    // "fp8", "dense", "window:4096,sinks:4,layers:0.5", "budget:2048,recent:32", "budget:20%",
    // "duo:0.5,sinks:64,window:256", "sparse:k=16,block=64[,summary=2,window=512,compress=16,
    // compress-block=32,dense=2]", "recent:128@fp16[,sinks=4],old=int4[,scale-bits=32]", a preset
    // id, parts joined by '+' (one token policy, one precision). nullopt and *error otherwise.
    static std::optional<KvStrategy> parse(const QString &text, QString *error = nullptr);
    friend bool operator==(const KvStrategy &, const KvStrategy &) = default;
};

// What a strategy costs and keeps at one context. Bytes are SI base units, whole model.
struct StrategyResult
{
    QString name;
    QString spec;
    qint64 context = 0;
    double heldBytes = 0;        // KV the cache holds, whole batch (summaries included)
    double readBytesPerStep = 0; // KV one decode step reads, whole batch
    double heldBytesPerGpu = 0;  // tensor parallel over scenario.gpus, heads replicated
    double readBytesPerGpu = 0;
    double secondsPerToken = 0;   // StepModel's max(memory, compute), weights included
    double kvSecondsPerToken = 0; // the KV read alone
    bool memoryBound = true;
    qint64 gpusToFit = 0;          // ceil((weights + held) / usable per GPU), pooled
    qint64 tokensHeldPerLayer = 0; // the fewest tokens any layer or head keeps
    double meanTokensHeld = 0;     // averaged over layers and heads
    // Every token from this position to the newest is readable on every layer and head (sinks
    // aside); 0 when nothing is lost, the context when no token is sure to stay.
    qint64 oldestReadableToken = 0;
    bool losesTokens = false;
    QString lossNote; // what is gone, in words
};

// A strategy on one scenario, built once and evaluated at any context (for sweeps).
// The scenario must be valid (Scenario::validate()).
class StrategyModel
{
public:
    StrategyModel(const Scenario &s, const KvStrategy &k);
    StrategyResult at(qint64 context) const;
    // at() without the words (name, spec, lossNote): a curve's points need only the figures.
    StrategyResult figuresAt(qint64 context) const;

private:
    // Bytes per token and layer of one part of one layer type's cache (DSA: its latents, its
    // index keys), at the recent and older precisions.
    struct KindCost
    {
        LayerType type;
        int layers = 0;
        double recent = 0, older = 0;       // whole model
        double recentGpu = 0, olderGpu = 0; // one GPU, heads split and replicated
        double flopGpu = 0;                 // attention FLOP per token read, one GPU
        double keyShare = 0.5;              // a stored key: half a token's K and V, or a latent
        CacheTerm held;                     // the model's own caps on what it keeps
        CacheTerm read;                     // and on what a step reads (DSA's top-k)
        bool holds = true;                  // false: the layer reads a cache another one holds
        bool firstPart = true;              // counts the layers (DSA's index keys: not again)
    };
    struct Slice;
    QList<Slice> slices(qint64 context) const;
    StrategyResult figures(qint64 context, const QList<Slice> &slices) const;
    QString lossNote(qint64 context, const QList<Slice> &slices, bool loses) const;
    double bytes(const Slice &slice, bool perGpu, bool read) const;

    Scenario m_scenario;
    KvStrategy m_strategy;
    StepModel m_step;
    QList<KindCost> m_kinds;
    qint64 m_recentTokens = 0; // the newest tokens at the recent precision
    qint64 m_sinkTokens = 0;   // and the first ones
    double m_fixedBytes = 0;   // weights and fixed states
    double m_usableBytesPerGpu = 0;
};

StrategyResult evaluateStrategy(const Scenario &s, const KvStrategy &k);

// "Dense attention" (DenseReads) when the model's attention reads less than it holds (DSA), so a
// comparison can show what its sparse reads save; nullopt for a model that reads what it holds.
std::optional<KvStrategy> denseReference(const ModelSpec &m);

enum class StrategyQuantity
{
    HeldBytes,
    ReadBytesPerStep,
    SecondsPerToken,
    GpusToFit
};
// quantity(context) for one strategy: windows flatten, budgets cap, sparse reads grow slowly.
QList<QPointF> sweepStrategy(const Scenario &s, const KvStrategy &k, StrategyQuantity q,
                             const QList<qint64> &contexts);

} // namespace kvl
