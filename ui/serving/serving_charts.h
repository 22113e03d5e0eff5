#pragma once

#include "serving_series.h"
#include "wall_chart.h"

namespace kvl {

// The three charts of the serving page, each drawing core's ServingSeries for the scenario.
class ServingChart : public WallChart
{
    Q_OBJECT
public:
    using WallChart::WallChart;
    SeriesRequest seriesRequest() const override { return SeriesPart::Serving; }
    // Draws series.serving, and the baseline's beside it when one is pinned.
    void draw(const ChartSeries &series) override;
    const ServingSeries &series() const { return m_series; }

protected:
    virtual Data dataFor(const Scenario &s, const ServingSeries &series) const = 0;
    const Scenario &scenario() const { return m_scenario; }
    // The batch point of the plotted index (charts over the batch axis).
    const BatchPoint &batchPoint(int index) const { return m_series.batch.at(index); }
    ChartTable batchTable() const;
    QString batchName(int batch) const;

private:
    Scenario m_scenario;
    ServingSeries m_series;
    std::optional<ServingSeries> m_baseSeries; // the pinned baseline's, when drawn
};

// Latency against throughput as the batch grows, the curve serving engineers draw: each point a
// batch, x the whole batch's tokens/s, y the time per token every sequence waits.
class ThroughputLatencyChart : public ServingChart
{
    Q_OBJECT
public:
    explicit ThroughputLatencyChart(QWidget *parent = nullptr);
    QString id() const override { return QStringLiteral("throughput-latency"); }
    QString title() const override;
    QString headline() const override;
    ChartTable table() const override { return batchTable(); }

protected:
    Data dataFor(const Scenario &s, const ServingSeries &series) const override;
    QString xTitle() const override;
    QString yTitle() const override;
    QString fitsName() const override;
    QString pastName() const override;
    QString wallName() const override;
    QString markerName() const override;
    QString describe(int index) const override;
};

// USD per million output tokens against the batch: the weights' read shared by more sequences.
class CostBatchChart : public ServingChart
{
    Q_OBJECT
public:
    explicit CostBatchChart(QWidget *parent = nullptr);
    QString id() const override { return QStringLiteral("cost-batch"); }
    QString title() const override;
    QString headline() const override;
    ChartTable table() const override { return batchTable(); }

protected:
    Data dataFor(const Scenario &s, const ServingSeries &series) const override;
    QString xTitle() const override;
    QString yTitle() const override;
    QString fitsName() const override;
    QString pastName() const override;
    QString wallName() const override;
    QString markerName() const override;
    QString describe(int index) const override;
};

// USD per million output tokens against context at the scenario's batch: the cost of a token
// grows with the conversation.
class CostContextChart : public ServingChart
{
    Q_OBJECT
public:
    explicit CostContextChart(QWidget *parent = nullptr);
    QString id() const override { return QStringLiteral("cost-context"); }
    QString title() const override;
    QString headline() const override;
    ChartTable table() const override;

protected:
    Data dataFor(const Scenario &s, const ServingSeries &series) const override;
    QString xTitle() const override;
    QString yTitle() const override;
    QString fitsName() const override;
    QString pastName() const override;
    QString wallName() const override;
    QString markerName() const override;
    QString describe(int index) const override;
};

} // namespace kvl
