#include "batched_step.h"

#include "step_model.h"
#include "weights.h"

#include <algorithm>
#include <cmath>

namespace kvl {

namespace {

// Bytes per GPU the cache may take, as an engine budgets them from the memory the device reports
// (the datasheet label when unknown): the usable share of it less the weights, or the share of
// what the weights leave (Workload::reservesAnswer).
double cacheBytes(const Scenario &s, double weights, bool reservesAnswer)
{
    const double total =
        s.gpu.reportedMemoryBytes > 0 ? s.gpu.reportedMemoryBytes : s.gpu.memoryBytes;
    return reservesAnswer ? (total - weights) * s.memoryFraction
                          : total * s.memoryFraction - weights;
}

// Requests the replica's memory holds at once: each with its whole prompt and answer where the
// engine reserves them, else at the mean length its pages hold over the answer.
double requestsThatFit(const Scenario &s, const ModelLoad &model, const ParallelPlan &plan,
                       const Workload &w)
{
    const GpuLoad one = gpuLoad(s, model, plan, plan.dp,
                                w.reservesAnswer ? w.inputTokens + w.outputTokens : w.context());
    const double perSequence = one.kvBytes + one.stateBytes; // one sequence per rank
    const double free = cacheBytes(s, one.weightBytesHeld, w.reservesAnswer);
    if (perSequence <= 0)
        return double(w.concurrency);
    return std::max(1.0, std::floor(std::max(0.0, free) / perSequence)) * plan.dp;
}

// Bytes one draft pass reads on a GPU: one decoder layer of the model (its dense part split by
// TP, the experts `tokens` tokens touch split over the MoE group) and the output head. DeepSeek's
// MTP module is one such layer sharing the model's head (TensorRT-LLM tech blog 2, "MTP
// modules"); EAGLE-style drafting runs it once per draft token.
double draftPassBytes(const Scenario &s, const WeightBytes &w, const ParallelPlan &plan,
                      double tokens)
{
    const ModelSpec &m = s.model;
    const double layers = std::max(1, m.layers);
    double bytes = w.rest / layers / plan.tp;
    if (m.isMoE() && m.moeLayers() > 0) {
        const double touched =
            m.experts > m.expertsPerToken
                ? expertsTouched(m.experts, m.expertsPerToken, tokens) / m.experts
                : 1.0;
        bytes += w.routedExperts / m.moeLayers() / plan.moeGroup() * touched;
    }
    const double headBytes =
        s.model.embeddingPrecision ? s.model.embeddingPrecision->bytesPerElement() : 2.0;
    return bytes + double(m.vocabSize) * m.hiddenSize * headBytes / plan.tp;
}

} // namespace

void setEngineScheduling(Workload &w, QStringView engine)
{
    w.reservesAnswer = engine == u"trtllm";
}

StepTerms stepTerms(const Scenario &s, const Interconnect &links, const ParallelPlan &plan,
                    const Workload &w)
{
    return stepTerms(s, modelLoad(s), links, plan, w);
}

StepTerms stepTerms(const Scenario &s, const ModelLoad &model, const Interconnect &links,
                    const ParallelPlan &plan, const Workload &w)
{
    StepTerms t;
    const ModelSpec &m = s.model;
    t.running = std::min(double(w.concurrency), requestsThatFit(s, model, plan, w));
    t.draftTokens = w.draftTokens;
    if (w.acceptedTokens)
        t.acceptedTokens = std::clamp(*w.acceptedTokens, 0.0, double(w.draftTokens));
    t.stages = plan.pp;
    const qint64 running = qint64(t.running);
    t.load = gpuLoad(s, model, plan, running, w.context(), 1.0 + w.draftTokens);
    const GpuLoad &g = t.load;
    t.collectives = g.collectives;
    t.layers = g.layers + w.draftTokens;

    const double bandwidth = s.gpu.bandwidth;
    const double matmulPeak = s.gpu.peakFlops(computePrecision(s));
    const double attentionPeak = s.gpu.peakBf16;
    const ActiveParameters &active = model.active;
    const double stage = 1.0 / plan.pp;
    const int group = plan.moeGroup();
    t.moeLayers = m.isMoE() ? m.moeLayers() * stage + w.draftTokens : 0;
    t.tokenLayers = double(running) / plan.dp * (1.0 + w.draftTokens) * t.layers;
    // Attention FLOP of one prompt on this GPU: heads split by TP, keys by CP, layers by PP.
    const double promptFlop = mixerPrefillFlop(m, w.inputTokens, 0, plan.tp) / plan.cp / plan.pp;
    // Matmul FLOP on this GPU for `tokens` prompt tokens of its rank (all ranks alike).
    const auto expertMatmul = [&](double tokens) {
        return 2.0 * tokens * plan.dp * active.experts / group * stage;
    };
    const auto promptMatmul = [&](double tokens) {
        return 2.0 * tokens * active.dense / plan.tp * stage + expertMatmul(tokens);
    };

    // Continuous batching: while a request decodes, the others finish at running / answer length
    // per token each sequence gains, each replaced by a prompt to prefill in the same steps.
    const double replaced =
        w.mixedPrefill ? std::max(0.0, t.running - 1) / double(std::max<qint64>(1, w.outputTokens))
                       : 0.0;
    const double prompts = replaced / plan.dp;
    t.prefillTokens = prompts * double(w.inputTokens);
    const CacheModel cache(m, s.kvPrecision, 1, plan.tp);
    const double kvWritten = t.prefillTokens * cache.kvBytes(1) / plan.cp * stage;

    // A draft pass per draft token, each over one token of every sequence of the rank, its
    // experts touched by the whole step's sequences.
    t.draft =
        w.draftTokens * draftPassBytes(s, model.weights, plan, double(running)) * stage / bandwidth;
    t.memory = (g.bytesRead() + kvWritten) / bandwidth + t.draft;
    t.compute = g.matmulFlop / matmulPeak + g.attentionFlop / attentionPeak;
    t.prefill = promptMatmul(t.prefillTokens) / matmulPeak + prompts * promptFlop / attentionPeak;
    t.prefillExperts = expertMatmul(t.prefillTokens) / matmulPeak;
    t.comm = g.commBytes / links.bandwidthFor(g.commGroup);

    // Time to first token: one prompt of this rank, in chunks that each read the weights (prompts
    // shorter than a chunk share one).
    t.firstCompute = promptMatmul(double(w.inputTokens)) / matmulPeak + promptFlop / attentionPeak;
    t.firstExperts = expertMatmul(double(w.inputTokens)) / matmulPeak;
    const double chunks = double(w.inputTokens) / double(std::max<qint64>(1, w.maxBatchedTokens));
    t.firstMemory = chunks * g.weightBytesHeld / bandwidth;
    t.clients = std::max(1.0, double(w.concurrency) / plan.dp);
    // Every engine runs the requests its cache holds and queues the others' prompts.
    t.admitted = std::max(1.0, t.running / plan.dp);
    t.outputTokens = double(std::max<qint64>(1, w.outputTokens));
    t.firstWave = 1.0 / std::max(1.0, w.promptsPerClient);
    return t;
}

double tokensPerStep(const StepTerms &t, const EngineConstants &c)
{
    if (t.acceptedTokens)
        return 1 + *t.acceptedTokens;
    double accepted = 0, chain = 1;
    for (int k = 0; k < t.draftTokens; ++k) {
        chain *= c.draftAcceptance;
        accepted += chain;
    }
    return 1 + accepted;
}

namespace {

// Prompt matmuls at the prefill fractions: the same GEMMs whether a prompt runs alone (time to
// first token) or in the chunks the decode steps carry.
double promptSeconds(double total, double experts, const EngineConstants &c)
{
    return (total - experts) / c.prefillFraction + experts / c.expertPrefillFraction;
}

} // namespace

double calibratedStepSeconds(const StepTerms &t, const EngineConstants &c)
{
    const double tokens = tokensPerStep(t, c);
    const double stage =
        std::max(t.memory / c.bandwidthFraction, t.compute / c.flopFraction) +
        promptSeconds(t.prefill, t.prefillExperts, c) / c.mixedPrefillFraction * tokens +
        t.comm / c.commFraction + t.collectives * c.collectiveSeconds + t.layers * c.layerSeconds +
        t.moeLayers * c.moeLayerSeconds +
        (t.tokenLayers + t.prefillTokens * tokens * t.layers) *
            c.tokenLayerSeconds; // the chunk's tokens pass through every layer
    return t.stages * stage;
}

double calibratedSecondsPerToken(const StepTerms &t, const EngineConstants &c)
{
    return calibratedStepSeconds(t, c) / tokensPerStep(t, c);
}

double closedQueueResponse(double service, double think, double clients)
{
    double queue = 0, response = service;
    const auto n = qint64(std::ceil(clients));
    for (qint64 k = 1; k <= n; ++k) {
        response = service * (1 + queue);
        queue = double(k) / (response + think) * response;
    }
    return response;
}

double calibratedFirstTokenSeconds(const StepTerms &t, const EngineConstants &c)
{
    const double compute = promptSeconds(t.firstCompute, t.firstExperts, c);
    const double prefill = t.stages * std::max(compute, t.firstMemory / c.bandwidthFraction);
    const double step = calibratedStepSeconds(t, c);
    const double decode = (t.outputTokens - 1) * step / tokensPerStep(t, c);
    const double burst = (t.clients - 1) * prefill / 2;
    const double steady = closedQueueResponse(prefill, decode, t.clients) - prefill;
    const double waves = t.firstWave + c.burstShare * (1 - t.firstWave);
    const double wait = waves * burst + (1 - waves) * steady;
    // Clients past those the cache admits: a closed queue of n clients on m slots, each busy for
    // a whole request (prompt, answer), serves m per request time, so each waits (n / m − 1) of it.
    const double admission = t.admitted > 0 && t.clients > t.admitted
                                 ? (t.clients / t.admitted - 1) * (prefill + decode + step)
                                 : 0.0;
    return c.firstTokenSeconds + prefill + wait + admission + step;
}

double floorSecondsPerToken(const StepTerms &t)
{
    const double tokens = 1.0 + (t.acceptedTokens ? *t.acceptedTokens : t.draftTokens);
    return t.stages * std::max({t.memory, t.compute + t.prefill * tokens, t.comm}) / tokens;
}

} // namespace kvl
