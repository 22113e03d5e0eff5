#include "main_window.h"

#include "chart_export.h"
#include "chart_factory.h"
#include "chart_grid.h"
#include "controls_panel.h"
#include "export_dialog.h"
#include "gpu_panel.h"
#include "hf_config.h"
#include "language.h"
#include "latency_chart.h"
#include "ledger_chart.h"
#include "ledger_json.h"
#include "ledger_text.h"
#include "ledger_view.h"
#include "mass_panel.h"
#include "measurement_model.h"
#include "presentation.h"
#include "roofline_chart.h"
#include "safe_save.h"
#include "scenario_controller.h"
#include "scenario_file.h"
#include "strategy_panel.h"
#include "tour.h"
#include "tradeoff_views.h"
#include "weights.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QJsonDocument>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QStyleHints>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>

namespace kvl {

static Scenario initialScenario(const Settings &settings)
{
    return settings.lastScenario().value_or(Scenario::seed());
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_controller(new ScenarioController(initialScenario(m_settings), this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/kvledger.svg")));

    // The centre: tabs of views; the first holds the four cost charts in a grid of two columns,
    // one on a narrow screen, scrolled where the rows do not fit.
    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("views"));
    m_views->setDocumentMode(true);
    auto *grid = new ChartGrid;
    m_charts = createCharts(grid);
    for (LedgerChart *c : std::as_const(m_charts))
        c->setFocusPolicy(Qt::StrongFocus);
    grid->setCharts({m_charts.begin(), m_charts.end()});
    m_chartArea = new QScrollArea(m_views);
    m_chartArea->setObjectName(QStringLiteral("costCharts"));
    m_chartArea->setFrameShape(QFrame::NoFrame);
    m_chartArea->setWidgetResizable(true);
    m_chartArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_chartArea->setWidget(grid);
    m_views->addTab(m_chartArea, QString());
    const TradeoffViews tradeoffs = createTradeoffViews(m_controller, m_views);
    // A page wider or taller than a small screen leaves beside the docks scrolls, not clips.
    for (QWidget *page : {tradeoffs.strategies, tradeoffs.roofline, tradeoffs.mass}) {
        auto *scroll = new QScrollArea(m_views);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidgetResizable(true);
        scroll->setWidget(page);
        m_views->addTab(scroll, QString());
    }
    m_allCharts = m_charts + tradeoffs.charts;
    setCentralWidget(m_views);
    // Hidden views skip updates; bring one up to date when it is shown.
    connect(m_views, &QTabWidget::currentChanged, this, &MainWindow::updateCharts);

    buildDocks();
    m_tour->setViews(tradeoffs.strategies->findChild<StrategyPanel *>(),
                     qobject_cast<RooflineChart *>(chart(QStringLiteral("roofline"))),
                     tradeoffs.mass->findChild<MassPanel *>());
    buildActions();
    buildMenus();
    retranslate();
    m_presentation = new Presentation(this);
    connect(m_presentation, &Presentation::activeChanged, this, [this](bool on) {
        m_actions.value(QStringLiteral("presentation"))->setChecked(on);
        updateCharts();
    });
    connect(m_presentation, &Presentation::chartsShown, this, &MainWindow::updateCharts);

    connect(m_controller, &ScenarioController::changed, this, &MainWindow::updateCharts);
    connect(m_controller, &ScenarioController::changed, this, &MainWindow::updateTitle);
    connect(m_controller, &ScenarioController::interactiveChanged, this, [this](bool on) {
        for (LedgerChart *c : std::as_const(m_allCharts))
            c->setInteractive(on);
    });
    connect(m_controller, &ScenarioController::validationFailed, this, [this](const QString &why) {
        statusBar()->showMessage(tr("Not applied: %1").arg(why), 8000);
    });
    connect(m_controller->undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateTitle);
    connect(m_ledger, &LedgerView::unitsChanged, this, &MainWindow::setUnits);

    setUnits(m_settings.units());
    for (LedgerChart *c : std::as_const(m_allCharts))
        c->setInteractive(false);
    updateCharts();
    updateTitle();
    resize(QSize(1600, 1000).boundedTo(screen()->availableSize()));
    restoreGeometry(m_settings.geometry());
    restoreState(m_settings.windowState(), Settings::kWindowStateVersion);
    m_tourDock->hide(); // the tour opens on request only
}

MainWindow::~MainWindow()
{
    // Children outlive this class's part of the object; let none of them call back into it.
    for (QObject *child : findChildren<QObject *>())
        child->disconnect(this);
    m_controller->undoStack()->disconnect(this); // a member of the controller, not a child
}

LedgerChart *MainWindow::chart(const QString &id) const
{
    for (LedgerChart *c : m_allCharts)
        if (c->id() == id)
            return c;
    return nullptr;
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
            &MainWindow::importConfigDialog);

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
    gpuScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
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
    m_tourDock = new QDockWidget(this);
    m_tourDock->setObjectName(QStringLiteral("tourDock"));
    m_tourDock->setWidget(m_tour);
    addDockWidget(Qt::BottomDockWidgetArea, m_tourDock);
    connect(m_tour, &TourPanel::highlightRequested, this, &MainWindow::highlight);
    // The tour works on its own copy: what the user had comes back when it ends.
    connect(m_tour, &TourPanel::started, this, [this] {
        m_beforeTour =
            BeforeTour{m_controller->scenario(), m_views->currentIndex(), m_ledger->units()};
        // Undo would replay the user's history over the tour's copy.
        for (const char *a : {"undo", "redo"})
            m_actions.value(QLatin1String(a))->setEnabled(false);
    });
    connect(m_tour, &TourPanel::stepShown, this, [this](int step) {
        const TourStep &t = m_tour->stepAt(step);
        const int tab = tabIds().indexOf(t.tab);
        if (tab >= 0)
            m_views->setCurrentIndex(tab);
        setUnits(t.units);
    });
    connect(m_tour, &TourPanel::finished, this, [this] {
        m_tourDock->hide();
        highlight({}, {});
        if (m_beforeTour && !m_beforeTour->userTookOver) {
            m_controller->preview(m_beforeTour->scenario);
            m_views->setCurrentIndex(m_beforeTour->tab);
            setUnits(m_beforeTour->units);
        }
        m_beforeTour.reset();
        m_actions.value(QStringLiteral("undo"))->setEnabled(m_controller->undoStack()->canUndo());
        m_actions.value(QStringLiteral("redo"))->setEnabled(m_controller->undoStack()->canRedo());
    });
    // An edit during the tour is the user taking over from the step on screen: the tour ends and
    // leaves that edit (one undo step back to what the step showed).
    connect(m_controller->undoStack(), &QUndoStack::indexChanged, this, [this] {
        if (!m_tour->isRunning() || !m_beforeTour)
            return;
        m_beforeTour->userTookOver = true;
        m_tour->stop();
    });
}

void MainWindow::buildActions()
{
    auto add = [this](const QString &name, const QKeySequence &key, auto slot) {
        auto *a = new QAction(this);
        a->setObjectName(name);
        if (!key.isEmpty())
            a->setShortcut(key);
        connect(a, &QAction::triggered, this, slot);
        m_actions.insert(name, a);
        return a;
    };
    add(QStringLiteral("open"), QKeySequence::Open, &MainWindow::open);
    add(QStringLiteral("save"), QKeySequence::Save, &MainWindow::save);
    add(QStringLiteral("saveAs"), QKeySequence::SaveAs, &MainWindow::saveAs);
    add(QStringLiteral("importConfig"), QKeySequence(Qt::CTRL | Qt::Key_I),
        &MainWindow::importConfigDialog);
    add(QStringLiteral("exportChart"), QKeySequence(Qt::CTRL | Qt::Key_E),
        &MainWindow::exportChartDialog);
    add(QStringLiteral("exportAll"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
        &MainWindow::exportAllDialog);
    add(QStringLiteral("exportReport"), QKeySequence(Qt::CTRL | Qt::Key_P),
        &MainWindow::exportReportDialog);
    add(QStringLiteral("exportLedger"), QKeySequence(), &MainWindow::exportLedgerDialog);
    // Nothing to export before a measurement of this session.
    QAction *measurements = add(QStringLiteral("exportMeasurements"), QKeySequence(),
                                &MainWindow::exportMeasurementsDialog);
    const auto syncMeasurements = [this, measurements] {
        measurements->setEnabled(m_gpuPanel->model()->rowCount() > 0);
    };
    connect(m_gpuPanel->model(), &QAbstractItemModel::rowsInserted, this, syncMeasurements);
    connect(m_gpuPanel->model(), &QAbstractItemModel::modelReset, this, syncMeasurements);
    syncMeasurements();
    add(QStringLiteral("quit"), QKeySequence::Quit, &MainWindow::close);
    add(QStringLiteral("copyChart"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
        &MainWindow::copyChart);
    add(QStringLiteral("copyLedger"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C),
        &MainWindow::copyLedger);
    add(QStringLiteral("reset"), QKeySequence(Qt::CTRL | Qt::Key_R), &MainWindow::resetToSeed);
    auto *present = add(QStringLiteral("presentation"), QKeySequence(Qt::Key_F11),
                        [this](bool on) { setPresentationMode(on); });
    present->setCheckable(true);
    add(QStringLiteral("tour"), QKeySequence(Qt::Key_F1), &MainWindow::startTour);
    auto *logAxes =
        add(QStringLiteral("logAxes"), QKeySequence(Qt::CTRL | Qt::Key_L), [this](bool on) {
            if (auto *latency = dynamic_cast<LatencyChart *>(chart(QStringLiteral("latency"))))
                latency->setLogScale(on);
        });
    logAxes->setCheckable(true);
    logAxes->setChecked(true);
    add(QStringLiteral("about"), QKeySequence(), [this] {
        QMessageBox::about(
            this, tr("About KV Ledger"),
            tr("<h3>KV Ledger %1</h3><p>Why long-context decoding is bound by "
               "memory bandwidth: every decoded token reads the whole KV cache.</p>"
               "<p>Every figure comes from the cost model in core/, checked by "
               "tests against the article “%2” and the datasheets.</p>")
                .arg(QApplication::applicationVersion(), seedArticleTitle().toHtmlEscaped()));
    });

    QAction *undo = m_controller->undoStack()->createUndoAction(this);
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName(QStringLiteral("undo"));
    m_actions.insert(QStringLiteral("undo"), undo);
    QAction *redo = m_controller->undoStack()->createRedoAction(this);
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName(QStringLiteral("redo"));
    m_actions.insert(QStringLiteral("redo"), redo);

    m_unitsGroup = new QActionGroup(this);
    for (const char *name : {"unitsSi", "unitsBinary"}) {
        auto *a = new QAction(this);
        a->setObjectName(QLatin1String(name));
        a->setCheckable(true);
        m_unitsGroup->addAction(a);
        m_actions.insert(QLatin1String(name), a);
    }
    m_actions.value(QStringLiteral("unitsSi"))->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_actions.value(QStringLiteral("unitsBinary"))->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(m_unitsGroup, &QActionGroup::triggered, this, [this](QAction *a) {
        setUnits(a->objectName() == u"unitsBinary" ? ByteUnits::Binary : ByteUnits::SI);
    });

    m_languageGroup = new QActionGroup(this);
    for (const QString &code : QStringList{QString()} + language::available()) {
        auto *a = new QAction(this);
        a->setCheckable(true);
        a->setData(code);
        a->setChecked(code == m_settings.language());
        m_languageGroup->addAction(a);
    }
    connect(m_languageGroup, &QActionGroup::triggered, this,
            [this](QAction *a) { setLanguage(a->data().toString()); });
}

void MainWindow::buildMenus()
{
    auto *file = menuBar()->addMenu(QString());
    m_menus.insert(QStringLiteral("file"), file);
    file->addAction(m_actions.value(QStringLiteral("open")));
    auto *recent = file->addMenu(QString());
    m_menus.insert(QStringLiteral("recent"), recent);
    file->addAction(m_actions.value(QStringLiteral("save")));
    file->addAction(m_actions.value(QStringLiteral("saveAs")));
    file->addSeparator();
    file->addAction(m_actions.value(QStringLiteral("importConfig")));
    file->addSeparator();
    for (const char *a :
         {"exportChart", "exportAll", "exportReport", "exportLedger", "exportMeasurements"})
        file->addAction(m_actions.value(QLatin1String(a)));
    file->addSeparator();
    file->addAction(m_actions.value(QStringLiteral("quit")));

    auto *edit = menuBar()->addMenu(QString());
    m_menus.insert(QStringLiteral("edit"), edit);
    for (const char *a : {"undo", "redo"})
        edit->addAction(m_actions.value(QLatin1String(a)));
    edit->addSeparator();
    for (const char *a : {"copyChart", "copyLedger"})
        edit->addAction(m_actions.value(QLatin1String(a)));
    edit->addSeparator();
    edit->addAction(m_actions.value(QStringLiteral("reset")));

    auto *view = menuBar()->addMenu(QString());
    m_menus.insert(QStringLiteral("view"), view);
    view->addActions(m_unitsGroup->actions());
    view->addSeparator();
    view->addAction(m_actions.value(QStringLiteral("logAxes")));
    view->addAction(m_actions.value(QStringLiteral("presentation")));
    auto *lang = view->addMenu(QString());
    m_menus.insert(QStringLiteral("language"), lang);
    lang->addActions(m_languageGroup->actions());
    view->addSeparator();
    view->addAction(m_controlsDock->toggleViewAction());
    view->addAction(m_ledgerDock->toggleViewAction());
    view->addAction(m_gpuDock->toggleViewAction());
    m_gpuDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_G));

    auto *help = menuBar()->addMenu(QString());
    m_menus.insert(QStringLiteral("help"), help);
    help->addAction(m_actions.value(QStringLiteral("tour")));
    help->addAction(m_actions.value(QStringLiteral("about")));

    auto *bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("mainToolBar"));
    m_menus.insert(QStringLiteral("toolbar"), nullptr);
    for (const char *a :
         {"open", "save", "undo", "redo", "reset", "exportReport", "presentation", "tour"})
        bar->addAction(m_actions.value(QLatin1String(a)));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    rebuildRecentMenu();
}

