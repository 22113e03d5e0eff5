#include "wrapping_header.h"

#include <QEvent>
#include <QRegularExpression>
#include <QStyle>
#include <QTableView>
#include <QTimer>

namespace kvl {

WrappingHeader::WrappingHeader(QTableView *table)
    : QHeaderView(Qt::Horizontal, table), m_table(table)
{
    setDefaultAlignment(Qt::Alignment(Qt::AlignCenter | Qt::TextWordWrap));
    // Elided to one line, a label would never reach the second.
    setTextElideMode(Qt::ElideNone);
    setSectionsClickable(true);
    setHighlightSections(true);
    setSectionResizeMode(QHeaderView::Interactive);
    setStretchLastSection(false);
    m_table->setWordWrap(true);
}

void WrappingHeader::setModel(QAbstractItemModel *model)
{
    if (this->model())
        disconnect(this->model(), nullptr, this, nullptr);
    QHeaderView::setModel(model);
    if (!model)
        return;
    // What changes a column's need: its cells, its label, the rows there are.
    connect(model, &QAbstractItemModel::modelReset, this, &WrappingHeader::scheduleFit);
    connect(model, &QAbstractItemModel::layoutChanged, this, &WrappingHeader::scheduleFit);
    connect(model, &QAbstractItemModel::rowsInserted, this, &WrappingHeader::scheduleFit);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &WrappingHeader::scheduleFit);
    connect(model, &QAbstractItemModel::columnsInserted, this, &WrappingHeader::scheduleFit);
    connect(model, &QAbstractItemModel::columnsRemoved, this, &WrappingHeader::scheduleFit);
    connect(model, &QAbstractItemModel::dataChanged, this, &WrappingHeader::scheduleFit);
    connect(model, &QAbstractItemModel::headerDataChanged, this, &WrappingHeader::scheduleFit);
    scheduleFit();
}

QString WrappingHeader::label(int logicalIndex) const
{
    return model() ? model()->headerData(logicalIndex, orientation()).toString() : QString();
}

QSize WrappingHeader::padding(int logicalIndex) const
{
    const QSize whole = QHeaderView::sectionSizeFromContents(logicalIndex);
    return whole -
           QSize(fontMetrics().horizontalAdvance(label(logicalIndex)), fontMetrics().height());
}

QSize WrappingHeader::sectionSizeFromContents(int logicalIndex) const
{
    // As wide as the widest word; sizeHint() gives the height the section's width needs.
    const QSize around = padding(logicalIndex);
    return {textNeed(label(logicalIndex), fontMetrics(), around.width()).min,
            fontMetrics().height() + around.height()};
}

QSize WrappingHeader::sizeHint() const
{
    QSize hint = QHeaderView::sizeHint();
    for (int i = 0; i < count(); ++i) {
        if (isSectionHidden(i))
            continue;
        const QSize around = padding(i);
        const QRect text =
            fontMetrics().boundingRect(QRect(0, 0, std::max(1, sectionSize(i) - around.width()), 0),
                                       Qt::AlignCenter | Qt::TextWordWrap, label(i));
        hint.setHeight(std::max(hint.height(), text.height() + around.height()));
    }
    return hint;
}

void WrappingHeader::resizeEvent(QResizeEvent *event)
{
    QHeaderView::resizeEvent(event);
    scheduleFit();
}

void WrappingHeader::changeEvent(QEvent *event)
{
    QHeaderView::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        scheduleFit();
}

void WrappingHeader::scheduleFit()
{
    // Once for a burst of changes (a table filled cell by cell), after they are all in.
    if (m_fitPending)
        return;
    m_fitPending = true;
    QTimer::singleShot(0, this, [this] {
        m_fitPending = false;
        fit();
    });
}

WrappingHeader::Need WrappingHeader::textNeed(const QString &text, const QFontMetrics &metrics,
                                              int padding)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    Need n;
    for (const QString &line : text.split(u'\n')) {
        n.max = std::max(n.max, metrics.horizontalAdvance(line) + padding);
        for (const QString &word : line.split(space, Qt::SkipEmptyParts))
            n.min = std::max(n.min, metrics.horizontalAdvance(word) + padding);
    }
    return n;
}

WrappingHeader::Need WrappingHeader::need(int column) const
{
    // The widest of each text the column shows, header included.
    Need n;
    const auto measure = [&n](const QString &text, const QFontMetrics &metrics, int padding) {
        const Need t = textNeed(text, metrics, padding);
        n.min = std::max(n.min, t.min);
        n.max = std::max(n.max, t.max);
    };
    measure(label(column), fontMetrics(), padding(column).width());
    // QStyledItemDelegate's text margin on each side, the grid line, and two pixels for the text
    // layout's rounding up of fractional advances.
    const int cellPadding =
        2 * (m_table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_table) + 1) +
        (m_table->showGrid() ? 1 : 0) + 2;
    const QAbstractItemModel *m = model();
    for (int row = 0, rows = std::min(m->rowCount(m_table->rootIndex()), kRowsMeasured); row < rows;
         ++row) {
        const QModelIndex index = m->index(row, column, m_table->rootIndex());
        const QVariant font = m->data(index, Qt::FontRole);
        measure(m->data(index).toString(),
                font.isValid() ? QFontMetrics(font.value<QFont>()) : m_table->fontMetrics(),
                cellPadding);
    }
    return n;
}

void WrappingHeader::fit()
{
    if (!model())
        return;
    const int room = viewport()->width();
    QList<int> columns;
    QList<Need> needs(count());
    int least = 0, most = 0;
    for (int i = 0; i < count(); ++i) {
        if (isSectionHidden(i))
            continue;
        columns << i;
        needs[i] = need(i);
        least += needs[i].min;
        most += needs[i].max;
    }
    if (columns.isEmpty() || room <= 0)
        return;
    QList<int> widths(count(), 0);
    if (most <= room) {
        // Every text on one line; the last column takes what is left.
        for (int i : columns)
            widths[i] = needs[i].max;
        widths[columns.last()] += room - most;
    } else if (least <= room) {
        // Each column its widest word; the room left goes first to the columns that need the
        // least more to be whole (figures, names), the rest shared by the long texts.
        QList<int> order = columns;
        std::sort(order.begin(), order.end(), [&](int a, int b) {
            return needs[a].max - needs[a].min < needs[b].max - needs[b].min;
        });
        int extra = room - least;
        for (qsizetype k = 0; k < order.size(); ++k) {
            const int i = order.at(k);
            const int share = extra / int(order.size() - k);
            const int more = std::min(needs[i].max - needs[i].min, share);
            widths[i] = needs[i].min + more;
            extra -= more;
        }
        widths[columns.last()] += extra;
    } else if (least <= room * kShortBy) {
        // A little short of the widest words: each column a share of the room in their
        // proportion; a word too long for its column is elided, no column hidden.
        for (int i : columns)
            widths[i] = std::max(1, int(qint64(needs[i].min) * room / least));
    } else {
        // Far short (a table in a narrow dock): each column its widest word, the rest behind
        // the scroll bar rather than cut to a letter or two.
        for (int i : columns)
            widths[i] = needs[i].min;
    }
    for (int i : columns)
        resizeSection(i, widths[i]);
    m_table->resizeRowsToContents();
    // The header's height and the rows' heights: a table sized to its contents follows them.
    updateGeometry();
    m_table->updateGeometry();
}

} // namespace kvl
