#pragma once

#include <QColor>
#include <QPalette>
#include <QPixmap>
#include <QStyle>
#include <QWidget>

namespace kvl {

// Red that reads on the window's background, light or dark, and on a projector: the ledger's
// warning rows and its "cannot run" banner.
inline QColor warningColor(const QPalette &p)
{
    return p.color(QPalette::Window).lightness() < 128 ? QColor(0xff, 0x8a, 0x80)
                                                       : QColor(0xb3, 0x26, 0x1e);
}

inline QPixmap warningPixmap(const QWidget *w, int size)
{
    return w->style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, w).pixmap(size, size);
}

} // namespace kvl
