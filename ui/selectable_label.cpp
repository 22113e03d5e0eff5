#include "selectable_label.h"

#include <QEnterEvent>

namespace kvl {

namespace {
constexpr Qt::TextInteractionFlags kSelectable =
    Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard;
}

SelectableLabel::SelectableLabel(QWidget *parent) : WrappedLabel(parent)
{
    setTextFormat(Qt::PlainText);
}

bool SelectableLabel::isSelectable() const
{
    return textInteractionFlags().testFlags(kSelectable);
}

void SelectableLabel::setSelectable(bool on)
{
    if (on != isSelectable())
        setTextInteractionFlags(on ? kSelectable : Qt::NoTextInteraction);
}

void SelectableLabel::dropSelectableUnlessInUse()
{
    // The focus keeps a selection for the keyboard to extend or copy, and for the context menu
    // (the label keeps the focus while its menu is open).
    if (!hasFocus() && !underMouse())
        setSelectable(false);
}

void SelectableLabel::enterEvent(QEnterEvent *event)
{
    setSelectable(true);
    WrappedLabel::enterEvent(event);
}

void SelectableLabel::leaveEvent(QEvent *event)
{
    WrappedLabel::leaveEvent(event);
    dropSelectableUnlessInUse();
}

// A press that came without an enter (a touch, a synthetic click) still starts a selection.
void SelectableLabel::mousePressEvent(QMouseEvent *event)
{
    setSelectable(true);
    WrappedLabel::mousePressEvent(event);
}

void SelectableLabel::focusOutEvent(QFocusEvent *event)
{
    WrappedLabel::focusOutEvent(event);
    dropSelectableUnlessInUse();
}

} // namespace kvl
