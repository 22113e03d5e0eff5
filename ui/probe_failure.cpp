#include "probe_failure.h"

#include "bandwidth_probe.h"

#include <QDir>
#include <csignal>
#include <utility>

namespace kvl {

QString ProbeFailure::text() const
{
    const QString path = QDir::toNativeSeparators(program);
    const QString why = detail.isEmpty() ? tr("it gave no reason") : detail;
    switch (kind) {
    case Kind::NotFound:
        return tr("The probe program was not found: KV Ledger looked for %1.").arg(path);
    case Kind::NotStarted:
        return tr("The probe program %1 could not be started: %2").arg(path, detail);
    case Kind::Crashed:
        if (number == SIGKILL)
            return tr("The probe was killed (SIGKILL), probably stopped for lack of memory: try "
                      "a smaller buffer.");
        return tr("The probe crashed (%1).").arg(signalName(number));
    case Kind::Hung:
        return tr("The probe gave no sign of life for %n second(s) and was stopped: it hung, as "
                  "a GPU driver fault can make it.",
                  nullptr, number);
    case Kind::Exited:
        if (number == gpu::exit_status::kFailed)
            return tr("The probe could not measure: %1").arg(why);
        if (number == gpu::exit_status::kBadArguments)
            return tr("The probe refused its arguments: %1").arg(why);
        return tr("The probe ended with status %1: %2").arg(number).arg(why);
    case Kind::Unreadable:
        return tr("The probe's output could not be read (%1): %2").arg(detail, excerpt);
    case Kind::UnreadableList:
        return tr("The probe's device list could not be read (%1).").arg(detail);
    }
    return {};
}

QString ProbeFailure::signalName(int signal)
{
    static const std::pair<int, const char *> kNames[] = {
        {SIGKILL, "SIGKILL"}, {SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGABRT, "SIGABRT"},
        {SIGILL, "SIGILL"},   {SIGFPE, "SIGFPE"},   {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},
        {SIGPIPE, "SIGPIPE"}, {SIGHUP, "SIGHUP"},
    };
    for (const auto &[number, name] : kNames) {
        if (number == signal)
            return tr("%1, signal %2").arg(QLatin1String(name)).arg(signal);
    }
    return tr("signal %1").arg(signal);
}

} // namespace kvl
