#pragma once

#include "parallel.h"
#include "prefill.h"
#include <optional>

namespace kvl {

// What a serving benchmark runs against one replica: a fixed number of requests in flight, each
// with a prompt and an answer; optionally speculative decoding (MTP or a draft model).
struct Workload
{
    qint64 concurrency = 1; // the client's requests in flight on this replica
    qint64 inputTokens = 1024;
    qint64 outputTokens = 1024;
    // The context a decode step sees; 0 = the mean over the answer, input + output / 2.
    qint64 decodeContext = 0;
    int draftTokens = 0; // drafted per step; the step verifies 1 + draft per sequence
    // Mean accepted per step, 0..draft; unknown: the calibration's acceptance per draft position.
    std::optional<double> acceptedTokens;
    qint64 maxBatchedTokens = kDefaultMaxBatchedTokens; // one prefill chunk
    // Whether other requests' prompts are prefilled in the decode steps (aggregated serving);
    // a disaggregated decode worker never prefills.
    bool mixedPrefill = true;
    // Whether the engine budgets its cache as TensorRT-LLM does by default: a request runs only
    // with room for its whole prompt and answer (GUARANTEED_NO_EVICT), in a share of the memory
    // the weights leave (free_gpu_memory_fraction). vLLM and SGLang take pages as tokens come, so
    // their requests hold the mean length, input + output / 2, in a share of the whole memory
    // less the weights (gpu_memory_utilization, mem_fraction_static).
    bool reservesAnswer = false;
    // Prompts each client sends in the benchmark: the first of each arrive together, the rest
    // as answers end (InferenceX sends 10 × concurrency prompts).
    double promptsPerClient = 1;
    qint64 context() const
    {
        return decodeContext > 0 ? decodeContext : inputTokens + outputTokens / 2;
    }
};

// The physical terms of one decode step on one GPU, in seconds at datasheet rates (bandwidth,
// dense FLOP/s, link bandwidth), and the counts fixed costs are paid per.
struct StepTerms
{
    double running = 0; // requests in flight: the concurrency, or fewer when the cache
                        // of more does not fit (the rest wait)
    GpuLoad load;       // at `running`
    double memory = 0;  // weights read, KV, states, the prefill share's KV written, the drafts'
    double compute = 0; // matmuls and attention of the decode tokens
    double draft = 0;   // of `memory`: the draft passes (one draft layer and the head each)
    double prefill = 0; // the prefill share at one token per step and sequence: the others'
                        // prompts arriving during a step (× tokens per step)
    double prefillExperts = 0; // of `prefill`, the routed experts' matmuls
    double prefillTokens = 0;  // per attention rank, likewise
    double comm = 0;           // bytes sent / link bandwidth
    double collectives = 0;
    double layers = 0;      // of the stage, and the draft passes
    double moeLayers = 0;   // of them, those with routed experts
    double tokenLayers = 0; // the decode tokens the step runs on the rank × its layers
    int stages = 1;
    int draftTokens = 0;
    std::optional<double> acceptedTokens; // given by the run; else from the constants
    // Time to first token: one prompt's prefill on its attention rank (its compute, and the
    // weights read once per chunk), the clients of that rank, the answer each decodes before it
    // sends its next prompt, and the share of prompts sent together at the start.
    double firstCompute = 0;
    double firstExperts = 0; // of firstCompute, the routed experts' matmuls
    double firstMemory = 0;
    double clients = 1;
    double admitted = 0; // of them, those the rank's cache holds at once (0: every one)
    double outputTokens = 1;
    double firstWave = 1;
};

// The engine's scheduler and cache budget, by its id (vllm, sglang, trtllm): Workload's
// reservesAnswer for TensorRT-LLM.
void setEngineScheduling(Workload &w, QStringView engine);

StepTerms stepTerms(const Scenario &s, const Interconnect &links, const ParallelPlan &plan,
                    const Workload &w);
// The same with the model's plan-independent figures computed once (modelLoad(s)).
StepTerms stepTerms(const Scenario &s, const ModelLoad &model, const Interconnect &links,
                    const ParallelPlan &plan, const Workload &w);

// Constants an engine reaches on a GPU generation, fitted to measured runs (core/calibrate).
// At their ideal values (fractions 1, times 0) the step is the datasheet's.
struct EngineConstants
{
    double bandwidthFraction = 1; // achieved / datasheet memory bandwidth
    double flopFraction = 1;      // achieved / dense datasheet FLOP/s
    double commFraction = 1;      // achieved / datasheet link bandwidth
    double collectiveSeconds = 0; // latency of one collective (all-reduce, all-to-all)
    // Kernel launches, small ops, scheduling and sampling, per layer of the step. No constant per
    // step, nor per sequence but through the layers: in runs of one model the layers are fixed, so
    // a cost per step and one per layer cannot be told apart, and with a few models the fit split
    // them at random (Llama 3.1 8B held out came out 33% slow under TensorRT-LLM).
    double layerSeconds = 0;
    double moeLayerSeconds = 0; // more per layer with routed experts (routing, permutes)
    // Per token of the step and layer: work that grows with the batch but reads few bytes and does
    // few FLOP (routing and permutes, norms, the attention kernel's work per sequence).
    double tokenLayerSeconds = 0;
    // Achieved / dense FLOP/s on prompts, in the first token's prefill and in the prompt chunks
    // the decode steps carry: on the dense matmuls and attention, and on the routed experts'
    // matmuls, many small grouped GEMMs with the routing and permutes around them.
    double prefillFraction = 1;
    double expertPrefillFraction = 1;
    // Of those, the share a prompt chunk keeps inside a decode step: mixed with the decode tokens
    // its GEMMs are split and its attention runs beside the others' (1: as fast as alone).
    double mixedPrefillFraction = 1;
    double firstTokenSeconds = 0; // request handling before the first token
    // Share of the prompts after the benchmark's first wave that still come in waves, queueing
    // behind each other as the first do: answers started together end together.
    double burstShare = 0;
    // Chance that a draft token is accepted given the ones before it were (one value for every
    // engine: a property of the draft and the text, fitted to the runs with MTP).
    double draftAcceptance = 1;
};

// Tokens each sequence gains per step: 1 + the accepted drafts, p + p² + … + p^draft with
// acceptance p per position when the run does not give them.
double tokensPerStep(const StepTerms &t, const EngineConstants &c);
// One step of the calibrated engine: max(memory, compute) + prefill share (at the prefill
// fractions, and a_mix of them mixed into the step) + communication + collectives + fixed costs
// per layer and per token and layer (the decode tokens and the prompt chunk's), per stage, stages
// one after another.
double calibratedStepSeconds(const StepTerms &t, const EngineConstants &c);
double calibratedSecondsPerToken(const StepTerms &t, const EngineConstants &c);
// Request handling + the wait and the prefill at the prompt's attention rank + the step that
// gives the first token. The rank's prefill serves one prompt at a time (P each). The first
// prompts of the benchmark, and the burst share b of the later ones, arrive together and wait on
// average (n − 1) P / 2; the rest arrive as answers end: a closed queue of n clients that decode
// their answer (Z) before the next prompt, solved by mean value analysis,
// R(k) = P (1 + Q(k − 1)), X(k) = k / (R(k) + Z), Q(k) = X(k) R(k). Where the rank's cache holds
// only `admitted` of them, the others first wait for room: (n / admitted − 1) requests' time each.
double calibratedFirstTokenSeconds(const StepTerms &t, const EngineConstants &c);
// R(n) of that queue, its time in the queue and in service.
double closedQueueResponse(double service, double think, double clients);
// The floor: max(memory, compute + prefill share, communication) at datasheet rates, no fixed
// cost, every draft accepted, per token of the step.
double floorSecondsPerToken(const StepTerms &t);

} // namespace kvl
