#pragma once

#include "bandwidth_probe.h"
#include <QFutureWatcher>
#include <QObject>
#include <atomic>
#include <memory>
#include <vector>

namespace kvl {

// Runs the bandwidth probe off the UI thread (QtConcurrent). One run at a time; cancel() sets the
// probe's stop flag, which it honours within milliseconds. Results of a cancelled run are dropped.
class ProbeRunner : public QObject
{
    Q_OBJECT
public:
    explicit ProbeRunner(QObject *parent = nullptr);
    ~ProbeRunner() override;

    bool isRunning() const;
    // A sweep when sweepPoints > 0, else one measurement.
    void start(const gpu::MeasureRequest &request, int sweepPoints = 0);
    void cancel();

signals:
    void progress(double fraction);
    void measured(const std::vector<kvl::gpu::Measurement> &results, bool sweep);
    void failed(const QString &message);
    void cancelled();
    void runningChanged(bool running);

private:
    struct Outcome
    {
        std::vector<gpu::Measurement> results;
        std::string error;
        bool cancelled = false;
    };
    void finish();

    QFutureWatcher<Outcome> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_sweep = false;
};

} // namespace kvl
