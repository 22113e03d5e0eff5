#include "serving_views.h"

#include "capacity_panel.h"
#include "chart_grid.h"
#include "field_flow.h"
#include "reality_page.h"
#include "scenario_controller.h"
#include "serving_charts.h"
#include "session_chart.h"
#include "slider_field.h"
#include "validation_table.h"
#include "view_page.h"

#include <QEvent>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <climits>

namespace kvl {

namespace {

// Side by side where the page is wide enough, else one above the other (the page scrolls).
class SplitFollowsWidth : public QObject
{
public:
    SplitFollowsWidth(QSplitter *split, QWidget *page, int breakpoint)
        : QObject(split), m_split(split), m_breakpoint(breakpoint)
    {
        page->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Resize) {
            const auto o = static_cast<QWidget *>(watched)->width() < m_breakpoint ? Qt::Vertical
                                                                                   : Qt::Horizontal;
            if (m_split->orientation() != o)
                m_split->setOrientation(o);
        }
        return false;
    }

private:
    QSplitter *m_split;
    int m_breakpoint;
};

} // namespace

// Capacity as the engine computes it, beside the batch curve that runs into its wall, and the
// published measurements beside the floor.
ViewPage *capacityPage(ScenarioController *controller, const ViewSettings *view, QWidget *parent,
                       QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("capacityPage"), parent);
    auto *panel = new CapacityPanel(view, page);
    auto *latency = new ThroughputLatencyChart(page);
    auto *validation = new ValidationTable(page);
    charts << latency;

    auto *scroll = new QScrollArea(page);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(panel->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width() + 4);
    auto *chartColumn = new QSplitter(Qt::Vertical, page);
    chartColumn->addWidget(latency);
    chartColumn->addWidget(validation);
    chartColumn->setSizes({640, 360});
    auto *split = new QSplitter(Qt::Horizontal, page);
    split->addWidget(scroll);
    split->addWidget(chartColumn);
    split->setSizes({400, 600});
    // Stacked on a narrow page, each part keeps a legible height.
    scroll->setMinimumHeight(360);
    latency->setMinimumHeight(380);
    validation->setMinimumHeight(260);
    new SplitFollowsWidth(split, page, 1100);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(split);

    page->setRefresh([=](const Scenario &s, const Ledger &) {
        panel->setScenario(s);
        latency->draw(controller->serving());
    });
    return page;
}

// The cost of a token against the batch and against the context.
ViewPage *tokenCostPage(ScenarioController *controller, const ViewSettings *, QWidget *parent,
                        QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("tokenCostPage"), parent);
    auto *batch = new CostBatchChart(page);
    auto *context = new CostContextChart(page);
    charts << batch << context;
    auto *grid = new ChartGrid(page);
    grid->setCharts({batch, context});
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(grid);
    page->setRefresh([=](const Scenario &, const Ledger &) {
        batch->draw(controller->serving());
        context->draw(controller->serving());
    });
    return page;
}

namespace {

// The session's turns: how many, what each adds and how long each answer is.
class SessionControls : public QWidget
{
    Q_OBJECT
public:
    SessionControls(SessionChart *chart, QWidget *parent) : QWidget(parent), m_chart(chart)
    {
        m_turns = new QSpinBox(this);
        m_turns->setObjectName(QStringLiteral("sessionTurns"));
        m_turns->setRange(1, SessionChart::kMaxTurns);
        m_input = tokenBox(QStringLiteral("sessionTurnInput"));
        m_response = tokenBox(QStringLiteral("sessionResponse"));
        const SessionOptions &o = chart->options();
        m_turns->setValue(o.turns);
        m_input->setValue(int(o.turnInput));
        m_response->setValue(int(o.response));
        // As many fields a row as the page holds: a small screen beside both docks too.
        auto *flow = new FieldFlow(this);
        for (auto [label, box] : {std::pair{&m_turnsLabel, static_cast<QSpinBox *>(m_turns)},
                                  {&m_inputLabel, m_input},
                                  {&m_responseLabel, m_response}}) {
            *label = new QLabel(this);
            flow->addPair(*label, box);
            connect(box, &QSpinBox::valueChanged, this, &SessionControls::apply);
        }
        m_start = new QLabel(this);
        m_start->setWordWrap(true);
        flow->addWide(m_start);
        auto *layout = new QVBoxLayout(this);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(flow);
        retranslate();
    }
    // Called on every scenario change: the session starts at its context.
    void setScenario(const Scenario &s)
    {
        m_scenario = s;
        m_start->setText(
            tr("Starts at the scenario's context: %1 tokens").arg(formatInteger(s.context)));
    }

protected:
    void changeEvent(QEvent *event) override
    {
        if (event->type() == QEvent::LanguageChange)
            retranslate();
        QWidget::changeEvent(event);
    }

private:
    MappedSpinBox *tokenBox(const QString &name)
    {
        auto *box = new MappedSpinBox(this);
        box->setObjectName(name);
        box->setRange(0, INT_MAX);
        box->setTokenCounts();
        return box;
    }
    void apply()
    {
        SessionOptions o = m_chart->options();
        o.turns = m_turns->value();
        o.turnInput = m_input->value();
        o.response = m_response->value();
        m_chart->setOptions(o);
        if (m_scenario.validate().isEmpty())
            m_chart->updateFrom(m_scenario, {});
    }
    void retranslate()
    {
        m_turnsLabel->setText(tr("Turns:"));
        m_inputLabel->setText(tr("New tokens per turn:"));
        m_responseLabel->setText(tr("Answer tokens per turn:"));
        setScenario(m_scenario);
    }

    SessionChart *m_chart;
    Scenario m_scenario;
    QSpinBox *m_turns = nullptr;
    MappedSpinBox *m_input = nullptr, *m_response = nullptr;
    QLabel *m_turnsLabel = nullptr, *m_inputLabel = nullptr, *m_responseLabel = nullptr,
           *m_start = nullptr;
};

} // namespace

ViewPage *sessionPage(ScenarioController *controller, const ViewSettings *, QWidget *parent,
                      QList<LedgerChart *> &charts)
{
    auto *page = new ViewPage(controller, QStringLiteral("sessionPage"), parent);
    auto *chart = new SessionChart(page);
    auto *controls = new SessionControls(chart, page);
    charts << chart;
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(controls);
    layout->addWidget(chart, 1);
    page->setRefresh([=](const Scenario &s, const Ledger &l) {
        controls->setScenario(s);
        chart->updateFrom(s, l);
    });
    return page;
}

} // namespace kvl

#include "serving_views.moc"
