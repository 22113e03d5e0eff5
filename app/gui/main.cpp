// kvledger: the KV Ledger window.
#include "gpu_panel.h"
#include "input_text.h"
#include "language.h"
#include "main_window.h"
#include "presets.h"
#include "probe_runner.h"
#include "safe_save.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "settings.h"
#include "tour.h"
#include "tour_script.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QImageWriter>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTimer>
#include <csignal>
#include <cstdio>

using namespace kvl;

namespace {

// The window's options, for the window and for --help / --version without one.
void describeOptions(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        QStringLiteral("Why long-context LLM decoding is bound by memory bandwidth."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QStringLiteral("A .kvledger file to open."),
                                 QStringLiteral("[FILE]"));
    parser.addOptions({
        {QStringLiteral("screenshot"),
         QStringLiteral("Save the window to FILE once painted, then quit."),
         QStringLiteral("FILE")},
        {QStringLiteral("size"),
         QStringLiteral("Window size for --screenshot (default 1600x1000)."),
         QStringLiteral("WxH")},
        {QStringLiteral("language"),
         QStringLiteral("en or pt_BR (default: the saved choice, else the system's)."),
         QStringLiteral("CODE")},
        {QStringLiteral("presentation"), QStringLiteral("Start in presentation mode.")},
        {QStringLiteral("tour-step"),
         QStringLiteral("Start the guided tour at step N (1-%1); the tour works on a copy of the "
                        "scenario.")
             .arg(seedTourSteps().size()),
         QStringLiteral("N")},
        {QStringLiteral("tour-script"),
         QStringLiteral("Write the guided tour as a speaker's script (Markdown, in the chosen "
                        "language, every figure as the window shows it) to FILE, or - for the "
                        "standard output, then quit."),
         QStringLiteral("FILE")},
        {QStringLiteral("seed"), QStringLiteral("Start on the seed scenario, not the last one.")},
        {QStringLiteral("view"),
         QStringLiteral("Open on a view: %1.").arg(MainWindow::tabIds().join(u", ")),
         QStringLiteral("NAME")},
        {QStringLiteral("measure"),
         QStringLiteral(
             "Open the GPU panel and sweep buffer sizes on DEVICE (host or cuda:N); the largest "
             "buffer's bandwidth becomes the overlay. --screenshot waits for it."),
         QStringLiteral("DEVICE")},
    });
}

// --help and --version need no display: answered before a QApplication exists (it would abort
// without one).
bool asksForHelpOrVersion(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView arg(argv[i]);
        if (arg == "-h" || arg == "--help" || arg == "--help-all" || arg == "-v" ||
            arg == "--version" || arg == "-?")
            return true;
    }
    return false;
}

void nameApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("kvledger"));
    QCoreApplication::setApplicationName(QStringLiteral("kvledger"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KVL_VERSION));
}

} // namespace

