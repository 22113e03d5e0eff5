#include "pinned_labels.h"

#include <QLabel>
#include <algorithm>

namespace kvl {

void PinnedLabels::pin(QLabel *label)
{
    if (!label->isVisible() || isPinned(label))
        return;
    m_pinned << Pin{label, label->minimumSize(), label->maximumSize()};
    // Equal minimum and maximum sizes: a new text no longer invalidates the parent layout
    // (QWidget::updateGeometry).
    label->setFixedSize(label->size());
}

qsizetype PinnedLabels::indexOf(const QLabel *label) const
{
    const auto it = std::find_if(m_pinned.cbegin(), m_pinned.cend(),
                                 [label](const Pin &p) { return p.label == label; });
    return it == m_pinned.cend() ? -1 : it - m_pinned.cbegin();
}

bool PinnedLabels::isPinned(const QLabel *label) const
{
    return indexOf(label) >= 0;
}

bool PinnedLabels::fits(const QLabel *label)
{
    if (label->wordWrap())
        return label->heightForWidth(label->width()) <= label->height();
    const QRect room = label->contentsRect().adjusted(label->margin(), 0, -label->margin(), 0);
    return label->fontMetrics().horizontalAdvance(label->text()) <= room.width();
}

void PinnedLabels::setText(QLabel *label, const QString &text)
{
    label->setText(text);
    if (const qsizetype i = indexOf(label); i >= 0 && !fits(label))
        free(i);
}

void PinnedLabels::free(qsizetype i)
{
    const Pin p = m_pinned.takeAt(i);
    if (!p.label)
        return;
    p.label->setMinimumSize(p.minimum);
    p.label->setMaximumSize(p.maximum);
    // QLabel keeps the size hints it worked out while pinned, and they hold its minimum size
    // then: only a new text drops them.
    const QString text = p.label->text();
    p.label->clear();
    p.label->setText(text);
}

void PinnedLabels::release()
{
    while (!m_pinned.isEmpty())
        free(m_pinned.size() - 1);
}

} // namespace kvl
