// The attention-mass analyzer on a float16 .npy written for the run: read rate on a warm page
// cache, the analyzer's peak anonymous memory, and how long a cancel takes to return (at 50%
// progress, and at fractions of an uncancelled run's time).
//
//   bench_mass [SIZE_GB] [--shape L,H,Q] [--blocks 16,5] [--threads N] [--dir DIR]
//
// SIZE_GB (default 1) sets the file's size; --shape its leading axes [layers, heads, queries]
// (default 32,1,1), the keys fill the rest; --threads the analyzer's (default 0: its own
// choice, up to one per CPU; 1: one pass). Memory is RssAnon from /proc/self/status, sampled
// every 2 ms by a thread while the analysis runs: anonymous pages only, so a memory-mapped file's
// pages (page cache, counted in RssFile) are not charged to the analyzer. VmHWM would mix both.
#include "attention_mass.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>

using namespace kvl;

namespace {

constexpr qint64 kChunk = 4 << 20;

// RssAnon in bytes, or -1 where /proc is missing.
qint64 rssAnon()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("RssAnon:"))
            return line.mid(8).trimmed().split(' ').first().toLongLong() * 1024;
    return -1;
}

// The highest RssAnon seen while it lives.
class RssSampler
{
public:
    RssSampler()
        : m_thread([this] {
              while (!m_stop.load()) {
                  m_peak.store(std::max(m_peak.load(), rssAnon()));
                  std::this_thread::sleep_for(std::chrono::milliseconds(2));
              }
          })
    {
    }
    ~RssSampler() { stop(); }
    qint64 stop()
    {
        if (m_thread.joinable()) {
            m_stop.store(true);
            m_thread.join();
        }
        return std::max(m_peak.load(), rssAnon());
    }

private:
    std::atomic_bool m_stop = false;
    std::atomic<qint64> m_peak = 0;
    std::thread m_thread;
};

double mib(qint64 bytes)
{
    return double(bytes) / (1 << 20);
}

// A float16 array of weights in [0, 1), from a fixed pseudo-random sequence.
bool writeNpy(const QString &path, const QList<qint64> &shape)
{
    QByteArrayList dims;
    for (qint64 d : shape)
        dims << QByteArray::number(d);
    QByteArray header =
        "{'descr': '<f2', 'fortran_order': False, 'shape': (" + dims.join(", ") + "), }";
    header += QByteArray((64 - (10 + header.size() + 1) % 64) % 64, ' ') + '\n';
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write("\x93NUMPY\x01\x00", 8);
    const char size[2] = {char(header.size() & 0xff), char(header.size() >> 8)};
    f.write(size, 2);
    f.write(header);
    qint64 values = 1;
    for (qint64 d : shape)
        values *= d;
    QByteArray chunk(kChunk, Qt::Uninitialized);
    quint64 state = 0x9E3779B97F4A7C15ull;
    for (qint64 done = 0; done < values;) {
        const qint64 n = std::min<qint64>(values - done, kChunk / 2);
        auto *out = reinterpret_cast<uchar *>(chunk.data());
        for (qint64 i = 0; i < n; ++i) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            const quint16 bits = quint16((state >> 20) % 0x3c00); // a half in [0, 1)
            out[2 * i] = uchar(bits & 0xff);
            out[2 * i + 1] = uchar(bits >> 8);
        }
        if (f.write(chunk.constData(), 2 * n) != 2 * n)
            return false;
        done += n;
    }
    return f.flush();
}

// Reads the whole file once: fills the page cache and gives the rate to compare with.
double readRate(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Unbuffered))
        return 0;
    QByteArray buffer(kChunk, Qt::Uninitialized);
    QElapsedTimer t;
    t.start();
    qint64 total = 0;
    for (qint64 n; (n = f.read(buffer.data(), buffer.size())) > 0;)
        total += n;
    return double(total) / (t.nsecsElapsed() * 1e-9);
}

struct CancelAt
{
    double progress = -1; // once progress reaches this
    double seconds = -1;  // or this long after the start (0: before it)
};

