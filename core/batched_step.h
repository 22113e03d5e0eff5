#pragma once

#include "parallel.h"
#include "prefill.h"

namespace kvl {

// What a serving benchmark runs against one replica: a fixed number of requests in flight, each
// with a prompt and an answer; optionally speculative decoding (MTP or a draft model).
struct Workload
{
    qint64 concurrency = 1;
    qint64 inputTokens = 1024;
    qint64 outputTokens = 1024;
    // The context a decode step sees; 0 = the mean over the answer, input + output / 2.
    qint64 decodeContext = 0;
    int draftTokens = 0;       // drafted per step; the step verifies 1 + draft per sequence
    double acceptedTokens = 0; // mean accepted per step, 0..draft
    qint64 maxBatchedTokens = kDefaultMaxBatchedTokens; // one prefill chunk
    // Whether other requests' prompts are prefilled in the decode steps (aggregated serving);
    // a disaggregated decode worker never prefills.
    bool mixedPrefill = true;
    // Prompts arriving together at the prefill (0 = the concurrency); a disaggregated prefill
    // worker's batch.
    qint64 promptWave = 0;
    qint64 context() const
    {
        return decodeContext > 0 ? decodeContext : inputTokens + outputTokens / 2;
    }
    double tokensPerStep() const { return 1.0 + acceptedTokens; }
};

// The physical terms of one decode step on one GPU, in seconds at datasheet rates (bandwidth,
// dense FLOP/s, link bandwidth), and the counts fixed costs are paid per.
struct StepTerms
{
    double running = 0;       // requests in flight: the concurrency, or fewer when the cache
                              // of more does not fit (the rest wait)
    GpuLoad load;             // at `running`
    double memory = 0;        // weights read, KV, states, the prefill share's KV written
    double compute = 0;       // matmuls and attention of the decode tokens
    double prefill = 0;       // the prefill share: the others' prompts arriving during a step
    double prefillTokens = 0; // per attention rank and step
    double comm = 0;          // bytes sent / link bandwidth
    double collectives = 0;
    double layers = 0;
    double sequences = 0;
    int stages = 1;
    double tokensPerStep = 1;
    // Time to first token: the prompts of the wave this request arrives with, half of them on
    // average ahead of it, chunk by chunk.
    double firstCompute = 0;
    double firstMemory = 0;
};

StepTerms stepTerms(const Scenario &s, const Interconnect &links, const ParallelPlan &plan,
                    const Workload &w);

// Constants an engine reaches on a GPU generation, fitted to measured runs (core/calibrate).
// At their ideal values (fractions 1, times 0) the step is the datasheet's.
struct EngineConstants
{
    double bandwidthFraction = 1; // achieved / datasheet memory bandwidth
    double flopFraction = 1;      // achieved / dense datasheet FLOP/s
    double commFraction = 1;      // achieved / datasheet link bandwidth
    double collectiveSeconds = 0; // latency of one collective (all-reduce, all-to-all)
    double stepSeconds = 0;       // scheduling, sampling, launch per step
    double layerSeconds = 0;      // kernel launches and small ops per layer
    double sequenceSeconds = 0;   // per sequence in the batch and step
    double prefillFraction = 1;   // achieved / dense FLOP/s while prefilling (time to first token)
    double firstTokenSeconds = 0; // request handling before the first token
};
inline constexpr int kStepConstants = 7; // the first seven, fitted to TPOT
inline constexpr int kFirstTokenConstants = 2;

// One step of the calibrated engine: max(memory, compute) + prefill share + communication +
// collectives + fixed costs, per stage, stages one after another.
double calibratedStepSeconds(const StepTerms &t, const EngineConstants &c);
double calibratedSecondsPerToken(const StepTerms &t, const EngineConstants &c);
double calibratedFirstTokenSeconds(const StepTerms &t, const EngineConstants &c);
// The floor: max(memory, compute + prefill share, communication) at datasheet rates, no fixed
// cost, per token of the step.
double floorSecondsPerToken(const StepTerms &t);

} // namespace kvl