void MainWindow::retranslate()
{
    const auto text = [this](const char *name, const QString &t, const QString &tip = {}) {
        QAction *a = m_actions.value(QLatin1String(name));
        a->setText(t);
        if (!tip.isEmpty())
            a->setToolTip(tip);
    };
    text("open", tr("&Open Scenario…"));
    text("save", tr("&Save"));
    text("saveAs", tr("Save &As…"));
    text("importConfig", tr("&Import config.json…"), tr("Read a Hugging Face config.json"));
    text("exportChart", tr("&Export Chart…"), tr("One chart as PNG, SVG, PDF or CSV"));
    text("exportAll", tr("Export &All…"), tr("Every chart and the ledger into a folder"));
    text("exportReport", tr("PDF &Report…"),
         tr("The scenario, the ledger and every chart, one per page"));
    text("exportLedger", tr("Export &Ledger as JSON…"));
    text("exportMeasurements", tr("Export &Measurements as CSV…"),
         tr("The GPU panel's bandwidth results"));
    text("quit", tr("&Quit"));
    text("copyChart", tr("Copy &Chart"), tr("Copy the focused chart as an image"));
    text("copyLedger", tr("Copy &Ledger"));
    text("reset", tr("&Reset to the Seed Scenario"),
         tr("Llama 3.1 70B, 1M tokens, fp16, one H100 SXM"));
    text("presentation", tr("&Presentation Mode"),
         tr("Full screen, large type, thick lines (F11)"));
    text("logAxes", tr("Lo&garithmic Time Axes"), tr("Log-log time per token chart (Ctrl+L)"));
    text("tour", tr("Guided &Tour"),
         tr("The article “%1” step by step (F1)").arg(seedArticleTitle()));
    text("about", tr("&About KV Ledger"));
    text("unitsSi", tr("SI Units (GB)"));
    text("unitsBinary", tr("Binary Units (GiB)"));
    m_actions.value(QStringLiteral("undo"))->setText(tr("&Undo"));
    m_actions.value(QStringLiteral("redo"))->setText(tr("&Redo"));
    m_menus.value(QStringLiteral("file"))->setTitle(tr("&File"));
    m_menus.value(QStringLiteral("recent"))->setTitle(tr("Open &Recent"));
    m_menus.value(QStringLiteral("edit"))->setTitle(tr("&Edit"));
    m_menus.value(QStringLiteral("view"))->setTitle(tr("&View"));
    m_menus.value(QStringLiteral("language"))->setTitle(tr("&Language"));
    m_menus.value(QStringLiteral("help"))->setTitle(tr("&Help"));
    for (QAction *a : m_languageGroup->actions()) {
        const QString code = a->data().toString();
        a->setText(code.isEmpty() ? tr("System Language") : language::nativeName(code));
    }
    const QStringList tabs = {tr("Cost"), tr("KV strategies"), tr("Roofline"),
                              tr("Attention mass")};
    const QStringList tips = {
        tr("Memory, time per token, GQA and precision"),
        tr("Quantize, window, evict or read sparsely: what each holds, reads and loses"),
        tr("Where decode sits below the GPU's ridge point"),
        tr("Measure first: how much attention mass the top 1% of KV blocks holds, per layer")};
    for (int i = 0; i < m_views->count() && i < tabs.size(); ++i) {
        m_views->setTabText(i, tabs.at(i));
        m_views->setTabToolTip(i, tips.at(i));
    }
    m_controlsDock->setWindowTitle(tr("Scenario"));
    m_ledgerDock->setWindowTitle(tr("Ledger"));
    m_tourDock->setWindowTitle(tr("Guided Tour"));
    m_gpuDock->setWindowTitle(tr("GPU Bandwidth"));
    if (auto *bar = findChild<QToolBar *>(QStringLiteral("mainToolBar")))
        bar->setWindowTitle(tr("Main Toolbar"));
    updateTitle();
}

