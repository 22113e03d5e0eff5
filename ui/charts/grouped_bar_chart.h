#pragma once

#include "ledger_chart.h"

class QBarCategoryAxis;
class QBarSet;
class QHorizontalBarSeries;
class QValueAxis;

namespace kvl {

// Variants of one scenario (attention kinds, KV precisions) compared on metrics with different
// units: one group of horizontal bars per metric, each bar as a share of a reference variant,
// labelled with its absolute value and unit.
class GroupedBarChart : public LedgerChart
{
    Q_OBJECT
public:
    explicit GroupedBarChart(QWidget *parent = nullptr);

    struct Bar
    {
        double value = 0; // in the metric's unit; bars show value / reference value
        QString text;     // absolute value with unit, as the label shows it
    };
    struct Variant
    {
        QString name;      // legend: "GQA, 8 KV heads (this model)"
        QString shortName; // axis title and factors: "GQA"
        QList<Bar> bars;   // one per metric
        bool current = false;
    };

    // Shares in percent, [variant][metric], as plotted.
    QList<QList<double>> shares() const;
    QStringList variantNames() const;
    QStringList metricNames() const { return m_metrics; }

protected:
    // Replaces the data; bar sets are rebuilt only when the variant names change.
    void setVariants(const QList<Variant> &variants, const QStringList &metrics, int reference);
    void restyle() override;
    void relayoutOverlays() override;
    // "8", "1.5": a ratio, whole numbers without decimals.
    static QString factorNumber(double factor);

private:
    void rebuild(const QList<Variant> &variants);

    QHorizontalBarSeries *m_series = nullptr;
    QBarCategoryAxis *m_categories = nullptr;
    QValueAxis *m_share = nullptr;
    QList<QBarSet *> m_sets; // top to bottom, as variants are given
    QList<QList<ChartLabel *>> m_labels;
    QList<Variant> m_variants;
    QStringList m_metrics;
    int m_reference = 0;
};

} // namespace kvl
