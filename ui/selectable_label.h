#pragma once

#include "wrapped_label.h"

namespace kvl {

// A label whose text can be selected and copied, set as cheaply as a plain one. A selectable
// QLabel lays its text out through a QTextDocument on every setText, size hint and paint, several
// times a plain label's cost, and the ledger's figures change on every slider step. This one turns
// selectable only while the pointer is over it or it holds the focus: whenever a selection can
// start or be copied. It paints the same either way.
class SelectableLabel : public WrappedLabel
{
    Q_OBJECT
public:
    explicit SelectableLabel(QWidget *parent = nullptr);
    bool isSelectable() const;

protected:
    void enterEvent(QEnterEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    void setSelectable(bool on);
    void dropSelectableUnlessInUse();
};

} // namespace kvl
