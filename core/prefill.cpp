#include "prefill.h"

#include "step_model.h"
#include "weights.h"

#include <algorithm>
#include <climits>

namespace kvl {

double causalPairs(qint64 newTokens, qint64 cachedTokens, qint64 cap)
{
    if (newTokens <= 0)
        return 0;
    const double p = double(newTokens), l = double(cachedTokens);
    if (cap <= 0 || cachedTokens + newTokens <= cap)
        return p * l + p * (p + 1) / 2;
    // Queries up to cap − L still see a growing cache; the rest see cap tokens each.
    const double k = double(std::clamp<qint64>(cap - cachedTokens, 0, newTokens));
    return k * l + k * (k + 1) / 2 + (p - k) * double(cap);
}

namespace {

// Σ_{j=0}^{chunks-1} min(L + j C, cap), cap 0 = unbounded: the tokens held when chunk j starts.
double heldAtChunkStarts(qint64 L, qint64 C, qint64 chunks, qint64 cap)
{
    const double k = double(chunks), c = double(C);
    if (cap <= 0)
        return k * double(L) + c * k * (k - 1) / 2;
    // Chunk starts L, L + C, ... at or below the cap: floor((cap − L) / C) + 1 of them.
    const qint64 below = L > cap ? 0 : (cap - L) / C + 1;
    const double growing = std::min(k, double(below));
    return growing * double(L) + c * growing * (growing - 1) / 2 + (k - growing) * double(cap);
}

// Weight bytes per GPU one chunk of `tokens` reads: a dense model all of them, an MoE the
// experts its tokens touch (a decode step at batch = tokens).
double chunkWeightBytes(const Scenario &s, qint64 tokens)
{
    Scenario t = s;
    t.batch = int(std::min<qint64>(tokens, INT_MAX));
    return weightBytesReadPerStep(t) / std::max(1, s.gpus);
}

} // namespace

double mixerPrefillFlop(const ModelSpec &m, qint64 newTokens, qint64 cachedTokens, int gpus,
                        bool withMtp)
{
    double flop = 0;
    for (const LayerTypeCount &c : m.cacheTypeCounts(withMtp)) {
        // Fixed states are linear in the tokens; attention over the query-key pairs, each
        // query seeing at most its cap (a window, a chunk, DSA's top-k) or a fixed set (images).
        flop += c.layers * m.layerCache(c.type, gpus).stateFlop * double(newTokens);
        for (const CacheTerm &t : m.prefillTerms(c.type, gpus))
            flop += c.layers * t.flop *
                    (t.tokens > 0 ? double(newTokens) * double(t.tokens)
                                  : causalPairs(newTokens, cachedTokens, t.cap));
    }
    return flop;
}

Prefill prefill(const Scenario &s, qint64 newTokens, qint64 cachedTokens, qint64 maxBatchedTokens)
{
    Prefill r;
    r.newTokens = newTokens;
    r.cachedTokens = cachedTokens;
    if (newTokens <= 0 || maxBatchedTokens < 1)
        return r;
    const ModelSpec &m = s.model;
    const int n = std::max(1, s.gpus);

    r.flops = 2.0 * m.parametersActive() * double(newTokens) +
              mixerPrefillFlop(m, newTokens, cachedTokens, 1, s.speculativeDecoding);

    const qint64 chunk = std::min(maxBatchedTokens, newTokens);
    r.chunks = (newTokens + chunk - 1) / chunk;
    const qint64 last = newTokens - (r.chunks - 1) * chunk;
    const double full = double(r.chunks - 1);
    // One sequence, per GPU; a chunk reads all it attends to of the cache.
    const CacheModel cache(m, s.kvPrecision, 1, n, s.speculativeDecoding);
    double kvRead = 0;
    for (const CacheModel::Growth &g : cache.held)
        kvRead += g.bytes * heldAtChunkStarts(cachedTokens, chunk, r.chunks, g.cap);
    const double perGpu = full * (chunkWeightBytes(s, chunk) + cache.kvBytes(chunk)) +
                          chunkWeightBytes(s, last) + cache.kvBytes(last) + kvRead +
                          double(r.chunks) * cache.stateBytes;
    r.bytes = perGpu * n;

    const double peak = s.gpu.peakFlops(computePrecision(s)) * s.computeEfficiency;
    r.computeSeconds = r.flops / (n * peak);
    r.memorySeconds = perGpu / (s.gpu.bandwidth * s.efficiency);
    r.seconds = std::max(r.computeSeconds, r.memorySeconds);
    r.computeBound = r.computeSeconds > r.memorySeconds;
    return r;
}

} // namespace kvl
