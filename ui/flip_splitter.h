#pragma once

#include <QSplitter>

namespace kvl {

// Side by side where its widgets fit their minimum widths, else one above the other: a panel and
// its charts on a wide page, the panel above the charts on a small screen beside both docks. Its
// minimum width is the widest widget's, so the page around it never scrolls sideways.
class FlipSplitter : public QSplitter
{
    Q_OBJECT
public:
    explicit FlipSplitter(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *e) override;

private:
    int sideBySideWidth() const;
};

} // namespace kvl
