#include "flip_splitter.h"

#include <QResizeEvent>
#include <QScrollArea>
#include <algorithm>

namespace kvl {

namespace {
int leastWidth(const QWidget *w)
{
    return w->minimumSizeHint().expandedTo(w->minimumSize()).width();
}

// Stacked, a scroll area shows all it holds (the page around scrolls instead of a strip of it);
// anything else its minimum.
int stackedHeight(const QWidget *w)
{
    int h = w->minimumSizeHint().expandedTo(w->minimumSize()).height();
    if (const auto *area = qobject_cast<const QScrollArea *>(w); area && area->widget())
        h = std::max(h, area->widget()->sizeHint().height() + 2 * area->frameWidth());
    return h;
}
} // namespace

FlipSplitter::FlipSplitter(QWidget *parent) : QSplitter(Qt::Horizontal, parent)
{
    setChildrenCollapsible(false);
}

int FlipSplitter::sideBySideWidth() const
{
    int width = 0;
    for (int i = 0; i < count(); ++i)
        width += leastWidth(widget(i)) + (i > 0 ? handleWidth() : 0);
    return width;
}

QSize FlipSplitter::minimumSizeHint() const
{
    int widest = 0, height = 0;
    for (int i = 0; i < count(); ++i) {
        widest = std::max(widest, leastWidth(widget(i)));
        height += stackedHeight(widget(i)) + (i > 0 ? handleWidth() : 0);
    }
    // Stacked it needs every widget's height; side by side the tallest one's.
    return orientation() == Qt::Vertical ? QSize(widest, height)
                                         : QSize(widest, QSplitter::minimumSizeHint().height());
}

void FlipSplitter::resizeEvent(QResizeEvent *e)
{
    const Qt::Orientation o =
        e->size().width() >= sideBySideWidth() ? Qt::Horizontal : Qt::Vertical;
    const bool flipped = o != orientation();
    if (flipped) {
        setOrientation(o);
        updateGeometry(); // stacked, the page is taller
    }
    QSplitter::resizeEvent(e);
    if (flipped && o == Qt::Vertical) {
        QList<int> heights;
        for (int i = 0; i < count(); ++i)
            heights << stackedHeight(widget(i));
        setSizes(heights);
    }
}

} // namespace kvl
