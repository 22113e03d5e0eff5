#pragma once

#include "grouped_bar_chart.h"

namespace kvl {

// MHA, GQA, MQA (and MLA when the model has latent layers) for the same scenario: KV bytes per
// token, KV cache at the context and time per token. GQA, MHA and MQA are the model with its KV
// heads changed (ModelSpec::withKvHeads); MLA is the model as it is.
class AttentionChart : public GroupedBarChart
{
    Q_OBJECT
public:
    explicit AttentionChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("gqa"); }
    QString title() const override;
    SeriesRequest seriesRequest() const override { return SeriesPart::Attention; }
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;

    struct Kind
    {
        QString shortName; // "MHA"
        QString name;      // "MHA, 64 KV heads"
        int kvHeads = 0;   // 0 for MLA
        bool current = false;
        Scenario scenario; // the scenario with this attention kind
        Ledger ledger;     // core's attentionVariants
    };
    const QList<Kind> &kinds() const { return m_kinds; }

private:
    QList<Kind> m_kinds;
};

} // namespace kvl
