#include "chart_label.h"

#include <QFontMetricsF>
#include <QPainter>

namespace kvl {

static constexpr qreal kPadding = 4;

ChartLabel::ChartLabel(QGraphicsItem *parent) : QGraphicsItem(parent)
{
    setZValue(20); // above series, axes and legend
}

void ChartLabel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    relayout();
}

void ChartLabel::setFont(const QFont &font)
{
    if (font == m_font)
        return;
    m_font = font;
    relayout();
}

void ChartLabel::setColors(const QColor &text, const QColor &background, const QColor &border)
{
    const QColor b = border.isValid() ? border : QColor(Qt::transparent);
    if (text == m_textColor && background == m_background && b == m_border)
        return;
    m_textColor = text;
    m_background = background;
    m_border = b;
    update();
}

void ChartLabel::setAnchor(const QPointF &anchor, Qt::Alignment alignment)
{
    m_anchor = anchor;
    m_alignment = alignment;
    QPointF topLeft = anchor;
    if (alignment & Qt::AlignRight)
        topLeft.rx() -= m_size.width();
    else if (alignment & Qt::AlignHCenter)
        topLeft.rx() -= m_size.width() / 2;
    if (alignment & Qt::AlignBottom)
        topLeft.ry() -= m_size.height();
    else if (alignment & Qt::AlignVCenter)
        topLeft.ry() -= m_size.height() / 2;
    const QPointF pos = parentItem() ? parentItem()->mapFromScene(topLeft) : topLeft;
    if (pos != this->pos())
        setPos(pos);
}

void ChartLabel::relayout()
{
    prepareGeometryChange();
    const QFontMetricsF fm(m_font);
    qreal width = 0;
    const QStringList lines = m_text.split(u'\n');
    const QList<QStaticText> before = m_font == m_linesFont ? m_lines : QList<QStaticText>();
    m_lines.clear();
    m_lineWidths.clear();
    for (const QString &line : lines) {
        // A line the label already shows keeps its layout: a new figure on one line of several
        // shapes that line alone.
        const auto kept = std::find_if(before.cbegin(), before.cend(),
                                       [&line](const QStaticText &t) { return t.text() == line; });
        QStaticText text = kept != before.cend() ? *kept : QStaticText(line);
        if (kept == before.cend()) {
            text.setTextFormat(Qt::PlainText);
            text.prepare(QTransform(), m_font);
        }
        m_lines << text;
        m_lineWidths << text.size().width();
        width = std::max(width, m_lineWidths.last());
    }
    m_linesFont = m_font;
    m_size = QSizeF(width + 2 * kPadding, fm.lineSpacing() * lines.size() + 2 * kPadding);
    setAnchor(m_anchor, m_alignment);
    update();
}

QRectF ChartLabel::boundingRect() const
{
    return QRectF(QPointF(0, 0), m_size);
}

void ChartLabel::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *)
{
    if (m_background.alpha() > 0 || m_border.alpha() > 0) {
        painter->setPen(m_border.alpha() > 0 ? QPen(m_border, 1) : QPen(Qt::NoPen));
        painter->setBrush(m_background);
        painter->drawRoundedRect(boundingRect().adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
    }
    painter->setFont(m_font);
    painter->setPen(m_textColor);
    const qreal lineSpacing = QFontMetricsF(m_font).lineSpacing();
    const Qt::Alignment h = m_alignment & Qt::AlignHorizontal_Mask;
    for (int i = 0; i < m_lines.size(); ++i) {
        qreal x = kPadding;
        if (h & Qt::AlignRight)
            x = m_size.width() - kPadding - m_lineWidths.at(i);
        else if (h & Qt::AlignHCenter)
            x = (m_size.width() - m_lineWidths.at(i)) / 2;
        painter->drawStaticText(QPointF(x, kPadding + i * lineSpacing), m_lines.at(i));
    }
}

} // namespace kvl
