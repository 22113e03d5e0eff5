#pragma once

#include "scenario.h"
#include "step_model.h"
#include "weights.h"
#include <QString>

namespace kvl {

// How an engine spreads one replica of a model over GPUs. Every figure below is per GPU.
//   tp  tensor parallel: query and KV heads split (KV heads replicated past one per GPU; an MLA
//       latent is on every rank), dense matmuls split
//   pp  pipeline parallel: layers split into stages run one after another
//   dp  attention data parallel: sequences split across ranks, each with the attention weights
//       (how engines serve MLA, whose latent TP cannot split)
//   ep  expert parallel: routed experts split over the MoE group (tp × dp × cp GPUs); the rest of
//       the group splits each expert (MoE TP = group / ep); an all-to-all per MoE layer
//   cp  context parallel: one sequence's cache split along its tokens; partial attention
//       outputs combined per layer
struct ParallelPlan
{
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int ep = 1;
    int cp = 1;

    int gpus() const { return tp * pp * dp * cp; }
    int moeGroup() const { return tp * dp * cp; }
    int moeTp() const;
    // Empty when usable with the model: degrees of at least 1, ep divides the MoE group and at
    // most the experts, pp at most the layers.
    QString validate(const ModelSpec &m) const;
    QString label() const; // "TP 8", "TP 1 × DP 8 × EP 8", "TP 8 × CP 4"
    friend bool operator==(const ParallelPlan &, const ParallelPlan &) = default;
};

// The links of a system, per GPU and one direction.
struct Interconnect
{
    double nvlinkBandwidth = 0;  // bytes/s inside the NVLink (or other scale-up) domain
    double networkBandwidth = 0; // bytes/s between domains
    int domainGpus = 1;          // GPUs one scale-up domain joins
    // The slowest link a group of `gpus` crosses.
    double bandwidthFor(int gpus) const;
};

// One GPU of a plan during one decode step of `batch` sequences at `context` tokens each
// (`tokensPerSequence` tokens each: 1, or 1 + the draft with speculative decoding).
struct GpuLoad
{
    double sequences = 0;       // held by this GPU's attention rank
    double tokens = 0;          // this rank's tokens in the step
    double layers = 0;          // layers of this GPU's pipeline stage
    double weightBytesHeld = 0; // the whole stage's share, every expert
    double weightBytesRead = 0; // dense part + the experts the step's tokens touch
    double kvBytes = 0;         // held
    double kvBytesRead = 0;     // read once per step (DSA reads less than it holds)
    double stateBytes = 0;      // fixed states (linear attention, Mamba)
    double matmulFlop = 0;
    double attentionFlop = 0;
    double commBytes = 0;   // sent by this GPU per step: TP all-reduce, EP all-to-all, CP, PP
    double collectives = 0; // collective operations per step (each pays a latency)
    int commGroup = 1;      // GPUs the widest collective spans
    double bytesHeld() const { return weightBytesHeld + kvBytes + stateBytes; }
    double bytesRead() const { return weightBytesRead + kvBytesRead + stateBytes; }
};

// Parameters one token runs through outside the routed experts, and inside them.
struct ActiveParameters
{
    double dense = 0;
    double experts = 0;
};
ActiveParameters activeParameters(const ModelSpec &m);

GpuLoad gpuLoad(const Scenario &s, const ParallelPlan &plan, qint64 batch, qint64 context,
                double tokensPerSequence = 1);

// What gpuLoad needs of the model whatever the plan (the parameter estimate walks every layer):
// computed once where many plans are tried.
struct ModelLoad
{
    WeightBytes weights;
    ActiveParameters active;
};
ModelLoad modelLoad(const Scenario &s);
GpuLoad gpuLoad(const Scenario &s, const ModelLoad &model, const ParallelPlan &plan, qint64 batch,
                qint64 context, double tokensPerSequence = 1);
// The same with `cache`, the model's cache for one sequence at TP plan.tp, built by the caller
// once for the many plans of one TP degree.
GpuLoad gpuLoad(const Scenario &s, const ModelLoad &model, const CacheModel &cache,
                const ParallelPlan &plan, qint64 batch, qint64 context,
                double tokensPerSequence = 1);

// What a plan's reason is worded from: a few counts of the model and the workload, kept beside
// a result so that the sentence is formatted only when it is read, in the language of the moment.
struct PlanWording
{
    bool latent = false; // an MLA latent, which TP does not split
    int queryHeads = 0;
    int kvHeads = 0;
    int experts = 0;
    int layers = 0;
    qint64 batch = 0;
    qint64 context = 0;
    static PlanWording of(const Scenario &s);
};

// The smallest plan that holds the scenario's weights and cache in usable memory, and why:
// heads split by TP while that shrinks the cache, then attention DP (several sequences) or
// context parallel (one long sequence) once the cache stops shrinking (an MLA latent, KV heads
// replicated), experts split by EP. GPUs per TP group stay within `links.domainGpus`.
struct PlanFit
{
    ParallelPlan plan;
    bool fits = false;
    // Translatable: what each degree splits and why, or that none fits.
    QString reason(const PlanWording &w) const;
};
PlanFit fitPlan(const Scenario &s, const Interconnect &links);
PlanFit fitPlan(const Scenario &s, const ModelLoad &model, const Interconnect &links);

} // namespace kvl
