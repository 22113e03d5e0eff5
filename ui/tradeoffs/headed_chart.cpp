#include "headed_chart.h"

#include "chart_label.h"

namespace kvl {

// Between the headline and the plot.
static constexpr qreal kGap = 6;

HeadedChart::HeadedChart(QWidget *parent) : LedgerChart(parent), m_heading(new ChartLabel(chart()))
{
}

void HeadedChart::setHeading(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_heading->setText(text);
    relayoutOverlays();
}

void HeadedChart::restyle()
{
    m_heading->setFont(chartFont(1.15, true));
    m_heading->setColors(textColor(), Qt::transparent);
}

void HeadedChart::relayoutOverlays()
{
    // Room only changes with the number of lines or the font: a new text of the same shape
    // costs no chart relayout.
    setReservedSpace(m_text.isEmpty() ? 0 : m_heading->size().height() + kGap, reservedRight());
    const QRectF area = contentRect();
    m_heading->setAnchor(chart()->mapToScene(QPointF(area.center().x(), area.top())),
                         Qt::AlignHCenter | Qt::AlignTop);
}

} // namespace kvl
