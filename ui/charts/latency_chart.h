#pragma once

#include "axis_range.h"
#include "ledger_chart.h"

#include <iterator>
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
    SeriesRequest seriesRequest() const override { return SeriesPart::Latency; }
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;
    QString headline() const override;

    // The marker on the KV read alone (the dotted curve, labelled with its time) instead of the
    // whole step: the seed's "~95 ms" is that term. Off by default.
    void setKvOnlyMark(bool on);
    bool kvOnlyMark() const { return m_kvOnlyMark; }
    // The marked time, as labelled; empty when the mark is off or not on the plot.
    QString markText() const;

    // The measured bandwidth per GPU the dashed curves are drawn at (the scenario's measurement,
    // efficiency = measured / datasheet); 0 when it carries none.
    double measuredBandwidth() const { return m_series.measuredBytesPerSecond; }

    // GPU counts always plotted; the selected count gets its own curve when not among them.
    static constexpr int kSlots = int(std::size(kLatencyGpuCounts)) + 1;
    static constexpr int kPoints = kLatencyPoints;

protected:
    void restyle() override;
    void retranslate() override;
    void styleDraggedPens() override;
    void interactiveEnded() override;
    void logAxesChanged() override; // log-log or linear axes
    void relayoutOverlays() override;

private:
    void retranslateAxes();
    struct Slot
    {
        int gpus = 0; // 0 = unused
        QLineSeries *step = nullptr;
        QLineSeries *kv = nullptr;
        QLineSeries *measured = nullptr;
        Curve stepCurve, kvCurve, measuredCurve; // seconds, from core
    };

    void update();
    void updateCurves();
    void createAxes();
    void syncLegend();
    void styleSlots();
    void updateAxes(double minMs, double maxMs);
    void updateRateAxisLinear();
    static QString gpusName(int gpus);
    static QString pointText(const QLineSeries *series, const QPointF &at);
    QString describe(const Slot &slot, int index, bool measured) const;

    Scenario m_scenario;
    Ledger m_ledger;
    bool m_valid = false;
    LatencySeries m_series; // from core
    // The pinned baseline's step at its own GPU count, and where it stands; none when unpinned.
    std::optional<Curve> m_baseCurve;
    Scenario m_baseScenario;
    Ledger m_baseLedger;
    QList<Slot> m_slots;
    // What the curves were drawn from: a context drag that leaves them as they are costs a
    // comparison, not a rebuild.
    std::optional<LatencySeries> m_drawn;
    double m_minMs = 0, m_maxMs = 0;      // over every curve
    QLineSeries *m_kvKey = nullptr;       // legend entry for the dotted style
    QLineSeries *m_measuredKey = nullptr; // legend entry for the dashed style
    QLineSeries *m_calibrated = nullptr;  // the engine's calibrated prediction, above the floor
    QScatterSeries *m_marker = nullptr;
    bool m_kvOnlyMark = false;
    ChartLabel *m_markLabel = nullptr;      // the KV-only time beside the marker
    QLineSeries *m_baseStep = nullptr;      // dashed, muted
    QScatterSeries *m_baseMarker = nullptr; // hollow
    QAbstractAxis *m_x = nullptr;
    QAbstractAxis *m_y = nullptr;
    QAbstractAxis *m_rate = nullptr; // tokens per second, right
    AxisRange m_xRange, m_yRange;
};

} // namespace kvl
