#include "cost_page.h"

#include "chart_factory.h"
#include "chart_grid.h"
#include "focus_frame.h"
#include "ledger_chart.h"
#include "scenario_controller.h"
#include "view_page.h"

#include <QGridLayout>
#include <QScrollArea>

#include <memory>

namespace kvl {

ViewPage *costPage(ScenarioController *controller, const ViewSettings *, QWidget *parent,
                   QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("costPage"), parent);
    auto *grid = new ChartGrid;
    const QList<LedgerChart *> cost = createCharts(grid);
    for (LedgerChart *c : cost) {
        c->setFocusPolicy(Qt::StrongFocus);
        FocusFrame::install(c);
    }
    grid->setCharts({cost.begin(), cost.end()});
    auto *area = new QScrollArea(page);
    area->setObjectName(QStringLiteral("costCharts"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setWidget(grid);
    auto *layout = new QGridLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(area);
    const auto last = std::make_shared<std::optional<ChartSeries>>();
    page->setRefresh([=](const Scenario &s, const Ledger &l) {
        drawCharts(cost, s, l, controller->baseline(), controller->baselineLedger(), last.get());
    });
    charts << cost;
    return page;
}

} // namespace kvl