void MainWindow::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(e);
}

void MainWindow::updateCharts()
{
    updateMeasuredRows();
    QList<LedgerChart *> shown;
    for (LedgerChart *c : std::as_const(m_charts))
        if (c->isVisible() || !isVisible())
            shown << c;
    drawCharts(shown, m_controller->scenario(), m_controller->ledger());
}

// Datasheet against measured: the same ledger at the measured bandwidth.
void MainWindow::updateMeasuredRows()
{
    const Scenario &s = m_controller->scenario();
    if (!s.measured) {
        m_ledger->setExtraRows({});
        return;
    }
    const Ledger datasheet = evaluate([&] {
        Scenario t = s;
        t.efficiency = 1;
        return t;
    }());
    const Ledger measured = evaluate(atMeasuredBandwidth(s));
    const double ratio = *measuredEfficiency(s);
    m_ledger->setExtraRows({
        {tr("Measured bandwidth"), formatRate(s.measured->medianBytesPerSecond, ByteUnits::SI),
         tr("%1; %2% of the %3 datasheet (%4)")
             .arg(s.measured->deviceName, formatNumber(ratio * 100, 3), s.gpu.name,
                  formatRate(s.gpu.bandwidth, ByteUnits::SI)),
         QStringLiteral("measured_bandwidth")},
        {tr("Time per token: datasheet vs measured"),
         QStringLiteral("%1 / %2").arg(formatSeconds(datasheet.secondsPerToken),
                                       formatSeconds(measured.secondsPerToken)),
         tr("KV alone: %1 / %2")
             .arg(formatSeconds(datasheet.kvSecondsPerToken),
                  formatSeconds(measured.kvSecondsPerToken)),
         QStringLiteral("measured_seconds_per_token")},
    });
}

