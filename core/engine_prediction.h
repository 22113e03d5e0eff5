#pragma once

#include "batched_step.h"
#include "scenario.h"
#include <QPointF>

namespace kvl {

// A scenario's decode step as an engine serves it, with the constants fitted to measured runs
// (Calibration::bundled()): `scenario.batch` requests in flight at `scenario.context` tokens,
// each answering `scenario.responseTokens`, on TP `scenario.gpus`.
struct EnginePrediction
{
    bool valid = false;
    double secondsPerToken = 0;      // calibrated
    double floorSecondsPerToken = 0; // the same step at datasheet rates, no fixed cost
    double running = 0;              // requests the memory holds at once, at most the batch
    QString architecture;            // the fit used: "hopper", "blackwell" or "all"
    QString fittedTo; // none (not valid): no engine chosen, or an engine without constants
};

EnginePrediction predictEngine(const Scenario &s);
// predictEngine's time per token at each context, while the scenario's batch fits in memory
// (past that the engine queues requests): the calibrated curve. Empty without a prediction.
QList<QPointF> predictedSecondsPerToken(const Scenario &s, const QList<qint64> &contexts);
// The engines the bundled calibration has constants for: "sglang", "trtllm", "vllm".
QStringList calibratedEngines();
// The engine's own spelling: "vLLM", "SGLang", "TensorRT-LLM"; an unknown id as it is.
QString engineName(const QString &id);

} // namespace kvl
