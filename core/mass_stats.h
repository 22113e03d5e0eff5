#pragma once

// What the attention-mass readers share (core's own, not for the app): the statistics of block
// sums, progress and cancel checks, and the readers' entry points.
#include "attention_mass.h"

#include <QCoreApplication>
#include <algorithm>
#include <atomic>
#include <memory>
#include <new>
#include <span>
#include <vector>

namespace kvl {

class ChunkReader;

// Verdicts, notes and input errors are read in the window; the CLI stays English.
class MassText
{
    Q_DECLARE_TR_FUNCTIONS(MassText)
};

namespace mass {

// Values, bytes or blocks between progress reports and cancel checks; bytes per read.
inline constexpr qint64 kChunk = 1 << 20;
// Block sums the analyzer may hold at once (doubles): 2 GiB.
inline constexpr qint64 kMaxBlocks = qint64(1) << 28;
// Threads MassOptions::threads may ask for.
inline constexpr int kMaxThreads = 64;
// Lists of block masses at least this long are ranked without a full sort.
inline constexpr size_t kSelectFrom = 65536;

// Thrown at a cancel check, however deep (inside a sort's comparison), to the entry point.
struct Cancelled
{
};

// Progress that only rises, and the cancel flag.
class Ticker
{
public:
    // `shared`, when given, counts the work of every thread (mass_npy.cpp's layers in parallel).
    Ticker(const MassProgress &p, qint64 total, std::atomic<qint64> *shared = nullptr)
        : m_p(p), m_total(std::max<qint64>(total, 1)), m_shared(shared)
    {
    }
    // `n` more units of work done: a report every kChunk units.
    void step(qint64 n)
    {
        m_done += n;
        if (m_shared)
            m_shared->fetch_add(n, std::memory_order_relaxed);
        if (m_done >= m_next)
            report();
    }
    // All the work done so far is `done` (counted by other threads): a report.
    void reach(qint64 done)
    {
        m_done = std::max(m_done, done);
        report();
    }
    // Progress now, between cancel checks: one set by the callback itself is seen at once, even
    // at the last report.
    void report()
    {
        check();
        m_next = m_done + kChunk;
        const double f = std::min(1.0, double(m_done) / double(m_total));
        if (m_p.progress && f > m_last) {
            m_last = f;
            m_p.progress(f);
            check();
        }
    }
    // Throws Cancelled when asked to stop.
    void check() const
    {
        if (m_p.cancel && m_p.cancel->load(std::memory_order_relaxed))
            throw Cancelled{};
    }

private:
    const MassProgress &m_p;
    qint64 m_total;
    std::atomic<qint64> *m_shared;
    qint64 m_done = 0;
    qint64 m_next = 0;
    double m_last = -1;
};

QString noMemoryForSums();

// Runs an analysis; a cancel or a failed allocation ends it with *error set.
template <typename Analysis> std::optional<MassReport> guarded(QString *error, Analysis &&analysis)
{
    try {
        return analysis();
    } catch (const Cancelled &) {
        *error = QStringLiteral("cancelled");
    } catch (const std::bad_alloc &) {
        *error = noMemoryForSums();
    }
    return std::nullopt;
}

// Room for a sort's second copy of the data, reused (never zero-filled: every slot is written
// before it is read).
class SortBuffer
{
public:
    std::span<double> get(size_t n)
    {
        if (n > m_size) {
            m_data = std::make_unique_for_overwrite<double[]>(n);
            m_size = n;
        }
        return {m_data.get(), n};
    }

private:
    std::unique_ptr<double[]> m_data;
    size_t m_size = 0;
};

bool validOptions(const MassOptions &o, QString *error);
// Sets *error; the empty result, for `return failed(error, why);`.
inline std::nullopt_t failed(QString *error, const QString &why)
{
    *error = why;
    return std::nullopt;
}
// `n` zeros, allocated and filled a chunk at a time between cancel checks.
std::vector<double> zeros(qint64 n, const Ticker &t);
void clear(std::span<double> v, const Ticker &t);
// Why layer `s` cannot be read, or empty.
QString layerError(const MassStats &s);
// Ranks one layer's block masses into the report, with its curve when one is asked for.
MassStats addLayer(MassReport &r, int layer, std::span<double> masses, qint64 blocks,
                   const MassOptions &o, SortBuffer &buffer, const Ticker &t);
// The statistics of one list of block masses, and its cumulative curve (at most o.curvePoints
// points) when `curve` is given. `blocks` may exceed masses.size(): the rest hold nothing.
// Reorders the masses. Lists of kSelectFrom blocks or more without a curve are not sorted
// (mass_select.h): the same figures, with running sums that may differ in the last bits.
MassStats rankMasses(std::span<double> masses, qint64 blocks, const MassOptions &o,
                     SortBuffer &buffer, const Ticker &t, QList<QPointF> *curve = nullptr);

// The readers (mass_npy.cpp, mass_csv.cpp), from the start of `in`; Cancelled passes through.
std::optional<MassReport> analyzeNpyStream(ChunkReader &in, const MassOptions &o, QString *error,
                                           const MassProgress &progress);
std::optional<MassReport> analyzeCsvStream(ChunkReader &in, const MassOptions &o, QString *error,
                                           const MassProgress &progress);

} // namespace mass
} // namespace kvl