int main(int argc, char *argv[])
{
    // A file-size limit (ulimit -f) would kill the process on the write that crosses it; ignored,
    // that write fails with EFBIG and the export says "File too large", leaving no partial file.
#ifdef SIGXFSZ
    std::signal(SIGXFSZ, SIG_IGN);
#endif
    if (asksForHelpOrVersion(argc, argv)) {
        QCoreApplication core(argc, argv);
        nameApplication();
        QCommandLineParser parser;
        describeOptions(parser);
        parser.process(core); // prints and exits
        return 0;
    }
    QApplication app(argc, argv);
    nameApplication();
    QApplication::setApplicationDisplayName(QStringLiteral("KV Ledger"));
    QApplication::setDesktopFileName(QStringLiteral("kvledger"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/kvledger.svg")));

    QCommandLineParser parser;
    describeOptions(parser);
    parser.process(app);

    const auto fail = [](const QString &message) {
        std::fprintf(stderr, "kvledger: %s\n", qPrintable(message));
        return 2;
    };
    QSize size(1600, 1000);
    if (parser.isSet(QStringLiteral("size"))) {
        static const QRegularExpression re(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
        const auto m = re.match(parser.value(QStringLiteral("size")));
        if (!m.hasMatch())
            return fail(QStringLiteral("--size: \"%1\" is not WIDTHxHEIGHT")
                            .arg(shownInput(parser.value(QStringLiteral("size")))));
        size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    }
    const Settings settings;
    if (!settings.problem().isEmpty())
        std::fprintf(stderr, "kvledger: %s\n", qPrintable(settings.problem()));
    for (const QString &e : PresetLibrary::instance().errors()) // also in the status bar
        std::fprintf(stderr, "kvledger: user preset skipped: %s\n", qPrintable(e));
    QString requested = parser.isSet(QStringLiteral("language"))
                            ? parser.value(QStringLiteral("language"))
                            : settings.language();
    if (!requested.isEmpty() && !language::available().contains(requested)) {
        const QString known = language::available().join(QStringLiteral(", "));
        if (parser.isSet(QStringLiteral("language")))
            return fail(QStringLiteral("--language: \"%1\" is not one of %2")
                            .arg(shownInput(requested), known));
        // A settings file edited by hand (or by a newer version) must not keep the window shut.
        std::fprintf(stderr,
                     "kvledger: the saved language \"%s\" is not one of %s; following the "
                     "system's\n",
                     qPrintable(shownInput(requested)), qPrintable(known));
        requested.clear();
    }
    language::apply(requested);

    MainWindow window;
    const QString screenshot = parser.value(QStringLiteral("screenshot"));
    window.setQuietErrors(!screenshot.isEmpty());
    if (parser.isSet(QStringLiteral("seed")))
        window.controller()->replace(Scenario::seed(), QString());
    else if (parser.positionalArguments().isEmpty())
        window.document()->restoreSession(); // the baseline, file name and tab it closed on
    if (!parser.positionalArguments().isEmpty() &&
        !window.openScenario(parser.positionalArguments().first()) && !screenshot.isEmpty())
        return fail(window.lastError());
    if (!screenshot.isEmpty()) {
        window.resize(size);
        window.controller()->beginInteractive(); // no chart animations: grab the final picture
    }
    window.show();
    if (parser.isSet(QStringLiteral("presentation")))
        window.setPresentationMode(true);
    if (parser.isSet(QStringLiteral("tour-script"))) {
        const QByteArray script = tourScript().toUtf8();
        const QString path = parser.value(QStringLiteral("tour-script"));
        if (path == u"-") {
            std::fwrite(script.constData(), 1, size_t(script.size()), stdout);
            return std::fflush(stdout) == 0 ? 0
                                            : fail(QStringLiteral("--tour-script: cannot write"));
        }
        QString why;
        return saveFileAtomically(path, script, &why)
                   ? 0
                   : fail(QStringLiteral("--tour-script: %1").arg(why));
    }
    if (parser.isSet(QStringLiteral("tour-step"))) {
        bool ok = false;
        const int step = parser.value(QStringLiteral("tour-step")).toInt(&ok);
        window.startTour();
        if (!ok || step < 1 || step > window.tour()->stepCount())
            return fail(QStringLiteral("--tour-step: \"%1\" is not a step")
                            .arg(parser.value(QStringLiteral("tour-step"))));
        window.tour()->goTo(step - 1);
    }
    if (parser.isSet(QStringLiteral("view"))) {
        const QStringList views = MainWindow::tabIds();
        const int index = views.indexOf(parser.value(QStringLiteral("view")));
        if (index < 0)
            return fail(
                QStringLiteral("--view: \"%1\" is not one of %2")
                    .arg(parser.value(QStringLiteral("view")), views.join(QStringLiteral(", "))));
        window.views()->setCurrentIndex(index);
    }
    const bool measuring = parser.isSet(QStringLiteral("measure"));
    if (measuring) {
        GpuPanel *panel = window.gpuPanel();
        const QString device = parser.value(QStringLiteral("measure"));
        panel->setDevice(device);
        if (panel->deviceId() != device)
            return fail(QStringLiteral("--measure: no device \"%1\" on this machine").arg(device));
        for (QWidget *w = panel->parentWidget(); w; w = w->parentWidget()) {
            if (auto *dock = qobject_cast<QDockWidget *>(w)) {
                dock->show();
                dock->raise();
                break;
            }
        }
        panel->runSweep();
    }
    if (screenshot.isEmpty())
        return app.exec();

    // Grab once the event loop has laid out and painted the window, and any measurement ended.
    int status = 0;
    const auto grab = [&] {
        QTimer::singleShot(300, &window, [&] {
            const QImage image = window.grab().toImage();
            QImageWriter writer(screenshot);
            if (!writer.write(image))
                status = fail(
                    QStringLiteral("--screenshot: %1: %2").arg(screenshot, writer.errorString()));
            window.setQuietErrors(true);
            QApplication::quit();
        });
    };
    if (measuring) {
        ProbeRunner *runner = window.gpuPanel()->runner();
        QObject::connect(runner, &ProbeRunner::failed, &window, [&](const QString &why) {
            status = fail(QStringLiteral("--measure: %1").arg(why));
        });
        QObject::connect(runner, &ProbeRunner::runningChanged, &window, [&](bool running) {
            if (!running)
                grab();
        });
    } else {
        grab();
    }
    app.exec();
    return status;
}
