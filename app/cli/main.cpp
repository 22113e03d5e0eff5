// kvledger-cli: the KV Ledger cost model on the command line.
#include "checked_output.h"
#include "cli_error.h"
#include "commands.h"
#include "input_text.h"
#include "native_path.h"
#include "presets.h"

#include <QApplication>
#include <QLocale>
#include <QTextStream>
#include <clocale>
#include <csignal>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <unistd.h>

using namespace kvl::cli;

static const char kUsage[] = R"(Usage: kvledger-cli COMMAND [options]

Commands:
  ledger    the ledger of one scenario (default: the seed's Llama 3.1 70B, 1M tokens, one H100)
  presets   the model and GPU presets
  sweep     one ledger quantity over context length or GPU count
  export    render charts to PNG, SVG, PDF or CSV, headless
  strategies  KV quantization, windows, eviction and sparse reads compared
  roofline  decode and prefill on the GPU's roofline
  mass      how concentrated attention mass is, from a .npy/.csv file or a synthetic source
  probe     measure streaming-read bandwidth (CUDA GPU, else host memory)
  capacity  KV cache capacity per GPU as vLLM's V1 engine computes it
  prefill   time to prefill a prompt on top of a cached context
  session   an agent's session: turns of input and answers, time and cost
  compare   two scenarios side by side: every figure's change, and why it moved
  validate  measured serving runs beside their floor and calibrated prediction
  calibrate fit the engine constants to measured runs

Run `kvledger-cli COMMAND --help` for a command's options.
)";

namespace {

// The command named in args[1], or the seed's ledger; its status.
int runCommand(QStringList args, QTextStream &out, QTextStream &err)
{
    if (args.size() < 2 || args.at(1).startsWith(u'-')) {
        if (args.size() >= 2 && (args.at(1) == u"--help" || args.at(1) == u"-h")) {
            out << kUsage;
            return 0;
        }
        if (args.size() >= 2 && args.at(1) == u"--version") {
            out << "kvledger-cli " << KVL_VERSION << '\n';
            return 0;
        }
        // No command: the seed's ledger, as the README promises.
        args.insert(1, QStringLiteral("ledger"));
    }
    const std::map<QString, std::function<int(const QStringList &, QTextStream &)>> commands = {
        {QStringLiteral("ledger"), runLedger},
        {QStringLiteral("presets"), runPresets},
        {QStringLiteral("sweep"), runSweep},
        {QStringLiteral("export"), runExport},
        {QStringLiteral("strategies"), runStrategies},
        {QStringLiteral("roofline"), runRoofline},
        {QStringLiteral("mass"), runMass},
        {QStringLiteral("probe"), runProbe},
        {QStringLiteral("capacity"), runCapacity},
        {QStringLiteral("prefill"), runPrefill},
        {QStringLiteral("session"), runSession},
        {QStringLiteral("compare"), runCompare},
        {QStringLiteral("validate"), runValidate},
        {QStringLiteral("calibrate"), runCalibrate},
    };
    const auto it = commands.find(args.at(1));
    // User presets that were skipped are said where they are loaded; `presets` lists them itself.
    if (it != commands.end() && it->first != u"presets")
        for (const QString &e : kvl::PresetLibrary::instance().errors())
            err << "kvledger-cli: user preset skipped: " << e << '\n';
    if (it == commands.end())
        throw UsageError{QStringLiteral("\"%1\" is not a command (ledger, presets, sweep, export, "
                                        "probe, strategies, roofline, mass, capacity, prefill, "
                                        "session, compare, validate, calibrate)")
                             .arg(kvl::shownInput(args.at(1)))};
    return it->second(args, out);
}

} // namespace

int main(int argc, char *argv[])
{
    kvl::CheckedOutput::holdClosedStandardStreams();
    // A file-size limit (ulimit -f) would kill the process on the write that crosses it; ignored,
    // that write fails with EFBIG and the export says "File too large", leaving no partial file.
#ifdef SIGXFSZ
    std::signal(SIGXFSZ, SIG_IGN);
#endif
    // Only `export` renders charts and needs widgets; it draws offscreen when there is no display.
    const bool renders = argc > 1 && qstrcmp(argv[1], "export") == 0;
    if (renders && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
        qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> app(renders ? new QApplication(argc, argv)
                                                  : new QCoreApplication(argc, argv));
    QCoreApplication::setApplicationName(QStringLiteral("kvledger"));
    QCoreApplication::setOrganizationName(QStringLiteral("kvledger"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KVL_VERSION));
    // One locale for every word and number, whatever LANG says: C (English numbers, 327,680;
    // English system messages). `export --language` is the one way to change it.
    QLocale::setDefault(QLocale::c());
    std::setlocale(LC_MESSAGES, "C");
    std::setlocale(LC_NUMERIC, "C");
    std::setlocale(LC_TIME, "C");
    // Arguments as their bytes: a file name that is not UTF-8 stays the file it names.
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << kvl::nativePathText(argv[i]);

    kvl::CheckedOutput stdoutDevice(STDOUT_FILENO, QStringLiteral("standard output"), true);
    QTextStream out(&stdoutDevice);
    QTextStream err(stderr);
    int status = 0;
    try {
        status = runCommand(args, out, err);
    } catch (const UsageError &e) {
        status = kExitUsage;
        out.flush();
        err << "kvledger-cli: " << e.message << '\n';
    }
    // Every write, and the end: output that did not all arrive is no success.
    out.flush();
    if (!stdoutDevice.finish()) {
        err << "kvledger-cli: " << stdoutDevice.problem() << '\n';
        return status == 0 ? kExitOutput : status;
    }
    return status;
}
