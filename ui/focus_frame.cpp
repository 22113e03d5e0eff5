#include "focus_frame.h"

#include <QEvent>
#include <QPainter>

namespace kvl {

FocusFrame *FocusFrame::install(QWidget *target)
{
    return new FocusFrame(target);
}

FocusFrame::FocusFrame(QWidget *target) : QWidget(target), m_target(target)
{
    setObjectName(QStringLiteral("focusFrame"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    target->installEventFilter(this);
}

bool FocusFrame::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_target) {
        switch (event->type()) {
        case QEvent::FocusIn:
            setGeometry(m_target->rect());
            show();
            raise();
            break;
        case QEvent::FocusOut:
            hide();
            break;
        case QEvent::Resize:
            setGeometry(m_target->rect());
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void FocusFrame::paintEvent(QPaintEvent *)
{
    // Dashed, in the highlight colour: distinct from the tour's solid highlight border.
    QPainter p(this);
    const qreal width = 3;
    p.setPen(QPen(palette().color(QPalette::Highlight), width, Qt::DashLine));
    p.drawRect(QRectF(rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2));
}

} // namespace kvl
