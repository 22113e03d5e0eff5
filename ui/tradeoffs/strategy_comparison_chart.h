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
    void draw(const ChartSeries &series) override;
    // The same with the strategies' results already computed (the strategies page evaluates
    // each strategy once for its table and both charts); computed here when they do not match.
    void drawStrategies(const Scenario &s, const QList<StrategyResult> &results);
    ChartTable table() const override;

    // The first is the reference every bar is a share of (the full cache).
    void setStrategies(const QList<KvStrategy> &strategies);
    const QList<StrategyResult> &results() const { return m_results; }

protected:
    void unitsChanged() override;

private:
    void rebuild();     // evaluates, then draws
    void drawResults(); // from m_results
    void fitShareAxis();

    QList<KvStrategy> m_strategies;
    // The same strategies on the pinned baseline (empty when none): its ghost bars.
    void evaluateBaseline();

    QList<StrategyResult> m_results;
    QList<StrategyResult> m_baseResults;
    std::optional<Scenario> m_scenario;
    AxisRange m_shareRange;
};

} // namespace kvl
