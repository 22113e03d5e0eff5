#pragma once

#include "gpu_spec.h"
#include "measured_bandwidth.h"
#include "model_spec.h"
#include "precision.h"

namespace kvl {

// Everything the user chose. Plain value; validate() before evaluate().
struct Scenario
{
    ModelSpec model;
    GpuSpec gpu;
    int gpus = 1; // tensor-parallel degree the user asks about
    qint64 context = 1'000'000;
    int batch = 1; // concurrent sequences
    Precision kvPrecision = Precision::of(NumberFormat::FP16);
    Precision weightPrecision = Precision::of(NumberFormat::FP16);
    // Weights as the checkpoint stores them (ModelSpec's native, expert and embedding
    // precisions) rather than every part at weightPrecision.
    bool weightsAsStored = false;
    double efficiency =
        1.0; // achieved / datasheet bandwidth; 1.0 is the physical floor the seed uses
    double memoryFraction = 1.0; // usable share of HBM (vLLM reserves, default 0.9)
    // Achieved / dense datasheet FLOP/s, for prefill and the decode compute floor; 1.0 is the
    // physical floor, as for `efficiency`.
    double computeEfficiency = 1.0;
    // USD per GPU-hour. An assumption: Lambda's on-demand price for 8x NVIDIA H100 SXM, $3.99
    // per GPU-hour (lambda.ai/pricing, as read in September 2026). Prices vary by provider and
    // date (AWS p5.48xlarge in us-east-1: $55.04 an hour for 8, $6.88 per GPU-hour, Nov 2026).
    double gpuHourPrice = 3.99;
    qint64 responseTokens = 1000;
    // Speculative decoding with the model's multi-token-prediction layers: their cache is held
    // and read beside the model's. How much faster it decodes is not modelled here.
    bool speculativeDecoding = false;
    std::optional<MeasuredBandwidth> measured; // from the GPU panel; saved with the scenario
    // An engine whose fitted constants give a calibrated time beside the floor (vllm, sglang,
    // trtllm; core/engine_prediction); empty: the floor alone.
    QString engine;

    QString validate() const; // empty when valid, else a reason naming the field
    friend bool operator==(const Scenario &, const Scenario &) = default;

    // The seed article's scenario: Llama 3.1 70B, 10^6 tokens, fp16, one H100 SXM.
    static Scenario seed();
};

} // namespace kvl
