#include "chunk_reader.h"
#include "mass_stats.h"
#include "npy_reader.h"
#include "units.h"

#include <QScopeGuard>
#include <QStringList>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <thread>

#ifdef KVL_X86_F16C
#include <immintrin.h>
#endif

namespace kvl::mass {

namespace {

// Values decoded at a time: they and their bytes stay in the L2 cache.
constexpr qint64 kDecoded = 1 << 14;

// The first of `n` values that is not a finite weight ≥ 0 (-0 passes: it equals 0), or n.
qint64 firstBadWeight(const float *v, qint64 n)
{
    for (qint64 i = 0; i < n; ++i)
        if (!(v[i] >= 0 && v[i] <= std::numeric_limits<float>::max()))
            return i;
    return n;
}

// `sum` plus v[0, n), in `Lanes` running sums added at the end. For float16 weights in blocks of
// at most 8,192 keys every partial sum is exact in a double (a multiple of 2^-24 below 2^29), so
// four lanes (no chain of dependent additions) give the same bits as one; float32 keeps one.
template <int Lanes> double addUp(double sum, const float *v, qint64 n)
{
    static_assert(Lanes == 1 || Lanes == 4);
    qint64 j = 0;
    if constexpr (Lanes == 4) {
        // Named lanes, not an array: the compiler keeps them in registers.
        double a = 0, b = 0, c = 0, d = 0;
        for (; j + 4 <= n; j += 4) {
            a += v[j];
            b += v[j + 1];
            c += v[j + 2];
            d += v[j + 3];
        }
        sum += (a + b) + (c + d);
    }
    for (; j < n; ++j)
        sum += v[j];
    return sum;
}

// Adds the sums of `blocks` whole blocks of `size` values each, v's first at v[0], to out[0,
// blocks).
using AddBlocks = void (*)(const float *v, qint64 blocks, qint64 size, double *out);

template <int Lanes> void addBlocks(const float *v, qint64 blocks, qint64 size, double *out)
{
    for (qint64 b = 0; b < blocks; ++b)
        out[b] += addUp<Lanes>(0, v + b * size, size);
}

#ifdef KVL_X86_F16C
// Eight floats into two vectors of four doubles.
__attribute__((target("avx"))) inline void addFloats(__m256d &lo, __m256d &hi, __m256 f)
{
    lo = _mm256_add_pd(lo, _mm256_cvtps_pd(_mm256_castps256_ps128(f)));
    hi = _mm256_add_pd(hi, _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1)));
}

// The exact sums (float16) in AVX: eight floats at a time into two vectors of doubles, a block's
// last few by a masked load, which reads nothing past them.
__attribute__((target("avx"))) void addExactBlocksAvx(const float *v, qint64 blocks, qint64 size,
                                                      double *out)
{
    static const qint32 lanes[16] = {-1, -1, -1, -1, -1, -1, -1, -1};
    const qint64 whole = size / 8 * 8;
    const __m256i tail =
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(lanes + 8 - size % 8));
    for (qint64 b = 0; b < blocks; ++b, v += size) {
        __m256d lo = _mm256_setzero_pd(), hi = _mm256_setzero_pd();
        __m256d lo2 = _mm256_setzero_pd(), hi2 = _mm256_setzero_pd();
        qint64 k = 0;
        for (; k + 16 <= whole; k += 16) {
            addFloats(lo, hi, _mm256_loadu_ps(v + k));
            addFloats(lo2, hi2, _mm256_loadu_ps(v + k + 8));
        }
        if (k < whole)
            addFloats(lo, hi, _mm256_loadu_ps(v + k));
        if (whole < size)
            addFloats(lo2, hi2, _mm256_maskload_ps(v + whole, tail));
        const __m256d s = _mm256_add_pd(_mm256_add_pd(lo, hi), _mm256_add_pd(lo2, hi2));
        const __m128d h = _mm_add_pd(_mm256_castpd256_pd128(s), _mm256_extractf128_pd(s, 1));
        out[b] += _mm_cvtsd_f64(_mm_add_sd(h, _mm_unpackhi_pd(h, h)));
    }
}
#endif

AddBlocks blockAdder(bool exactSums)
{
    if (!exactSums)
        return addBlocks<1>;
#ifdef KVL_X86_F16C
    if (hasF16c())
        return addExactBlocksAvx;
#endif
    return addBlocks<4>;
}

