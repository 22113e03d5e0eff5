#pragma once

#include <QWidget>
#include <functional>

namespace kvl {

// A clicker's blank-screen keys: B or '.' covers the window in black (the room looks at the
// lecturer, not the screen) and the same key, or Esc, brings it back; any other key is swallowed
// while blank so that a stray click does not move the tour unseen. Active while `active()` holds
// (presentation mode, the tour) and the focused widget is not one that takes text.
class ScreenBlank : public QWidget
{
    Q_OBJECT
public:
    ScreenBlank(QWidget *window, std::function<bool()> active);
    ~ScreenBlank() override;

    bool isBlank() const { return isVisible(); }
    void setBlank(bool on);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    QWidget *m_window;
    std::function<bool()> m_active;
};

} // namespace kvl
