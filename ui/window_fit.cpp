#include "window_fit.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QEvent>
#include <QPointer>
#include <QScreen>
#include <QStyle>
#include <QTimer>
#include <QWidget>

namespace kvl {

namespace {

// Watches the window's first moments on screen: the window manager frames it some events after
// the show, and only then does frameGeometry() say how large the frame is.
class FrameWatcher : public QObject
{
public:
    FrameWatcher(QWidget *window, const QSize &fitted)
        : QObject(window), m_window(window), m_fitted(fitted)
    {
        window->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *e) override
    {
        if (watched != m_window || m_done)
            return false;
        switch (e->type()) {
        case QEvent::Resize:
        case QEvent::Show:
            // Resized by its caller before it was shown: the caller chose the size.
            if (!m_shown && m_window->size() != m_fitted) {
                stop();
                break;
            }
            if (e->type() == QEvent::Resize)
                break;
            m_shown = true;
            m_deadline = QDeadlineTimer(3000);
            QTimer::singleShot(0, this, &FrameWatcher::check);
            break;
        case QEvent::Move:
        case QEvent::WindowStateChange:
            if (m_shown)
                QTimer::singleShot(0, this, &FrameWatcher::check);
            break;
        default:
            break;
        }
        return false;
    }

private:
    // Done for good: a deferred delete can wait for the event loop to come back to its level,
    // and a check queued meanwhile must not resize a window its caller sized.
    void stop()
    {
        m_done = true;
        deleteLater();
    }

    void check()
    {
        if (m_done)
            return;
        if (!m_window || m_window->isWindow() == false || m_deadline.hasExpired()) {
            stop();
            return;
        }
        if (m_window->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen))
            return; // the window manager fits those
        const QRect frame = m_window->frameGeometry();
        const QRect client = m_window->geometry();
        if (frame == client) {
            QTimer::singleShot(50, this, &FrameWatcher::check); // not framed yet
            return;
        }
        const QRect available = m_window->screen()->availableGeometry();
        if (!available.contains(frame)) {
            const QMargins margins(client.left() - frame.left(), client.top() - frame.top(),
                                   frame.right() - client.right(),
                                   frame.bottom() - client.bottom());
            const QSize size = fittedClientSize(m_window->size(), available, margins);
            m_window->resize(size);
            m_window->move(available.topLeft());
        }
        stop();
    }

    QPointer<QWidget> m_window;
    QSize m_fitted;
    bool m_shown = false;
    bool m_done = false;
    QDeadlineTimer m_deadline;
};

} // namespace

QSize fittedClientSize(const QSize &preferred, const QRect &available, const QMargins &frame)
{
    const QSize room(available.width() - frame.left() - frame.right(),
                     available.height() - frame.top() - frame.bottom());
    return preferred.boundedTo(room).expandedTo(QSize(1, 1));
}

QMargins estimatedFrame(const QWidget *window)
{
    const QStyle *style = window->style();
    const int border = std::max(1, style->pixelMetric(QStyle::PM_MdiSubWindowFrameWidth));
    // A window manager's title bar is about a line of its font and padding.
    const int title = std::max(style->pixelMetric(QStyle::PM_TitleBarHeight),
                               QFontMetrics(QApplication::font()).height() + 10);
    return {border, title + border, border, border};
}

void fitToScreen(QWidget *window, const QSize &preferred)
{
    const QSize size =
        fittedClientSize(preferred, window->screen()->availableGeometry(), estimatedFrame(window));
    window->resize(size);
    new FrameWatcher(window, size);
}

} // namespace kvl
