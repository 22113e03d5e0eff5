#pragma once

#include "grouped_bar_chart.h"

namespace kvl {

// The same scenario with the KV cache in fp16, fp8, int8 and int4 (weights unchanged): KV bytes
// per token, GPUs to fit and time per token.
class PrecisionChart : public GroupedBarChart
{
    Q_OBJECT
public:
    explicit PrecisionChart(QWidget *parent = nullptr);

    QString id() const override { return QStringLiteral("precision"); }
    QString title() const override;
    SeriesRequest seriesRequest() const override { return SeriesPart::Precision; }
    void draw(const ChartSeries &series) override;
    ChartTable table() const override;

    static constexpr const auto &kFormats = kPrecisionVariantFormats;

    // Core's precisionVariants, as drawn.
    using Option = PrecisionVariant;
    const QList<Option> &options() const { return m_options; }

private:
    QList<Option> m_options;
};

} // namespace kvl
