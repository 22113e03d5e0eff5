#pragma once

#include "ledger_chart.h"
#include "text_advances.h"

#include <QFont>

#include <optional>
#include <utility>

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
        bool ghost = false; // the baseline's twin of the variant before it
    };

    // Shares in percent, [variant][metric], as plotted.
    QList<QList<double>> shares() const;
    QStringList variantNames() const;
    QStringList metricNames() const { return m_metrics; }
    // The chart's headline, drawn where a title goes ("GQA saves 8× KV vs MHA at 1,000,000
    // tokens").
    QString heading() const;

protected:
    // Replaces the data; bar sets are rebuilt only when their number changes. `baseline`, when
    // given, holds the pinned baseline's variants, one for each of `variants`: each is drawn as a
    // pale, dashed ghost just under its twin, as a share of the same reference, with one legend
    // entry named `baselineName`.
    void setVariants(const QList<Variant> &variants, const QStringList &metrics, int reference,
                     const QList<Variant> &baseline = {}, const QString &baselineName = {});
    // The headline changes with every context step; as a scene label it costs no chart relayout
    // (a QChart title change relayouts and repaints the whole chart). It wraps to the chart's
    // width.
    void setHeading(const QString &text);
    void restyle() override;
    void relayoutOverlays() override;
    void styleDraggedPens() override;
    void interactiveEnded() override;
    // Bar labels carry byte units: a units change relabels from the last scenario, which
    // subclasses record with remember() in draw().
    void unitsChanged() override;
    QString headline() const override { return m_headingText; }
    void remember(const Scenario &s, const Ledger &l) { m_last = {s, l}; }
    // "8", "1.5": a ratio, whole numbers without decimals.
    static QString factorNumber(double factor);

private:
    void rebuild(const QList<Variant> &variants);
    QFont labelFont(qreal barHeight) const;
    void styleSets();
    // One legend entry for every ghost set: the first's.
    void syncGhostLegend();
    void layoutHeading();

    QHorizontalBarSeries *m_series = nullptr;
    QBarCategoryAxis *m_categories = nullptr;
    QValueAxis *m_share = nullptr;
    ChartLabel *m_heading = nullptr;
    QString m_headingText; // unwrapped
    // What the heading's line breaks were made for.
    QString m_wrappedText;
    qreal m_wrapWidth = 0;
    QFont m_wrapFont;
    // The heading's lines, measured each time one grows by a word as it wraps: a drag changes
    // a figure near the end, and the lines before it are looked up rather than shaped again.
    TextAdvances<QFontMetricsF> m_lineWidths;
    QList<QBarSet *> m_sets; // top to bottom, as variants are given
    QList<QList<ChartLabel *>> m_labels;
    QList<Variant> m_variants;
    QStringList m_metrics;
    std::optional<std::pair<Scenario, Ledger>> m_last;
};

} // namespace kvl
