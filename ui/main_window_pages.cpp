#include "main_window.h"

#include "controls_panel.h"
#include "gpu_panel.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "mass_panel.h"
#include "pages.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "strategy_panel.h"
#include "tour.h"
#include "view_page.h"

#include <QDockWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabWidget>

// The window's tab pages and docks, built once.
namespace kvl {

// The centre: one tab page per view, in pages.h's order, each from its descriptor. A page wider
// or taller than a small screen leaves beside the docks scrolls rather than clips.
void MainWindow::buildPages()
{
    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("views"));
    m_views->setDocumentMode(true);
    // Names whole on a small screen: the tab bar scrolls (the current tab always in view)
    // rather than cutting every name to a letter or two.
    m_views->setUsesScrollButtons(true);
    m_views->setElideMode(Qt::ElideNone);
    for (const PageInfo &info : pageInfos()) {
        QList<LedgerChart *> charts;
        ViewPage *page = info.create(m_controller, m_view, m_views, charts);
        if (info.id == u"cost")
            m_charts = charts;
        m_allCharts += charts;
        m_pages << page;
        if (!info.scrolled) {
            m_views->addTab(page, QString());
            continue;
        }
        auto *scroll = new QScrollArea(m_views);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(page);
        m_views->addTab(scroll, QString());
    }
    setCentralWidget(m_views);
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

    m_ledger = new LedgerView(m_controller, m_view, this);
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
