#pragma once

#include "scenario.h"

namespace kvl {

// The decode step of a scenario as linear functions of the context L, with one kink where
// sliding-window layers stop growing (L = window + sinks). Built once, evaluated many times.
struct StepModel
{
    explicit StepModel(const Scenario &s);

    // Per GPU, whole batch: bytes of KV = kvFull × L + kvWindow × min(L, windowTokens).
    double kvFull = 0;
    double kvWindow = 0;
    // Per GPU, whole batch: attention FLOP, same shape.
    double flopFull = 0;
    double flopWindow = 0;
    qint64 windowTokens = 0;

    double weightBytesRead = 0; // per GPU per step
    double matmulFlop = 0;      // per GPU per step
    double bandwidth = 0;       // effective bytes/s per GPU
    double matmulPeak = 0;
    double attentionPeak = 0;

    double kvBytes(qint64 L) const;
    double attentionFlop(qint64 L) const;
    double memorySeconds(qint64 L) const;
    double computeSeconds(qint64 L) const;
    // The same step for given per-GPU KV bytes read and attention FLOP: strategies that change
    // what a step reads (kv_strategy.h) go through this model rather than a copy of it.
    double memorySecondsFor(double kvBytesRead) const;
    double computeSecondsFor(double flop) const;
    double kvSeconds(qint64 L) const { return kvBytes(L) / bandwidth; }
    double stepSeconds(qint64 L) const;

    // Exact Σ over L in [from, from + count) of stepSeconds and of kvSeconds.
    double sumStepSeconds(qint64 from, qint64 count) const;
    double sumKvSeconds(qint64 from, qint64 count) const;
};

// KV bytes one token occupies in one layer of `kind` on one GPU of `gpus`, at precision `p`:
// heads split and replicated past one per GPU; an MLA latent on every rank.
qint64 kvBytesPerTokenLayerPerGpu(const ModelSpec &m, int gpus, AttentionKind kind,
                                  const Precision &p);
// Attention FLOP per held token in one layer of `kind`, one sequence, one GPU of `gpus`:
// QK^T and AV for that GPU's query heads.
double attentionFlopPerTokenLayer(const ModelSpec &m, int gpus, AttentionKind kind);

// KV heads one GPU holds under tensor parallelism over `gpus`: a GPU holds at least one head.
int kvHeadsPerGpu(const ModelSpec &m, int gpus);
// Whether `gpus` is a usable tensor-parallel degree for the model.
bool isValidTpDegree(const ModelSpec &m, int gpus);

} // namespace kvl
