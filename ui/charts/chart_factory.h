#pragma once

#include <QList>
#include <QStringList>

class QWidget;

namespace kvl {

class LedgerChart;

// Chart ids in display order: "memory", "latency", "gqa", "precision".
QStringList chartIds();
// One of each chart, in chartIds() order.
QList<LedgerChart *> createCharts(QWidget *parent = nullptr);
// nullptr for an unknown id.
LedgerChart *createChart(const QString &id, QWidget *parent = nullptr);

} // namespace kvl
