#pragma once

#include "attention_mass.h"

#include <QFuture>
#include <QObject>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace kvl {

// Runs attention-mass analyses off the UI thread (QtConcurrent). A new run or cancel() stops the
// one in flight through its atomic flag and drops its result, whenever it arrives: only the
// latest run ever reports. Core honours the flag within milliseconds; stopped() says when the
// cancelled worker has returned and its memory is freed.
class MassAnalyzer : public QObject
{
    Q_OBJECT
public:
    // The analysis: core's analyze* with its error text and progress/cancel hooks.
    using Job =
        std::function<std::optional<MassReport>(QString *error, const MassProgress &progress)>;

    explicit MassAnalyzer(QObject *parent = nullptr);
    ~MassAnalyzer() override;

    void start(Job job);
    void cancel();
    bool isRunning() const { return m_running; }

signals:
    void progress(double fraction);
    void finished(const kvl::MassReport &report);
    void failed(const QString &message);
    void cancelled(); // at once: the run's results will not be reported
    void stopped();   // then, when no worker is left: nothing runs any more
    void runningChanged(bool running);

private:
    struct Outcome
    {
        std::optional<MassReport> report;
        QString error;
    };
    void setRunning(bool running);

    quint64 m_serial = 0; // of the latest run; results of any other are stale
    std::shared_ptr<std::atomic_bool> m_cancel;
    QList<QFuture<Outcome>> m_inFlight; // until they return; waited for on destruction
    bool m_running = false;
};

} // namespace kvl
