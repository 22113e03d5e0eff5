#pragma once

#include <QColor>
#include <QFont>
#include <QGraphicsItem>
#include <QStaticText>
#include <QString>

namespace kvl {

// Text drawn in a chart's scene (annotations, bar values, hover callouts), optionally on a
// rounded box. Its lines are laid out once per text (QStaticText), not on every repaint; SVG and
// PDF exports still get them as text.
class ChartLabel : public QGraphicsItem
{
public:
    explicit ChartLabel(QGraphicsItem *parent = nullptr);

    void setText(const QString &text); // lines separated by '\n'
    QString text() const { return m_text; }
    void setFont(const QFont &font);
    QFont font() const { return m_font; }
    // Background alpha 0 = no box.
    void setColors(const QColor &text, const QColor &background, const QColor &border = {});
    // Places the label so that the point `anchor` (scene coordinates) sits at `alignment`
    // of its box: Qt::AlignLeft | Qt::AlignTop puts the box below and right of it.
    void setAnchor(const QPointF &anchor, Qt::Alignment alignment);
    QSizeF size() const { return m_size; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option,
               QWidget *widget = nullptr) override;

private:
    void relayout();

    QString m_text;
    QList<QStaticText> m_lines;
    QFont m_linesFont; // what m_lines were prepared in
    QList<qreal> m_lineWidths;
    QFont m_font;
    QColor m_textColor = Qt::black;
    QColor m_background = Qt::transparent;
    QColor m_border = Qt::transparent;
    QSizeF m_size;
    QPointF m_anchor;
    Qt::Alignment m_alignment = Qt::AlignLeft | Qt::AlignTop;
};

} // namespace kvl
