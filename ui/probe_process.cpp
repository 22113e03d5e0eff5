#include "probe_process.h"

#include "input_text.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>

namespace kvl {

namespace {

// Enough for a sweep of a thousand points; more is not what the probe writes.
constexpr qsizetype kMaxOutputBytes = qsizetype(4) << 20;
constexpr qsizetype kMaxMessageLines = 40;
constexpr qsizetype kMaxMessageChars = 300;
const QByteArray kProgressPrefix = QByteArrayLiteral("progress ");
const QString kProbePrefix = QStringLiteral("kvledger-probe: ");

} // namespace

ProbeProcess::ProbeProcess(QObject *parent) : QObject(parent), m_program(defaultProgram())
{
    m_watchdog.setSingleShot(true);
    m_watchdog.setInterval(kDefaultWatchdogMs);
    connect(&m_watchdog, &QTimer::timeout, this, [this] {
        m_hung = true;
        if (m_process)
            m_process->kill();
    });
    m_killTimer.setSingleShot(true);
    m_killTimer.setInterval(kKillAfterMs);
    m_killTimer.setTimerType(Qt::PreciseTimer); // the full grace, not 5% less
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (m_process)
            m_process->kill();
    });
}

ProbeProcess::~ProbeProcess()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(kKillAfterMs);
    }
}

QString ProbeProcess::defaultProgram()
{
    return QCoreApplication::applicationDirPath() + QStringLiteral("/kvledger-probe");
}

void ProbeProcess::start(const QStringList &arguments)
{
    if (m_running)
        return;
    m_running = true;
    m_cancelling = false;
    m_hung = false;
    m_output.clear();
    m_partialLine.clear();
    m_messages.clear();
    if (!QFileInfo::exists(m_program)) {
        // Queued, as every other ending is: callers connect after start() returns.
        QTimer::singleShot(0, this, [this] {
            const bool wasCancelled = m_cancelling;
            end();
            if (wasCancelled)
                emit cancelled();
            else
                emit failed(ProbeFailure{ProbeFailure::Kind::NotFound, m_program, {}, {}, 0});
        });
        return;
    }
    m_process = new QProcess(this);
    m_process->setStandardInputFile(QProcess::nullDevice());
    connect(m_process, &QProcess::readyReadStandardOutput, this, &ProbeProcess::readOutput);
    connect(m_process, &QProcess::readyReadStandardError, this, &ProbeProcess::readErrors);
    connect(m_process, &QProcess::finished, this, &ProbeProcess::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &ProbeProcess::onError);
    m_process->start(m_program, arguments);
    m_watchdog.start();
}

void ProbeProcess::cancel()
{
    if (!m_running || m_cancelling)
        return;
    m_cancelling = true;
    if (m_process) {
        m_process->terminate();
        m_killTimer.start();
    }
}

void ProbeProcess::readOutput()
{
    m_watchdog.start();
    const QByteArray data = m_process->readAllStandardOutput();
    m_output.append(data.left(std::max<qsizetype>(0, kMaxOutputBytes - m_output.size())));
}

void ProbeProcess::readErrors()
{
    m_watchdog.start();
    m_partialLine.append(m_process->readAllStandardError());
    for (qsizetype end; (end = m_partialLine.indexOf('\n')) >= 0;) {
        const QByteArray line = m_partialLine.left(end).trimmed();
        m_partialLine.remove(0, end + 1);
        bool ok = false;
        const double fraction =
            line.startsWith(kProgressPrefix) ? line.mid(kProgressPrefix.size()).toDouble(&ok) : 0;
        if (ok)
            emit progress(std::clamp(fraction, 0.0, 1.0));
        else if (!line.isEmpty() && m_messages.size() < kMaxMessageLines)
            m_messages << QString::fromUtf8(line);
    }
}

void ProbeProcess::onFinished(int exitCode, QProcess::ExitStatus status)
{
    readOutput();
    readErrors();
    if (!m_partialLine.trimmed().isEmpty())
        m_messages << QString::fromUtf8(m_partialLine.trimmed());
    QString message;
    for (QString line : std::as_const(m_messages)) {
        if (line.startsWith(kProbePrefix))
            line.remove(0, kProbePrefix.size());
        message += (message.isEmpty() ? QString() : QStringLiteral(" ")) + line;
    }
    message = shownInput(message, kMaxMessageChars);
    const QByteArray output = m_output;
    const bool wasCancelled = m_cancelling;
    const bool hung = m_hung;
    const int silentSeconds = (m_watchdog.interval() + 999) / 1000;
    end();
    if (wasCancelled)
        emit cancelled();
    else if (hung)
        emit failed(ProbeFailure{ProbeFailure::Kind::Hung, m_program, {}, {}, silentSeconds});
    else if (status == QProcess::CrashExit)
        emit failed(ProbeFailure{ProbeFailure::Kind::Crashed, m_program, {}, {}, exitCode});
    else
        emit exited(exitCode, output, message);
}

void ProbeProcess::onError(QProcess::ProcessError error)
{
    // A crash also arrives through finished(); only a failed start ends here.
    if (error != QProcess::FailedToStart)
        return;
    const QString why = m_process->errorString();
    const bool wasCancelled = m_cancelling;
    end();
    if (wasCancelled)
        emit cancelled();
    else
        emit failed(ProbeFailure{ProbeFailure::Kind::NotStarted, m_program, why, {}, 0});
}

void ProbeProcess::end()
{
    m_running = false;
    m_watchdog.stop();
    m_killTimer.stop();
    if (m_process) {
        m_process->disconnect(this);
        m_process->deleteLater();
        m_process = nullptr;
    }
}

} // namespace kvl
