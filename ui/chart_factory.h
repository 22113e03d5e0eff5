#pragma once

#include "chart_series.h"
#include "ledger.h"
#include "scenario.h"

#include <QList>
#include <QStringList>
#include <optional>

class QWidget;

namespace kvl {

class LedgerChart;

// Chart ids in display order: "memory", "latency", "gqa", "precision".
QStringList chartIds();
// The serving tabs' charts, exportable one at a time: "throughput-latency", "cost-batch",
// "cost-context", "session" (its default turns from the scenario's context), "reality" (the
// measured runs against their calibrated predictions).
QStringList servingChartIds();
// One of each chart, in chartIds() order.
QList<LedgerChart *> createCharts(QWidget *parent = nullptr);
// Any of chartIds() and servingChartIds(); nullptr for an unknown id.
LedgerChart *createChart(const QString &id, QWidget *parent = nullptr);

// Asks core once for every series the charts draw (the union of their seriesRequest()), and for a
// pinned baseline's over the same axes, and hands the result to each: the window's page and the
// CLI's export draw through here. `last` (optional) holds the series of the last change and
// gets this one's: what a change left alone is not computed again (chartSeries's `previous`).
void drawCharts(const QList<LedgerChart *> &charts, const Scenario &s, const Ledger &l,
                const std::optional<Scenario> &baseline = std::nullopt,
                const std::optional<Ledger> &baselineLedger = std::nullopt,
                std::optional<ChartSeries> *last = nullptr);

} // namespace kvl
