#include "pinned_labels.h"

#include <QAbstractButton>
#include <QFontMetricsF>
#include <QLabel>
#include <algorithm>

namespace kvl {

namespace {
bool tabularDigits(const QWidget *widget)
{
    if (!qobject_cast<const QLabel *>(widget))
        return false;
    const QFontMetricsF fm(widget->font());
    const qreal zero = fm.horizontalAdvance(u'0');
    for (char16_t d = u'1'; d <= u'9'; ++d)
        if (fm.horizontalAdvance(QChar(d)) != zero)
            return false;
    return true;
}

QString digitsAsZeros(QString text)
{
    for (QChar &c : text)
        if (c >= u'0' && c <= u'9')
            c = u'0';
    return text;
}
} // namespace

void PinnedLabels::pin(QWidget *widget)
{
    if (!widget->isVisible() || isPinned(widget))
        return;
    m_pinned << Pin{widget, widget->minimumSize(), widget->maximumSize(), tabularDigits(widget),
                    QString()};
    // Equal minimum and maximum sizes: a new text no longer invalidates the parent layout
    // (QWidget::updateGeometry).
    widget->setFixedSize(widget->size());
}

qsizetype PinnedLabels::indexOf(const QWidget *widget) const
{
    const auto it = std::find_if(m_pinned.cbegin(), m_pinned.cend(),
                                 [widget](const Pin &p) { return p.widget == widget; });
    return it == m_pinned.cend() ? -1 : it - m_pinned.cbegin();
}

bool PinnedLabels::isPinned(const QWidget *widget) const
{
    return indexOf(widget) >= 0;
}

// The size the widget's text asks for: a wrapped label at its pinned width.
QSize PinnedLabels::needed(const QWidget *widget)
{
    const auto *label = qobject_cast<const QLabel *>(widget);
    if (!label) // a button: its size hint is cheap and holds its text and frame
        return widget->sizeHint();
    if (label->wordWrap())
        return {label->width(), label->heightForWidth(label->width())};
    const QRect room = label->contentsRect().adjusted(label->margin(), 0, -label->margin(), 0);
    return {label->fontMetrics().horizontalAdvance(label->text()) + label->width() - room.width(),
            label->height()};
}

void PinnedLabels::growToFit(QWidget *widget)
{
    const qsizetype i = indexOf(widget);
    if (i < 0)
        return;
    const QString shape = m_pinned.at(i).tabularDigits
                              ? digitsAsZeros(static_cast<const QLabel *>(widget)->text())
                              : QString();
    if (!shape.isEmpty() && shape == m_pinned.at(i).fitted)
        return;
    const QSize size = needed(widget).expandedTo(widget->size());
    if (size != widget->size())
        widget->setFixedSize(size);
    m_pinned[i].fitted = shape;
}

void PinnedLabels::setText(QLabel *label, const QString &text)
{
    label->setText(text);
    growToFit(label);
}

void PinnedLabels::setText(QAbstractButton *button, const QString &text)
{
    button->setText(text);
    growToFit(button);
}

void PinnedLabels::free(qsizetype i)
{
    const Pin p = m_pinned.takeAt(i);
    if (!p.widget)
        return;
    p.widget->setMinimumSize(p.minimum);
    p.widget->setMaximumSize(p.maximum);
    // QLabel keeps the size hints it worked out while pinned, and they hold its minimum size
    // then: only a new text drops them.
    if (auto *label = qobject_cast<QLabel *>(p.widget.data())) {
        const QString text = label->text();
        label->clear();
        label->setText(text);
    }
}

void PinnedLabels::release()
{
    while (!m_pinned.isEmpty())
        free(m_pinned.size() - 1);
}

} // namespace kvl
