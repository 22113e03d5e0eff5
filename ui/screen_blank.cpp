#include "screen_blank.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace kvl {

namespace {
// Where B and '.' are letters being typed.
bool takesText(const QWidget *w)
{
    if (!w)
        return false;
    if (const auto *combo = qobject_cast<const QComboBox *>(w))
        return combo->isEditable();
    return qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
           qobject_cast<const QTextEdit *>(w) || qobject_cast<const QPlainTextEdit *>(w);
}
} // namespace

ScreenBlank::ScreenBlank(QWidget *window, std::function<bool()> active)
    : QWidget(window), m_window(window), m_active(std::move(active))
{
    setObjectName(QStringLiteral("screenBlank"));
    setAccessibleName(tr("Blank screen: press B or . to show it again"));
    hide();
    qApp->installEventFilter(this);
}

ScreenBlank::~ScreenBlank()
{
    qApp->removeEventFilter(this);
}

void ScreenBlank::setBlank(bool on)
{
    if (on == isBlank())
        return;
    if (on) {
        setGeometry(m_window->rect());
        raise();
        // First in line while blank: the tour and presentation mode filter keys too.
        qApp->removeEventFilter(this);
        qApp->installEventFilter(this);
    }
    setVisible(on);
}

void ScreenBlank::paintEvent(QPaintEvent *)
{
    QPainter(this).fillRect(rect(), Qt::black);
}

bool ScreenBlank::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Resize && isBlank())
        setGeometry(m_window->rect());
    if (event->type() != QEvent::KeyPress)
        return false;
    auto *w = qobject_cast<QWidget *>(watched);
    if (!w || w->window() != m_window)
        return false;
    const auto *k = static_cast<QKeyEvent *>(event);
    const bool blankKey = (k->key() == Qt::Key_B || k->key() == Qt::Key_Period) &&
                          (k->modifiers() & ~Qt::KeypadModifier) == Qt::NoModifier;
    if (isBlank()) {
        if (blankKey || k->key() == Qt::Key_Escape)
            setBlank(false);
        return true;
    }
    if (blankKey && m_active() && !takesText(QApplication::focusWidget())) {
        setBlank(true);
        return true;
    }
    return false;
}

} // namespace kvl
