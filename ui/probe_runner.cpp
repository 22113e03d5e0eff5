#include "probe_runner.h"

#include "input_text.h"
#include "probe_json.h"
#include "probe_process.h"

namespace kvl {

ProbeRunner::ProbeRunner(QObject *parent)
    : QObject(parent), m_measure(new ProbeProcess(this)), m_list(new ProbeProcess(this))
{
    connect(m_measure, &ProbeProcess::progress, this, &ProbeRunner::progress);
    connect(m_measure, &ProbeProcess::exited, this, &ProbeRunner::onExited);
    connect(m_measure, &ProbeProcess::cancelled, this, [this] {
        emit runningChanged(false);
        emit cancelled();
    });
    connect(m_measure, &ProbeProcess::failed, this, &ProbeRunner::fail);
    connect(m_list, &ProbeProcess::exited, this, &ProbeRunner::onListed);
    connect(m_list, &ProbeProcess::failed, this, &ProbeRunner::listingFailed);
}

void ProbeRunner::setProgram(const QString &path)
{
    m_measure->setProgram(path);
    m_list->setProgram(path);
}

QString ProbeRunner::program() const
{
    return m_measure->program();
}

void ProbeRunner::setWatchdogMs(int ms)
{
    m_measure->setWatchdogMs(ms);
    m_list->setWatchdogMs(ms);
}

bool ProbeRunner::isRunning() const
{
    return m_measure->isRunning();
}

QStringList ProbeRunner::arguments(const gpu::MeasureRequest &request, int sweepPoints)
{
    QStringList args{
        QStringLiteral("--json"),    QStringLiteral("--progress"),
        QStringLiteral("--device"),  QString::fromStdString(request.device),
        QStringLiteral("--samples"), QString::number(request.samples),
        QStringLiteral("--warmups"), QString::number(request.warmups),
        QStringLiteral("--loads"),   QString::fromLatin1(gpu::loadVariantName(request.loads))};
    if (request.threads > 0)
        args << QStringLiteral("--threads") << QString::number(request.threads);
    if (request.minSampleSeconds > 0)
        args << QStringLiteral("--sample-ms") << QString::number(request.minSampleSeconds * 1000);
    if (sweepPoints > 0) {
        args << QStringLiteral("--sweep") << QStringLiteral("--points")
             << QString::number(sweepPoints);
        if (request.bytes > 0)
            args << QStringLiteral("--max-bytes") << QString::number(request.bytes);
    } else if (request.bytes > 0) {
        args << QStringLiteral("--bytes") << QString::number(request.bytes);
    }
    return args;
}

void ProbeRunner::start(const gpu::MeasureRequest &request, int sweepPoints)
{
    if (isRunning())
        return;
    m_sweep = sweepPoints > 0;
    m_measure->start(arguments(request, sweepPoints));
    emit runningChanged(true);
}

void ProbeRunner::cancel()
{
    m_measure->cancel();
}

void ProbeRunner::listDevices()
{
    m_list->start({QStringLiteral("--list"), QStringLiteral("--json")});
}

void ProbeRunner::fail(const ProbeFailure &failure)
{
    emit runningChanged(false);
    emit failed(failure.text());
}

void ProbeRunner::onExited(int exitCode, const QByteArray &output, const QString &message)
{
    using namespace gpu::exit_status;
    if (exitCode == kCancelled) {
        emit runningChanged(false);
        emit cancelled();
        return;
    }
    // Status 1 with a document is a checksum mismatch: the panel shows it as such.
    QString error;
    const auto results = exitCode == kOk || exitCode == kFailed
                             ? ProbeJson::measurements(output, &error)
                             : std::nullopt;
    if (results) {
        emit runningChanged(false);
        emit measured(*results, m_sweep);
    } else if (exitCode == kOk) {
        fail(ProbeFailure{ProbeFailure::Kind::Unreadable, program(), error,
                          shownInput(QByteArrayView(output.trimmed()), 80), 0});
    } else {
        fail(ProbeFailure{ProbeFailure::Kind::Exited, program(), message, {}, exitCode});
    }
}

void ProbeRunner::onListed(int exitCode, const QByteArray &output, const QString &message)
{
    QString error;
    const auto list =
        exitCode == gpu::exit_status::kOk ? ProbeJson::devices(output, &error) : std::nullopt;
    if (list)
        emit devicesListed(*list);
    else if (exitCode == gpu::exit_status::kOk)
        emit listingFailed(
            ProbeFailure{ProbeFailure::Kind::UnreadableList, program(), error, {}, 0});
    else
        emit listingFailed(
            ProbeFailure{ProbeFailure::Kind::Exited, program(), message, {}, exitCode});
}

} // namespace kvl
