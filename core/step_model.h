#pragma once

#include "scenario.h"
#include "weights.h"
#include <QVarLengthArray>

namespace kvl {

// What the layers keep and what one decode step reads, per GPU of `gpus`, whole batch: caches
// that grow as min(L, cap) (cap 0: as L), with a kink where each capped part stops growing (a
// sliding window, a chunk, DSA's top-k), fixed-count caches (image tokens), and fixed states.
// Held and read differ where a layer reads less than it keeps (DSA) or keeps nothing of what it
// reads (a layer that shares an earlier layer's cache). Cheap to build: no weights, no scenario
// copy. `withMtp` counts the multi-token-prediction layers' cache (speculative decoding).
struct CacheModel
{
    CacheModel(const ModelSpec &m, const Precision &kv, int batch, int gpus, bool withMtp = false);
    // The same from the model's cacheTypeCounts(withMtp), where the caller has them: searches
    // build one per TP degree.
    CacheModel(const ModelSpec &m, const LayerTypeCounts &types, const Precision &kv, int batch,
               int gpus);

    struct Growth
    {
        qint64 cap = 0;
        double bytes = 0; // per token
        double flop = 0;  // per token read
    };
    QVarLengthArray<Growth, 4> held; // one entry per distinct cap (no allocation)
    QVarLengthArray<Growth, 4> read;
    double fixedHeldBytes = 0; // caches of a fixed token count, whatever the context
    double fixedReadBytes = 0;
    double fixedReadFlop = 0;
    double stateBytes = 0; // fixed states (linear attention, Mamba, short convolutions)
    double stateFlop = 0;  // their decode FLOP per step

    double kvBytes(qint64 L) const;       // the cache held (fixed-count caches included)
    double kvReadBytes(qint64 L) const;   // what one step reads of it
    double attentionFlop(qint64 L) const; // over what one step reads
};

// The decode step of a scenario as a piecewise-linear function of the context L. Built once,
// evaluated many times.
struct StepModel : CacheModel
{
    explicit StepModel(const Scenario &s);
    // The same from the scenario's weightBytes(s), where the caller has them.
    StepModel(const Scenario &s, const WeightBytes &weights);
    // And its model's cacheTypeCounts(s.speculativeDecoding).
    StepModel(const Scenario &s, const WeightBytes &weights, const LayerTypeCounts &types);

    double weightBytesRead = 0; // per GPU per step
    double matmulFlop = 0;      // per GPU per step
    double bandwidth = 0;       // effective bytes/s per GPU
    double matmulPeak = 0;      // achieved FLOP/s: the dense peak × compute efficiency
    double attentionPeak = 0;

    double memorySeconds(qint64 L) const;
    double computeSeconds(qint64 L) const;
    // The same step for given per-GPU KV bytes read and attention FLOP (fixed states and
    // weights added): strategies that change what a step reads go through this model.
    double memorySecondsFor(double kvBytesRead) const;
    double computeSecondsFor(double flop) const;
    double kvSeconds(qint64 L) const { return kvReadBytes(L) / bandwidth; }
    double stepSeconds(qint64 L) const;

    // Exact Σ over L in [from, from + count) of stepSeconds and of kvSeconds.
    double sumStepSeconds(qint64 from, qint64 count) const;
    double sumKvSeconds(qint64 from, qint64 count) const;
};

// Whether `gpus` is a usable tensor-parallel degree for the model.
bool isValidTpDegree(const ModelSpec &m, int gpus);

} // namespace kvl
