#pragma once

#include "bandwidth_probe.h"
#include "probe_failure.h"
#include <QObject>
#include <QStringList>
#include <vector>

namespace kvl {

class ProbeProcess;

// Runs the bandwidth probe, kvledger-probe --json --progress, in a child process: an OOM kill, a
// CUDA driver fault or a hang there ends that process, not the window. One run at a time;
// cancel() asks it to stop (SIGTERM, then SIGKILL after 2 s) and drops what it would have said.
// Every run ends in one of measured(), failed() (a sentence saying what happened) or cancelled().
class ProbeRunner : public QObject
{
    Q_OBJECT
public:
    explicit ProbeRunner(QObject *parent = nullptr);

    void setProgram(const QString &path); // default: kvledger-probe beside this executable
    QString program() const;
    void setWatchdogMs(int ms); // silence after which the probe counts as hung

    bool isRunning() const;
    // A sweep when sweepPoints > 0, else one measurement.
    void start(const gpu::MeasureRequest &request, int sweepPoints = 0);
    void cancel();
    // kvledger-probe --list --json, in a process of its own: a driver that crashes while it
    // lists gives listingFailed().
    void listDevices();

    static QStringList arguments(const gpu::MeasureRequest &request, int sweepPoints);

signals:
    void progress(double fraction);
    void measured(const std::vector<kvl::gpu::Measurement> &results, bool sweep);
    void failed(const QString &message);
    void cancelled();
    void runningChanged(bool running);
    void devicesListed(const kvl::gpu::DeviceList &list);
    void listingFailed(const kvl::ProbeFailure &failure);

private:
    void fail(const ProbeFailure &failure);
    void onExited(int exitCode, const QByteArray &output, const QString &message);
    void onListed(int exitCode, const QByteArray &output, const QString &message);

    ProbeProcess *m_measure;
    ProbeProcess *m_list;
    bool m_sweep = false;
};

} // namespace kvl
