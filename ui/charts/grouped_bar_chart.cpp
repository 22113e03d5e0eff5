#include "grouped_bar_chart.h"

#include "chart_label.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QFontMetricsF>
#include <QHorizontalBarSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace kvl {

namespace {
// Between the heading and the plot.
constexpr qreal kHeadingGap = 4;
// The smallest bar label font, in points.
constexpr qreal kMinLabelPoints = 7;
// Share of a group's height its bars take.
constexpr qreal kBarWidth = 0.86;
constexpr qreal kPresentationBarWidth = 0.96;

// Black or white, whichever contrasts more with `background` (WCAG relative luminance).
QColor contrastingText(const QColor &background)
{
    const auto linear = [](double c) {
        return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const double luminance = 0.2126 * linear(background.redF()) +
                             0.7152 * linear(background.greenF()) +
                             0.0722 * linear(background.blueF());
    return luminance > 0.179 ? QColor(Qt::black) : QColor(Qt::white);
}
} // namespace

GroupedBarChart::GroupedBarChart(QWidget *parent) : LedgerChart(parent)
{
    m_series = new QHorizontalBarSeries(this);
    m_series->setBarWidth(kBarWidth);
    m_categories = new QBarCategoryAxis(this);
    m_share = new QValueAxis(this);
    m_share->setTickType(QValueAxis::TicksDynamic);
    m_share->setTickAnchor(0);
    m_share->setTickInterval(20);
    m_share->setRange(0, 100);
    m_share->setLabelFormat(QStringLiteral("%.0f"));
    chart()->addSeries(m_series);
    chart()->addAxis(m_categories, Qt::AlignLeft);
    chart()->addAxis(m_share, Qt::AlignBottom);
    m_series->attachAxis(m_categories);
    m_series->attachAxis(m_share);
    // Bar sets are added bottom-up so the first variant is on top; the legend follows that order.
    chart()->legend()->setReverseMarkers(true);
    chart()->legend()->setMarkerShape(QLegend::MarkerShapeRectangle);
    m_heading = new ChartLabel(chart());
}

void GroupedBarChart::unitsChanged()
{
    if (m_last) {
        const auto [s, l] = *m_last;
        updateFrom(s, l);
    }
}

QString GroupedBarChart::heading() const
{
    return m_headingText;
}

void GroupedBarChart::setHeading(const QString &text)
{
    if (text == m_headingText)
        return;
    m_headingText = text;
    layoutHeading();
}

// Words wrapped onto as many lines as the chart's width needs, centred above the plot in the room
// kept there.
void GroupedBarChart::layoutHeading()
{
    const qreal width = contentRect().width();
    const bool resized = width != m_wrapWidth || m_heading->font() != m_wrapFont;
    if (resized || m_headingText != m_wrappedText) {
        const QFont font = m_heading->font();
        QStringList lines;
        for (const QString &word : m_headingText.split(u' ', Qt::SkipEmptyParts)) {
            if (!lines.isEmpty() && m_lineWidths(font, lines.last() + u' ' + word) <= width)
                lines.last() += u' ' + word;
            else
                lines << word;
        }
        m_heading->setText(lines.join(u'\n'));
        m_wrappedText = m_headingText;
        m_wrapWidth = width;
        m_wrapFont = m_heading->font();
    }
    // While a drag changes the text the room only grows, so the plot does not jitter.
    const qreal room = m_heading->size().height() + kHeadingGap;
    setReservedSpace(isInteractive() && !resized ? std::max(room, reservedTop()) : room, 0);
    const QRectF plot = chart()->plotArea();
    m_heading->setAnchor(
        chart()->mapToScene(QPointF(chart()->rect().center().x(), plot.top() - kHeadingGap)),
        Qt::AlignHCenter | Qt::AlignBottom);
}

void GroupedBarChart::styleDraggedPens()
{
    styleSets();
}

void GroupedBarChart::interactiveEnded()
{
    layoutHeading();
}

// The chart's font, smaller where a line of it is taller than a bar (short charts): labels of
// neighbouring bars then never overlap, and keep a little air between them. Presentation mode's
// bars are wider and touch, and its values (digits and units) need only their letters' height,
// so the labels keep the body size on a screen-high chart.
QFont GroupedBarChart::labelFont(qreal barHeight) const
{
    QFont font = chartFont();
    const QFontMetricsF fm(font);
    const qreal lineHeight = presentation() ? fm.capHeight() + fm.descent() : fm.height();
    const qreal room = barHeight * (presentation() ? 1.0 : 0.9);
    if (room > 0 && lineHeight > room) {
        // Quarter points: a resize by a pixel or two keeps the labels' layout.
        const qreal now = QFontInfo(font).pointSizeF();
        const qreal points = std::floor(now * room / lineHeight * 4) / 4;
        font.setPointSizeF(std::max(kMinLabelPoints, points));
    }
    return font;
}

QString GroupedBarChart::factorNumber(double factor)
{
    const double rounded = std::round(factor);
    return std::abs(factor - rounded) < 1e-9 ? formatInteger(rounded) : formatNumber(factor, 3);
}

QStringList GroupedBarChart::variantNames() const
{
    QStringList names;
    for (const Variant &v : m_variants)
        names << v.name;
    return names;
}

QList<QList<double>> GroupedBarChart::shares() const
{
    QList<QList<double>> out;
    const int metrics = int(m_metrics.size());
    for (int v = 0; v < m_variants.size(); ++v) {
        const QBarSet *set = m_sets.at(v);
        QList<double> row;
        for (int m = 0; m < metrics; ++m)
            row << set->at(metrics - 1 - m);
        out << row;
    }
    return out;
}

void GroupedBarChart::rebuild(const QList<Variant> &variants)
{
    m_series->clear(); // deletes the sets
    for (const QList<ChartLabel *> &row : std::as_const(m_labels))
        qDeleteAll(row);
    m_labels.clear();
    m_sets.clear();
    for (int v = 0; v < variants.size(); ++v) {
        auto *set = new QBarSet(variants.at(v).name);
        QList<ChartLabel *> labels;
        for (int m = 0; m < m_metrics.size(); ++m) {
            set->append(0);
            labels << new ChartLabel(chart());
        }
        m_sets << set;
        m_labels << labels;
        connect(set, &QBarSet::hovered, this, [this, v](bool state, int index) {
            if (!state || v >= m_variants.size()) {
                hideHoverOverlays();
                return;
            }
            const int m = int(m_metrics.size()) - 1 - index;
            const Variant &variant = m_variants.at(v);
            showHover(QPointF(m_sets.at(v)->at(index), index), m_series,
                      variant.name + u'\n' + m_metrics.at(m) + u": " + variant.bars.at(m).text);
        });
    }
    m_series->append(QList<QBarSet *>(m_sets.crbegin(), m_sets.crend()));
}

void GroupedBarChart::setVariants(const QList<Variant> &current, const QStringList &metrics,
                                  int reference, const QList<Variant> &baseline,
                                  const QString &baselineName)
{
    // Each baseline variant right under its twin.
    QList<Variant> variants;
    int referenceAt = 0;
    for (int v = 0; v < current.size(); ++v) {
        if (v == reference)
            referenceAt = int(variants.size());
        variants << current.at(v);
        if (v < baseline.size() && !baseline.at(v).bars.isEmpty()) {
            Variant ghost = baseline.at(v);
            ghost.name = baselineName + u": " + ghost.name;
            ghost.current = false;
            ghost.ghost = true;
            variants << ghost;
        }
    }
    reference = referenceAt;
    // Category labels stay fixed while a slider moves: a changed label would relayout the chart
    // and shift the plot area.
    if (metrics != m_metrics) {
        QStringList reversed = metrics;
        std::reverse(reversed.begin(), reversed.end());
        m_categories->setCategories(reversed);
    }
    // A rebuild replaces every bar item and legend entry; names and outlines change in place.
    const bool rebuilt = metrics.size() != m_metrics.size() || variants.size() != m_variants.size();
    m_metrics = metrics;
    if (rebuilt)
        rebuild(variants);
    bool restyled = rebuilt;
    bool firstGhost = true;
    for (int v = 0; v < variants.size(); ++v) {
        // The ghosts' one legend entry names the baseline.
        const QString label = variants.at(v).ghost && std::exchange(firstGhost, false)
                                  ? baselineName
                                  : variants.at(v).name;
        if (m_sets.at(v)->label() != label)
            m_sets.at(v)->setLabel(label);
        restyled |= !rebuilt && (variants.at(v).current != m_variants.at(v).current ||
                                 variants.at(v).ghost != m_variants.at(v).ghost);
    }
    m_variants = variants;

    const int count = int(metrics.size());
    for (int v = 0; v < variants.size(); ++v) {
        for (int m = 0; m < count; ++m) {
            const double ref = variants.at(reference).bars.at(m).value;
            const double value = variants.at(v).bars.at(m).value;
            const double share = ref > 0 ? 100 * value / ref : 0;
            if (m_sets.at(v)->at(count - 1 - m) != share)
                m_sets.at(v)->replace(count - 1 - m, share);
            QString text = variants.at(v).bars.at(m).text;
            if (v != reference && !variants.at(v).ghost && value > 0 && value < ref)
                text += u"  ÷" + factorNumber(ref / value);
            m_labels.at(v).at(m)->setText(text);
        }
    }
    const QString title = tr("Share of %1 (%)").arg(variants.at(reference).shortName);
    if (m_share->titleText() != title)
        m_share->setTitleText(title);
    if (rebuilt)
        restyle();
    else if (restyled)
        styleSets();
    syncGhostLegend();
    relayoutOverlays();
}

void GroupedBarChart::syncGhostLegend()
{
    // The first ghost in variant order carries the baseline's name.
    const auto first = std::find_if(m_variants.cbegin(), m_variants.cend(),
                                    [](const Variant &v) { return v.ghost; });
    const QBarSet *named =
        first == m_variants.cend() ? nullptr : m_sets.value(first - m_variants.cbegin());
    for (QLegendMarker *marker : chart()->legend()->markers(m_series)) {
        auto *bar = qobject_cast<QBarLegendMarker *>(marker);
        const int v = bar ? int(m_sets.indexOf(bar->barset())) : -1;
        const bool ghost = v >= 0 && v < m_variants.size() && m_variants.at(v).ghost;
        marker->setVisible(!ghost || bar->barset() == named);
    }
}

// The scenario's own variant gets an outline; a baseline's ghost its twin's colour, paled, and
// a dashed outline.
void GroupedBarChart::styleSets()
{
    int colour = -1;
    for (int v = 0; v < m_sets.size(); ++v) {
        QBarSet *set = m_sets.at(v);
        const bool ghost = v < m_variants.size() && m_variants.at(v).ghost;
        if (!ghost)
            ++colour;
        const QColor twin = seriesColor(colour);
        const QColor color = ghost ? baselineColor(twin) : twin;
        if (set->color() != color)
            set->setColor(color);
        const bool current = v < m_variants.size() && m_variants.at(v).current;
        const QPen pen = ghost     ? draggedPen(baselinePen(twin.darker(120), 1.5))
                         : current ? QPen(textColor(), lineWidth(2))
                                   : QPen(color.darker(115), 1);
        if (set->pen() != pen)
            set->setPen(pen);
    }
}

void GroupedBarChart::restyle()
{
    m_series->setBarWidth(presentation() ? kPresentationBarWidth : kBarWidth);
    styleSets();
    styleAxis(m_categories);
    m_categories->setGridLineVisible(false);
    m_heading->setFont(chartFont(1.25, true));
    m_heading->setColors(textColor(), Qt::transparent);
    layoutHeading();
}

void GroupedBarChart::relayoutOverlays()
{
    layoutHeading();
    const QRectF plot = chart()->plotArea();
    const int sets = int(m_sets.size());
    const int metrics = int(m_metrics.size());
    if (sets == 0)
        return;
    const qreal width = m_series->barWidth();
    const qreal barHeight = plot.height() / std::max(metrics, 1) * width / sets;
    QFont font = labelFont(barHeight);
    // Bars thinner than the smallest font's line: the baseline's ghosts go unlabelled (hovering
    // one still says its value), so each label has its bar and its ghost's for room.
    const bool ghosts = std::any_of(m_variants.cbegin(), m_variants.cend(),
                                    [](const Variant &v) { return v.ghost; });
    const bool crowded =
        ghosts && !presentation() && QFontMetricsF(font).height() > barHeight * 0.9;
    if (crowded)
        font = labelFont(2 * barHeight);
    // On screen, even the smallest font taller than a bar's room (many strategies on a small
    // screen): no value labels, which would overlap; hovering a bar says its value, the table
    // lists them. An export sizes its image for the labels and keeps them.
    const bool tooThin = !presentation() && isVisible() &&
                         QFontMetricsF(font).height() > barHeight * (crowded ? 2.0 : 1.0);
    for (int v = 0; v < sets; ++v) {
        const bool unlabelled =
            tooThin || (crowded && v < m_variants.size() && m_variants.at(v).ghost);
        const int position = sets - 1 - v; // bottom-up index within a group
        for (int m = 0; m < metrics; ++m) {
            const int category = metrics - 1 - m;
            const double y = category - width / 2 + (position + 0.5) * width / sets;
            const double share = m_sets.at(v)->at(category);
            const QPointF start = chart()->mapToPosition(QPointF(0, y), m_series);
            const QPointF end = chart()->mapToPosition(QPointF(share, y), m_series);
            ChartLabel *label = m_labels.at(v).at(m);
            label->setVisible(!unlabelled);
            if (unlabelled)
                continue;
            label->setFont(font);
            const qreal w = label->size().width();
            if (end.x() - start.x() >= w + 6) {
                label->setColors(contrastingText(m_sets.at(v)->color()), Qt::transparent);
                label->setAnchor(chart()->mapToScene(end - QPointF(2, 0)),
                                 Qt::AlignRight | Qt::AlignVCenter);
            } else if (end.x() + 4 + w <= plot.right()) {
                label->setColors(textColor(), Qt::transparent);
                label->setAnchor(chart()->mapToScene(end + QPointF(2, 0)),
                                 Qt::AlignLeft | Qt::AlignVCenter);
            } else {
                label->setColors(textColor(), boxColor());
                label->setAnchor(chart()->mapToScene(QPointF(plot.right() - 2, end.y())),
                                 Qt::AlignRight | Qt::AlignVCenter);
            }
        }
    }
}

} // namespace kvl
