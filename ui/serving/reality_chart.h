#pragma once

#include "ledger_chart.h"
#include "reality.h"

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace kvl {

// Every bundled measured run against its calibrated prediction, log-log, one colour per engine,
// with y = x and the ±25% band, and the runs of the scenario's architecture on its GPU ringed.
// Draws core's RealitySeries.
class RealityChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit RealityChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("reality"); }
    QString title() const override;
    QString headline() const override;
    void draw(const ChartSeries &series) override;
    void drawSeries(const Scenario &s, const RealitySeries &series);
    ChartTable table() const override;

    void setQuantity(RealityQuantity q);
    RealityQuantity quantity() const { return m_quantity; }
    const RealitySeries &series() const { return m_series; }
    // "Llama 3.1 70B on H200": what the rings mark.
    QString markedName() const;
    // "8.92%": a share in percent, as the chart and its page's table write it.
    static QString percent(double share);

protected:
    void restyle() override;
    void retranslate() override;

private:
    QScatterSeries *engineSeries(const QString &engine);
    void nameMarked(); // the rings' legend entry, from the scenario
    void showRun(QScatterSeries *series, const QPointF &point, const QList<int> &rows);

    RealityQuantity m_quantity = RealityQuantity::Tpot;
    RealitySeries m_series;
    Scenario m_scenario;
    QHash<QString, QScatterSeries *> m_engines;
    QScatterSeries *m_marked = nullptr;
    QLineSeries *m_diagonal = nullptr;
    QLineSeries *m_over = nullptr;  // predicted = 1.25 × measured
    QLineSeries *m_under = nullptr; // predicted = 0.8 × measured
    QLogValueAxis *m_x = nullptr;
    QLogValueAxis *m_y = nullptr;
};

} // namespace kvl
