#pragma once

#include "model_spec.h"
#include <QString>

namespace kvl {

struct Scenario;

// Weight bytes by part, whole model: at the scenario's weight precision, or as the checkpoint
// stores them (MXFP4 experts beside bf16 attention, fp8 blocks with their scales).
struct WeightBytes
{
    double embeddings = 0;
    double routedExperts = 0;
    double rest = 0;
    double total() const { return embeddings + routedExperts + rest; }
};

WeightBytes weightBytes(const Scenario &s);
// Distinct experts `tokens` tokens touch among `experts` when each picks `perToken` of them with
// uniform routing: E × (1 − (1 − k/E)^T).
double expertsTouched(double experts, double perToken, double tokens);
// Bytes one decode step reads: all of a dense model; for MoE everything but the routed experts,
// plus the experts the batch touches (each token picks k of E: E × (1 − (1 − k/E)^B) distinct).
double weightBytesReadPerStep(const Scenario &s);
// The same from the scenario's weightBytes(s), where the caller has them.
double weightBytesReadPerStep(const Scenario &s, const WeightBytes &w);
// The precision the weight matmuls run at: the stored linear layers', or the override.
Precision computePrecision(const Scenario &s);
// "fp16", or as stored: "bf16", "fp4 (g32, 4.25 bits) experts + bf16".
QString weightPrecisionLabel(const Scenario &s);

} // namespace kvl
