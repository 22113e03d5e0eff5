#pragma once

#include <QMargins>
#include <QRect>
#include <QSize>

class QWidget;

namespace kvl {

// The client size for a window that wants `preferred` on a screen whose available geometry (less
// panels and docks) is `available`, with a frame of `frame` around it: the window and its frame
// fit, whatever the window manager draws.
QSize fittedClientSize(const QSize &preferred, const QRect &available, const QMargins &frame);

// The frame a window manager is likely to draw before the window has one to measure: a title bar
// and thin borders.
QMargins estimatedFrame(const QWidget *window);

// Sizes `window` (not yet shown) for its screen's available geometry, frame included, and once it
// is shown and framed, moves and shrinks it if the frame still sticks out (a taller title bar
// than estimated). A window resized by its caller before it is shown (screenshots, tests) is left
// at that size.
void fitToScreen(QWidget *window, const QSize &preferred);

} // namespace kvl
