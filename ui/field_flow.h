#pragma once

#include <QList>
#include <QWidget>

class QGridLayout;
class QLabel;

namespace kvl {

// Label and field pairs side by side as far as the width holds them, one pair a row at the
// least, then whole-width widgets: a row of settings that reflows rather than widening its page
// (a small screen beside both docks). Its minimum width is one pair's.
class FieldFlow : public QWidget
{
    Q_OBJECT
public:
    explicit FieldFlow(QWidget *parent = nullptr);

    void addPair(QLabel *label, QWidget *field);
    void addWide(QWidget *w);
    int columns() const { return m_columns; }

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *e) override;

private:
    int pairWidth() const;
    void reflow(int columns);

    QGridLayout *m_grid;
    QList<std::pair<QLabel *, QWidget *>> m_pairs;
    QList<QWidget *> m_wide;
    int m_columns = 0;
};

} // namespace kvl
