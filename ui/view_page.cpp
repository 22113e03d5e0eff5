#include "view_page.h"

#include "ledger_chart.h"
#include "scenario_controller.h"

#include <QEvent>

namespace kvl {

ViewPage::ViewPage(ScenarioController *controller, const QString &name, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    setObjectName(name);
    connect(controller, &ScenarioController::changed, this, [this] {
        if (isVisible() || !window()->isVisible())
            refresh();
        else
            m_stale = true;
    });
}

void ViewPage::setRefresh(Refresh refresh)
{
    m_refresh = std::move(refresh);
    m_stale = true;
}

void ViewPage::refresh()
{
    m_stale = false;
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
