#include "main_actions.h"

#include "language.h"
#include "scenario_controller.h"
#include "tour.h"

#include <QAction>
#include <QActionGroup>
#include <QKeySequence>

namespace kvl {

MainActions::MainActions(ScenarioController *controller, const QStringList &languages,
                         QObject *parent)
    : QObject(parent)
{
    open = make("open", QKeySequence::Open);
    save = make("save", QKeySequence::Save);
    saveAs = make("saveAs", QKeySequence::SaveAs);
    importConfig = make("importConfig", QKeySequence(Qt::CTRL | Qt::Key_I));
    exportChart = make("exportChart", QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAll = make("exportAll", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportReport = make("exportReport", QKeySequence(Qt::CTRL | Qt::Key_P));
    exportLedger = make("exportLedger", {});
    exportMeasurements = make("exportMeasurements", {});
    quit = make("quit", QKeySequence::Quit);
    undo = controller->createUndoAction(this);
    undo->setObjectName(QStringLiteral("undo"));
    undo->setShortcut(QKeySequence::Undo);
    redo = controller->createRedoAction(this);
    redo->setObjectName(QStringLiteral("redo"));
    redo->setShortcut(QKeySequence::Redo);
    copyChart = make("copyChart", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copyLedger = make("copyLedger", QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    reset = make("reset", QKeySequence(Qt::CTRL | Qt::Key_R));
    unitsSi = make("unitsSi", QKeySequence(Qt::CTRL | Qt::Key_1));
    unitsBinary = make("unitsBinary", QKeySequence(Qt::CTRL | Qt::Key_2));
    logAxes = make("logAxes", QKeySequence(Qt::CTRL | Qt::Key_L));
    presentation = make("presentation", QKeySequence(Qt::Key_F11));
    showGpu = make("showGpu", QKeySequence(Qt::CTRL | Qt::Key_G));
    tour = make("tour", QKeySequence(Qt::Key_F1));
    presentTour = make("presentTour", QKeySequence(Qt::Key_F5));
    presentFromHere = make("presentFromHere", QKeySequence(Qt::SHIFT | Qt::Key_F5));
    about = make("about", {});
    pinBaseline = make("pinBaseline", QKeySequence(Qt::CTRL | Qt::Key_B));
    baselineFile = make("baselineFile", {});
    swapBaseline = make("swapBaseline", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    // A second key that needs no chord: F8 flips from a lectern's keyboard.
    swapBaseline->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), QKeySequence(Qt::Key_F8)});
    unpinBaseline = make("unpinBaseline", {});
    newWindow = make("newWindow", QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    const auto syncBaseline = [this, controller] {
        const bool pinned = controller->baseline().has_value();
        swapBaseline->setEnabled(pinned);
        unpinBaseline->setEnabled(pinned);
    };
    connect(controller, &ScenarioController::changed, this, syncBaseline);
    syncBaseline();

    units = new QActionGroup(this);
    for (QAction *a : {unitsSi, unitsBinary}) {
        a->setCheckable(true);
        units->addAction(a);
    }
    logAxes->setCheckable(true);
    presentation->setCheckable(true);

    language = new QActionGroup(this);
    for (const QString &code : QStringList{QString()} + languages) {
        auto *a = new QAction(this);
        a->setObjectName(QStringLiteral("language_") +
                         (code.isEmpty() ? QStringLiteral("system") : code));
        a->setCheckable(true);
        a->setData(code);
        language->addAction(a);
    }
}

QAction *MainActions::make(const char *name, const QKeySequence &key)
{
    auto *a = new QAction(this);
    a->setObjectName(QLatin1String(name));
    if (!key.isEmpty())
        a->setShortcut(key);
    return a;
}

void MainActions::retranslate()
{
    const auto text = [](QAction *a, const QString &t, const QString &tip = {}) {
        a->setText(t);
        a->setToolTip(tip.isEmpty() ? QString(t).remove(u'&') : tip);
    };
    text(open, tr("&Open Scenario…"));
    text(save, tr("&Save"));
    text(saveAs, tr("Save &As…"));
    text(importConfig, tr("&Import config.json…"), tr("Read a Hugging Face config.json"));
    text(exportChart, tr("&Export Chart…"), tr("One chart as PNG, SVG, PDF or CSV"));
    text(exportAll, tr("Export All to a &Folder…"), tr("Every chart and the ledger into a folder"));
    text(exportReport, tr("&PDF Report…"),
         tr("The scenario, the ledger and every chart, one per page"));
    text(exportLedger, tr("Export &Ledger as JSON…"));
    text(exportMeasurements, tr("Export &Measurements as CSV…"),
         tr("The GPU panel's bandwidth results"));
    text(quit, tr("&Quit"));
    text(copyChart, tr("Copy &Chart"), tr("Copy the focused chart as an image"));
    text(copyLedger, tr("Copy &Ledger"));
    text(reset, tr("Reset to the &Seed Scenario"),
         tr("Llama 3.1 70B, 1M tokens, fp16, one H100 SXM"));
    text(presentation, tr("&Presentation Mode"), tr("Full screen, large type, thick lines (F11)"));
    text(logAxes, tr("Lo&garithmic Time Axes"), tr("Log-log time per token chart (Ctrl+L)"));
    text(showGpu, tr("Sho&w the GPU Panel"),
         tr("Measure this machine's memory bandwidth (Ctrl+G)"));
    text(tour, tr("Guided &Tour"),
         tr("The article “%1” step by step (F1)").arg(seedArticleTitle()));
    text(about, tr("&About KV Ledger"));
    text(presentTour, tr("Present the &Tour"),
         tr("Presentation mode with the guided tour from its first step (F5)"));
    text(presentFromHere, tr("Present from the &Current Step"),
         tr("Presentation mode with the guided tour from the step it is on (Shift+F5)"));
    text(pinBaseline, tr("&Pin as Baseline"),
         tr("Keep this scenario as the baseline every chart and the ledger compare with (Ctrl+B)"));
    text(baselineFile, tr("Baseline from a Scenario &File…"),
         tr("Compare with a saved .kvledger scenario"));
    text(swapBaseline, tr("&Swap Scenario and Baseline"),
         tr("Show the baseline as the scenario and the scenario as the baseline: flip back and "
            "forth (Ctrl+Shift+B or F8)"));
    text(unpinBaseline, tr("&Unpin Baseline"), tr("Stop comparing"));
    // The toolbar's words: short enough that the whole bar fits a 1024-pixel screen.
    open->setIconText(tr("Open…"));
    reset->setIconText(tr("Reset"));
    pinBaseline->setIconText(tr("Pin Baseline"));
    swapBaseline->setIconText(tr("A ⇄ B"));
    exportReport->setIconText(tr("PDF Report…"));
    presentation->setIconText(tr("Present"));
    tour->setIconText(tr("Tour"));
    text(newWindow, tr("New &Window from Current"),
         tr("A second window on a copy of this scenario and its baseline (Ctrl+Shift+N)"));
    text(unitsSi, tr("&SI Units (GB)"));
    text(unitsBinary, tr("&Binary Units (GiB)"));
    for (QAction *a : language->actions()) {
        const QString code = a->data().toString();
        a->setText(code.isEmpty() ? tr("&System Language") : language::nativeName(code));
    }
}

} // namespace kvl
