#pragma once

#include "scenario.h"

namespace kvl {

// vLLM V1's default max_num_batched_tokens for its API server on GPUs of 70 GiB or more (8192;
// 2048 on smaller ones): the tokens one chunk of a chunked prefill holds. An assumption; engines
// and their settings differ.
inline constexpr qint64 kDefaultMaxBatchedTokens = 8192;

// Σ_{i=1..P} min(L + i, cap): the keys P causal queries see on top of L cached tokens
// (P·L + P(P+1)/2 unbounded); cap 0 = unbounded.
double causalPairs(qint64 newTokens, qint64 cachedTokens, qint64 cap);

// Attention and fixed-state FLOP of prefilling `newTokens` on `cachedTokens` of one sequence,
// on one GPU of TP `gpus` (the linear layers' 2 × active parameters × P are apart); with
// `withMtp`, the multi-token-prediction layers' too.
double mixerPrefillFlop(const ModelSpec &m, qint64 newTokens, qint64 cachedTokens, int gpus = 1,
                        bool withMtp = false);

// Prefill of P new tokens of one sequence on top of L cached ones, in chunks of at most
// maxBatchedTokens, on the scenario's GPUs (tensor parallel, KV heads replicated as in decode).
//   FLOP  = 2 × active parameters × P + Σ_layers FLOP per pair × causalPairs(P, L, cap)
//           + fixed-state layers' FLOP per token × P
//   bytes = per chunk: the weights its tokens touch, the cached KV read, its KV written, the
//           fixed states once; over all GPUs
//   time  = max(FLOP / (TP × dense peak at the weight precision × compute efficiency),
//               bytes / (TP × bandwidth × efficiency))
// Activations and re-reads of K/V tiles are left out: at efficiency 1 this is the floor.
struct Prefill
{
    qint64 newTokens = 0;
    qint64 cachedTokens = 0;
    qint64 chunks = 0;
    double flops = 0;
    double bytes = 0;
    double computeSeconds = 0;
    double memorySeconds = 0;
    double seconds = 0;
    bool computeBound = false;
};

// Call Scenario::validate() first; 0 new tokens take no time. maxBatchedTokens >= 1.
Prefill prefill(const Scenario &s, qint64 newTokens, qint64 cachedTokens = 0,
                qint64 maxBatchedTokens = kDefaultMaxBatchedTokens);

} // namespace kvl
