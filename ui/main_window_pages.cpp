#include "main_window.h"

#include "chart_factory.h"
#include "chart_grid.h"
#include "controls_panel.h"
#include "focus_frame.h"
#include "gpu_panel.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "mass_panel.h"
#include "pages.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "serving_views.h"
#include "strategy_panel.h"
#include "tour.h"
#include "tradeoff_views.h"
#include "view_page.h"

#include <QDockWidget>
#include <QGridLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>

// The window's tab pages and docks, built once.
namespace kvl {

// The centre: one tab page per view. The first holds the four cost charts in two columns, one
// on a narrow screen, scrolled where the rows do not fit; a page wider or taller than a small
// screen leaves beside the docks scrolls rather than clips.
void MainWindow::buildPages()
{
    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("views"));
    m_views->setDocumentMode(true);
    // Names whole on a small screen: the tab bar scrolls (the current tab always in view)
    // rather than cutting every name to a letter or two.
    m_views->setUsesScrollButtons(true);
    m_views->setElideMode(Qt::ElideNone);
    auto *cost = new ViewPage(m_controller, QStringLiteral("costPage"), m_views);
    auto *grid = new ChartGrid;
    m_charts = createCharts(grid);
    for (LedgerChart *c : std::as_const(m_charts)) {
        c->setFocusPolicy(Qt::StrongFocus);
        FocusFrame::install(c);
    }
    grid->setCharts({m_charts.begin(), m_charts.end()});
    m_chartArea = new QScrollArea(cost);
    m_chartArea->setObjectName(QStringLiteral("costCharts"));
    m_chartArea->setFrameShape(QFrame::NoFrame);
    m_chartArea->setWidgetResizable(true);
    m_chartArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_chartArea->setWidget(grid);
    auto *layout = new QGridLayout(cost);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chartArea);
    cost->setRefresh([this](const Scenario &, const Ledger &) { drawCostPage(); });
    const TradeoffViews tradeoffs = createTradeoffViews(m_controller, m_views);
    const ServingViews serving = createServingViews(m_controller, m_views);
    m_pages = {cost,
               tradeoffs.strategies,
               tradeoffs.roofline,
               tradeoffs.mass,
               serving.capacity,
               serving.tokenCost,
               serving.session,
               serving.reality};
    Q_ASSERT(m_pages.size() == pageInfos().size());
    m_views->addTab(cost, QString());
    for (ViewPage *page : m_pages.mid(1)) {
        auto *scroll = new QScrollArea(m_views);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(page);
        m_views->addTab(scroll, QString());
    }
    m_allCharts = m_charts + tradeoffs.charts + serving.charts;
    setCentralWidget(m_views);
}

void MainWindow::drawCostPage()
{
    updateMeasuredRows();
    drawCharts(m_charts, m_controller->scenario(), m_controller->ledger(), m_controller->baseline(),
               m_controller->baselineLedger());
}

void MainWindow::catchUpPages()
{
    for (ViewPage *page : std::as_const(m_pages))
        page->catchUp();
}

void MainWindow::buildDocks()
{
    m_controls = new ControlsPanel(m_controller, this);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_controls);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_controls->sizeHint().width() + 24);
    m_controlsDock = new QDockWidget(this);
    m_controlsDock->setObjectName(QStringLiteral("controlsDock"));
    m_controlsDock->setWidget(scroll);
    addDockWidget(Qt::LeftDockWidgetArea, m_controlsDock);
    connect(m_controls, &ControlsPanel::importConfigRequested, this,
            [this] { m_document->importConfig(); });

    m_ledger = new LedgerView(m_controller, this);
    m_ledgerDock = new QDockWidget(this);
    m_ledgerDock->setObjectName(QStringLiteral("ledgerDock"));
    m_ledgerDock->setWidget(m_ledger);
    m_ledger->setMinimumWidth(300);
    addDockWidget(Qt::RightDockWidgetArea, m_ledgerDock);

    // Below the ledger, both in view; it scrolls on a short screen rather than squeezing the
    // ledger.
    m_gpuPanel = new GpuPanel(m_controller, this);
    auto *gpuScroll = new QScrollArea(this);
    gpuScroll->setWidget(m_gpuPanel);
    gpuScroll->setWidgetResizable(true);
    gpuScroll->setFrameShape(QFrame::NoFrame);
    // A longer translation than the width set here scrolls rather than clips the buttons.
    gpuScroll->setMinimumWidth(m_gpuPanel->minimumSizeHint().width() +
                               gpuScroll->verticalScrollBar()->sizeHint().width());
    m_gpuDock = new QDockWidget(this);
    m_gpuDock->setObjectName(QStringLiteral("gpuDock"));
    m_gpuDock->setWidget(gpuScroll);
    addDockWidget(Qt::RightDockWidgetArea, m_gpuDock);
    splitDockWidget(m_ledgerDock, m_gpuDock, Qt::Vertical);
    resizeDocks({m_ledgerDock, m_gpuDock}, {3, 2}, Qt::Vertical);
    connect(m_gpuPanel, &GpuPanel::errorOccurred, this,
            [this](const QString &why) { showError(tr("GPU measurement"), why); });

    m_tour = new TourPanel(m_controller, this);
    m_tour->setViews(page(QStringLiteral("strategies"))->findChild<StrategyPanel *>(),
                     page(QStringLiteral("mass"))->findChild<MassPanel *>());
    m_tourDock = new QDockWidget(this);
    m_tourDock->setObjectName(QStringLiteral("tourDock"));
    m_tourDock->setWidget(m_tour);
    addDockWidget(Qt::BottomDockWidgetArea, m_tourDock);
}

} // namespace kvl
