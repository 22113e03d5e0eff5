#pragma once

#include <QHeaderView>

class QTableView;

namespace kvl {

// A table's column header that keeps the columns within the table's width. Its labels wrap
// between words, so a label needs only its widest word ("Share of the floor's speed" over
// "25.7%"). Where the columns' texts on one line need more than the width, each column gets its
// widest word and the rest of the width goes first to the columns nearest to whole (figures,
// names); the long texts wrap, rows growing to hold them. Only where the widest words need far
// more than the width does a horizontal scroll bar show the rest. The header sizes the sections
// itself: tables set no resize modes of their own.
class WrappingHeader : public QHeaderView
{
    Q_OBJECT
public:
    explicit WrappingHeader(QTableView *table);
    void setModel(QAbstractItemModel *model) override;
    QSize sizeHint() const override;

protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    QString label(int logicalIndex) const;
    // The space a section takes around its label's text.
    QSize padding(int logicalIndex) const;
    // A width with the text wrapped at every space (min: its widest word) and on one line (max:
    // its widest line), padding included.
    struct Need
    {
        int min = 0;
        int max = 0;
    };
    static Need textNeed(const QString &text, const QFontMetrics &metrics, int padding);
    // The widest of a column's texts, its label's and its cells'.
    Need need(int column) const;
    void scheduleFit();
    void fit();

    // Rows past these are not measured: a long table's first screens set its widths.
    static constexpr int kRowsMeasured = 500;
    // Columns whose widest words need up to this much more than the width share it (a word
    // elided here and there); needing more, they keep their words and scroll.
    static constexpr double kShortBy = 1.5;

    QTableView *m_table;
    bool m_fitPending = false;
};

} // namespace kvl
