#pragma once

#include "axis_range.h"
#include "ledger_chart.h"
#include "serving_series.h"

class QBarSet;
class QCategoryAxis;
class QLineSeries;
class QBarSeries;
class QStackedBarSeries;
class QValueAxis;

namespace kvl {

// An agent session turn by turn: prefill and decode seconds stacked per turn, with the prefix
// cache on and off side by side, the cumulative cost of each on the right axis, and the turn from
// which the context no longer fits. Draws core's SessionSeries.
class SessionChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit SessionChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("session"); }
    QString title() const override;
    QString headline() const override;
    SeriesRequest seriesRequest() const override { return SeriesRequest::of(m_options); }
    // The baseline's session, the same turns from its own context, as pale ghost bars and dashed
    // cumulative costs beside the scenario's.
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;

    // The turns the chart asks core for (seriesRequest); the start is the context.
    void setOptions(const SessionOptions &o) { m_options = o; }
    const SessionOptions &options() const { return m_options; }
    const SessionSeries &series() const { return m_series; }

    static constexpr int kMaxTurns = 200; // bars stay a few pixels wide

protected:
    void restyle() override;
    void retranslate() override;

private:
    void updateAxes();

    SessionOptions m_options;
    SessionSeries m_series;
    std::optional<SessionSeries> m_baseSeries;
    QStackedBarSeries *m_cached = nullptr;
    QStackedBarSeries *m_uncached = nullptr;
    QBarSeries *m_baseBars = nullptr; // the baseline's seconds per turn, cache on and off
    QBarSet *m_baseCached = nullptr, *m_baseUncached = nullptr;
    QLineSeries *m_baseCachedCost = nullptr, *m_baseUncachedCost = nullptr;
    QBarSet *m_cachedPrefill = nullptr, *m_cachedDecode = nullptr;
    QBarSet *m_uncachedPrefill = nullptr, *m_uncachedDecode = nullptr;
    QLineSeries *m_cachedCost = nullptr, *m_uncachedCost = nullptr;
    QLineSeries *m_wall = nullptr;
    QCategoryAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
    QValueAxis *m_cost = nullptr;
    AxisRange m_yRange, m_costRange;
};

} // namespace kvl
