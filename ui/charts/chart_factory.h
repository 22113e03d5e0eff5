#pragma once

#include <QList>
#include <QStringList>

class QWidget;

namespace kvl {

class LedgerChart;
struct Ledger;
struct Scenario;

// Chart ids in display order: "memory", "latency", "gqa", "precision".
QStringList chartIds();
// The serving tabs' charts, exportable one at a time: "throughput-latency", "cost-batch",
// "cost-context", "session" (its default turns from the scenario's context).
QStringList servingChartIds();
// One of each chart, in chartIds() order.
QList<LedgerChart *> createCharts(QWidget *parent = nullptr);
// Any of chartIds() and servingChartIds(); nullptr for an unknown id.
LedgerChart *createChart(const QString &id, QWidget *parent = nullptr);

// Asks core once for every series the charts draw (the union of their seriesParts()) and hands
// the result to each: the window's page and the CLI's export draw through here.
void drawCharts(const QList<LedgerChart *> &charts, const Scenario &s, const Ledger &l);

} // namespace kvl
