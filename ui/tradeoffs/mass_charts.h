#pragma once

#include "attention_mass.h"
#include "headed_chart.h"

class QBarSet;
class QLineSeries;
class QStackedBarSeries;
class QValueAxis;

namespace kvl {

// Share of each layer's attention mass in its top blocks (core's MassStats.topShare), one bar per
// layer coloured by verdict (or its absence: too few blocks), with the concentration threshold
// and what flat mass would give.
// A mass report drives it, not the scenario.
class MassTopChart : public HeadedChart
{
    Q_OBJECT
public:
    explicit MassTopChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("mass-top"); }
    QString title() const override;
    void draw(const ChartSeries &) override {} // drawn from a report (setReport), not the scenario
    ChartTable table() const override;

    void setReport(const MassReport &report, double concentratedAt = MassOptions{}.concentratedAt);
    // Per layer, in percent: the concentrated set and the flat set (0 where a layer is in the
    // other, or has no verdict).
    QList<double> concentratedBars() const;
    QList<double> flatBars() const;

    // Each bar's share as written above it: a flat layer's 1% is a sliver of the axis.
    QStringList barLabels() const;

protected:
    void restyle() override;
    void retranslate() override;
    void relayoutOverlays() override;

private:
    MassReport m_report;
    QList<ChartLabel *> m_values; // one per layer, above its bar
    QStackedBarSeries *m_bars = nullptr;
    QBarSet *m_concentrated = nullptr;
    QBarSet *m_flat = nullptr;
    QBarSet *m_noVerdict = nullptr;
    QLineSeries *m_threshold = nullptr;
    QLineSeries *m_flatLevel = nullptr;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
};

// Cumulative attention mass against the share of blocks read, largest blocks first, for a few
// layers (core's MassCurve), with the diagonal that flat mass would draw.
class MassCurveChart : public HeadedChart
{
    Q_OBJECT
public:
    explicit MassCurveChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("mass-curve"); }
    QString title() const override;
    // The share of blocks each drawn layer needs for 90% of its mass.
    QString headline() const override;
    void draw(const ChartSeries &) override {}
    ChartTable table() const override;

    // `layers` to draw (those the report has curves for); empty: the most concentrated layer,
    // the median one and the flattest.
    void setReport(const MassReport &report, const QList<int> &layers = {});
    QList<int> shownLayers() const;
    // The plotted curve of shown layer i, in percent.
    QList<QPointF> curvePoints(int i) const;

    static constexpr int kMaxCurves = 6;

protected:
    void restyle() override;
    void retranslate() override;

private:
    // Shows curve i's marker at a few points, staggered from the other curves'.
    void markPoints(int i);

    MassReport m_report;
    QList<MassCurve> m_shown;
    QList<QLineSeries *> m_curves;
    QLineSeries *m_diagonal = nullptr;
    QValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
};

} // namespace kvl