void MainWindow::updateTitle()
{
    const Scenario &s = m_controller->scenario();
    const QString model =
        m_controller->modelIsEdited() ? tr("%1 (custom)").arg(s.model.name) : s.model.name;
    const QString file = m_path.isEmpty() ? tr("Untitled") : QFileInfo(m_path).fileName();
    setWindowTitle(QStringLiteral("%1[*] — %2 — KV Ledger").arg(file, model));
    setWindowModified(!m_controller->undoStack()->isClean());
}

void MainWindow::setUnits(ByteUnits units)
{
    m_settings.setUnits(units);
    m_ledger->setUnits(units);
    for (LedgerChart *c : std::as_const(m_allCharts))
        c->setUnits(units);
    m_actions
        .value(units == ByteUnits::SI ? QStringLiteral("unitsSi") : QStringLiteral("unitsBinary"))
        ->setChecked(true);
    updateCharts();
}

QStringList MainWindow::tabIds()
{
    return {QStringLiteral("cost"), QStringLiteral("strategies"), QStringLiteral("roofline"),
            QStringLiteral("mass")};
}

void MainWindow::highlight(const QString &ledgerKey, const QString &chartId)
{
    m_ledger->highlight(ledgerKey);
    const QString color = palette().color(QPalette::Highlight).name();
    for (LedgerChart *c : std::as_const(m_allCharts)) {
        const bool on = c->id() == chartId && !chartId.isEmpty();
        c->setProperty("tourHighlight", on);
        if (on)
            m_chartArea->ensureWidgetVisible(c); // one column on a small screen: scroll to it
        // Style sheets name a namespaced class with "--" for "::".
        c->setStyleSheet(
            on ? QStringLiteral("kvl--LedgerChart { border: 4px solid %1; }").arg(color)
               : QString());
    }
}

