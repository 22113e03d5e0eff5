#pragma once

// Published measurements of real engines set beside the floor for the same setup: what fraction
// of the floor engines reach, at short and long context (docs/validation.md gives the sources).
// The defaults are never tuned to these.
#include "precision.h"

#include <QList>
#include <QString>

namespace kvl {

enum class MeasuredFigure
{
    TimePerToken,      // decode step at the prompt's context, batch 1 (seconds)
    InterTokenLatency, // mean over the answer as its cache grows, batch 1 (seconds)
    TimeToFirstToken,  // prefill of the prompt (seconds)
    OutputThroughput,  // decode at the largest batch that fits (output tokens/s)
};

struct PublishedMeasurement
{
    QString source; // where it was published
    QString setup;  // as published: model, GPUs, engine, workload
    MeasuredFigure figure = MeasuredFigure::TimePerToken;
    QString modelId; // bundled presets standing for the setup
    QString gpuId;
    int gpus = 1;
    Precision weightPrecision = Precision::of(NumberFormat::FP16);
    Precision kvPrecision = Precision::of(NumberFormat::FP16);
    double memoryFraction = 1.0;
    qint64 prompt = 0;
    qint64 output = 0;
    double measured = 0; // seconds, or output tokens/s
};
QList<PublishedMeasurement> publishedMeasurements();

struct Prediction
{
    double predicted = 0;  // at efficiency 1, in the measurement's unit
    double efficiency = 0; // the efficiency (compute efficiency when computeBound) matching it
    bool computeBound = false;
    int batch = 1; // OutputThroughput: the largest batch that fits at the answer's mean context
    // OutputThroughput: with each request's prefill run before the batch is answered (B × output
    // tokens over B × prefill + output × step), and the efficiency matching that; else 0.
    double withPrefill = 0;
    double withPrefillEfficiency = 0;
    QString error; // a preset missing from the library
};
Prediction predict(const PublishedMeasurement &m);

} // namespace kvl