// A .npy's weights in file order, summed into blocks. A head's rows (its queries' keys) are
// contiguous, and so are a layer's heads: each head's sums are added into its layer's and
// ranked after its last row, the layer's after its last head. Memory: one head's and one
// layer's block sums, whatever the number of layers, queries or bytes.
class NpyBlocks
{
public:
    // From layer `first` on.
    NpyBlocks(const NpyHeader &h, const MassOptions &o, MassReport &r, Ticker &t, qint64 first)
        : m_o(o), m_r(r), m_t(t), m_rank(int(h.shape.size())),
          m_heads(m_rank == 4 ? h.shape.at(1) : 1),
          m_queries(m_rank >= 3 ? h.shape.at(m_rank - 2) : 1), m_keys(h.shape.last()),
          m_blocks((m_keys + o.blockSize - 1) / o.blockSize),
          m_exactSums(h.dtype == NpyDtype::Float16 && o.blockSize <= 8192),
          m_addBlocks(blockAdder(m_exactSums)), m_head(zeros(m_blocks, t)),
          m_layer(zeros(m_heads > 1 ? m_blocks : 0, t))
    {
        m_row = first * m_heads * m_queries;
    }
    // Block sums held: one head's, one layer's when there are several heads, a sort's copy.
    static qint64 held(qint64 heads, qint64 blocks) { return (heads > 1 ? 3 : 2) * blocks; }
    // Units of ranking work, for progress: every list of sums ranked, by length.
    static qint64 rankWork(const NpyHeader &h, qint64 blocks)
    {
        const qint64 heads = h.shape.size() == 4 ? h.shape.at(1) : 1;
        return h.shape.first() * (heads > 1 ? heads + 1 : 1) * blocks;
    }

    // The next `n` values in file order, already checked.
    void add(const float *v, qint64 n)
    {
        for (qint64 j = 0; j < n;) {
            const qint64 take = std::min(n - j, m_keys - m_key);
            addToRow(v + j, take);
            j += take;
            if (m_key == m_keys) {
                m_key = 0;
                if (++m_row % m_queries == 0)
                    finishHead();
            }
        }
    }
    // The first layer without mass, said once every weight is known to be valid.
    QString error() const { return m_error; }

private:
    // `n` values of the current row from m_key on: whole blocks at once, a block cut by the
    // read's start or end a part at a time.
    void addToRow(const float *v, qint64 n)
    {
        const qint64 bs = m_o.blockSize;
        const qint64 first = std::min(n, (bs - m_key % bs) % bs);
        if (first > 0)
            addPart(v, first);
        const qint64 whole = (n - first) / bs;
        m_addBlocks(v + first, whole, bs, m_head.data() + m_key / bs);
        m_key += whole * bs;
        if (const qint64 rest = n - first - whole * bs; rest > 0)
            addPart(v + first + whole * bs, rest);
    }
    // `n` values of one block: its keys are summed into one running sum, carried across reads
    // (in key order unless the sums are exact), and added to the block's total at its end.
    void addPart(const float *v, qint64 n)
    {
        if (m_exactSums)
            m_addBlocks(v, 1, n, &m_partial);
        else
            m_partial = addUp<1>(m_partial, v, n);
        m_key += n;
        if (m_key % m_o.blockSize == 0 || m_key == m_keys) {
            m_head[size_t((m_key - 1) / m_o.blockSize)] += m_partial;
            m_partial = 0;
        }
    }

    void finishHead()
    {
        m_t.report(); // ranking starts: a large layer takes a while
        const qint64 index = m_row / m_queries - 1;
        const int layer = int(index / m_heads);
        const int head = int(index % m_heads);
        if (m_heads == 1) {
            // The layer is its one head: ranked once, reported as both.
            MassStats s = addLayer(m_r, layer, m_head, m_blocks, m_o, m_sort, m_t);
            if (m_rank == 4) {
                s.head = 0;
                m_r.heads << s;
            }
            finishLayer(s);
            clear(m_head, m_t);
            return;
        }
        for (qint64 b = 0; b < m_blocks; ++b) {
            if (b % kChunk == 0)
                m_t.check();
            m_layer[size_t(b)] += m_head[size_t(b)];
        }
        MassStats s = rankMasses(m_head, m_blocks, m_o, m_sort, m_t);
        s.layer = layer;
        s.head = head;
        m_r.heads << s;
        m_t.step(m_blocks);
        clear(m_head, m_t);
        if (head == m_heads - 1) {
            finishLayer(addLayer(m_r, layer, m_layer, m_blocks, m_o, m_sort, m_t));
            clear(m_layer, m_t);
        }
    }

    void finishLayer(const MassStats &s)
    {
        if (m_error.isEmpty())
            m_error = layerError(s);
        m_t.step(m_blocks);
    }

    const MassOptions &m_o;
    MassReport &m_r;
    Ticker &m_t;
    const int m_rank;
    const qint64 m_heads, m_queries, m_keys, m_blocks;
    const bool m_exactSums;
    const AddBlocks m_addBlocks;
    std::vector<double> m_head, m_layer;
    SortBuffer m_sort;
    qint64 m_row = 0, m_key = 0;
    double m_partial = 0;
    QString m_error;
};

