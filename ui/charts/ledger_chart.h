#pragma once

#include "ledger.h"
#include "scenario.h"
#include "units.h"
#include <QChartView>
#include <QStringList>

namespace kvl {

// A chart's data as a table, for CSV export: header row, then one row per point.
struct ChartTable
{
    QStringList header;
    QList<QStringList> rows;
};

// One live chart of the ledger. Views get updateFrom() on every scenario change; the update
// path builds each series once and calls QXYSeries::replace, and touches axes only on change.
class LedgerChart : public QChartView
{
    Q_OBJECT
public:
    using QChartView::QChartView;

    virtual QString id() const = 0;    // "memory", "latency", "gqa", "precision"
    virtual QString title() const = 0; // translated, for tabs and exports
    virtual void updateFrom(const Scenario &s, const Ledger &l) = 0;
    virtual ChartTable table() const = 0;

    void setUnits(ByteUnits units);
    ByteUnits units() const { return m_units; }
    // Animations off while a slider is dragged; back on after.
    void setInteractive(bool interactive);
    // Presentation mode: larger fonts, thicker lines, high contrast.
    virtual void setPresentation(bool on);
    bool presentation() const { return m_presentation; }

protected:
    virtual void unitsChanged() {}
    ByteUnits m_units = ByteUnits::SI;
    bool m_presentation = false;
};

} // namespace kvl
