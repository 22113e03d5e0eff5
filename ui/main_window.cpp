#include "main_window.h"

#include "accessible_names.h"
#include "controls_panel.h"
#include "document_view.h"
#include "export_actions.h"
#include "focus_frame.h"
#include "focus_order.h"
#include "gpu_panel.h"
#include "language.h"
#include "latency_chart.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "main_actions.h"
#include "mass_panel.h"
#include "measurement_model.h"
#include "pages.h"
#include "presentation.h"
#include "preset_problems.h"
#include "presets.h"
#include "roofline_panel.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "screen_blank.h"
#include "strategy_panel.h"
#include "tour.h"
#include "tour_pointer.h"
#include "view_page.h"
#include "view_settings.h"
#include "window_fit.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QGridLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>

namespace kvl {

static Scenario initialScenario(const Settings &settings)
{
    return settings.lastScenario().value_or(Scenario::seed());
}

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_view(new ViewSettings(&m_settings, this)),
      m_controller(new ScenarioController(initialScenario(m_settings), this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/kvledger.svg")));
    buildPages();
    buildDocks();
    // The ledger's datasheet-against-measured rows, whichever tab is up.
    connect(m_controller, &ScenarioController::changed, this, &MainWindow::updateMeasuredRows);
    updateMeasuredRows();
    m_actions = new MainActions(m_controller, language::available(), this);
    m_document = new ScenarioDocument(m_controller, &m_settings, this);
    m_exports = new ExportActions({m_controller, &m_settings, m_view, m_ledger, m_gpuPanel,
                                   m_allCharts, [this] { catchUpPages(); }},
                                  this);
    m_document->setViewState([this] { return captureViewState(documentViews()); },
                             [this](const ViewState &v) { applyViewState(documentViews(), v); });
    connect(m_document, &ScenarioDocument::errorOccurred, this, &MainWindow::showError);
    connect(m_exports, &ExportActions::errorOccurred, this, &MainWindow::showError);
    connectActions();
    buildMenus();
    connectTour();
    connectViewSettings();
    retranslate();
    m_presentation = new Presentation({this, m_views, m_tour, m_controller, m_view, m_allCharts});
    new ScreenBlank(this, [this] { return presentationMode() || m_tour->isRunning(); });
    connect(m_presentation, &Presentation::activeChanged, this, [this](bool on) {
        m_actions->presentation->setChecked(on);
        m_view->setPresentation(on); // Esc leaves from inside
    });
    // Charts hidden to make room come back: bring the page they are on up to date.
    connect(m_presentation, &Presentation::chartsShown, this, [this] {
        if (auto *page = m_pages.value(m_views->currentIndex()))
            page->refresh();
    });

    connect(m_controller, &ScenarioController::changed, this, &MainWindow::updateTitle);
    connect(m_document, &ScenarioDocument::titleChanged, this, &MainWindow::updateTitle);
    connect(m_controller, &ScenarioController::interactiveChanged, this, [this](bool on) {
        for (LedgerChart *c : std::as_const(m_allCharts))
            c->setInteractive(on);
    });
    connect(m_controller, &ScenarioController::validationFailed, this, [this](const QString &why) {
        statusBar()->showMessage(tr("Not applied: %1").arg(why), 8000);
    });

    updateTitle();
    fitToScreen(this, QSize(1600, 1000));
    restoreGeometry(m_settings.geometry());
    restoreState(m_settings.windowState(), Settings::kWindowStateVersion);
    m_tourDock->hide(); // the tour opens on request only
    orderFocus({m_controlsDock, m_views, m_ledgerDock, m_gpuDock, m_tourDock});
    if (!m_settings.problem().isEmpty())
        statusBar()->showMessage(m_settings.problem());
    auto *presetProblems = new PresetProblems(statusBar());
    statusBar()->addPermanentWidget(presetProblems);
    presetProblems->setErrors(PresetLibrary::instance().errors());
}

MainWindow::~MainWindow()
{
    // Children outlive this class's part of the object; let none of them call back into it.
    for (QObject *child : findChildren<QObject *>())
        child->disconnect(this);
    m_controller->undoStack()->disconnect(this); // a member of the controller, not a child
    // Its event filters on this window and the tour ask this class for its parts.
    delete m_presentation;
}

LedgerChart *MainWindow::chart(const QString &id) const
{
    LedgerChart *c = chartWithId(m_allCharts, id);
    // Handed out current: a hidden page draws only when shown or asked to.
    for (QWidget *w = c; w; w = w->parentWidget())
        if (auto *page = qobject_cast<ViewPage *>(w)) {
            page->catchUp();
            break;
        }
    return c;
}

ViewPage *MainWindow::page(const QString &id) const
{
    return m_pages.value(pageIds().indexOf(id));
}

void MainWindow::connectTour()
{
    connect(m_tour, &TourPanel::highlightRequested, this, &MainWindow::highlight);
    // The tour works on its own copy: what the user had comes back when it ends.
    connect(m_tour, &TourPanel::started, this, [this] {
        m_beforeTour = BeforeTour{m_controller->scenario(), m_controller->baseline(),
                                  m_views->currentIndex(), m_view->units()};
        // Undo would replay the user's history over the tour's copy.
        m_actions->undo->setEnabled(false);
        m_actions->redo->setEnabled(false);
    });
    connect(m_tour, &TourPanel::stepShown, this, [this](int step) {
        const TourStep &t = m_tour->stepAt(step);
        const int tab = pageIds().indexOf(t.tab);
        if (tab >= 0)
            m_views->setCurrentIndex(tab);
        m_view->setUnits(t.units);
        m_ledger->setFitWarningShown(t.fitWarning);
        if (auto *latency = dynamic_cast<LatencyChart *>(chart(QStringLiteral("latency"))))
            latency->setKvOnlyMark(t.kvOnlyMark);
    });
    connect(m_tour, &TourPanel::finished, this, [this] {
        m_tourDock->hide();
        highlight({}, {});
        m_ledger->setFitWarningShown(true);
        if (auto *latency = dynamic_cast<LatencyChart *>(chart(QStringLiteral("latency"))))
            latency->setKvOnlyMark(false);
        if (m_beforeTour && !m_beforeTour->userTookOver) {
            m_controller->preview(m_beforeTour->scenario, m_beforeTour->baseline);
            m_views->setCurrentIndex(m_beforeTour->tab);
            m_view->setUnits(m_beforeTour->units);
        }
        m_beforeTour.reset();
        m_actions->undo->setEnabled(m_controller->undoStack()->canUndo());
        m_actions->redo->setEnabled(m_controller->undoStack()->canRedo());
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

void MainWindow::connectViewSettings()
{
    // Before presentation mode's own handler: the charts are restyled when it lays them out.
    for (LedgerChart *c : std::as_const(m_allCharts))
        c->setViewSettings(m_view);
    const auto showUnits = [this](ByteUnits units) {
        (units == ByteUnits::SI ? m_actions->unitsSi : m_actions->unitsBinary)->setChecked(true);
    };
    connect(m_view, &ViewSettings::unitsChanged, this, showUnits);
    showUnits(m_view->units());
    connect(m_view, &ViewSettings::logAxesChanged, m_actions->logAxes, &QAction::setChecked);
    m_actions->logAxes->setChecked(m_view->logAxes());

    connect(m_view, &ViewSettings::presentationChanged, this,
            [this](bool on) { m_presentation->setActive(on); });
}

void MainWindow::retranslate()
{
    m_actions->retranslate();
    m_menus.file->setTitle(tr("&File"));
    m_menus.recent->setTitle(tr("Open &Recent"));
    m_menus.edit->setTitle(tr("&Edit"));
    m_menus.compare->setTitle(tr("C&ompare"));
    m_menus.baselinePreset->setTitle(tr("Baseline from a &Model Preset"));
    m_menus.view->setTitle(tr("&View"));
    m_menus.language->setTitle(tr("&Language"));
    m_menus.help->setTitle(tr("&Help"));
    for (int i = 0; i < m_views->count() && i < pageInfos().size(); ++i) {
        m_views->setTabText(i, pageInfos().at(i).translatedTitle());
        m_views->setTabToolTip(i, pageInfos().at(i).translatedToolTip());
    }
    m_controlsDock->setWindowTitle(tr("Scenario"));
    m_ledgerDock->setWindowTitle(tr("Ledger"));
    m_tourDock->setWindowTitle(tr("Guided Tour"));
    m_gpuDock->setWindowTitle(tr("GPU Bandwidth"));
    if (auto *bar = findChild<QToolBar *>(QStringLiteral("mainToolBar"))) {
        bar->setWindowTitle(tr("Main Toolbar"));
        // "A ⇄ B" is a symbol: a screen reader says what the button does.
        if (QWidget *swap = bar->widgetForAction(m_actions->swapBaseline))
            swap->setAccessibleName(m_actions->swapBaseline->text().remove(u'&'));
    }
    // After the children's own retranslation (they get the event first).
    QMetaObject::invokeMethod(
        this, [this] { nameUnlabelledControls(this); }, Qt::QueuedConnection);
    updateTitle();
}

void MainWindow::changeEvent(QEvent *e)
{
    if (e->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(e);
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
    setWindowTitle(QStringLiteral("%1[*] — %2 — KV Ledger").arg(m_document->displayName(), model));
    setWindowModified(m_document->isModified());
}

void MainWindow::highlight(const QString &ledgerKey, const QString &chartId)
{
    m_ledger->highlight(ledgerKey);
    pointAtChart(m_allCharts, chartId, palette().color(QPalette::Highlight));
}

void MainWindow::showError(const QString &title, const QString &message)
{
    m_lastError = message;
    statusBar()->showMessage(message, 10000);
    if (!m_quietErrors)
        QMessageBox::warning(this, title, message);
}

void MainWindow::setQuietErrors(bool quiet)
{
    m_quietErrors = quiet;
    m_document->setInteractive(!quiet);
}

// Ctrl+G: the panel comes up in front, wherever it was docked, never hidden by the shortcut.
void MainWindow::showGpuPanel()
{
    m_gpuDock->show();
    m_gpuDock->raise();
    m_gpuPanel->setFocus();
}

void MainWindow::startTour(bool present, bool fromCurrentStep)
{
    if (present)
        setPresentationMode(true);
    m_tourDock->show();
    m_tourDock->raise();
    fromCurrentStep ? m_tour->resume() : m_tour->start();
    m_tour->setFocus();
}

void MainWindow::setPresentationMode(bool on)
{
    m_view->setPresentation(on);
}

bool MainWindow::presentationMode() const
{
    return m_view->presentation();
}

void MainWindow::setLanguage(const QString &code)
{
    m_settings.setLanguage(code);
    language::apply(code);
    for (QAction *a : m_actions->language->actions())
        a->setChecked(a->data().toString() == language::requested());
}

bool MainWindow::openScenario(const QString &path)
{
    return m_document->openFile(path);
}

bool MainWindow::saveScenario(const QString &path)
{
    return m_document->saveFile(path);
}

bool MainWindow::importConfig(const QString &path)
{
    return m_document->importConfigFile(path);
}

DocumentViews MainWindow::documentViews() const
{
    return {m_views,
            pageIds(),
            m_view,
            page(QStringLiteral("strategies"))->findChild<StrategyPanel *>(),
            page(QStringLiteral("roofline"))->findChild<RooflinePanel *>(),
            page(QStringLiteral("mass"))->findChild<MassPanel *>(),
            page(QStringLiteral("session")),
            page(QStringLiteral("reality"))};
}

// The scenario with another model: the comparison a lecturer makes between architectures.
void MainWindow::fillBaselinePresets()
{
    m_menus.baselinePreset->clear();
    for (const ModelSpec &m : PresetLibrary::instance().models())
        m_menus.baselinePreset->addAction(m.name, this, [this, m] {
            Scenario s = m_controller->scenario();
            s.model = m;
            m_controller->setBaseline(s, [n = m.name] { return tr("Baseline: %1").arg(n); });
        });
}

MainWindow *MainWindow::openWindowFromCurrent()
{
    auto *w = new MainWindow;
    w->setAttribute(Qt::WA_DeleteOnClose);
    w->m_controller->preview(m_controller->scenario(), m_controller->baseline());
    applyViewState(w->documentViews(), captureViewState(documentViews()));
    w->setQuietErrors(m_quietErrors);
    w->move(pos() + QPoint(40, 40));
    w->show();
    return w;
}

void MainWindow::closeEvent(QCloseEvent *e)
{
    if (!m_document->maybeSave()) {
        e->ignore();
        return;
    }
    m_tour->stop(); // the settings keep the user's scenario, not the tour's
    setPresentationMode(false);
    m_document->rememberSession();
    m_settings.setWindowLayout(saveGeometry(), saveState(Settings::kWindowStateVersion));
    e->accept();
}

} // namespace kvl