void MainWindow::showError(const QString &title, const QString &message)
{
    m_lastError = message;
    statusBar()->showMessage(message, 10000);
    if (!m_quietErrors)
        QMessageBox::warning(this, title, message);
}

void MainWindow::startTour()
{
    m_tourDock->show();
    m_tourDock->raise();
    m_tour->start();
    m_tour->setFocus();
}

void MainWindow::setPresentationMode(bool on)
{
    m_presentation->setActive(on);
}

bool MainWindow::presentationMode() const
{
    return m_presentation->isActive();
}

void MainWindow::setLanguage(const QString &code)
{
    m_settings.setLanguage(code);
    language::apply(code);
    for (QAction *a : m_languageGroup->actions())
        a->setChecked(a->data().toString() == code);
}

// ---- files

bool MainWindow::openScenario(const QString &path)
{
    QString why;
    const auto s = loadScenarioFile(path, &why);
    if (!s) {
        showError(tr("Cannot open scenario"),
                  tr("%1 was not opened: %2").arg(QFileInfo(path).fileName(), why));
        return false;
    }
    m_controller->replace(*s, tr("Open %1").arg(QFileInfo(path).fileName()));
    setCurrentFile(path);
    return true;
}

// The window's scenario is now the file at `path`, as opened or saved.
void MainWindow::setCurrentFile(const QString &path)
{
    m_path = path;
    m_controller->undoStack()->setClean();
    m_settings.addRecentFile(path);
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    rebuildRecentMenu();
    updateTitle();
}

