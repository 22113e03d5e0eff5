#pragma once

#include "axis_range.h"
#include "chart_series.h"
#include "kv_strategy.h"
#include "ledger_chart.h"

#include <optional>

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace kvl {

// Time per token against context length (log-log, 1k to 10M tokens), one curve per strategy of
// core's StrategySeries: windows flatten, budgets cap, sparse reads grow slowly, quantization
// scales the full cache's curve down. Dots mark the scenario's context.
class StrategyLatencyChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit StrategyLatencyChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("strategy-latency"); }
    QString title() const override;
    // Each strategy's time per token at the scenario's context.
    QString headline() const override;
    SeriesRequest seriesRequest() const override { return SeriesRequest::of(m_strategies); }
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;

    // The strategies the chart asks core for; a chart already drawn asks again.
    void setStrategies(const QList<KvStrategy> &strategies);
    const QList<qint64> &contexts() const { return m_contexts; }
    // Seconds per token of strategy i at contexts(), as core computed them.
    const QList<QPointF> &curve(int i) const { return m_curves.at(i); }

protected:
    void restyle() override;
    void retranslate() override;
    void interactiveEnded() override;

private:
    void updateCurves();
    void updateAxes();
    void syncSeries();

    Scenario m_scenario;
    bool m_valid = false;
    QList<KvStrategy> m_strategies;
    QList<qint64> m_contexts;
    QList<QList<QPointF>> m_curves; // seconds
    QList<QLineSeries *> m_series;  // milliseconds
    // The same strategies on the pinned baseline, pale and dashed; empty when none is pinned.
    QList<QList<QPointF>> m_baseCurves;
    QList<QLineSeries *> m_baseSeries;
    QString m_baseName;
    QScatterSeries *m_marker = nullptr;
    QList<StrategyResult> m_atContext; // the markers, one per strategy
    QLogValueAxis *m_x = nullptr;
    QLogValueAxis *m_y = nullptr;
    AxisRange m_yRange;
};

} // namespace kvl
