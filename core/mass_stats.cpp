#include "mass_stats.h"
#include "mass_select.h"

#include <array>
#include <cmath>
#include <numeric>

namespace kvl::mass {

namespace {

// Largest first. A radix sort on the bits (doubles ≥ 0 order as their bits do, -0 taken as 0):
// one counting pass and a scatter pass per 11-bit digit that differs, with cancel checks between
// chunks; a comparison sort of 100 million blocks is 5× slower and cannot be interrupted.
void sortLargestFirst(std::span<double> v, SortBuffer &buffer, const Ticker &t)
{
    if (v.size() < 4096) {
        std::sort(v.begin(), v.end(), std::greater<>());
        return;
    }
    constexpr int kBits = 11;
    constexpr int kPasses = (64 + kBits - 1) / kBits;
    constexpr quint64 kMask = (1u << kBits) - 1;
    const auto key = [](double x) {
        return ~massKey(x); // descending
    };
    std::vector<std::array<size_t, kMask + 1>> counts(kPasses);
    for (size_t i = 0; i < v.size(); ++i) {
        if (i % kChunk == 0)
            t.check();
        const quint64 k = key(v[i]);
        for (int p = 0; p < kPasses; ++p)
            ++counts[size_t(p)][(k >> (p * kBits)) & kMask];
    }
    std::span<double> from = v, to = buffer.get(v.size());
    for (int p = 0; p < kPasses; ++p) {
        std::array<size_t, kMask + 1> &offsets = counts[size_t(p)];
        if (std::find(offsets.begin(), offsets.end(), v.size()) != offsets.end())
            continue; // every key has the same digit here
        size_t sum = 0;
        for (size_t &o : offsets)
            sum += std::exchange(o, sum);
        for (size_t i = 0; i < from.size(); ++i) {
            if (i % kChunk == 0)
                t.check();
            to[offsets[(key(from[i]) >> (p * kBits)) & kMask]++] = from[i];
        }
        std::swap(from, to);
    }
    if (from.data() != v.data())
        std::copy(from.begin(), from.end(), v.begin());
}

} // namespace

namespace {

// The statistics from a full sort, and the curve's points on the way past.
void rankSorted(MassStats &s, std::span<double> masses, const MassOptions &o, SortBuffer &buffer,
                const Ticker &t, QList<QPointF> *curve)
{
    sortLargestFirst(masses, buffer, t);
    // Blocks that hold nothing sort last and change no sum: left out, the top blocks hold all
    // the mass once they include every block that holds any.
    const std::span<const double> held = masses.first(size_t(
        std::lower_bound(masses.begin(), masses.end(), 0.0, std::greater<>()) - masses.begin()));
    // Smallest first: less rounding.
    const double total = std::accumulate(held.rbegin(), held.rend(), 0.0);
    s.totalMass = total;
    // The curve's j-th point is at n_j blocks; its cumulative mass is kept on the way past.
    const qint64 steps =
        curve && o.curvePoints >= 2 ? std::min<qint64>(s.blocks, o.curvePoints - 1) : 0;
    const auto pointAt = [&](qint64 j) {
        return qint64(std::llround(double(j) * double(s.blocks) / double(steps)));
    };
    std::vector<double> pointMass;
    pointMass.reserve(size_t(steps));
    qint64 nextPoint = steps > 0 ? pointAt(1) : -1;
    const double targets[] = {0.5, 0.9, 0.99};
    qint64 *counts[] = {&s.blocksFor50, &s.blocksFor90, &s.blocksFor99};
    double cumulative = 0;
    int next = 0;
    for (size_t i = 0; i < held.size(); ++i) {
        if (i % kChunk == 0)
            t.check();
        cumulative += held[i];
        const qint64 n = qint64(i) + 1;
        if (n == s.topBlocks)
            s.topShare = cumulative / total;
        while (next < 3 && cumulative >= targets[next] * total * (1 - 1e-12))
            *counts[next++] = n;
        if (n == nextPoint) {
            pointMass.push_back(cumulative);
            nextPoint =
                qint64(pointMass.size()) < steps ? pointAt(qint64(pointMass.size()) + 1) : -1;
        }
    }
    if (s.topBlocks > qint64(held.size()))
        s.topShare = total > 0 ? 1 : 0;
    if (steps > 0) {
        pointMass.resize(size_t(steps), cumulative); // past the last block that holds mass
        curve->reserve(steps + 1);
        *curve << QPointF(0, 0);
        for (qint64 j = 1; j <= steps; ++j)
            *curve << QPointF(double(pointAt(j)) / double(s.blocks),
                              cumulative > 0 ? pointMass[size_t(j - 1)] / cumulative : 0);
    }
}

// The same statistics without the sort (no curve): a few passes over the masses.
void rankSelected(MassStats &s, std::span<double> masses, const Ticker &t)
{
    double total = 0;
    qint64 held = 0;
    KeyRange keys;
    for (size_t start = 0; start < masses.size(); start += kChunk) {
        t.check();
        for (size_t i = start; i < std::min(masses.size(), start + size_t(kChunk)); ++i) {
            total += masses[i];
            held += masses[i] > 0;
            keys.add(masses[i]);
        }
    }
    s.totalMass = total;
    if (total <= 0)
        return;
    const double slack = total * (1 - 1e-12); // as in rankSorted
    TopQuery queries[] = {{true, std::min(s.topBlocks, held)},
                          {false, 0, 0.5 * slack},
                          {false, 0, 0.9 * slack},
                          {false, 0, 0.99 * slack}};
    selectTop(masses, keys, queries, t);
    s.topShare = s.topBlocks >= held ? 1 : std::min(1.0, queries[0].sum / total);
    s.blocksFor50 = queries[1].blocks;
    s.blocksFor90 = queries[2].blocks;
    s.blocksFor99 = queries[3].blocks;
}

} // namespace

MassStats rankMasses(std::span<double> masses, qint64 blocks, const MassOptions &o,
                     SortBuffer &buffer, const Ticker &t, QList<QPointF> *curve)
{
    MassStats s;
    s.blocks = std::max<qint64>(blocks, qint64(masses.size()));
    // ceil, with slack for 0.01 × 6400 = 64.000000000000014.
    s.topBlocks = std::clamp<qint64>(qint64(std::ceil(o.topFraction * double(s.blocks) - 1e-9)), 1,
                                     std::max<qint64>(s.blocks, 1));
    if (curve || masses.size() < kSelectFrom)
        rankSorted(s, masses, o, buffer, t, curve);
    else
        rankSelected(s, masses, t);
    // Above the threshold and above what flat mass puts there.
    const double flat = double(s.topBlocks) / double(std::max<qint64>(s.blocks, 1));
    if (s.totalMass <= 0)
        s.verdict = MassVerdict::NoMass;
    else if (s.blocks < blocksForVerdict(o.topFraction))
        s.verdict = MassVerdict::TooFewBlocks;
    else
        s.verdict = s.topShare >= o.concentratedAt && s.topShare > flat + 1e-9
                        ? MassVerdict::Concentrated
                        : MassVerdict::Flat;
    return s;
}

QString noMemoryForSums()
{
    return MassText::tr("not enough memory for the block sums: choose a larger block size");
}

bool validOptions(const MassOptions &o, QString *error)
{
    if (o.blockSize < 1)
        *error = MassText::tr("block size %1: at least 1 token").arg(o.blockSize);
    else if (!(o.topFraction > 0 && o.topFraction <= 1))
        *error = MassText::tr("top fraction %1: expected (0, 1]").arg(o.topFraction);
    else if (!(o.concentratedAt > 0 && o.concentratedAt <= 1))
        *error = MassText::tr("threshold %1: expected (0, 1]").arg(o.concentratedAt);
    else if (o.threads < 0 || o.threads > kMaxThreads)
        *error = MassText::tr("threads %1: expected 0 (automatic) to %2")
                     .arg(o.threads)
                     .arg(kMaxThreads);
    else
        return true;
    return false;
}

std::vector<double> zeros(qint64 n, const Ticker &t)
{
    std::vector<double> v;
    v.reserve(size_t(n));
    while (qint64(v.size()) < n) {
        t.check();
        v.resize(size_t(std::min<qint64>(n, qint64(v.size()) + kChunk)));
    }
    return v;
}

void clear(std::span<double> v, const Ticker &t)
{
    for (size_t i = 0; i < v.size(); i += kChunk) {
        t.check();
        std::fill_n(v.begin() + i, std::min<size_t>(kChunk, v.size() - i), 0.0);
    }
}

QString layerError(const MassStats &s)
{
    if (s.totalMass <= 0)
        return MassText::tr("layer %1 holds no attention mass (every weight is zero)").arg(s.layer);
    if (!std::isfinite(s.totalMass))
        return MassText::tr("layer %1: the masses add up past the largest number").arg(s.layer);
    return {};
}

MassStats addLayer(MassReport &r, int layer, std::span<double> masses, qint64 blocks,
                   const MassOptions &o, SortBuffer &buffer, const Ticker &t)
{
    const bool withCurve = o.curveLayers.contains(layer);
    QList<QPointF> curve;
    MassStats s = rankMasses(masses, blocks, o, buffer, t, withCurve ? &curve : nullptr);
    s.layer = layer;
    r.layers << s;
    if (withCurve)
        r.curves << MassCurve{layer, curve};
    return s;
}

} // namespace kvl::mass
