#include "field_flow.h"

#include <QGridLayout>
#include <QLabel>
#include <QResizeEvent>
#include <algorithm>

namespace kvl {

namespace {
// Between one pair and the next on a row.
constexpr int kPairGap = 16;
} // namespace

FieldFlow::FieldFlow(QWidget *parent) : QWidget(parent), m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    // The layout would pin the widget to every pair on one row; minimumSizeHint() says better.
    m_grid->setSizeConstraint(QLayout::SetNoConstraint);
}

void FieldFlow::addPair(QLabel *label, QWidget *field)
{
    label->setParent(this);
    field->setParent(this);
    label->setBuddy(field);
    m_pairs << std::pair{label, field};
    m_columns = 0;
    reflow(std::max(1, width() / std::max(pairWidth(), 1)));
}

void FieldFlow::addWide(QWidget *w)
{
    w->setParent(this);
    m_wide << w;
    m_columns = 0;
    reflow(std::max(1, width() / std::max(pairWidth(), 1)));
}

int FieldFlow::pairWidth() const
{
    int widest = 0;
    for (const auto &[label, field] : m_pairs)
        widest = std::max(widest, label->sizeHint().width() + m_grid->horizontalSpacing() +
                                      field->sizeHint().width());
    return widest + kPairGap;
}

QSize FieldFlow::minimumSizeHint() const
{
    const QSize grid = m_grid->minimumSize();
    return {std::max(pairWidth() - kPairGap, 1), grid.height()};
}

void FieldFlow::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    reflow(std::max(1, (e->size().width() + kPairGap) / std::max(pairWidth(), 1)));
}

void FieldFlow::reflow(int columns)
{
    columns = std::clamp(columns, 1, std::max(1, int(m_pairs.size())));
    if (columns == m_columns)
        return;
    m_columns = columns;
    for (const auto &[label, field] : std::as_const(m_pairs)) {
        m_grid->removeWidget(label);
        m_grid->removeWidget(field);
    }
    for (QWidget *w : std::as_const(m_wide))
        m_grid->removeWidget(w);
    // Each pair in three cells: label, field, gap (the last column's gap stretches).
    for (int i = 0; i < m_pairs.size(); ++i) {
        const int row = i / columns, col = (i % columns) * 3;
        m_grid->addWidget(m_pairs.at(i).first, row, col);
        m_grid->addWidget(m_pairs.at(i).second, row, col + 1);
    }
    for (int c = 0; c < 3 * int(m_pairs.size()); ++c) {
        m_grid->setColumnStretch(c, 0);
        m_grid->setColumnMinimumWidth(c, c % 3 == 2 ? kPairGap : 0);
    }
    m_grid->setColumnStretch(3 * columns - 1, 1);
    const int rows = (int(m_pairs.size()) + columns - 1) / columns;
    for (int i = 0; i < m_wide.size(); ++i)
        m_grid->addWidget(m_wide.at(i), rows + i, 0, 1, 3 * columns);
    updateGeometry();
}

} // namespace kvl
