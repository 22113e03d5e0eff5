#pragma once

#include "input_limits.h"
#include "ledger.h"
#include "prefill.h"
#include "scenario.h"
#include "units.h"
#include <QCommandLineParser>
#include <optional>

namespace kvl::cli {

// The scenario options every command shares: --model/--config, --gpu, --gpus, --context, ...
void addScenarioOptions(QCommandLineParser &parser);
// Builds and validates the scenario; throws UsageError naming the option on bad input.
Scenario scenarioFromOptions(const QCommandLineParser &parser);
// The baseline a --scenario file pinned, as saved (the other options leave it as it is); nullopt
// without one.
std::optional<Scenario> baselineFromOptions(const QCommandLineParser &parser);
ByteUnits unitsFromOptions(const QCommandLineParser &parser);

// Option value helpers that throw UsageError("--name: \"v\" is not ...").
int intOption(const QCommandLineParser &p, const QString &name, int lo, int hi);
// In (lo, hi].
double doubleOption(const QCommandLineParser &p, const QString &name, double lo, double hi);
double doubleOption(const QCommandLineParser &p, const QString &name, limits::RealRange range);
qint64 tokenOption(const QCommandLineParser &p, const QString &name, qint64 lo, qint64 hi);
// --max-batched-tokens: the tokens of one prefill chunk (default kDefaultMaxBatchedTokens).
void addMaxBatchedTokensOption(QCommandLineParser &parser);
qint64 maxBatchedTokensFromOptions(const QCommandLineParser &parser);
// Log-spaced contexts from --from (default 1k), --to (default 10M) and --points.
QList<qint64> contextsFromOptions(const QCommandLineParser &p, int defaultPoints);

} // namespace kvl::cli