// Where a share of the layers stopped short: a value's index in the file, and why.
struct Stop
{
    qint64 at = 0;
    QString why;
};

// "weight at [layer 0, head 1, query 0, key 17] is NaN": where, in the file's own axes.
QString badWeightText(const NpyHeader &h, float v, qint64 at)
{
    const qsizetype rank = h.shape.size();
    const qint64 heads = rank == 4 ? h.shape.at(1) : 1;
    const qint64 queries = rank >= 3 ? h.shape.at(rank - 2) : 1;
    const qint64 keys = h.shape.last();
    const qint64 row = at / keys;
    QStringList where = {MassText::tr("layer %1").arg(row / (heads * queries))};
    if (rank == 4)
        where << MassText::tr("head %1").arg((row / queries) % heads);
    if (rank >= 3)
        where << MassText::tr("query %1").arg(row % queries);
    where << MassText::tr("key %1").arg(at % keys);
    const QString what = std::isnan(v)   ? QStringLiteral("NaN")
                         : std::isinf(v) ? QStringLiteral("infinite")
                                         : MassText::tr("negative (%1)").arg(v);
    return MassText::tr("weight at [%1] is %2: attention weights are finite and ≥ 0")
        .arg(where.join(QStringLiteral(", ")), what);
}

// Layers [first, first + count) read from `in` into `r`: nothing when they read through (the
// first layer without mass, if any, in *layerError), else where and why they stopped.
std::optional<Stop> readLayers(ChunkReader &in, const NpyHeader &h, const MassOptions &o,
                               qint64 first, qint64 count, MassReport &r, Ticker &t,
                               QString *layerError)
{
    const int item = h.itemSize();
    const qint64 perLayer = h.count() / h.shape.first();
    const qint64 end = (first + count) * perLayer;
    NpyBlocks sums(h, o, r, t, first);
    qint64 done = first * perLayer;
    if (!in.seek(h.dataOffset + done * item))
        return Stop{done, in.error()};
    std::vector<float> decoded(size_t(std::min(end - done, kDecoded)));
    while (done < end) {
        const qint64 n = std::min(end - done, kChunk / item);
        const auto bytes = in.read(n * item);
        if (!bytes)
            return Stop{done, in.error()};
        t.step(n); // before the sums: the last read ends with a layer's ranking
        for (qint64 j = 0; j < n; j += kDecoded) {
            const qint64 m = std::min(kDecoded, n - j);
            const char *data = bytes->data() + j * item;
            if (!readNpyWeights(h.dtype, data, m, decoded.data())) {
                readNpyValues(h.dtype, data, m, decoded.data());
                if (const qint64 bad = firstBadWeight(decoded.data(), m); bad < m)
                    return Stop{done + j + bad,
                                badWeightText(h, decoded[size_t(bad)], done + j + bad)};
            }
            sums.add(decoded.data(), m);
        }
        done += n;
    }
    *layerError = sums.error();
    return std::nullopt;
}

// Block sums the layers read at once may hold in all (doubles): 256 MiB, or one reader's.
constexpr qint64 kParallelBlocks = qint64(1) << 25;

// How many threads read the layers: what o.threads asks, else one per CPU (at most 8) for a
// file of 64 MiB or more, as far as the layers and the block sums' memory allow.
int readerThreads(const MassOptions &o, const NpyHeader &h, qint64 held)
{
    const qint64 layers = h.shape.first();
    if (o.threads > 0)
        return int(std::min<qint64>(o.threads, layers));
    if (h.count() * h.itemSize() < (qint64(64) << 20))
        return 1;
    const qint64 cpus = std::max(1u, std::thread::hardware_concurrency());
    return int(std::clamp<qint64>(
        std::min({cpus, qint64(8), layers, kParallelBlocks / std::max<qint64>(held, 1)}), 1,
        layers));
}

// One thread's share of the layers: its report, and what stopped it.
struct Share
{
    qint64 first = 0, count = 0;
    MassReport report;
    std::optional<Stop> stop;
    QString layerError;
    std::atomic_bool halt = false; // a cancel, or a stop in the layers before these
    MassProgress progress;         // no callback: only this thread's caller reports
};

