#pragma once

#include "parallel.h"
#include "scenario.h"
#include "step_model.h"
#include <QFlags>
#include <QList>
#include <QString>
#include <optional>

namespace kvl {

// ceil(bytes / usable bytes per GPU), at least 1. Exact: the input ranges bound it far below
// 2^53 (the most bytes any valid scenario holds over the least usable memory of a valid GPU).
qint64 gpusNeeded(double bytes, double usableBytesPerGpu);

// One layer type of the model: what its layers cache per token, hold as a fixed state, and read
// in one decode step.
struct LayerKindRow
{
    AttentionKind kind = AttentionKind::Full;
    LayerType type;
    int layers = 0;
    qint64 bytesPerToken = 0; // held, all layers of the type, one sequence (0 for fixed states)
    double fixedBytes = 0;    // fixed state of all layers of the type, one sequence
    qint64 tokensHeld = 0;    // per layer at the context (0 for fixed states)
    qint64 tokensRead = 0;    // per layer, one decode step (DSA: its top-k of the latents)
    double bytes = 0;         // at the context, whole batch: cache or state
    double readBytes = 0;     // one decode step at the context, whole batch: cache and state
};

// The parts of a ledger that cost more than the rest together; a caller that reads none of a
// part's fields (a sweep of one quantity) leaves it out, and its fields stay empty.
enum class LedgerSection
{
    TpDegree = 0x1,   // tpDegree and tpNote(): the search over TP degrees
    Plan = 0x2,       // planGpus, plan and their notes: the search over parallel plans
    Prediction = 0x4, // predictedSecondsPerToken, predictionNote(): the engine's calibrated step
};
Q_DECLARE_FLAGS(LedgerSections, LedgerSection)
Q_DECLARE_OPERATORS_FOR_FLAGS(LedgerSections)
inline constexpr LedgerSections kAllSections{LedgerSection::TpDegree, LedgerSection::Plan,
                                             LedgerSection::Prediction};

// Every number the app shows for one scenario. SI base units: bytes, seconds, FLOP.
struct Ledger
{
    QList<LayerKindRow> layersByKind; // layer types present, in order of first appearance

    // Per token, one sequence, whole model (no parallelism): what memory keeps per token.
    qint64 kvBytesPerToken = 0;
    qint64 kvBytesPerTokenMha = 0;
    qint64 kvBytesPerTokenMqa = 0;
    qint64 kvBytesPerTokenUnscaled = 0; // same precision without group scales
    double gqaFactor = 0;               // MHA bytes / actual bytes

    // At the context, whole batch. kvBytes is the cache held; stateBytes the fixed states.
    double kvBytes = 0;
    // What one decode step streams of the cache at the context: whole batch, one sequence, and
    // on one GPU. Equal to what is held for full attention; less for sparse attention (DSA);
    // more where layers read a cache another layer holds.
    double kvBytesReadPerStep = 0;
    double kvBytesReadPerToken = 0;
    double stateBytes = 0;
    double weightBytes = 0;
    double weightBytesEmbeddings = 0; // the parts of weightBytes
    double weightBytesExperts = 0;
    double weightBytesRest = 0;
    double totalBytes = 0;

    // Tensor parallel over scenario.gpus, KV heads replicated past one per GPU.
    int kvHeadsPerGpu = 0;
    double kvBytesPerGpu = 0;
    double kvBytesReadPerGpu = 0;
    double stateBytesPerGpu = 0;
    double weightBytesPerGpu = 0;
    double bytesPerGpu = 0;
    double usableBytesPerGpu = 0;
    bool fits = false;          // on scenario.gpus GPUs
    bool validTpDegree = false; // scenario.gpus is a valid TP degree

    qint64 gpusToFit = 0; // ceil(total / usable per GPU), pooled memory: exact, never capped
    int tpDegree = 0; // smallest valid TP degree >= gpusToFit that fits with replication; 0 = none
    QString tpNote() const; // why tpDegree differs from gpusToFit, or why there is none

    // One decode step (every sequence emits one token) on scenario.gpus GPUs.
    double weightBytesReadPerStep = 0; // per step, whole model (MoE: experts the batch touches)
    double bytesReadPerGpu = 0;
    double memorySeconds = 0;
    double computeSeconds = 0;
    double secondsPerToken = 0;      // max(memory, compute)
    double kvSecondsPerToken = 0;    // KV read alone, as the seed states it
    double stateSecondsPerToken = 0; // reading the fixed states
    double weightSecondsPerToken = 0;
    bool memoryBound = true;
    double tokensPerSecond = 0;          // per sequence
    double aggregateTokensPerSecond = 0; // whole batch

    // USD for a million tokens of the batch at this step time: GPUs × price per GPU-hour / 3600
    // / aggregate tokens per second × 10^6.
    double costPerMillionOutputTokens = 0;

    double responseSeconds = 0;     // responseTokens from the context, cache growing
    double responseKvSeconds = 0;   // the KV streaming part of it
    double conversationSeconds = 0; // every token from 0 to the context

