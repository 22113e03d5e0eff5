// Drives the real window offscreen through slider steps and reports, as JSON, the time from a
// slider's value change to every visible chart and the ledger repainted (median and p99):
// "repainted" lets the event loop paint what changed, as a real frame does; "forced" repaints
// every chart and the ledger whole, the worst case. "handed" is the part of "repainted" until the
// value change returns: core's work and every chart and the ledger handed their data; the rest
// is the event loop's layout and paint.
//
//   bench_ui [SWEEPS] [--baseline] [--slider NAME]
//
// --baseline pins fp8 KV beside the seed first: every chart then draws the baseline's twin and the
// ledger compares the two on each step. --slider drives that slider alone (to profile it).
//
// "evaluations" counts the ledgers core works out: per slider step (what the visible tab and
// anything else listening costs during a drag) and per catch-up (what the hidden tabs cost once
// the drag ends: nothing, they wait to be shown). "whole" are ledgers with every section (the
// scenario's, the baseline's); "partial" leave the searches out (sweep points, what-if rows).
// "tab_shown" is what each other tab costs when it is shown after a change: its time to painted
// and its ledgers.
#include "bench_stats.h"
#include "controls_panel.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "main_window.h"
#include "pages.h"
#include "scenario_controller.h"
#include "slider_field.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QThread>

#include <cstdio>

using namespace kvl;

