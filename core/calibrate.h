#pragma once

#include "batched_step.h"
#include <QJsonObject>
#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace kvl {

// Median and 90th percentile of |error| (error = predicted / measured − 1).
struct ErrorSummary
{
    int count = 0;
    double median = 0;
    double p90 = 0;
};
ErrorSummary summarizeErrors(QList<double> errors);

// A pull towards `center`: weight × Σ ln(x_k / center_k)² added to a fit's cost.
struct LogPrior
{
    std::vector<double> center;
    double weight = 0;
};

// Minimizes Σ ρ(ln(predict(x, i) / measured[i])) (+ the prior) over x in [lo, hi] (a robust
// soft-L1 ρ, so a few rows far off do not drag the fit), by Levenberg-Marquardt on the
// logarithms of x. Deterministic: the same rows give the same constants.
std::vector<double>
fitLogParameters(const std::function<double(const std::vector<double> &, int)> &predict,
                 const QList<double> &measured, std::vector<double> start,
                 const std::vector<double> &lo, const std::vector<double> &hi,
                 const LogPrior &prior = {});

// One measured run, ready to fit: its step's physical terms and what was measured.
struct CalibrationRow
{
    QString id;
    QString engine;       // vllm, sglang, trtllm
    QString architecture; // hopper, blackwell
    QString model;
    QString system;
    StepTerms terms;
    std::optional<double> tpotSeconds;
    std::optional<double> ttftSeconds;
};

// Constants of one engine on one GPU architecture ("all": every architecture, the fallback for
// a GPU whose architecture has no fit), with how well they fit their rows.
struct EngineFit
{
    QString engine;
    QString architecture;
    EngineConstants constants;
    ErrorSummary tpot;
    ErrorSummary ttft;
};

struct Calibration
{
    QString fittedTo; // what the constants were fitted to, in words
    QList<EngineFit> fits;

    // The engine's fit for the architecture, else its "all" fit; nullptr when the engine has none.
    const EngineFit *find(const QString &engine, const QString &architecture) const;
    QStringList engines() const;
    // The runs the constants were fitted to with a time per token: each engine's "all" fit's.
    int fittedRows() const;
    QJsonObject toJson() const;
    static std::optional<Calibration> fromJson(const QJsonObject &o, QString *error);
    // resources/calibration/engines.json, compiled in.
    static const Calibration &bundled();
};

// The chance a draft token is accepted when no run that drafts is there to fit it: DeepSeek-V3's
// report gives 85-90% for its one MTP module's token (arXiv 2412.19437).
inline constexpr double kDraftAcceptancePrior = 0.85;

// Fits EngineConstants per engine and architecture (and per engine over all architectures) to
// the rows: the eight step constants to TPOT and the four first-token constants to TTFT; and one
// draft acceptance for every engine, to the TPOT of the runs that drafted tokens. An engine's
// constants are pulled towards those of every engine together (kEnginePrior), an architecture's
// towards its engine's over every architecture (kArchitecturePrior).
Calibration calibrate(const QList<CalibrationRow> &rows, const QString &fittedTo);
// A starting point engines are near.
inline constexpr EngineConstants kFitStart{.bandwidthFraction = 0.7,
                                           .flopFraction = 0.5,
                                           .commFraction = 0.5,
                                           .collectiveSeconds = 5e-6,
                                           .layerSeconds = 2e-5,
                                           .moeLayerSeconds = 2e-5,
                                           .tokenLayerSeconds = 1e-7,
                                           .prefillFraction = 0.5,
                                           .expertPrefillFraction = 0.5,
                                           .mixedPrefillFraction = 0.5,
                                           .firstTokenSeconds = 0.05,
                                           .burstShare = 0.1};
// The prior's weight on an architecture's constants: one architecture's runs hold few models, and
// without it their fit followed those models (a GPU held out, bench_calibration: TPOT error
// median / p90 16.3% / 45.5% without, 15.2% / 37.0% at 3).
inline constexpr double kArchitecturePrior = 3.0;
// The same weight on an engine's constants: one engine serves few models (vLLM one dense model
// besides 21 rows), and without it a model held out met constants its kind of model never
// shaped (bench_calibration, TPOT error median / p90: a model held out 19.0% / 48.2% without,
// 14.6% / 37.2% at 3; a GPU held out 15.2% / 37.0% without, 13.7% / 35.4% at 3).
inline constexpr double kEnginePrior = 3.0;
// From `start` (the fit of every engine, an engine's over every architecture, or kFitStart), pulled
// towards `start` with `priorWeight`.
EngineConstants fitConstants(const QList<CalibrationRow> &rows,
                             double draftAcceptance = kDraftAcceptancePrior,
                             const EngineConstants &start = kFitStart, double priorWeight = 0);

} // namespace kvl
