#pragma once

#include "calibrate.h"
#include "reality_quantity.h"
#include "run_predictions.h"
#include "scenario.h"
#include <QList>
#include <QPointF>
#include <optional>

namespace kvl {

// One engine's runs: every run with both a prediction and a measurement of the quantity.
struct EngineReality
{
    QString engine;        // "vllm"
    QList<QPointF> points; // (measured, predicted) seconds, by measured time
    QList<int> rows;       // each point's index in the predictions
    int runs = 0;          // the engine's runs, predicted or not
    ErrorSummary error;    // |predicted / measured − 1| over the points
    // The share of the floor's speed the engine reaches on its aggregated runs: the median of
    // floor TPOT / measured TPOT (the floor: datasheet rates, no fixed cost). nullopt: no run.
    std::optional<double> floorShare;
};

struct RealitySeries
{
    RealityQuantity quantity = RealityQuantity::Tpot;
    QList<EngineReality> engines; // by engine id, those with runs
    // The runs of the scenario's architecture on the scenario's GPU (sameArchitecture, GPU id).
    QList<QPointF> marked;
    QList<int> markedRows;
    ErrorSummary markedError;
    int runs = 0;   // every run
    int points = 0; // those drawn
    // One range for both axes, whole decades around every point, so that y = x is the diagonal.
    double lo = 0, hi = 0;
};

// Of the scenario, only its GPU (id) and its model's architecture (sameArchitecture) matter.
RealitySeries realitySeries(const QList<RunPrediction> &predictions, const Scenario &s,
                            RealityQuantity quantity);
// Two models whose decode step moves the same bytes and FLOP: the same shape of layers, heads,
// experts and latent (Llama 3.1 70B and 3.3 70B, DeepSeek-V3 and R1), whatever their names.
bool sameArchitecture(const ModelSpec &a, const ModelSpec &b);
// The measured runs bundled with the program (data/measured: runs.csv and its models' configs),
// predicted with the bundled constants; read and predicted once, on the first call.
const QList<RunPrediction> &bundledRunPredictions();

} // namespace kvl
