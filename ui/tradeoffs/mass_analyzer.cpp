#include "mass_analyzer.h"

#include <QPointer>
#include <QtConcurrent>

namespace kvl {

MassAnalyzer::MassAnalyzer(QObject *parent) : QObject(parent) {}

MassAnalyzer::~MassAnalyzer()
{
    if (m_cancel)
        m_cancel->store(true);
    // Workers hold copies of everything they touch; waiting keeps them from outliving the app.
    for (QFuture<Outcome> &f : m_inFlight)
        f.waitForFinished();
}

void MassAnalyzer::setRunning(bool running)
{
    if (running == m_running)
        return;
    m_running = running;
    emit runningChanged(running);
}

void MassAnalyzer::start(Job job)
{
    if (m_cancel)
        m_cancel->store(true);
    const quint64 serial = ++m_serial;
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;

    // Progress arrives on the worker thread; hop to this one, at most once per percent.
    QPointer<MassAnalyzer> self(this);
    auto lastPercent = std::make_shared<std::atomic_int>(-1);
    auto report = [self, serial, lastPercent](double f) {
        const int percent = int(f * 100);
        if (percent == lastPercent->exchange(percent))
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, serial, f] {
                if (self && self->m_serial == serial && self->m_running)
                    emit self->progress(f);
            },
            Qt::QueuedConnection);
    };
    QFuture<Outcome> future = QtConcurrent::run([job = std::move(job), cancel, report] {
        Outcome out;
        out.report = job(&out.error, MassProgress{report, cancel.get()});
        return out;
    });
    m_inFlight << future;
    // A watcher per run (QFuture::then with a context can miss a run that finished first).
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, serial] {
        watcher->deleteLater();
        // The future holds the worker's outcome (a whole report) until it is let go.
        m_inFlight.removeIf([](const QFuture<Outcome> &f) { return f.isFinished(); });
        if (serial != m_serial || !m_running) { // a later run or a cancel made this one stale
            if (!m_running && m_inFlight.isEmpty())
                emit stopped();
            return;
        }
        const Outcome out = watcher->result();
        setRunning(false);
        if (out.report)
            emit finished(*out.report);
        else
            emit failed(out.error);
    });
    watcher->setFuture(future);
    setRunning(true);
    emit progress(0);
}

void MassAnalyzer::cancel()
{
    if (!m_running)
        return;
    m_cancel->store(true);
    ++m_serial;
    setRunning(false);
    emit cancelled();
}

} // namespace kvl
