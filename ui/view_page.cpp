#include "view_page.h"

#include "ledger_chart.h"
#include "scenario_controller.h"

#include <QEvent>
#include <QTimer>

namespace kvl {

ViewPage::ViewPage(ScenarioController *controller, const QString &name, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_catchUp(new QTimer(this))
{
    setObjectName(name);
    m_catchUp->setSingleShot(true);
    m_catchUp->setInterval(150);
    connect(m_catchUp, &QTimer::timeout, this, &ViewPage::catchUp);
    connect(controller, &ScenarioController::changed, this, [this] {
        // A window not yet shown (tests, screenshots) has no later moment to catch up in.
        if (isVisible() || !window()->isVisible()) {
            refresh();
            return;
        }
        m_stale = true;
        if (m_controller->isInteractive())
            m_catchUp->stop();
        else
            m_catchUp->start();
    });
    connect(controller, &ScenarioController::interactiveChanged, this, [this](bool on) {
        if (!on && m_stale)
            m_catchUp->start();
    });
}

void ViewPage::setRefresh(Refresh refresh)
{
    m_refresh = std::move(refresh);
    m_stale = true;
    m_catchUp->start(); // filled soon even if never shown: exports need numbers
}

void ViewPage::refresh()
{
    m_stale = false;
    m_catchUp->stop();
    for (LedgerChart *c : findChildren<LedgerChart *>())
        c->setBaseline(m_controller->baseline());
    if (m_refresh)
        m_refresh(m_controller->scenario(), m_controller->ledger());
    // A screen reader hears what the eye sees: each chart's title and its headline numbers.
    for (LedgerChart *c : findChildren<LedgerChart *>()) {
        c->setAccessibleName(c->title());
        c->setAccessibleDescription(c->headline());
    }
}

void ViewPage::catchUp()
{
    if (m_stale)
        refresh();
}

bool ViewPage::event(QEvent *e)
{
    if (e->type() == QEvent::Show)
        catchUp();
    return QWidget::event(e);
}

} // namespace kvl