// Seconds from setting the cancel flag to the analysis returning.
QJsonObject cancelLatency(const QString &path, const MassOptions &o, CancelAt at)
{
    std::atomic_bool cancel = at.seconds == 0;
    QElapsedTimer sinceCancel;
    std::mutex mutex;
    const auto stop = [&] {
        const std::lock_guard lock(mutex);
        if (!sinceCancel.isValid()) {
            sinceCancel.start();
            cancel.store(true);
        }
    };
    if (cancel)
        sinceCancel.start();
    MassProgress p;
    p.cancel = &cancel;
    p.progress = [&](double f) {
        if (at.progress >= 0 && f >= at.progress)
            stop();
    };
    std::atomic_bool returned = false;
    std::thread timer([&] {
        if (at.seconds <= 0)
            return;
        QElapsedTimer t;
        t.start();
        while (!returned.load() && t.nsecsElapsed() < at.seconds * 1e9)
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        if (!returned.load())
            stop();
    });
    QString error;
    const bool done = bool(analyzeMassFile(path, o, &error, p));
    returned.store(true);
    const double latency = sinceCancel.isValid() ? sinceCancel.nsecsElapsed() * 1e-9 : -1;
    timer.join();
    QJsonObject out{{QStringLiteral("seconds_to_return"), latency},
                    {QStringLiteral("finished_anyway"), done},
                    {QStringLiteral("rss_anon_after_mib"), mib(rssAnon())}};
    if (at.progress >= 0)
        out.insert(QStringLiteral("at_progress"), at.progress);
    else
        out.insert(QStringLiteral("at_seconds"), at.seconds);
    return out;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser p;
    p.addPositionalArgument(QStringLiteral("SIZE_GB"), QStringLiteral("File size (default 1)."));
    p.addOptions({{QStringLiteral("shape"), QStringLiteral("layers,heads,queries"),
                   QStringLiteral("L,H,Q"), QStringLiteral("32,1,1")},
                  {QStringLiteral("blocks"), QStringLiteral("Block sizes to run"),
                   QStringLiteral("LIST"), QStringLiteral("16,5")},
                  {QStringLiteral("threads"), QStringLiteral("Analyzer threads (0: automatic)"),
                   QStringLiteral("N"), QStringLiteral("0")},
                  {QStringLiteral("dir"), QStringLiteral("Where to write the file"),
                   QStringLiteral("DIR")}});
    p.process(app);
    const double gb =
        p.positionalArguments().isEmpty() ? 1.0 : p.positionalArguments().first().toDouble();
    QList<qint64> shape;
    for (const QString &d : p.value(QStringLiteral("shape")).split(u','))
        shape << d.toLongLong();
    qint64 lead = 1;
    for (qint64 d : shape)
        lead *= d;
    if (gb <= 0 || shape.size() != 3 || lead <= 0) {
        std::fputs("bench_mass: SIZE_GB > 0 and --shape L,H,Q expected\n", stderr);
        return 2;
    }
    shape << qint64(gb * 1e9 / 2 / double(lead));

    QTemporaryDir dir(p.isSet(QStringLiteral("dir"))
                          ? p.value(QStringLiteral("dir")) + QStringLiteral("/bench_mass-XXXXXX")
                          : QString());
    const QString path = dir.filePath(QStringLiteral("weights.npy"));
    QElapsedTimer t;
    t.start();
    if (!dir.isValid() || !writeNpy(path, shape)) {
        std::fprintf(stderr, "bench_mass: cannot write %s\n", qPrintable(path));
        return 1;
    }
    const double writeSeconds = t.nsecsElapsed() * 1e-9;
    const qint64 size = QFileInfo(path).size();
    readRate(path); // the first read may come from disk: warm the cache, then measure
    const double cacheRate = readRate(path);

    QJsonArray runs;
    for (const QString &b : p.value(QStringLiteral("blocks")).split(u',')) {
        MassOptions o;
        o.blockSize = b.toInt();
        o.curveLayers = {0};
        o.threads = p.value(QStringLiteral("threads")).toInt();
        const qint64 before = rssAnon();
        QString error;
        RssSampler sampler;
        t.start();
        const auto report = analyzeMassFile(path, o, &error);
        const double seconds = t.nsecsElapsed() * 1e-9;
        const qint64 peak = sampler.stop();
        if (!report) {
            std::fprintf(stderr, "bench_mass: %s\n", qPrintable(error));
            return 1;
        }
        // At 50% progress, and at moments spread over an uncancelled run: before it, while
        // the sums are allocated, streamed, and ranked at the end.
        QJsonArray cancels{cancelLatency(path, o, {0.5, -1})};
        for (double f : {0.0, 0.02, 0.25, 0.5, 0.75, 0.9, 0.97})
            cancels << cancelLatency(path, o, {-1, f * seconds});
        runs << QJsonObject{
            {QStringLiteral("block_size"), o.blockSize},
            {QStringLiteral("threads"), o.threads},
            {QStringLiteral("seconds"), seconds},
            {QStringLiteral("gb_per_s"), double(size) / seconds * 1e-9},
            {QStringLiteral("rss_anon_before_mib"), mib(before)},
            {QStringLiteral("rss_anon_peak_mib"), mib(peak)},
            {QStringLiteral("peak_over_before_per_file_byte"), double(peak - before) / size},
            {QStringLiteral("cancel"), cancels}};
    }
    QJsonArray shapeJson;
    for (qint64 d : shape)
        shapeJson << d;
    const QJsonObject out{{QStringLiteral("file_bytes"), size},
                          {QStringLiteral("shape"), shapeJson},
                          {QStringLiteral("write_seconds"), writeSeconds},
                          {QStringLiteral("page_cache_read_gb_per_s"), cacheRate * 1e-9},
                          {QStringLiteral("cpus"), int(std::thread::hardware_concurrency())},
                          {QStringLiteral("runs"), runs}};
    std::fputs(QJsonDocument(out).toJson(QJsonDocument::Indented).constData(), stdout);
    return 0;
}
