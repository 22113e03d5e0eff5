#pragma once

#include "headline.h"
#include <QList>
#include <QWidget>

class QLabel;

namespace kvl {

// Up to four numbers side by side in large type, each above what it is (presentation mode's
// strip above the chart). The value is 1.5 × the widget's font and bold; it follows that font.
class HeadlineStrip : public QWidget
{
    Q_OBJECT
public:
    static constexpr int kMaxHeadlines = 4;

    explicit HeadlineStrip(QWidget *parent = nullptr);

    void setHeadlines(const QList<Headline> &headlines); // beyond kMaxHeadlines: left out
    const QList<Headline> &headlines() const { return m_headlines; }
    // The labels showing them, for tests: value, then caption, per shown headline.
    QList<QLabel *> labels() const;

protected:
    void changeEvent(QEvent *e) override;

private:
    struct Cell
    {
        QWidget *box;
        QLabel *value;
        QLabel *caption;
    };
    void applyFonts();

    QList<Cell> m_cells;
    QList<Headline> m_headlines;
};

} // namespace kvl
