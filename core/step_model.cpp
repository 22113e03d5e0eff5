#include "step_model.h"

#include "weights.h"

#include <algorithm>
#include <cmath>

namespace kvl {

bool isValidTpDegree(const ModelSpec &m, int gpus)
{
    if (gpus < 1 || (m.queryHeads > 0 && m.queryHeads % gpus != 0))
        return false;
    // The pattern's layer types, as they repeat: without grouping them (cacheTypeCounts), which
    // costs more than the check and runs for every degree a search tries.
    const int types =
        int(std::min<qsizetype>(std::max<qsizetype>(1, m.layerPattern.size()), m.layers));
    for (int i = 0; i < types; ++i) {
        const LayerType &t = m.layerType(i);
        if (!hasKvHeads(t.kind))
            continue;
        const int heads = m.kvHeadsOf(t);
        if (heads <= 0 || (heads % gpus != 0 && gpus % heads != 0))
            return false;
    }
    return true;
}

namespace {
void addGrowth(QVarLengthArray<CacheModel::Growth, 4> &growth, qint64 cap, double bytes,
               double flop)
{
    for (CacheModel::Growth &g : growth) {
        if (g.cap == cap) {
            g.bytes += bytes;
            g.flop += flop;
            return;
        }
    }
    growth.append({cap, bytes, flop});
}

qint64 held(const CacheModel::Growth &g, qint64 L)
{
    return g.cap > 0 ? std::min(L, g.cap) : L;
}

double sum(const QVarLengthArray<CacheModel::Growth, 4> &growth, qint64 L, bool flop)
{
    double total = 0;
    for (const CacheModel::Growth &g : growth)
        total += (flop ? g.flop : g.bytes) * double(held(g, L));
    return total;
}
} // namespace

CacheModel::CacheModel(const ModelSpec &m, const Precision &kv, int batch, int gpus, bool withMtp)
    : CacheModel(m, m.cacheTypeCounts(withMtp), kv, batch, gpus)
{
}

CacheModel::CacheModel(const ModelSpec &m, const LayerTypeCounts &types, const Precision &kv,
                       int batch, int gpus)
{
    const int n = std::max(1, gpus);
    for (const LayerTypeCount &c : types) {
        const LayerCache layer = m.layerCache(c.type, n);
        const double per = double(batch) * c.layers;
        stateBytes += per * double(layer.stateBytes);
        stateFlop += per * layer.stateFlop;
        for (const CacheTerm &t : layer.held) {
            if (t.tokens > 0)
                fixedHeldBytes += per * double(t.bytes(kv)) * double(t.tokens);
            else
                addGrowth(held, t.cap, per * double(t.bytes(kv)), 0);
        }
        for (const CacheTerm &t : layer.read) {
            if (t.tokens > 0) {
                fixedReadBytes += per * double(t.bytes(kv)) * double(t.tokens);
                fixedReadFlop += per * t.flop * double(t.tokens);
            } else {
                addGrowth(read, t.cap, per * double(t.bytes(kv)), per * t.flop);
            }
        }
    }
}

double CacheModel::kvBytes(qint64 L) const
{
    return sum(held, L, false) + fixedHeldBytes;
}

double CacheModel::kvReadBytes(qint64 L) const
{
    return sum(read, L, false) + fixedReadBytes;
}

double CacheModel::attentionFlop(qint64 L) const
{
    return sum(read, L, true) + fixedReadFlop;
}

StepModel::StepModel(const Scenario &s) : StepModel(s, weightBytes(s)) {}

StepModel::StepModel(const Scenario &s, const WeightBytes &weights)
    : StepModel(s, weights, s.model.cacheTypeCounts(s.speculativeDecoding))
{
}

StepModel::StepModel(const Scenario &s, const WeightBytes &weights, const LayerTypeCounts &types)
    : CacheModel(s.model, types, s.kvPrecision, s.batch, s.gpus)
{
    const int n = std::max(1, s.gpus);
    weightBytesRead = weightBytesReadPerStep(s, weights) / n;
    matmulFlop = 2.0 * s.model.parametersActive() * s.batch / n;
    bandwidth = s.gpu.bandwidth * s.efficiency;
    matmulPeak = s.gpu.peakFlops(computePrecision(s)) * s.computeEfficiency;
    attentionPeak = s.gpu.peakBf16 * s.computeEfficiency;
}

double StepModel::memorySeconds(qint64 L) const
{
    return memorySecondsFor(kvReadBytes(L));
}

double StepModel::computeSeconds(qint64 L) const
{
    return computeSecondsFor(attentionFlop(L));
}

double StepModel::memorySecondsFor(double kvBytesRead) const
{
    return (weightBytesRead + stateBytes + kvBytesRead) / bandwidth;
}

double StepModel::computeSecondsFor(double flop) const
{
    return matmulFlop / matmulPeak + (flop + stateFlop) / attentionPeak;
}

double StepModel::stepSeconds(qint64 L) const
{
    return std::max(memorySeconds(L), computeSeconds(L));
}

namespace {
struct Line
{
    double a = 0, b = 0; // a + b × L
    double at(double L) const { return a + b * L; }
};

// Σ_{L=from}^{from+count-1} (a + b L), exactly as an arithmetic series.
double sumLine(const Line &f, qint64 from, qint64 count)
{
    if (count <= 0)
        return 0;
    const double c = double(count);
    return c * f.a + f.b * (c * double(from) + c * (c - 1) / 2);
}

// Σ of max(f, g) over [from, from + count): lines cross at most once.
double sumMax(const Line &f, const Line &g, qint64 from, qint64 count)
{
    if (count <= 0)
        return 0;
    const qint64 last = from + count - 1;
    const bool fFirst = f.at(double(from)) >= g.at(double(from));
    const bool fLast = f.at(double(last)) >= g.at(double(last));
    if (fFirst == fLast)
        return sumLine(fFirst ? f : g, from, count);
    // First integer L at which the other line is on top.
    // Clamped as a double: the crossing of nearly parallel lines can be any double or NaN.
    const double cross = std::ceil((g.a - f.a) / (f.b - g.b));
    qint64 split = cross >= double(last)      ? last
                   : cross > double(from + 1) ? qint64(cross)
                                              : from + 1;
    const Line &before = fFirst ? f : g;
    const Line &after = fFirst ? g : f;
    if (before.at(double(split)) > after.at(double(split)))
        ++split;
    return sumLine(before, from, split - from) + sumLine(after, split, last + 1 - split);
}

// Calls piece(from, count, bytes line, flop line) for each linear piece of [from, from + count):
// between two caps every capped kind is either still growing or already full.
template <typename Piece>
void forEachPiece(const QVarLengthArray<CacheModel::Growth, 4> &growth, qint64 from, qint64 count,
                  Piece piece)
{
    const qint64 end = from + count;
    qint64 a = from;
    while (a < end) {
        qint64 b = end;
        for (const auto &g : growth)
            if (g.cap > a && g.cap < b)
                b = g.cap;
        Line bytes, flop;
        for (const auto &g : growth) {
            if (g.cap > 0 && g.cap <= a) {
                bytes.a += g.bytes * double(g.cap);
                flop.a += g.flop * double(g.cap);
            } else {
                bytes.b += g.bytes;
                flop.b += g.flop;
            }
        }
        piece(a, b - a, bytes, flop);
        a = b;
    }
}
} // namespace

double StepModel::sumStepSeconds(qint64 from, qint64 count) const
{
    double total = 0;
    forEachPiece(read, from, count, [&](qint64 a, qint64 n, const Line &bytes, const Line &flop) {
        const Line memory{(weightBytesRead + stateBytes + fixedReadBytes + bytes.a) / bandwidth,
                          bytes.b / bandwidth};
        const Line compute{matmulFlop / matmulPeak +
                               (stateFlop + fixedReadFlop + flop.a) / attentionPeak,
                           flop.b / attentionPeak};
        total += sumMax(memory, compute, a, n);
    });
    return total;
}

double StepModel::sumKvSeconds(qint64 from, qint64 count) const
{
    double total = 0;
    forEachPiece(read, from, count, [&](qint64 a, qint64 n, const Line &bytes, const Line &) {
        total += sumLine({(fixedReadBytes + bytes.a) / bandwidth, bytes.b / bandwidth}, a, n);
    });
    return total;
}

} // namespace kvl
