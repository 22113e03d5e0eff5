#pragma once

#include "probe_failure.h"
#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>

namespace kvl {

// One run of kvledger-probe in a child process, so that nothing the probe does (the OOM killer,
// a CUDA driver fault, a hang) can take the window down. Reads its "progress F" lines as they
// come, cancels with SIGTERM and then SIGKILL, and stops it when it goes silent for too long.
// Every run ends in exactly one of exited(), cancelled() or failed(), always after start()
// returns.
class ProbeProcess : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultWatchdogMs = 60000;
    static constexpr int kKillAfterMs = 2000; // from SIGTERM to SIGKILL

    explicit ProbeProcess(QObject *parent = nullptr);
    ~ProbeProcess() override;

    // kvledger-probe beside the running executable, as the build and the install put it.
    static QString defaultProgram();
    void setProgram(const QString &path) { m_program = path; }
    QString program() const { return m_program; }
    // Silence (no output at all) after which the probe counts as hung and is killed.
    void setWatchdogMs(int ms) { m_watchdog.setInterval(ms); }

    bool isRunning() const { return m_running; }
    void start(const QStringList &arguments);
    void cancel();

signals:
    void progress(double fraction);
    // The probe ended by itself: its status, stdout, and its other stderr lines, cut to a
    // readable length.
    void exited(int exitCode, const QByteArray &output, const QString &message);
    void cancelled();
    void failed(const kvl::ProbeFailure &failure); // it could not start, crashed or hung

private:
    void readOutput();
    void readErrors();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void end();

    QProcess *m_process = nullptr;
    QString m_program;
    QTimer m_watchdog;
    QTimer m_killTimer;
    QByteArray m_output;
    QByteArray m_partialLine;
    QStringList m_messages;
    bool m_running = false;
    bool m_cancelling = false;
    bool m_hung = false;
};

} // namespace kvl
