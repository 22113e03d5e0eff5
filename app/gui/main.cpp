// kvledger: the KV Ledger window.
#include "chart_export.h"
#include "checked_output.h"
#include "file_text.h"
#include "gpu_panel.h"
#include "input_text.h"
#include "language.h"
#include "main_window.h"
#include "mass_panel.h"
#include "native_path.h"
#include "pages.h"
#include "presets.h"
#include "probe_runner.h"
#include "regular_file.h"
#include "safe_save.h"
#include "scenario_controller.h"
#include "scenario_document.h"
#include "settings.h"
#include "tour.h"
#include "tour_script.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QImageWriter>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTimer>
#include <csignal>
#include <cstdio>
#include <functional>
#include <unistd.h>

using namespace kvl;

namespace {

// A screenshot's sides, in pixels. Past 7680 (8K) the grab takes seconds and gigabytes, and a
// side in the tens of thousands cannot be allocated at all.
constexpr int kMinScreenshotSide = 100;
constexpr int kMaxScreenshotSide = 7680;

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
         QStringLiteral("Window size for --screenshot (default 1600x1000; each side %1-%2).")
             .arg(kMinScreenshotSide)
             .arg(kMaxScreenshotSide),
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
        {QStringLiteral("view"), QStringLiteral("Open on a view: %1.").arg(pageIds().join(u", ")),
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

// The arguments as their bytes (after Qt took its own, such as -platform): a file name that is
// not UTF-8 stays the file it names.
QStringList nativeArguments(int argc, char *argv[])
{
    QStringList out;
    for (int i = 0; i < argc; ++i)
        out << nativePathText(argv[i]);
    return out;
}

// Saves the window's picture as every export is saved: whole or not at all, never into a FIFO or
// a device, the old file kept on failure. The format is the file's suffix.
bool saveScreenshot(const QImage &image, const QString &path, QString *error)
{
    const QByteArray format = QFileInfo(path).suffix().toLower().toLatin1();
    return saveEncoded(path, error, [&](QIODevice &file, QString *reason) {
        QImageWriter writer(&file, format);
        if (writer.write(image))
            return true;
        *reason = writer.errorString();
        return false;
    });
}

// Calls `then` once `mass` has no analysis running: at once, or when the running one reports,
// fails or is cancelled.
void whenSettled(MassPanel *mass, QObject *context, const std::function<void()> &then)
{
    if (!mass || !mass->isRunning())
        return then();
    auto *once = new QObject(context); // its connections go with it
    const auto settled = [once, then] {
        if (once->property("done").toBool())
            return;
        once->setProperty("done", true);
        once->deleteLater();
        then();
    };
    QObject::connect(mass, &MassPanel::reportChanged, once, settled);
    QObject::connect(mass, &MassPanel::analysisFailed, once, settled);
    QObject::connect(mass, &MassPanel::analysisCancelled, once, settled);
}

// Why `path` cannot take a screenshot before anything is drawn: not a regular file (a FIFO would
// block, a device be written into), or no image format by that suffix. Empty when it can.
QString screenshotProblem(const QString &path)
{
    if (const QString what = notRegularFile(path); !what.isEmpty())
        return FileText::tr("%1: %2, not a file; left as it is").arg(shownPath(path), what);
    const QByteArray format = QFileInfo(path).suffix().toLower().toLatin1();
    if (!QImageWriter::supportedImageFormats().contains(format))
        return QStringLiteral("%1: \"%2\" is not an image format (png, jpg, bmp, ...)")
            .arg(shownPath(path), shownInput(QFileInfo(path).suffix()));
    return {};
}

} // namespace

int main(int argc, char *argv[])
{
    CheckedOutput::holdClosedStandardStreams();
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
    parser.process(nativeArguments(argc, argv));

    const auto fail = [](const QString &message) {
        std::fprintf(stderr, "kvledger: %s\n", qPrintable(message));
        return 2;
    };
    QSize size(1600, 1000);
    if (parser.isSet(QStringLiteral("size"))) {
        static const QRegularExpression re(QStringLiteral("^(\\d{1,9})x(\\d{1,9})$"));
        const QString value = parser.value(QStringLiteral("size"));
        const auto m = re.match(value);
        if (!m.hasMatch())
            return fail(
                QStringLiteral("--size: \"%1\" is not WIDTHxHEIGHT").arg(shownInput(value)));
        size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
        const auto inRange = [](int side) {
            return side >= kMinScreenshotSide && side <= kMaxScreenshotSide;
        };
        if (!inRange(size.width()) || !inRange(size.height()))
            return fail(QStringLiteral("--size: \"%1\": each side must be %2-%3 pixels")
                            .arg(shownInput(value))
                            .arg(kMinScreenshotSide)
                            .arg(kMaxScreenshotSide));
    }
    const QString screenshot = parser.value(QStringLiteral("screenshot"));
    if (!screenshot.isEmpty())
        if (const QString problem = screenshotProblem(screenshot); !problem.isEmpty())
            return fail(QStringLiteral("--screenshot: ") + problem);
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
    // What is wrong with a file a scenario names for the attention-mass page (missing, a FIFO, a
    // folder, not an array) is said on stderr too, as the page and the status bar say it.
    auto *mass = window.findChild<MassPanel *>();
    if (mass)
        QObject::connect(mass, &MassPanel::analysisFailed, &window, [](const QString &why) {
            std::fprintf(stderr, "kvledger: attention mass: %s\n", qPrintable(why));
        });
    window.setQuietErrors(!screenshot.isEmpty());
    if (parser.isSet(QStringLiteral("seed")))
        window.controller()->replace(Scenario::seed(), QString());
    else if (parser.positionalArguments().isEmpty())
        window.document()->restoreSession(); // the baseline, file name and tab it closed on
    if (!parser.positionalArguments().isEmpty() &&
        !window.openScenario(parser.positionalArguments().first()) && !screenshot.isEmpty())
        return fail(window.lastError());
    // Charts start without animations (a drag's end turns them on): the grab is the final picture.
    if (!screenshot.isEmpty())
        window.resize(size);
    window.show();
    if (parser.isSet(QStringLiteral("presentation")))
        window.setPresentationMode(true);
    if (parser.isSet(QStringLiteral("tour-script"))) {
        const QByteArray script = tourScript().toUtf8();
        const QString path = parser.value(QStringLiteral("tour-script"));
        if (path == u"-") {
            CheckedOutput out(STDOUT_FILENO, QStringLiteral("standard output"));
            out.write(script);
            return out.finish() ? 0 : fail(QStringLiteral("--tour-script: ") + out.problem());
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
            return fail(QStringLiteral("--tour-step: \"%1\" is not a step (1-%2)")
                            .arg(shownInput(parser.value(QStringLiteral("tour-step"))))
                            .arg(window.tour()->stepCount()));
        window.tour()->goTo(step - 1);
    }
    if (parser.isSet(QStringLiteral("view"))) {
        const QStringList views = pageIds();
        const int index = views.indexOf(parser.value(QStringLiteral("view")));
        if (index < 0)
            return fail(QStringLiteral("--view: \"%1\" is not one of %2")
                            .arg(shownInput(parser.value(QStringLiteral("view"))),
                                 views.join(QStringLiteral(", "))));
        window.views()->setCurrentIndex(index);
    }
    const bool measuring = parser.isSet(QStringLiteral("measure"));
    if (measuring) {
        GpuPanel *panel = window.gpuPanel();
        const QString device = parser.value(QStringLiteral("measure"));
        panel->setDevice(device);
        if (panel->deviceId() != device)
            return fail(QStringLiteral("--measure: no device \"%1\" on this machine")
                            .arg(shownInput(device)));
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

    // Grab once the event loop has laid out and painted the window, any measurement ended and
    // the attention-mass page has its result (it reads off the UI thread).
    int status = 0;
    const auto grab = [&] {
        whenSettled(mass, &window, [&] {
            QTimer::singleShot(300, &window, [&] {
                const QImage image = window.grab().toImage();
                QString why;
                if (!saveScreenshot(image, screenshot, &why))
                    status = fail(QStringLiteral("--screenshot: ") + why);
                window.setQuietErrors(true);
                QApplication::quit();
            });
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
