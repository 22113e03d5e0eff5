// Drives the real window offscreen through slider steps and reports, as JSON, the time from a
// slider's value change to every visible chart and the ledger repainted (median and p99).
#include "bench_stats.h"
#include "controls_panel.h"
#include "ledger_chart.h"
#include "ledger_view.h"
#include "main_window.h"
#include "scenario_controller.h"
#include "slider_field.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSlider>
#include <QStandardPaths>
#include <QTextBrowser>
#include <cstdio>

using namespace kvl;

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true); // leave the user's settings alone
    QApplication app(argc, argv);
    const int sweeps = argc > 1 ? std::max(1, atoi(argv[1])) : 3;

    MainWindow window;
    window.setQuietErrors(true);
    window.controller()->replace(Scenario::seed(), QString());
    window.resize(1600, 1000);
    window.show();
    QApplication::processEvents();

    QJsonObject perSlider;
    QList<qint64> all;
    QElapsedTimer t;
    for (const char *name : {"context", "kv_heads", "gpus", "layers", "kv_precision", "batch"}) {
        QSlider *slider = window.controls()->field(QLatin1String(name))->slider();
        QList<qint64> ns;
        window.controller()->beginInteractive(); // as during a drag: animations off
        for (int sweep = 0; sweep < sweeps; ++sweep) {
            for (int i = slider->minimum(); i <= slider->maximum(); ++i) {
                const int v = sweep % 2 ? slider->maximum() - (i - slider->minimum()) : i;
                t.start();
                slider->setValue(v);
                for (LedgerChart *c : window.charts())
                    c->viewport()->repaint();
                window.ledgerView()->browser()->viewport()->repaint();
                ns << t.nsecsElapsed();
            }
        }
        window.controller()->endInteractive();
        window.controller()->replace(Scenario::seed(), QString());
        perSlider.insert(QLatin1String(name), benchStats(ns));
        all += ns;
    }
    const QJsonObject out{{QStringLiteral("what"), QStringLiteral("slider value change to charts and ledger repainted, offscreen, 1600x1000")},
                          {QStringLiteral("all"), benchStats(all)},
                          {QStringLiteral("per_slider"), perSlider}};
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
