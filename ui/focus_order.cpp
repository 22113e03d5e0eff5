#include "focus_order.h"

#include <QWidget>

namespace kvl {

void orderFocus(const QList<QWidget *> &regions)
{
    if (regions.isEmpty())
        return;
    // Each region's widgets that take Tab, in the chain's present order.
    QList<QWidget *> chain;
    for (QWidget *region : regions) {
        QWidget *w = region;
        do {
            if (region->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && !w->focusProxy())
                chain << w;
            w = w->nextInFocusChain();
        } while (w != region);
    }
    for (qsizetype i = 1; i < chain.size(); ++i)
        QWidget::setTabOrder(chain.at(i - 1), chain.at(i));
}

} // namespace kvl