bool MainWindow::saveScenario(const QString &path)
{
    QString why;
    if (!saveScenarioFile(m_controller->scenario(), path, &why)) {
        showError(tr("Cannot save scenario"), tr("Not saved: %1").arg(why));
        return false;
    }
    setCurrentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return true;
}

bool MainWindow::importConfig(const QString &path)
{
    QString why;
    const auto imported = importHfConfigFile(path, &why);
    if (!imported) {
        showError(tr("Cannot import config"),
                  tr("%1 was not imported: %2").arg(QFileInfo(path).fileName(), why));
        return false;
    }
    ModelSpec m = imported->model;
    if (m.name.isEmpty())
        m.name = QFileInfo(path).dir().dirName();
    // The checkpoint as published, weights included.
    m_controller->edit(tr("Import %1").arg(m.name), [&](Scenario &s) {
        s.model = m;
        s.weightsAsStored = true;
    });
    // The notes are beside the model now; say only what was costed, as core computes it.
    const Scenario &s = m_controller->scenario();
    if (s.model == m) {
        QString message =
            tr("Imported %1: weights as stored, %2").arg(m.name, weightPrecisionLabel(s));
        if (m.notes.size() == 1)
            message += tr("; one note beside the model");
        else if (m.notes.size() > 1)
            message += tr("; %1 notes beside the model").arg(m.notes.size());
        statusBar()->showMessage(message, 10000);
    }
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    return true;
}

