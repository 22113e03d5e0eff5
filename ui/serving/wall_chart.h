#pragma once

#include "axis_range.h"
#include "ledger_chart.h"

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace kvl {

// A log-log curve that runs into a memory wall: solid where the scenario fits, dashed past the
// wall (a vertical line), a dot at the scenario itself. Subclasses hand it core's points; it
// computes nothing.
class WallChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit WallChart(QWidget *parent = nullptr);

protected:
    struct Data
    {
        QList<QPointF> points; // in the chart's units, sorted by x
        QList<bool> fits;      // per point
        double wallX = 0;      // 0: no wall on the axis
        std::optional<QPointF> marker;
        // The pinned baseline's curve and point, pale and dashed; empty when none is pinned.
        QList<QPointF> baseline;
        std::optional<QPointF> baselineMarker;
        QString baselineName;
    };
    void setData(Data data);
    const Data &data() const { return m_data; }
    // Texts of the subclass: the axes, the legend entries, a point's hover text.
    virtual QString xTitle() const = 0;
    virtual QString yTitle() const = 0;
    virtual QString fitsName() const = 0;
    virtual QString pastName() const = 0;
    virtual QString wallName() const = 0;
    virtual QString markerName() const = 0;
    virtual QString describe(int index) const = 0;
    // Token counts along x (the context axis).
    void useTokenAxis();

    void restyle() override;
    void retranslate() override;
    void interactiveEnded() override;

private:
    void updateAxes();

    Data m_data;
    QLineSeries *m_fits = nullptr;
    QLineSeries *m_past = nullptr;
    QLineSeries *m_wall = nullptr;
    QScatterSeries *m_marker = nullptr;
    QLineSeries *m_base = nullptr;
    QScatterSeries *m_baseMarker = nullptr;
    QLogValueAxis *m_x = nullptr;
    QLogValueAxis *m_y = nullptr;
    AxisRange m_xRange, m_yRange;
};

} // namespace kvl
