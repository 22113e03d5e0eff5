#pragma once

#include "axis_range.h"
#include "grouped_bar_chart.h"
#include "kv_strategy.h"

namespace kvl {

// The full cache and each compared strategy at the scenario's context, side by side: KV held,
// KV read per token, time per token and GPUs to fit, each bar a share of the full cache's,
// labelled with its absolute value (core's evaluateStrategy).
class StrategyComparisonChart : public GroupedBarChart
{
    Q_OBJECT
public:
    explicit StrategyComparisonChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("strategies"); }
    QString title() const override;
    SeriesRequest seriesRequest() const override { return SeriesRequest::of(m_strategies); }
    // Draws series.strategies, and the baseline's as ghost bars.
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;

    // The strategies the chart asks core for; the first is the reference every bar is a share of
    // (the full cache). A chart already drawn asks again.
    void setStrategies(const QList<KvStrategy> &strategies);
    const QList<StrategyResult> &results() const { return m_results; }

protected:
    void unitsChanged() override;

private:
    void drawResults(); // from m_results
    void fitShareAxis();

    QList<KvStrategy> m_strategies;
    QList<StrategyResult> m_results;
    // The same strategies on the pinned baseline (empty when none): its ghost bars.
    QList<StrategyResult> m_baseResults;
    QString m_baseName;
    std::optional<Scenario> m_scenario;
    AxisRange m_shareRange;
};

} // namespace kvl
