#include "tour_pointer.h"

#include "ledger_chart.h"

#include <QEvent>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>

namespace kvl {

namespace {
// The charts a step does not talk about stay readable, a step back: the window's colour over
// them at this opacity.
constexpr double kVeil = 0.6;

// A veil over a chart, on the widget and not in its scene (an export draws the scene whole), and
// transparent to the mouse.
class Veil : public QWidget
{
public:
    explicit Veil(QWidget *chart) : QWidget(chart)
    {
        setObjectName(QStringLiteral("tourVeil"));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setFocusPolicy(Qt::NoFocus);
        chart->installEventFilter(this);
        setGeometry(chart->rect());
        raise();
        show();
    }

protected:
    bool eventFilter(QObject *watched, QEvent *e) override
    {
        if (watched == parent() && e->type() == QEvent::Resize)
            setGeometry(parentWidget()->rect());
        return false;
    }
    void paintEvent(QPaintEvent *) override
    {
        QColor c = palette().color(QPalette::Window);
        c.setAlphaF(float(kVeil));
        QPainter(this).fillRect(rect(), c);
    }
};

// By name: Veil has no meta-object of its own to tell it from the chart's other children.
QWidget *veilOf(QWidget *chart)
{
    return chart->findChild<QWidget *>(QStringLiteral("tourVeil"), Qt::FindDirectChildrenOnly);
}
} // namespace

void scrollIntoView(QWidget *w)
{
    for (QWidget *p = w->parentWidget(); p; p = p->parentWidget()) {
        auto *area = qobject_cast<QScrollArea *>(p);
        if (!area || !area->widget() || !area->widget()->isAncestorOf(w))
            continue;
        const QRect r(w->mapTo(area->widget(), QPoint(0, 0)), w->size());
        const int view = area->viewport()->height();
        QScrollBar *bar = area->verticalScrollBar();
        if (r.height() >= view || r.top() < bar->value())
            bar->setValue(r.top());
        else if (r.bottom() > bar->value() + view)
            bar->setValue(r.bottom() - view + 1);
    }
}

void pointAtChart(const QList<LedgerChart *> &charts, const QString &chartId, const QColor &frame)
{
    for (LedgerChart *c : charts) {
        const bool on = !chartId.isEmpty() && c->id() == chartId;
        const bool dim = !chartId.isEmpty() && !on;
        c->setProperty("tourHighlight", on);
        // Style sheets name a namespaced class with "--" for "::".
        c->setStyleSheet(
            on ? QStringLiteral("kvl--LedgerChart { border: 4px solid %1; }").arg(frame.name())
               : QString());
        if (dim && !veilOf(c))
            new Veil(c);
        else if (!dim)
            delete veilOf(c);
        if (on) {
            scrollIntoView(c);
            QTimer::singleShot(0, c, [c] { scrollIntoView(c); });
        }
    }
}

} // namespace kvl
