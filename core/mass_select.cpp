#include "mass_select.h"

#include <bit>
#include <cmath>

namespace kvl::mass {

namespace {

constexpr int kBits = 12;
constexpr size_t kBuckets = size_t(1) << kBits;
// Below this many masses one sort is quicker than another pass.
constexpr size_t kSorted = 2048;

// Masses ≥ 0 order as their bits do; -0 is taken as 0.
quint64 keyOf(double x)
{
    return std::bit_cast<quint64>(x) & ~(quint64(1) << 63);
}

// fn(i) for every index of `n`, with a cancel check between chunks.
template <typename Fn> void forEach(size_t n, const Ticker &t, Fn &&fn)
{
    for (size_t start = 0; start < n; start += kChunk) {
        t.check();
        const size_t end = std::min(n, start + size_t(kChunk));
        for (size_t i = start; i < end; ++i)
            fn(i);
    }
}

// The masses for which `in` holds to the front of `v`; how many they are.
template <typename In> size_t moveToFront(std::span<double> v, In &&in, const Ticker &t)
{
    size_t front = 0;
    forEach(v.size(), t, [&](size_t i) {
        if (in(v[i]))
            std::swap(v[front++], v[i]);
    });
    return front;
}

// `q` answered over `size` equal masses `x` that follow `n` blocks holding `cum`.
void answerEqual(TopQuery &q, double cum, qint64 n, qint64 size, double x)
{
    qint64 m = size;
    if (q.byCount) {
        m = q.count - n;
    } else if (x > 0) {
        m = std::clamp<qint64>(qint64(std::ceil((q.threshold - cum) / x)), 1, size);
        while (m > 1 && cum + double(m - 1) * x >= q.threshold)
            --m;
        while (m < size && cum + double(m) * x < q.threshold)
            ++m;
    }
    q.blocks = n + m;
    q.sum = cum + double(m) * x;
}

// The queries in `qs`, each answered within `v`, given the `n` larger blocks before it that
// hold `cum`.
void select(std::span<double> v, double cum, qint64 n, const std::vector<TopQuery *> &qs,
            const Ticker &t)
{
    if (v.size() <= kSorted) {
        std::sort(v.begin(), v.end(), std::greater<>());
        for (TopQuery *q : qs) {
            double c = cum;
            size_t i = 0;
            if (q->byCount) {
                for (; n + qint64(i) < q->count; ++i)
                    c += v[i];
            } else {
                while (i < v.size() && c < q->threshold)
                    c += v[i++];
            }
            q->blocks = n + qint64(i);
            q->sum = c;
        }
        return;
    }

    quint64 lo = ~quint64(0), hi = 0;
    forEach(v.size(), t, [&](size_t i) {
        const quint64 k = keyOf(v[i]);
        lo = std::min(lo, k);
        hi = std::max(hi, k);
    });
    if (lo == hi) {
        for (TopQuery *q : qs)
            answerEqual(*q, cum, n, qint64(v.size()), v[0]);
        return;
    }
    // The 12 bits below the prefix every key shares: the lowest and the highest key differ in
    // the first of them, so every bucket below holds fewer masses than `v`.
    const int shift = std::max(0, 64 - std::countl_zero(lo ^ hi) - kBits);
    const quint64 base = lo >> shift;
    const auto bucketOf = [&](double x) { return size_t((keyOf(x) >> shift) - base); };
    std::vector<qint64> counts(kBuckets);
    std::vector<double> sums(kBuckets);
    forEach(v.size(), t, [&](size_t i) {
        const size_t b = bucketOf(v[i]);
        ++counts[b];
        sums[b] += v[i];
    });

    // From the largest bucket down, each query's answer lies in the first bucket that reaches it.
    struct Target
    {
        size_t bucket;
        double cum;
        qint64 n;
        std::vector<TopQuery *> qs;
    };
    std::vector<Target> targets;
    std::vector<TopQuery *> open = qs;
    for (size_t b = kBuckets; b-- > 0 && !open.empty();) {
        if (counts[b] == 0)
            continue;
        for (auto it = open.begin(); it != open.end();) {
            TopQuery *q = *it;
            const bool reached =
                q->byCount ? n + counts[b] >= q->count : cum + sums[b] >= q->threshold;
            if (!reached) {
                ++it;
                continue;
            }
            it = open.erase(it);
            if (q->byCount && n + counts[b] == q->count) {
                q->blocks = q->count;
                q->sum = cum + sums[b];
            } else {
                if (targets.empty() || targets.back().bucket != b)
                    targets.push_back({b, cum, n, {}});
                targets.back().qs.push_back(q);
            }
        }
        cum += sums[b];
        n += counts[b];
    }
    for (TopQuery *q : open) { // a threshold the running sum never reaches: every mass
        q->blocks = n;
        q->sum = cum;
    }
    // Each target bucket's masses to the front of what is left, then its queries inside it.
    std::span<double> rest = v;
    for (const Target &target : targets) {
        const size_t m = moveToFront(
            rest, [&](double x) { return bucketOf(x) == target.bucket; }, t);
        select(rest.first(m), target.cum, target.n, target.qs, t);
        rest = rest.subspan(m);
    }
}

} // namespace

void selectTop(std::span<double> masses, std::span<TopQuery> queries, const Ticker &t)
{
    std::vector<TopQuery *> qs;
    for (TopQuery &q : queries)
        qs.push_back(&q);
    select(masses, 0, 0, qs, t);
}

} // namespace kvl::mass