// The layers in `threads` contiguous shares, each read from its own reader on its own thread;
// this thread reports progress and passes a cancel on. Joined in layer order, the report is the
// one pass's, and so is the error: the first in the file.
std::optional<MassReport> readInParallel(ChunkReader &in, const NpyHeader &h, const MassOptions &o,
                                         MassReport r, int threads, Ticker &ticker, qint64 total,
                                         QString *error)
{
    const qint64 layers = h.shape.first();
    std::vector<std::unique_ptr<Share>> shares;
    for (int k = 0; k < threads; ++k) {
        auto s = std::make_unique<Share>();
        s->first = layers * k / threads;
        s->count = layers * (k + 1) / threads - s->first;
        s->progress.cancel = &s->halt;
        shares.push_back(std::move(s));
    }
    std::atomic<qint64> done = 0;
    std::mutex mutex;
    std::condition_variable finishedOne;
    int finished = 0;
    const auto work = [&](size_t k) {
        Share &s = *shares[k];
        const qint64 perLayer = h.count() / layers;
        try {
            Ticker t(s.progress, total, &done);
            ChunkReader own;
            QString why;
            if (!own.openLike(in, &why))
                s.stop = Stop{s.first * perLayer, why};
            else
                s.stop = readLayers(own, h, o, s.first, s.count, s.report, t, &s.layerError);
        } catch (const Cancelled &) {
        } catch (const std::bad_alloc &) {
            s.stop = Stop{s.first * perLayer, noMemoryForSums()};
        }
        if (s.stop) // the layers after these no longer matter
            for (size_t j = k + 1; j < shares.size(); ++j)
                shares[j]->halt = true;
        const std::lock_guard lock(mutex);
        ++finished;
        finishedOne.notify_one();
    };
    {
        std::vector<std::jthread> workers;
        // However this scope ends (a cancel thrown from the progress report included), the
        // readers stop before they are joined: when they are done already, this changes nothing.
        const auto haltAll = qScopeGuard([&] {
            for (auto &s : shares)
                s->halt = true;
        });
        for (size_t k = 0; k < shares.size(); ++k)
            workers.emplace_back(work, k);
        std::unique_lock lock(mutex);
        while (!finishedOne.wait_for(lock, std::chrono::milliseconds(10),
                                     [&] { return finished == threads; })) {
            lock.unlock();
            ticker.reach(done.load(std::memory_order_relaxed)); // throws Cancelled on a cancel
            lock.lock();
        }
    }
    ticker.reach(done.load());
    for (auto &s : shares)
        if (s->stop)
            return failed(error, s->stop->why);
    for (auto &s : shares) {
        if (!s->layerError.isEmpty())
            return failed(error, s->layerError);
        r.layers += s->report.layers;
        r.heads += s->report.heads;
        r.curves += s->report.curves;
    }
    return r;
}

} // namespace

std::optional<MassReport> analyzeNpyStream(ChunkReader &in, const MassOptions &o, QString *error,
                                           const MassProgress &progress)
{
    if (!validOptions(o, error))
        return std::nullopt;
    const auto head = in.read(kNpyHeaderMaxBytes);
    if (!head)
        return failed(error, in.error());
    const auto h = parseNpyHeader(*head, in.size(), error);
    if (!h)
        return std::nullopt;
    const qsizetype rank = h->shape.size();
    if (rank < 2 || rank > 4)
        return failed(error, MassText::tr("shape %1 has %2 axes: expected [layers, keys], [layers, "
                                          "queries, keys] or [layers, heads, queries, keys]")
                                 .arg(h->shapeText())
                                 .arg(rank));
    const qint64 layers = h->shape.first();
    const qint64 heads = rank == 4 ? h->shape.at(1) : 1;
    const qint64 keys = h->shape.last();
    if (layers > limits::maxLayers)
        return failed(error, MassText::tr("shape %1: %2 layers, more than %3")
                                 .arg(h->shapeText())
                                 .arg(layers)
                                 .arg(limits::maxLayers));
    if (heads > limits::maxHeads)
        return failed(error, MassText::tr("shape %1: %2 heads, more than %3")
                                 .arg(h->shapeText())
                                 .arg(heads)
                                 .arg(limits::maxHeads));
    const qint64 blocks = (keys + o.blockSize - 1) / o.blockSize;
    const qint64 held = NpyBlocks::held(heads, blocks);
    if (held > kMaxBlocks)
        return failed(error,
                      MassText::tr("%1 blocks of %2 keys are too many to hold: choose a larger "
                                   "block size")
                          .arg(formatInteger(blocks))
                          .arg(o.blockSize));

    MassReport r;
    r.shape = h->shape;
    r.blockSize = o.blockSize;
    r.keys = keys;
    r.topFraction = o.topFraction;
    const qint64 total = h->count() + NpyBlocks::rankWork(*h, blocks);
    Ticker ticker(progress, total);
    ticker.report();
    if (const int threads = readerThreads(o, *h, held); threads > 1)
        return readInParallel(in, *h, o, std::move(r), threads, ticker, total, error);
    QString layerError;
    if (const auto stop = readLayers(in, *h, o, 0, layers, r, ticker, &layerError))
        return failed(error, stop->why);
    ticker.report();
    if (!layerError.isEmpty())
        return failed(error, layerError);
    return r;
}

} // namespace kvl::mass