void MainWindow::open()
{
    if (!maybeSave())
        return;
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Scenario"), m_settings.lastDirectory(),
                                     tr("KV Ledger scenarios (*.kvledger);;All files (*)"));
    if (!path.isEmpty())
        openScenario(path);
}

bool MainWindow::save()
{
    return m_path.isEmpty() ? saveAs() : saveScenario(m_path);
}

bool MainWindow::saveAs()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Save Scenario"), m_path.isEmpty() ? m_settings.lastDirectory() : m_path,
        tr("KV Ledger scenarios (*.kvledger)"));
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".kvledger");
    return saveScenario(path);
}

void MainWindow::importConfigDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Hugging Face config.json"),
                                                      m_settings.lastDirectory(),
                                                      tr("Model configs (*.json);;All files (*)"));
    if (!path.isEmpty())
        importConfig(path);
}

void MainWindow::rebuildRecentMenu()
{
    QMenu *menu = m_menus.value(QStringLiteral("recent"));
    menu->clear();
    const QStringList files = m_settings.recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files.at(i);
        QAction *a =
            menu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setToolTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            if (!maybeSave())
                return;
            if (!openScenario(path) && !QFileInfo::exists(path)) {
                m_settings.removeRecentFile(path);
                rebuildRecentMenu();
            }
        });
    }
    menu->setEnabled(!files.isEmpty());
}

