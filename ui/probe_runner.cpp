#include "probe_runner.h"

#include <QPointer>
#include <QtConcurrent>

namespace kvl {

ProbeRunner::ProbeRunner(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &ProbeRunner::finish);
}

ProbeRunner::~ProbeRunner()
{
    cancel();
    m_watcher.waitForFinished();
}

bool ProbeRunner::isRunning() const
{
    return m_watcher.isRunning();
}

void ProbeRunner::start(const gpu::MeasureRequest &request, int sweepPoints)
{
    if (isRunning())
        return;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_sweep = sweepPoints > 0;
    auto cancel = m_cancel;
    QPointer<ProbeRunner> self(this);
    // Progress arrives on the worker thread; hop to ours, at most every percent.
    auto lastPercent = std::make_shared<std::atomic<int>>(-1);
    const gpu::Progress report = [self, lastPercent](double f) {
        const int percent = int(f * 100);
        if (percent == lastPercent->exchange(percent))
            return;
        QMetaObject::invokeMethod(
            self.data(), [self, f] { if (self) emit self->progress(f); }, Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run([request, sweepPoints, cancel, report]() -> Outcome {
        Outcome out;
        if (sweepPoints > 0) {
            auto r = gpu::sweep(request, 0, request.bytes, sweepPoints, report, cancel.get());
            if (r.ok())
                out.results = std::move(*r.value);
            out.error = r.error;
            out.cancelled = r.cancelled || cancel->load();
        } else {
            auto r = gpu::measure(request, report, cancel.get());
            if (r.ok())
                out.results.push_back(std::move(*r.value));
            out.error = r.error;
            out.cancelled = r.cancelled || cancel->load();
        }
        return out;
    }));
    emit runningChanged(true);
}

void ProbeRunner::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void ProbeRunner::finish()
{
    const Outcome out = m_watcher.result();
    emit runningChanged(false);
    if (out.cancelled)
        emit cancelled();
    else if (!out.error.empty() || out.results.empty())
        emit failed(QString::fromStdString(out.error.empty() ? std::string("no result") : out.error));
    else
        emit measured(out.results, m_sweep);
}

} // namespace kvl
