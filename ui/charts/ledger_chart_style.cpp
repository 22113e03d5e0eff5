#include "ledger_chart.h"

#include "chart_label.h"
#include "chart_text.h"
#include "scaled_font.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QXYSeries>
#include <QtMath>
#include <algorithm>
#include <cmath>

// LedgerChart's look: theme, colours, pens, fonts and axes, for screen, projector and paper.
namespace kvl {

bool LedgerChart::isDark() const
{
    return !m_paperStyle && palette().color(QPalette::Window).lightness() < 128;
}

void LedgerChart::applyTheme()
{
    // setTheme resets fonts, pens and brushes of everything, so restyle() follows it.
    const QChart::ChartTheme theme = isDark()         ? QChart::ChartThemeDark
                                     : presentation() ? QChart::ChartThemeHighContrast
                                                      : QChart::ChartThemeLight;
    if (chart()->theme() != theme)
        chart()->setTheme(theme);
    // Plain fills: the themes' gradient background and drop shadow (a blur) are redone on every
    // repaint.
    chart()->setDropShadowEnabled(false);
    chart()->setBackgroundBrush(isDark() ? QColor(0x26, 0x28, 0x30) : QColor(Qt::white));
    chart()->setTitleFont(chartFont(1.25, true));
    chart()->setTitleBrush(textColor());
    chart()->legend()->setFont(chartFont());
    chart()->legend()->setLabelColor(textColor());
    for (QAbstractAxis *axis : chart()->axes())
        styleAxis(axis);
    m_hover->setFont(chartFont());
    m_hover->setColors(textColor(), boxColor(), textColor());
    for (ChartLabel *label : std::as_const(m_tokenLabels)) {
        label->setFont(chartFont());
        label->setColors(textColor(), Qt::transparent);
    }
    restyle();
    fitAxisTitles();
    relayoutOverlays();
    placeTokenLabels();
}

// Qt cuts a title longer than its axis to "Attainable comp...": such a title takes two
// lines instead, broken at the space nearest its middle (large type, short charts).
void LedgerChart::fitAxisTitles()
{
    const QRectF plot = chart()->plotArea();
    if (plot.isEmpty())
        return;
    // The chart's own title the same way, across the chart.
    if (!chart()->title().isEmpty()) {
        const QString wanted =
            twoLines(title(), QFontMetricsF(chart()->titleFont()), contentRect().width());
        if (wanted != chart()->title())
            chart()->setTitle(wanted);
    }
    for (QAbstractAxis *axis : chart()->axes()) {
        const QString shown = axis->titleText();
        if (shown != m_wrappedTitles.value(axis).second)
            m_wrappedTitles.insert(axis, {shown, shown}); // set by the chart: plain text
        const QString plain = m_wrappedTitles.value(axis).first;
        const qreal room = axis->orientation() == Qt::Vertical ? plot.height() : plot.width();
        const QString wanted = twoLines(plain, QFontMetricsF(axis->titleFont()), room);
        if (wanted != shown) {
            m_wrappedTitles.insert(axis, {plain, wanted});
            axis->setTitleText(wanted);
        }
    }
}

QColor LedgerChart::seriesColor(int index) const
{
    // Okabe-Ito: distinguishable with the common colour-vision deficiencies, light or dark.
    static const QColor light[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00),
                                   QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                   QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9)};
    static const QColor dark[] = {QColor(0x56, 0xB4, 0xE9), QColor(0xE6, 0x9F, 0x00),
                                  QColor(0x00, 0xC0, 0x8B), QColor(0xE0, 0x8F, 0xC0),
                                  QColor(0xF0, 0xE4, 0x42), QColor(0xF0, 0x7F, 0x30)};
    const int n = int(std::size(light));
    return (isDark() ? dark : light)[((index % n) + n) % n];
}

QColor LedgerChart::textColor() const
{
    if (isDark())
        return QColor(0xF0, 0xF0, 0xF0);
    return presentation() ? QColor(Qt::black) : QColor(0x20, 0x20, 0x20);
}

QColor LedgerChart::boxColor() const
{
    return isDark() ? QColor(0x20, 0x20, 0x20, 225) : QColor(0xFF, 0xFF, 0xFF, 230);
}

QColor LedgerChart::baselineColor(const QColor &color) const
{
    const QColor back = isDark() ? QColor(0x20, 0x20, 0x20) : QColor(0xFF, 0xFF, 0xFF);
    return QColor::fromRgbF(0.5f * color.redF() + 0.5f * back.redF(),
                            0.5f * color.greenF() + 0.5f * back.greenF(),
                            0.5f * color.blueF() + 0.5f * back.blueF());
}

QPen LedgerChart::baselinePen(const QColor &color, qreal width) const
{
    QPen pen(baselineColor(color), lineWidth(width), Qt::DashLine);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

QPen LedgerChart::draggedPen(const QPen &pen) const
{
    if (!isInteractive() || !hairlines() || pen.style() == Qt::SolidLine)
        return pen;
    QPen cosmetic = pen;
    cosmetic.setWidthF(0);
    return cosmetic;
}

bool LedgerChart::hairlines() const
{
    return !m_paperStyle && !presentation() && devicePixelRatioF() < 1.5;
}

qreal LedgerChart::lineWidth(qreal width) const
{
    return presentation() ? 2 * width : width;
}

QFont LedgerChart::chartFont(qreal scale, bool bold) const
{
    QFont f = scaledFont(m_baseFont, scale * (presentation() ? 1.6 : 1.0));
    if (presentation() && m_presentationPixels > 0)
        f.setPointSizeF(m_presentationPixels * scale * 72 / logicalDpiY());
    f.setBold(bold);
    return f;
}

void LedgerChart::styleAxis(QAbstractAxis *axis) const
{
    axis->setLabelsFont(chartFont());
    axis->setTitleFont(chartFont(1, true));
    axis->setLabelsColor(axis == m_tokenAxis ? QColor(Qt::transparent) : textColor());
    axis->setTitleBrush(textColor());
    axis->setShadesVisible(false); // the high-contrast theme's bands fight with area fills
    // On a 1x screen a zero-width (cosmetic) pen draws the same one-pixel line, and spares each
    // grid line and tick from stroking a shape for its bounding rect on every repaint (a tenth of
    // a drag's chart time). Exports and high-DPI screens keep lines one logical pixel wide.
    const bool hairline = hairlines();
    QPen grid = axis->gridLinePen();
    grid.setWidthF(presentation() ? 1.2 : hairline ? 0 : 1);
    if (presentation() && !isDark())
        grid.setColor(QColor(0xB0, 0xB0, 0xB0));
    axis->setGridLinePen(grid);
    // Minor ticks stay on the axis line; a minor grid would cost about 40 µs per line on every
    // repaint (each line is a scene item), and log axes have eight per decade.
    axis->setMinorGridLineVisible(false);
    QPen line = axis->linePen();
    line.setColor(textColor());
    if (hairline)
        line.setWidthF(0);
    else if (line.widthF() == 0)
        line.setWidthF(1);
    axis->setLinePen(line);
}

} // namespace kvl
