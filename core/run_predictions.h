#pragma once

#include "calibrate.h"
#include "measured_runs.h"
#include <QJsonObject>

namespace kvl {

// The floor and the calibrated prediction of one measured run, never reading its measured
// columns; null predictions and a reason when it cannot be modelled.
struct RunPrediction
{
    MeasuredRun run;
    QString architecture;
    ModelSpec model; // as resolved (a preset or the run's config); empty when unknown
    QString gpuId;   // the GPU preset of the run's system: "h200"
    QString note;    // how the row was read, when not literally
    QString reason;  // empty when predicted
    std::optional<double> floorTpot;
    std::optional<double> predictedTpot;
    std::optional<double> predictedTtft;
    StepTerms terms;
};

QList<RunPrediction> predictRuns(const QList<MeasuredRun> &runs, ModelResolver &models,
                                 const Calibration &calibration);
// The runs that can be modelled, as rows to fit (aggregated runs only when `aggregatedOnly`).
QList<CalibrationRow> calibrationRows(const QList<RunPrediction> &predictions, bool aggregatedOnly);

// Error summaries by a key (engine, system, model, mode): predicted / measured − 1 over the rows
// with both.
struct GroupErrors
{
    QString key;
    int rows = 0;
    int predicted = 0;
    ErrorSummary tpot;
    ErrorSummary ttft;
};
QList<GroupErrors> groupErrors(const QList<RunPrediction> &predictions,
                               const std::function<QString(const RunPrediction &)> &key);

// {"rows": [...], "summary": {"rows", "predicted", "aggregated": {...}, "by_engine": [...],
// "by_gpu": [...], "by_model": [...], "fitted_to"}}
QJsonObject validationJson(const QList<RunPrediction> &predictions, const Calibration &calibration);
// A table of the rows, then the error summary by mode, engine, GPU and model.
QString validationText(const QList<RunPrediction> &predictions, const Calibration &calibration);

} // namespace kvl
