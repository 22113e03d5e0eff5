#pragma once

#include "axis_range.h"
#include "headed_chart.h"
#include "roofline.h"

class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace kvl {

// Core's roofline of the scenario's GPU, log-log: the bandwidth slope and the compute roof at the
// chosen precision (and the measured-bandwidth roof when there is a measurement), the ridge
// labelled, and core's points (decode attention MHA / GQA / MLA, decode weight matmuls at the
// batch, prefill of a prompt). The headline says how far below the ridge decode attention sits.
class RooflineChart : public HeadedChart
{
    Q_OBJECT
public:
    explicit RooflineChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("roofline"); }
    QString title() const override;
    SeriesRequest seriesRequest() const override { return SeriesRequest::of(m_options); }
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;

    // The prompt of the prefill point.
    void setPromptTokens(qint64 tokens);
    qint64 promptTokens() const { return m_options.promptTokens; }
    // The compute roof's precision; nullopt: the weights' precision.
    void setComputePrecision(const std::optional<Precision> &p);
    std::optional<Precision> computePrecision() const { return m_options.compute; }

    const Roofline &roofline() const { return m_roofline; }
    // The point the headline is about: GQA decode attention, else MLA, else MHA.
    std::optional<RooflinePoint> decodeAttention() const;

signals:
    void rooflineChanged();

protected:
    void restyle() override;
    void retranslate() override;
    void relayoutOverlays() override;

private:
    void update();
    void syncPointSeries();
    QString describe(const RooflinePoint &p) const;

    std::optional<Scenario> m_scenario;
    RooflineOptions m_options;
    Roofline m_roofline;
    // The pinned baseline's points (hollow, pale) and roof (dashed, pale, when it differs).
    std::optional<Roofline> m_baseRoofline;
    QString m_baseName;
    QScatterSeries *m_basePoints = nullptr;
    QLineSeries *m_baseRoof = nullptr;
    QLineSeries *m_roof = nullptr;
    QLineSeries *m_measuredRoof = nullptr;
    QLineSeries *m_ridge = nullptr; // a dotted drop from the ridge to the axis
    QList<QScatterSeries *> m_points;
    ChartLabel *m_ridgeLabel = nullptr;
    ChartLabel *m_measuredRidgeLabel = nullptr;
    QLogValueAxis *m_x = nullptr;
    QLogValueAxis *m_y = nullptr;
    AxisRange m_xRange, m_yRange;
};

} // namespace kvl
