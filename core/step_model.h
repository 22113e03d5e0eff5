#pragma once

#include "scenario.h"
#include <QVarLengthArray>

namespace kvl {

// What the layers keep per GPU of `gpus`, whole batch: caches that grow as min(L, cap) (cap 0:
// as L), with a kink where each capped kind (sliding window, chunk) stops growing, and fixed
// states. Cheap to build: no weights, no scenario copy.
struct CacheModel
{
    CacheModel(const ModelSpec &m, const Precision &kv, int batch, int gpus);

    struct Growth
    {
        qint64 cap = 0;
        double bytes = 0; // per token held
        double flop = 0;
    };
    QVarLengthArray<Growth, 4> growth; // one entry per distinct cap (no allocation)
    double stateBytes = 0;             // fixed states (linear attention, Mamba)
    double stateFlop = 0;              // their decode FLOP per step

    double kvBytes(qint64 L) const;       // the growing cache alone
    double attentionFlop(qint64 L) const; // over the growing cache
};

// The decode step of a scenario as a piecewise-linear function of the context L. Built once,
// evaluated many times.
struct StepModel : CacheModel
{
    explicit StepModel(const Scenario &s);

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
    double kvSeconds(qint64 L) const { return kvBytes(L) / bandwidth; }
    double stepSeconds(qint64 L) const;

    // Exact Σ over L in [from, from + count) of stepSeconds and of kvSeconds.
    double sumStepSeconds(qint64 from, qint64 count) const;
    double sumKvSeconds(qint64 from, qint64 count) const;
};

// KV bytes one token occupies in one layer of `kind` on one GPU of `gpus`, at precision `p`.
qint64 kvBytesPerTokenLayerPerGpu(const ModelSpec &m, int gpus, AttentionKind kind,
                                  const Precision &p);
// Fixed-state bytes of one layer of `kind` and one sequence on one GPU of `gpus`.
qint64 stateBytesLayerPerGpu(const ModelSpec &m, int gpus, AttentionKind kind);

// Whether `gpus` is a usable tensor-parallel degree for the model.
bool isValidTpDegree(const ModelSpec &m, int gpus);

} // namespace kvl
