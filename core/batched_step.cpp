#include "batched_step.h"

#include "step_model.h"
#include "weights.h"

#include <algorithm>
#include <cmath>

namespace kvl {

namespace {

// Usable bytes per GPU as an engine budgets them: the memory the device reports (the datasheet
// label when unknown) × the usable share.
double usableBytes(const Scenario &s)
{
    const double total =
        s.gpu.reportedMemoryBytes > 0 ? s.gpu.reportedMemoryBytes : s.gpu.memoryBytes;
    return total * s.memoryFraction;
}

// Requests the replica's memory holds at once, each with its whole prompt and answer cached.
double requestsThatFit(const Scenario &s, const ParallelPlan &plan, const Workload &w)
{
    const GpuLoad one = gpuLoad(s, plan, plan.dp, w.inputTokens + w.outputTokens);
    const double perSequence = one.kvBytes + one.stateBytes; // one sequence per rank
    const double free = usableBytes(s) - one.weightBytesHeld;
    if (perSequence <= 0)
        return double(w.concurrency);
    return std::max(1.0, std::floor(std::max(0.0, free) / perSequence)) * plan.dp;
}

} // namespace

StepTerms stepTerms(const Scenario &s, const Interconnect &links, const ParallelPlan &plan,
                    const Workload &w)
{
    StepTerms t;
    const ModelSpec &m = s.model;
    t.running = std::min(double(w.concurrency), requestsThatFit(s, plan, w));
    t.tokensPerStep = w.tokensPerStep();
    t.stages = plan.pp;
    const qint64 running = qint64(t.running);
    t.load = gpuLoad(s, plan, running, w.context(), 1.0 + w.draftTokens);
    const GpuLoad &g = t.load;
    t.collectives = g.collectives;
    t.layers = g.layers;
    t.sequences = g.sequences;

    const double bandwidth = s.gpu.bandwidth;
    const double matmulPeak = s.gpu.peakFlops(computePrecision(s));
    const double attentionPeak = s.gpu.peakBf16;
    const ActiveParameters active = activeParameters(m);
    const double stage = 1.0 / plan.pp;
    const int group = plan.moeGroup();
    // Attention FLOP of one prompt on this GPU: heads split by TP, keys by CP, layers by PP.
    const double promptFlop = mixerPrefillFlop(m, w.inputTokens, 0, plan.tp) / plan.cp / plan.pp;
    // Matmul FLOP on this GPU for `tokens` prompt tokens of its rank (all ranks alike).
    const auto promptMatmul = [&](double tokens) {
        return 2.0 * tokens * (active.dense / plan.tp + plan.dp * active.experts / group) * stage;
    };

    // Continuous batching: while a request decodes, the others finish at running × tokens per
    // step / answer length per step, each replaced by a prompt to prefill in the same steps.
    const double replaced = w.mixedPrefill ? std::max(0.0, t.running - 1) * t.tokensPerStep /
                                                 double(std::max<qint64>(1, w.outputTokens))
                                           : 0.0;
    const double prompts = replaced / plan.dp;
    t.prefillTokens = prompts * double(w.inputTokens);
    const CacheModel cache(m, s.kvPrecision, 1, plan.tp);
    const double kvWritten = t.prefillTokens * cache.kvBytes(1) / plan.cp * stage;

    t.memory = (g.bytesRead() + kvWritten) / bandwidth;
    t.compute = g.matmulFlop / matmulPeak + g.attentionFlop / attentionPeak;
    t.prefill = promptMatmul(t.prefillTokens) / matmulPeak + prompts * promptFlop / attentionPeak;
    t.comm = g.commBytes / links.bandwidthFor(g.commGroup);

    // Time to first token: a wave of `running` prompts arrives together; on average half of
    // this rank's are prefilled ahead of this one, in chunks that each read the weights.
    const double wave = w.promptWave > 0 ? double(w.promptWave) : t.running;
    const double ahead = (wave / plan.dp + 1) / 2;
    const double firstTokens = ahead * double(w.inputTokens);
    t.firstCompute = promptMatmul(firstTokens) / matmulPeak + ahead * promptFlop / attentionPeak;
    const double chunks = std::ceil(firstTokens / double(std::max<qint64>(1, w.maxBatchedTokens)));
    t.firstMemory = chunks * g.weightBytesHeld / bandwidth;
    return t;
}

double calibratedStepSeconds(const StepTerms &t, const EngineConstants &c)
{
    const double stage = std::max(t.memory / c.bandwidthFraction, t.compute / c.flopFraction) +
                         t.prefill / c.flopFraction + t.comm / c.commFraction +
                         t.collectives * c.collectiveSeconds + t.layers * c.layerSeconds +
                         t.sequences * c.sequenceSeconds;
    return t.stages * stage + c.stepSeconds;
}

double calibratedSecondsPerToken(const StepTerms &t, const EngineConstants &c)
{
    return calibratedStepSeconds(t, c) / t.tokensPerStep;
}

double calibratedFirstTokenSeconds(const StepTerms &t, const EngineConstants &c)
{
    const double prefill =
        std::max(t.firstCompute / c.prefillFraction, t.firstMemory / c.bandwidthFraction);
    return c.firstTokenSeconds + t.stages * prefill + calibratedStepSeconds(t, c);
}

double floorSecondsPerToken(const StepTerms &t)
{
    return t.stages * std::max({t.memory, t.compute + t.prefill, t.comm}) / t.tokensPerStep;
}

} // namespace kvl