    // With an engine chosen: the calibrated time per token (core/engine_prediction), 0 without.
    double predictedSecondsPerToken = 0;
    bool predicted = false; // the engine has constants for the GPU: predictedSecondsPerToken
    QString engine;         // the scenario's engine id, "" for none
    QString fittedTo;       // what its constants were fitted to
    QString predictionNote() const; // the engine and its fit, or why there is no prediction

    // The smallest parallel plan that holds the scenario (core/parallel) and why.
    int planGpus = 0;          // 0: none holds it
    ParallelPlan plan;         // where planGpus > 0
    QString planLabel() const; // "TP 8 × CP 4"
    QString planNote() const;

    // The sections worked out (LedgerBasis::at): the notes of the others are empty. The notes are
    // worded when read, in the language of the moment, from these counts: most ledgers (a sweep's
    // points, a drag's steps) are never read for their words.
    LedgerSections sections;
    PlanWording wording;

    double arithmeticIntensity = 0; // decode attention, FLOP per KV byte
    double mhaArithmeticIntensity = 0;
    double ridgePoint = 0; // FLOP per byte
    double belowRidge = 0; // ridgePoint / arithmeticIntensity
};

// Throws nothing: call Scenario::validate() first; an invalid scenario yields a zeroed ledger.
Ledger evaluate(const Scenario &s);
// How many ledgers have been worked out in this process, for the benchmarks that count a
// change's work (bench_ui); no result depends on it. `whole` counts ledgers with every section
// (evaluate() and its like); `partial` the points of a sweep and the what-if rows, which leave
// the searches out.
struct EvaluationCount
{
    quint64 whole = 0;
    quint64 partial = 0;
};
EvaluationCount evaluationCount();

// KV bytes one token adds over all layers, one sequence, whole model (with the
// multi-token-prediction layers when `withMtp`).
qint64 kvBytesPerToken(const ModelSpec &m, const Precision &p, bool withMtp = false);
// Decode attention FLOP per KV byte over the model's layers: 2g/e for GQA, 2/e for MHA,
// q × 2 × (2 rank + rope) / ((rank + rope) e) for MLA. Ledger::arithmeticIntensity is this.
double attentionIntensity(const ModelSpec &m, const Precision &p);

// USD for `seconds` of the scenario's GPUs: GPUs × price per GPU-hour × seconds / 3600.
double gpuCost(const Scenario &s, double seconds);

// Decode step time at context `context` (same scenario otherwise).
double stepSeconds(const Scenario &s, qint64 context);
// Σ_{i=0}^{count-1} stepSeconds(s, from + i), exact, in closed form per linear piece.
double sumStepSeconds(const Scenario &s, qint64 from, qint64 count);

// The quantities a chart can plot; names are the JSON keys of the CLI.
enum class Quantity
{
    KvBytesPerToken,
    KvBytesPerTokenMha,
    KvBytesPerTokenMqa,
    GqaFactor,
    KvBytes,
    StateBytes,
    KvBytesPerGpu,
    KvBytesReadPerStep,
    KvBytesReadPerToken,
    KvBytesReadPerGpu,
    WeightBytes,
    TotalBytes,
    BytesPerGpu,
    GpusToFit,
    TpDegree,
    SecondsPerToken,
    KvSecondsPerToken,
    TokensPerSecond,
    ResponseSeconds,
    ConversationSeconds,
    ArithmeticIntensity,
    RidgePoint,
    AggregateTokensPerSecond,
    CostPerMillionOutputTokens,
    PredictedSecondsPerToken,
};

QList<Quantity> allQuantities();
QString quantityKey(Quantity q); // "kv_bytes_per_token"
std::optional<Quantity> quantityFromKey(const QString &key);
QString quantityUnit(Quantity q); // "B", "s", "tokens/s", "FLOP/B", "USD", ""
double quantityValue(const Ledger &l, Quantity q);

// The sections quantityValue(ledger, q) reads.
LedgerSections sectionsFor(Quantity q);

// A scenario's ledger at any context: what does not depend on the context is worked out once,
// so a sweep over contexts pays only for the rest. evaluate(s) is LedgerBasis(s).at(s.context).
class LedgerBasis
{
public:
    explicit LedgerBasis(const Scenario &s);
    // A zeroed ledger where the scenario, or the context, is invalid.
    Ledger at(qint64 context, LedgerSections sections = kAllSections) const;

private:
    Scenario m_scenario;
    Ledger m_fixed; // the context-independent figures; layersByKind without their context parts
    QVarLengthArray<LayerCache, 4> m_caches; // one per m_fixed.layersByKind row
    LayerTypeCounts m_types;                 // the cache's layer types, MTP layers included
    ModelLoad m_load;                        // weights and active parameters
    std::optional<CacheModel> m_whole;       // whole model, no parallelism
    std::optional<StepModel> m_step;         // on scenario.gpus
};

} // namespace kvl
