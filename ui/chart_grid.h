#pragma once

#include <QList>
#include <QWidget>

class QGridLayout;

namespace kvl {

// Charts in two columns where the width holds two legible ones, else in one (a small
// screen with both docks open). Its minimum width is one chart's, so a scroll area around it
// scrolls the rows instead of clipping a column.
class ChartGrid : public QWidget
{
    Q_OBJECT
public:
    explicit ChartGrid(QWidget *parent = nullptr);

    void setCharts(const QList<QWidget *> &charts);
    int columns() const { return m_columns; }

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *e) override;
    bool eventFilter(QObject *watched, QEvent *e) override;

private:
    int columnsFor(int width) const;
    void reflow(int columns);

    QGridLayout *m_grid;
    QList<QWidget *> m_charts;
    int m_columns = 0;
};

} // namespace kvl
