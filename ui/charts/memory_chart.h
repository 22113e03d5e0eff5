#pragma once

#include "axis_range.h"
#include "ledger_chart.h"

#include <optional>

class QAreaSeries;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QValueAxis;

namespace kvl {

// Weights and KV cache (whole model, stacked) against context length, with lines at k GPUs'
// usable memory, the current context marked and the GPU count to fit annotated.
class MemoryChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit MemoryChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("memory"); }
    QString title() const override;
    SeriesRequest seriesRequest() const override { return SeriesPart::Memory; }
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;

    // Contexts (tokens) plotted.
    static constexpr int kPoints = kMemoryPoints;

protected:
    void unitsChanged() override;
    QString headline() const override;
    void retranslate() override;
    void restyle() override;
    void relayoutOverlays() override;
    void styleDraggedPens() override;
    void interactiveEnded() override;

private:
    void update();
    void updateGpuLines();
    void placeGpuLabels();

    Scenario m_scenario;
    Ledger m_ledger;
    bool m_valid = false;
    MemorySeries m_series; // from core
    // The pinned baseline's, over the same contexts; nullopt when none is pinned.
    std::optional<MemorySeries> m_baseSeries;
    Scenario m_baseScenario;
    Ledger m_baseLedger;
    // What the curves were drawn from: a context drag that leaves them as they are costs a
    // comparison, not a rebuild.
    std::optional<MemorySeries> m_drawn;
    ByteUnits m_drawnUnits = ByteUnits::SI;

    QLineSeries *m_weightsTop = nullptr;
    QLineSeries *m_kvBottom = nullptr;
    QLineSeries *m_kvTop = nullptr;
    QAreaSeries *m_weights = nullptr;
    QAreaSeries *m_kv = nullptr;
    QList<QLineSeries *> m_gpuLines;
    QLineSeries *m_contextLine = nullptr;
    QScatterSeries *m_marker = nullptr;
    QLineSeries *m_baseTotal = nullptr;     // the baseline's weights + KV, dashed
    QScatterSeries *m_baseMarker = nullptr; // at the baseline's own context, hollow
    QLogValueAxis *m_x = nullptr;
    QValueAxis *m_y = nullptr;
    AxisRange m_yRange;
    ChartLabel *m_annotation = nullptr;
    // "6 GPUs" at the right end of each line; scene labels, so that moving them as the lines
    // change costs no chart relayout (axis labels would).
    QList<ChartLabel *> m_gpuLabels;
};

} // namespace kvl
