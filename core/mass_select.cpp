#include "mass_select.h"

#include <bit>
#include <cmath>

namespace kvl::mass {

namespace {

constexpr int kBits = 12;
constexpr size_t kBuckets = size_t(1) << kBits;
// Below this many masses one sort is quicker than another pass.
constexpr size_t kSorted = 2048;

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

// A bucket where answers lie, and the queries answered there.
struct Target
{
    size_t bucket;
    double cum;
    qint64 n;
    std::vector<TopQuery *> qs;
    size_t front = 0; // where its next mass goes in `v`: past the last, once gathered
    KeyRange keys;    // of its masses
};

// Each target's masses to the front of what the targets before it leave, exactly where one swap
// pass per target would move them (each mass of its bucket swapped to the front as the pass meets
// it; their order is the order of the sums taken inside the target), in one pass over `v`: a
// target's pass only looks past the masses of the targets before it, where the passes before
// have left everything as it will stay once they have gone by.
template <typename TargetOf>
void gather(std::span<double> v, std::span<Target> targets, TargetOf targetOf, const Ticker &t)
{
    const size_t none = targets.size();
    std::vector<size_t> start(none + 1, ~size_t(0)); // none's pass never comes
    for (size_t k = 0; k < none; ++k)
        start[k] = targets[k].front;
    // The passes at position i: target k's meets a mass of its own, swapped to its front. The
    // mass swapped in is a later target's (whose pass is here too), or none, or the same one.
    const auto meet = [&](size_t i) {
        for (size_t k = targetOf(v[i]); i >= start[k];) {
            targets[k].keys.add(v[i]);
            std::swap(v[targets[k].front++], v[i]);
            const size_t next = targetOf(v[i]);
            if (next <= k)
                break;
            k = next;
        }
    };
    // Most masses are no pass's: 64 at a time, the ones to meet found without a branch each (a
    // pass leaves the masses past i where they are).
    constexpr size_t kGroup = 64;
    const size_t whole = v.size() - v.size() % kGroup;
    for (size_t g = 0; g < whole; g += kGroup) {
        if (g % kChunk == 0)
            t.check();
        quint64 meets = 0;
        for (size_t j = 0; j < kGroup; ++j)
            meets |= quint64(g + j >= start[targetOf(v[g + j])]) << j;
        for (; meets != 0; meets &= meets - 1)
            meet(g + size_t(std::countr_zero(meets)));
    }
    for (size_t i = whole; i < v.size(); ++i)
        meet(i);
}

// The queries in `qs`, each answered within `v` (whose keys span `keys`), given the `n` larger
// blocks before it that hold `cum`.
void select(std::span<double> v, KeyRange keys, double cum, qint64 n,
            const std::vector<TopQuery *> &qs, const Ticker &t)
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
    if (keys.lo == keys.hi) {
        for (TopQuery *q : qs)
            answerEqual(*q, cum, n, qint64(v.size()), v[0]);
        return;
    }
    // The 12 bits below the prefix every key shares: the lowest and the highest key differ in
    // the first of them, so every bucket below holds fewer masses than `v`.
    const int shift = std::max(0, 64 - std::countl_zero(keys.lo ^ keys.hi) - kBits);
    const quint64 base = keys.lo >> shift;
    const auto bucketOf = [&](double x) { return size_t((massKey(x) >> shift) - base); };
    std::vector<qint64> counts(kBuckets);
    std::vector<double> sums(kBuckets);
    forEach(v.size(), t, [&](size_t i) {
        const size_t b = bucketOf(v[i]);
        ++counts[b];
        sums[b] += v[i];
    });

    // From the largest bucket down, each query's answer lies in the first bucket that reaches it.
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
                    targets.push_back({b, cum, n, {}, 0, {}});
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
    if (targets.empty())
        return;

    std::vector<size_t> targetIn(kBuckets, targets.size()); // none: past the last
    size_t front = 0;
    for (size_t k = 0; k < targets.size(); ++k) {
        targetIn[targets[k].bucket] = k;
        targets[k].front = front;
        front += size_t(counts[targets[k].bucket]);
    }
    gather(
        v, std::span(targets), [&](double x) { return targetIn[bucketOf(x)]; }, t);
    // Each target's queries inside its masses.
    front = 0;
    for (const Target &target : targets) {
        const size_t m = target.front - front;
        select(v.subspan(front, m), target.keys, target.cum, target.n, target.qs, t);
        front = target.front;
    }
}

} // namespace

void selectTop(std::span<double> masses, KeyRange keys, std::span<TopQuery> queries,
               const Ticker &t)
{
    std::vector<TopQuery *> qs;
    for (TopQuery &q : queries)
        qs.push_back(&q);
    select(masses, keys, 0, 0, qs, t);
}

} // namespace kvl::mass
