#include "main_window.h"

#include "export_actions.h"
#include "gpu_panel.h"
#include "language.h"
#include "main_actions.h"
#include "measurement_model.h"
#include "presentation.h"
#include "presets.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "tour.h"
#include "view_settings.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QToolBar>

// The window's menus, and what their actions do.
namespace kvl {

void MainWindow::connectActions()
{
    MainActions *a = m_actions;
    connect(a->open, &QAction::triggered, m_document, &ScenarioDocument::open);
    connect(a->save, &QAction::triggered, m_document, &ScenarioDocument::save);
    connect(a->saveAs, &QAction::triggered, m_document, &ScenarioDocument::saveAs);
    connect(a->importConfig, &QAction::triggered, m_document, &ScenarioDocument::importConfig);
    connect(a->exportChart, &QAction::triggered, m_exports, &ExportActions::exportChart);
    connect(a->exportAll, &QAction::triggered, m_exports, &ExportActions::exportAll);
    connect(a->exportReport, &QAction::triggered, m_exports, &ExportActions::exportReport);
    connect(a->exportLedger, &QAction::triggered, m_exports, &ExportActions::exportLedger);
    connect(a->exportMeasurements, &QAction::triggered, m_exports,
            &ExportActions::exportMeasurements);
    connect(a->copyChart, &QAction::triggered, m_exports, &ExportActions::copyChart);
    connect(a->copyLedger, &QAction::triggered, m_exports, &ExportActions::copyLedger);
    connect(a->quit, &QAction::triggered, this, &MainWindow::close);
    connect(a->reset, &QAction::triggered, this,
            [this] { m_controller->replace(Scenario::seed(), tr("Reset to the seed scenario")); });
    connect(a->presentation, &QAction::triggered, this, &MainWindow::setPresentationMode);
    connect(a->logAxes, &QAction::triggered, m_view, &ViewSettings::setLogAxes);
    connect(a->units, &QActionGroup::triggered, this, [this](QAction *u) {
        m_view->setUnits(u == m_actions->unitsBinary ? ByteUnits::Binary : ByteUnits::SI);
    });
    connect(a->language, &QActionGroup::triggered, this,
            [this](QAction *l) { setLanguage(l->data().toString()); });
    for (QAction *l : a->language->actions())
        l->setChecked(l->data().toString() == language::requested());
    connect(a->showGpu, &QAction::triggered, this, &MainWindow::showGpuPanel);
    connect(a->pinBaseline, &QAction::triggered, this, [this] {
        m_controller->setBaseline(m_controller->scenario(), [] { return tr("Pin baseline"); });
    });
    connect(a->unpinBaseline, &QAction::triggered, this, [this] {
        m_controller->setBaseline(std::nullopt, [] { return tr("Unpin baseline"); });
    });
    connect(a->swapBaseline, &QAction::triggered, m_controller,
            &ScenarioController::swapWithBaseline);
    connect(a->baselineFile, &QAction::triggered, m_document,
            &ScenarioDocument::chooseBaselineFile);
    connect(a->newWindow, &QAction::triggered, this, &MainWindow::openWindowFromCurrent);
    connect(a->tour, &QAction::triggered, this, [this] { startTour(); });
    connect(a->presentTour, &QAction::triggered, this, [this] { startTour(true); });
    connect(a->presentFromHere, &QAction::triggered, this, [this] { startTour(true, true); });
    connect(a->about, &QAction::triggered, this, [this] {
        QMessageBox::about(
            this, tr("About KV Ledger"),
            tr("<h3>KV Ledger %1</h3><p>Why long-context decoding is bound by "
               "memory bandwidth: every decoded token reads the whole KV cache.</p>"
               "<p>Every figure comes from the cost model in core/, checked by "
               "tests against the article “%2” and the datasheets.</p>")
                .arg(QApplication::applicationVersion(), seedArticleTitle().toHtmlEscaped()));
    });

    // Nothing to export before a measurement of this session.
    const auto syncMeasurements = [this] {
        m_actions->exportMeasurements->setEnabled(m_gpuPanel->model()->rowCount() > 0);
    };
    connect(m_gpuPanel->model(), &QAbstractItemModel::rowsInserted, this, syncMeasurements);
    connect(m_gpuPanel->model(), &QAbstractItemModel::modelReset, this, syncMeasurements);
    syncMeasurements();
    connect(m_document, &ScenarioDocument::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_exports, &ExportActions::statusMessage, statusBar(), &QStatusBar::showMessage);
}

void MainWindow::buildMenus()
{
    MainActions *a = m_actions;
    m_menus.file = menuBar()->addMenu(QString());
    m_menus.file->addActions({a->newWindow, a->open});
    m_menus.recent = m_menus.file->addMenu(QString());
    m_menus.file->addActions({a->save, a->saveAs});
    m_menus.file->addSeparator();
    m_menus.file->addAction(a->importConfig);
    m_menus.file->addSeparator();
    m_menus.file->addActions(
        {a->exportChart, a->exportAll, a->exportReport, a->exportLedger, a->exportMeasurements});
    m_menus.file->addSeparator();
    m_menus.file->addAction(a->quit);
    m_document->setRecentMenu(m_menus.recent);

    m_menus.edit = menuBar()->addMenu(QString());
    m_menus.edit->addActions({a->undo, a->redo});
    m_menus.edit->addSeparator();
    m_menus.edit->addActions({a->copyChart, a->copyLedger});
    m_menus.edit->addSeparator();
    m_menus.edit->addAction(a->reset);

    m_menus.compare = menuBar()->addMenu(QString());
    m_menus.compare->addActions({a->pinBaseline, a->baselineFile});
    m_menus.baselinePreset = m_menus.compare->addMenu(QString());
    m_menus.baselinePreset->setObjectName(QStringLiteral("baselinePresetMenu"));
    // Filled when opened: user presets may have come since.
    connect(m_menus.baselinePreset, &QMenu::aboutToShow, this, &MainWindow::fillBaselinePresets);
    m_menus.compare->addSeparator();
    m_menus.compare->addActions({a->swapBaseline, a->unpinBaseline});

    m_menus.view = menuBar()->addMenu(QString());
    m_menus.view->addActions(a->units->actions());
    m_menus.view->addSeparator();
    m_menus.view->addActions({a->logAxes, a->presentation, a->presentTour, a->presentFromHere});
    m_menus.language = m_menus.view->addMenu(QString());
    m_menus.language->addActions(a->language->actions());
    m_menus.view->addSeparator();
    m_menus.view->addActions({m_controlsDock->toggleViewAction(), m_ledgerDock->toggleViewAction(),
                              m_gpuDock->toggleViewAction(), a->showGpu});

    m_menus.help = menuBar()->addMenu(QString());
    m_menus.help->addActions({a->tour, a->about});

    auto *bar = addToolBar(QString());
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addActions({a->open, a->save, a->undo, a->redo, a->reset, a->pinBaseline, a->swapBaseline,
                     a->exportReport, a->presentation, a->tour});
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
}

} // namespace kvl
