#pragma once

#include "axis_range.h"
#include "ledger_chart.h"

#include <optional>

class QAbstractAxis;
class QLineSeries;
class QScatterSeries;

namespace kvl {

// Time per decode step against context length, one curve per GPU count (1, 2, 4, 8 and the
// selected count): weights + KV solid, the KV term alone dotted, tokens/s on the right axis.
class LatencyChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit LatencyChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("latency"); }
    QString title() const override;
    void updateFrom(const Scenario &s, const Ledger &l) override;
    ChartTable table() const override;

    // Log-log (default) or linear axes.
    void setLogScale(bool on);
    bool logScale() const { return m_log; }
    // A measured bandwidth per GPU (bytes/s; 0 = none) adds dashed curves at
    // efficiency = measured / datasheet, named `label` ("measured: 3.21 TB/s" when empty).
    void setMeasuredBandwidth(double bytesPerSecond, const QString &label = {});
    double measuredBandwidth() const { return m_measured; }

    // GPU counts always plotted; the selected count gets its own curve when not among them.
    static constexpr int kFixedGpuCounts[] = {1, 2, 4, 8};
    static constexpr int kSlots = 5;
    static constexpr int kPoints = 160;

protected:
    void restyle() override;
    void interactiveEnded() override;

private:
    struct Slot
    {
        int gpus = 0; // 0 = unused
        QLineSeries *step = nullptr;
        QLineSeries *kv = nullptr;
        QLineSeries *measured = nullptr;
        QList<double> stepSeconds, kvSeconds, measuredSeconds;
    };

    void update();
    void updateCurves();
    void createAxes();
    void syncLegend();
    void styleSlots();
    void updateAxes(double minMs, double maxMs);
    void updateRateAxisLinear();
    QString slotName(const Slot &slot) const;
    QString describe(const Slot &slot, int index, bool measured) const;

    Scenario m_scenario;
    Ledger m_ledger;
    bool m_valid = false;
    bool m_log = true;
    double m_measured = 0;
    QString m_measuredLabel;
    QList<qint64> m_contexts;
    QList<Slot> m_slots;
    std::optional<Scenario> m_curvesFor; // what the curves were computed for
    double m_curvesMeasured = 0;
    double m_minMs = 0, m_maxMs = 0;      // over every curve
    QLineSeries *m_kvKey = nullptr;       // legend entry for the dotted style
    QLineSeries *m_measuredKey = nullptr; // legend entry for the dashed style
    QScatterSeries *m_marker = nullptr;
    QAbstractAxis *m_x = nullptr;
    QAbstractAxis *m_y = nullptr;
    QAbstractAxis *m_rate = nullptr; // tokens per second, right
    AxisRange m_xRange, m_yRange;
};

} // namespace kvl
