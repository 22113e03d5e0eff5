#include "chart_grid.h"

#include <QGridLayout>
#include <QResizeEvent>

namespace kvl {

static constexpr int kMaxColumns = 2;
// The least a chart needs to stay legible (titles, ticks and bar labels apart): narrower, the
// grid goes to one column; shorter, the rows scroll rather than squeeze.
static constexpr int kReadableWidth = 440;
static constexpr int kRowHeight = 300;
// In one column the charts are scrolled anyway: rows a little taller.
static constexpr int kOneColumnRowHeight = 340;

ChartGrid::ChartGrid(QWidget *parent) : QWidget(parent), m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(2, 2, 2, 2);
    m_grid->setSpacing(4);
    // The layout would pin the widget to two columns' width; minimumSizeHint() says what it needs.
    m_grid->setSizeConstraint(QLayout::SetNoConstraint);
}

void ChartGrid::setCharts(const QList<QWidget *> &charts)
{
    m_charts = charts;
    for (QWidget *c : charts)
        c->installEventFilter(this);
    m_columns = 0;
    reflow(columnsFor(width()));
}

// A chart hidden (presentation mode shows one or two) gives its cell to the next.
bool ChartGrid::eventFilter(QObject *watched, QEvent *e)
{
    if ((e->type() == QEvent::ShowToParent || e->type() == QEvent::HideToParent) &&
        m_charts.contains(watched)) {
        m_columns = 0;
        reflow(columnsFor(width()));
    }
    return QWidget::eventFilter(watched, e);
}

int ChartGrid::columnsFor(int width) const
{
    int chartWidth = kReadableWidth;
    for (const QWidget *c : m_charts)
        chartWidth =
            std::max(chartWidth, c->minimumSizeHint().expandedTo(c->minimumSize()).width());
    const QMargins m = m_grid->contentsMargins();
    const int room = width - m.left() - m.right() + m_grid->horizontalSpacing();
    return std::clamp(room / std::max(chartWidth + m_grid->horizontalSpacing(), 1), 1, kMaxColumns);
}

void ChartGrid::reflow(int columns)
{
    if (columns == m_columns)
        return;
    m_columns = columns;
    QList<QWidget *> shown;
    for (QWidget *c : std::as_const(m_charts)) {
        m_grid->removeWidget(c);
        if (!c->isHidden())
            shown << c;
    }
    for (int i = 0; i < shown.size(); ++i)
        m_grid->addWidget(shown.at(i), i / columns, i % columns);
    for (int i = 0; i < kMaxColumns; ++i)
        m_grid->setColumnStretch(i, i < std::min(columns, int(shown.size())) ? 1 : 0);
    const int rows = (int(shown.size()) + columns - 1) / columns;
    for (int i = 0; i < m_charts.size(); ++i)
        m_grid->setRowMinimumHeight(i, i >= rows      ? 0
                                       : columns == 1 ? kOneColumnRowHeight
                                                      : kRowHeight);
    updateGeometry(); // the rows, and so the height, changed
}

QSize ChartGrid::minimumSizeHint() const
{
    // One column's width; the rows of the current arrangement that have a visible chart.
    const QMargins m = m_grid->contentsMargins();
    int width = 0;
    QList<int> rowHeights;
    int i = -1;
    for (const QWidget *c : m_charts) {
        if (c->isHidden())
            continue;
        ++i;
        const QSize min = c->minimumSizeHint().expandedTo(c->minimumSize());
        width = std::max(width, std::min(min.width(), kReadableWidth));
        const int rowHeight =
            std::max(min.height(), m_columns == 1 ? kOneColumnRowHeight : kRowHeight);
        const int row = i / std::max(m_columns, 1);
        while (rowHeights.size() <= row)
            rowHeights << 0;
        rowHeights[row] = std::max(rowHeights.at(row), rowHeight);
    }
    int height = 0;
    int rows = 0;
    for (int h : std::as_const(rowHeights)) {
        height += h;
        rows += h > 0;
    }
    height += std::max(rows - 1, 0) * m_grid->verticalSpacing();
    return QSize(width + m.left() + m.right(), height + m.top() + m.bottom());
}

void ChartGrid::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    reflow(columnsFor(e->size().width()));
}

} // namespace kvl
