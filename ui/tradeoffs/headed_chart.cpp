#include "headed_chart.h"

#include "chart_label.h"

#include <QFontMetricsF>
#include <QRegularExpression>

namespace kvl {

// Between the headline and the plot.
static constexpr qreal kGap = 6;

// Each line broken after spaces or commas (synthetic source specs have no spaces) where it would
// pass `width`.
static QString wrapped(const QString &text, const QFont &font, qreal width)
{
    static const QRegularExpression breaks(QStringLiteral("(?<=[ ,])"));
    const QFontMetricsF fm(font);
    QStringList out;
    for (const QString &line : text.split(u'\n')) {
        QString current;
        for (const QString &piece : line.split(breaks)) {
            if (!current.isEmpty() && fm.horizontalAdvance(current + piece) > width) {
                out << current.trimmed();
                current.clear();
            }
            current += piece;
        }
        out << current.trimmed();
    }
    return out.join(u'\n');
}

HeadedChart::HeadedChart(QWidget *parent) : LedgerChart(parent), m_heading(new ChartLabel(chart()))
{
}

QString HeadedChart::headline() const
{
    return m_text.isEmpty() ? title() : QString(m_text).replace(u'\n', QStringLiteral("; "));
}

void HeadedChart::setHeading(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    relayoutOverlays();
}

void HeadedChart::restyle()
{
    m_heading->setFont(chartFont(1.15, true));
    m_heading->setColors(textColor(), Qt::transparent);
}

void HeadedChart::relayoutOverlays()
{
    const QRectF area = contentRect();
    m_heading->setText(wrapped(m_text, m_heading->font(), area.width()));
    // Room changes only with the number of lines or the font: a new text of the same shape costs
    // no chart relayout.
    setReservedSpace(m_text.isEmpty() ? 0 : m_heading->size().height() + kGap, reservedRight());
    m_heading->setAnchor(chart()->mapToScene(QPointF(area.center().x(), area.top())),
                         Qt::AlignHCenter | Qt::AlignTop);
}

} // namespace kvl
