#include "tradeoff_views.h"

#include "chart_grid.h"
#include "flip_splitter.h"
#include "mass_charts.h"
#include "mass_panel.h"
#include "roofline_chart.h"
#include "roofline_panel.h"
#include "scenario_controller.h"
#include "strategy_comparison_chart.h"
#include "strategy_latency_chart.h"
#include "strategy_panel.h"
#include "view_page.h"

#include <QHBoxLayout>
#include <QMainWindow>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>
#include <memory>
#include <optional>

namespace kvl {

ViewPage *strategiesPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                         QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("strategiesPage"), parent);
    auto *panel = new StrategyPanel(view, page);
    auto *comparison = new StrategyComparisonChart(page);
    auto *latency = new StrategyLatencyChart(page);
    charts << comparison << latency;

    // Side by side where both stay legible, else one above the other (the page scrolls).
    auto *chartRow = new ChartGrid(page);
    chartRow->setCharts({comparison, latency});
    auto *split = new QSplitter(Qt::Vertical, page);
    split->addWidget(chartRow);
    split->addWidget(panel);
    // Initial shares of the page (QSplitter scales them to its size); stretch only splits growth.
    split->setSizes({560, 440});
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split);

    // Core evaluates the compared strategies once for the table and both charts; the last
    // change's series lets a context drag keep the curves.
    const auto last = std::make_shared<std::optional<ChartSeries>>();
    const auto refresh = [=](const Scenario &s, const Ledger &l) {
        const ChartSeries *previous = *last ? &**last : nullptr;
        // A sparse model brings its dense reference row.
        ChartSeries next =
            chartSeries(s, l, SeriesRequest::of(panel->compared(s)), controller->baseline(),
                        controller->baselineLedger(), previous);
        const ChartSeries &series = last->emplace(std::move(next));
        panel->setResults(s, series.strategies.results);
        comparison->draw(series);
        latency->draw(series);
    };
    QObject::connect(panel, &StrategyPanel::strategiesChanged, page,
                     [=] { refresh(controller->scenario(), controller->ledger()); });
    page->setRefresh(refresh);
    return page;
}

ViewPage *rooflinePage(ScenarioController *controller, const ViewSettings *, QWidget *parent,
                       QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("rooflinePage"), parent);
    auto *chart = new RooflineChart(page);
    auto *panel = new RooflinePanel(chart, page);
    charts << chart;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(panel);
    page->setRefresh([=](const Scenario &s, const Ledger &l) { chart->updateFrom(s, l); });
    return page;
}

namespace {
// The least height at which a mass chart keeps its rotated axis title whole.
constexpr int kMassChartHeight = 340;
} // namespace

ViewPage *massPage(ScenarioController *controller, const ViewSettings *, QWidget *parent,
                   QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("massPage"), parent);
    auto *panel = new MassPanel(page);
    auto *top = new MassTopChart(page);
    auto *curve = new MassCurveChart(page);
    charts << top << curve;

    auto *scroll = new QScrollArea(page);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Controls never clipped: the splitter cannot squeeze the panel below what it needs.
    scroll->setMinimumWidth(panel->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width() + 4);
    auto *chartColumn = new QSplitter(Qt::Vertical, page);
    chartColumn->addWidget(top);
    chartColumn->addWidget(curve);
    // Tall enough for the plots' axis titles: a short page scrolls rather than cut them.
    for (LedgerChart *c : std::initializer_list<LedgerChart *>{top, curve})
        c->setMinimumHeight(kMassChartHeight);
    auto *split = new FlipSplitter(page);
    split->addWidget(scroll);
    split->addWidget(chartColumn);
    split->setSizes({400, 600});
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split);

    // The report drives the charts; the scenario only the sentence linking it to the cost model.
    const auto showReport = [=] {
        if (!panel->report())
            return;
        top->setReport(*panel->report(), MassOptions{}.concentratedAt);
        curve->setReport(*panel->report(), panel->curveLayers());
    };
    QObject::connect(panel, &MassPanel::reportChanged, page, showReport);
    // A file that cannot be analysed (one a scenario names among them) is said where it shows on
    // any tab, as well as on the page.
    QObject::connect(panel, &MassPanel::analysisFailed, page, [page](const QString &why) {
        if (auto *window = qobject_cast<QMainWindow *>(page->window()))
            window->statusBar()->showMessage(MassPanel::tr("Attention mass: %1").arg(why), 10000);
    });
    QObject::connect(panel, &MassPanel::curveLayersChanged, page, showReport);
    page->setRefresh([=](const Scenario &s, const Ledger &) { panel->setScenario(s); });
    // A teaching source is there from the start; a file replaces it.
    panel->analyze();
    return page;
}

} // namespace kvl
