#pragma once

#include <QWidget>

namespace kvl {

// A frame drawn over a widget while it has the keyboard focus. Charts and the ledger's scroll
// area show no focus of their own, so without it Tab lands somewhere invisible. The frame is a
// child shown only while focused: an unfocused widget paints nothing extra.
class FocusFrame : public QWidget
{
    Q_OBJECT
public:
    static FocusFrame *install(QWidget *target);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    explicit FocusFrame(QWidget *target);
    QWidget *m_target;
};

} // namespace kvl