namespace {
EvaluationCount operator-(const EvaluationCount &a, const EvaluationCount &b)
{
    return {a.whole - b.whole, a.partial - b.partial};
}

EvaluationCount &operator+=(EvaluationCount &a, const EvaluationCount &b)
{
    a.whole += b.whole;
    a.partial += b.partial;
    return a;
}

QJsonObject perRun(const EvaluationCount &c, quint64 runs)
{
    const double n = double(std::max<quint64>(1, runs));
    return {{QStringLiteral("whole"), double(c.whole) / n},
            {QStringLiteral("partial"), double(c.partial) / n}};
}

// Scene → view → window: a few rounds deliver every pending paint.
void deliverPaints()
{
    for (int round = 0; round < 3; ++round)
        QCoreApplication::processEvents();
}

// Ledgers per slider step and per catch-up after a drag.
QJsonObject evaluations(const EvaluationCount &steps, quint64 stepCount,
                        const EvaluationCount &catchUps, quint64 catchUpCount)
{
    return {{QStringLiteral("per_step"), perRun(steps, stepCount)},
            {QStringLiteral("per_catch_up"), perRun(catchUps, catchUpCount)}};
}
} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true); // leave the user's settings alone
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("sweeps"), QStringLiteral("sweeps per slider"));
    parser.addOption({QStringLiteral("baseline"), QStringLiteral("pin an fp8 baseline first")});
    parser.addOption({QStringLiteral("slider"), QStringLiteral("drive this slider alone"),
                      QStringLiteral("NAME")});
    parser.process(app);
    const QStringList positional = parser.positionalArguments();
    const int sweeps = positional.isEmpty() ? 3 : std::max(1, positional.first().toInt());
    const bool baseline = parser.isSet(QStringLiteral("baseline"));
    QStringList sliders{QStringLiteral("context"),      QStringLiteral("kv_heads"),
                        QStringLiteral("gpus"),         QStringLiteral("layers"),
                        QStringLiteral("kv_precision"), QStringLiteral("batch")};
    if (parser.isSet(QStringLiteral("slider"))) {
        const QString one = parser.value(QStringLiteral("slider"));
        if (!sliders.contains(one)) {
            std::fprintf(stderr, "bench_ui: --slider takes one of %s\n",
                         qPrintable(sliders.join(QStringLiteral(", "))));
            return 2;
        }
        sliders = {one};
    }

    MainWindow window;
    window.setQuietErrors(true);
    window.controller()->replace(Scenario::seed(), QString());
    if (baseline) {
        Scenario fp8 = Scenario::seed();
        fp8.kvPrecision = Precision::of(NumberFormat::FP8);
        window.controller()->setBaseline(fp8, [] { return QString(); });
    }
    window.resize(1600, 1000);
    window.show();
    QApplication::processEvents();

    QJsonObject perSlider;
    QList<qint64> all, forcedAll, handedAll;
    quint64 allSteps = 0, allCatchUps = 0;
    EvaluationCount allStepEvaluations, allCatchUpEvaluations;
    QElapsedTimer t;
    for (const QString &name : std::as_const(sliders)) {
        QSlider *slider = window.controls()->field(name)->slider();
        QList<qint64> ns, forced, handed;
        EvaluationCount stepEvaluations;
        // As a drag begins: animations off and the ledger's labels pinned, laid out once while
        // the button is pressed, before the first move.
        window.controller()->beginInteractive();
        deliverPaints();
        for (int sweep = 0; sweep < 2 * sweeps; ++sweep) {
            const bool force = sweep % 2;
            for (int i = slider->minimum(); i <= slider->maximum(); ++i) {
                const int v = force ? slider->maximum() - (i - slider->minimum()) : i;
                const EvaluationCount before = evaluationCount();
                t.start();
                slider->setValue(v);
                const qint64 handedNs = t.nsecsElapsed();
                if (force) {
                    for (LedgerChart *c : window.charts())
                        c->viewport()->repaint();
                    window.ledgerView()->repaint();
                    forced << t.nsecsElapsed();
                } else {
                    deliverPaints();
                    ns << t.nsecsElapsed();
                    handed << handedNs;
                    stepEvaluations += evaluationCount() - before;
                }
            }
        }
        // The drag ends: the hidden tabs are left stale, whatever time passes.
        const EvaluationCount beforeCatchUp = evaluationCount();
        window.controller()->endInteractive();
        QElapsedTimer wait;
        wait.start();
        while (wait.elapsed() < 400) {
            QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
            QThread::msleep(10);
        }
        const EvaluationCount catchUpEvaluations = evaluationCount() - beforeCatchUp;
        window.controller()->replace(Scenario::seed(), QString());
        perSlider.insert(
            name, QJsonObject{{QStringLiteral("repainted"), benchStats(ns)},
                              {QStringLiteral("handed"), benchStats(handed)},
                              {QStringLiteral("forced"), benchStats(forced)},
                              {QStringLiteral("evaluations"),
                               evaluations(stepEvaluations, ns.size(), catchUpEvaluations, 1)}});
        allSteps += ns.size();
        allStepEvaluations += stepEvaluations;
        ++allCatchUps;
        allCatchUpEvaluations += catchUpEvaluations;
        all += ns;
        handedAll += handed;
        forcedAll += forced;
    }
    // One change, then every other tab shown in turn: each catches up once, on show.
    QJsonObject tabShown;
    window.controls()->field(QStringLiteral("context"))->slider()->setValue(0);
    QCoreApplication::processEvents();
    for (int i = 1; i < window.views()->count(); ++i) {
        const EvaluationCount before = evaluationCount();
        t.start();
        window.views()->setCurrentIndex(i);
        deliverPaints();
        const double ms = double(t.nsecsElapsed()) / 1e6;
        const EvaluationCount shown = evaluationCount() - before;
        tabShown.insert(pageIds().at(i),
                        QJsonObject{{QStringLiteral("ms"), ms},
                                    {QStringLiteral("whole"), double(shown.whole)},
                                    {QStringLiteral("partial"), double(shown.partial)}});
    }
    const QJsonObject out{
        {QStringLiteral("what"),
         baseline
             ? QStringLiteral("slider value change to charts and ledger repainted, offscreen, "
                              "1600x1000, an fp8 baseline pinned")
             : QStringLiteral(
                   "slider value change to charts and ledger repainted, offscreen, 1600x1000")},
        {QStringLiteral("repainted"), benchStats(all)},
        {QStringLiteral("handed"), benchStats(handedAll)},
        {QStringLiteral("forced"), benchStats(forcedAll)},
        {QStringLiteral("evaluations"),
         evaluations(allStepEvaluations, allSteps, allCatchUpEvaluations, allCatchUps)},
        {QStringLiteral("per_slider"), perSlider},
        {QStringLiteral("tab_shown"), tabShown}};
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