bool MainWindow::maybeSave()
{
    // Unsaved edits to an opened file: ask. Untitled work is kept in the settings anyway.
    if (m_path.isEmpty() || m_controller->undoStack()->isClean() || m_quietErrors)
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"),
        tr("Save the changes to %1?").arg(QFileInfo(m_path).fileName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return save();
    return answer == QMessageBox::Discard;
}

void MainWindow::resetToSeed()
{
    m_controller->replace(Scenario::seed(), tr("Reset to the seed scenario"));
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    if (!maybeSave()) {
        e->ignore();
        return;
    }
    m_tour->stop(); // the settings keep the user's scenario, not the tour's
    setPresentationMode(false);
    m_settings.setLastScenario(m_controller->scenario());
    m_settings.setWindowLayout(saveGeometry(), saveState(Settings::kWindowStateVersion));
    e->accept();
}

// ---- export

// Hidden charts skip live updates; bring them all up to date before anything leaves the window.
void MainWindow::syncHiddenCharts()
{
    QList<LedgerChart *> hidden;
    for (LedgerChart *c : std::as_const(m_charts))
        if (!c->isVisible())
            hidden << c;
    drawCharts(hidden, m_controller->scenario(), m_controller->ledger());
}

static LedgerChart *focusedChart(const QList<LedgerChart *> &charts)
{
    for (LedgerChart *c : charts)
        if (c->hasFocus() || c->isAncestorOf(QApplication::focusWidget()))
            return c;
    return charts.value(0);
}

void MainWindow::exportChartDialog()
{
    syncHiddenCharts();
    ExportDialog dialog(m_allCharts, focusedChart(m_allCharts), m_settings.lastDirectory(), this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString why;
    if (!exportChart(dialog.chart(), dialog.format(), dialog.path(), dialog.size(), &why)) {
        showError(tr("Export failed"), why);
        return;
    }
    m_settings.setLastDirectory(QFileInfo(dialog.path()).absolutePath());
    statusBar()->showMessage(tr("Exported %1").arg(dialog.path()), 5000);
}

void MainWindow::exportAllDialog()
{
    syncHiddenCharts();
    const QString dir = QFileDialog::getExistingDirectory(
        this, tr("Export Every Chart and the Ledger"), m_settings.lastDirectory());
    if (dir.isEmpty())
        return;
    QString why;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = exportAll(m_allCharts, m_controller->scenario(), m_controller->ledger(), dir,
                              m_ledger->units(), ExportSize(), &why);
    QApplication::restoreOverrideCursor();
    if (!ok) {
        showError(tr("Export failed"), why);
        return;
    }
    m_settings.setLastDirectory(dir);
    statusBar()->showMessage(tr("Exported every chart and the ledger to %1").arg(dir), 5000);
}

void MainWindow::exportReportDialog()
{
    syncHiddenCharts();
    QString path = QFileDialog::getSaveFileName(
        this, tr("PDF Report"),
        m_settings.lastDirectory() + QStringLiteral("/kv-ledger-report.pdf"), tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pdf");
    QString why;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const bool ok = exportReport(m_allCharts, m_controller->scenario(), m_controller->ledger(),
                                 m_ledger->units(), path, &why);
    QApplication::restoreOverrideCursor();
    if (!ok) {
        showError(tr("Export failed"), why);
        return;
    }
    m_settings.setLastDirectory(QFileInfo(path).absolutePath());
    statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

void MainWindow::exportLedgerDialog()
{
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export Ledger"), m_settings.lastDirectory() + QStringLiteral("/ledger.json"),
        tr("JSON (*.json)"));
    if (path.isEmpty())
        return;
    const QByteArray data =
        QJsonDocument(ledgerToJson(m_controller->scenario(), m_controller->ledger())).toJson();
    QString why;
    if (!saveFileAtomically(path, data, &why)) {
        showError(tr("Export failed"), why);
        return;
    }
    statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

void MainWindow::exportMeasurementsDialog()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Measurements"),
        m_settings.lastDirectory() + QStringLiteral("/bandwidth.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QString why;
    if (!m_gpuPanel->exportCsv(path, &why))
        showError(tr("Export failed"), why);
    else
        statusBar()->showMessage(tr("Wrote %1").arg(path), 5000);
}

void MainWindow::copyChart()
{
    syncHiddenCharts();
    if (LedgerChart *c = focusedChart(m_allCharts)) {
        copyToClipboard(c);
        statusBar()->showMessage(tr("Copied the %1 chart").arg(c->title()), 3000);
    }
}

void MainWindow::copyLedger()
{
    QApplication::clipboard()->setText(m_ledger->plainText());
    statusBar()->showMessage(tr("Copied the ledger"), 3000);
}

} // namespace kvl
