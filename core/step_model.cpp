#include "step_model.h"

#include <algorithm>
#include <cmath>

namespace kvl {

int kvHeadsPerGpu(const ModelSpec &m, int gpus)
{
    // vLLM replicates KV heads once the TP degree passes the head count.
    return std::max(1, (m.kvHeads + gpus - 1) / gpus);
}

bool isValidTpDegree(const ModelSpec &m, int gpus)
{
    if (gpus < 1 || m.queryHeads % gpus != 0)
        return false;
    if (!m.hasKind(AttentionKind::Full) && !m.hasKind(AttentionKind::SlidingWindow))
        return true;
    return m.kvHeads % gpus == 0 || gpus % m.kvHeads == 0;
}

// Weight bytes one decode step reads: all of a dense model; for MoE the shared part plus the
// experts the batch touches (each token picks k of E; E × (1 - (1 - k/E)^B) distinct on average).
static double weightBytesReadPerStep(const Scenario &s)
{
    const ModelSpec &m = s.model;
    const double e = s.weightPrecision.bytesPerElement();
    if (!m.isMoE() || m.experts <= m.expertsPerToken)
        return m.parameters() * e;
    const double total = m.parameters();
    const double active = m.parametersActive();
    const double perExpert = (total - active) / (m.experts - m.expertsPerToken);
    const double shared = active - m.expertsPerToken * perExpert;
    const double k = m.expertsPerToken, E = m.experts;
    const double touched = E * (1.0 - std::pow(1.0 - k / E, s.batch));
    return std::min(total, shared + touched * perExpert) * e;
}

qint64 kvBytesPerTokenLayerPerGpu(const ModelSpec &m, int gpus, AttentionKind kind,
                                  const Precision &p)
{
    if (kind == AttentionKind::Latent)
        return p.bytesFor(m.kvElementsPerTokenLayer(kind)); // replicated on every rank
    ModelSpec perGpu = m;
    perGpu.kvHeads = kvHeadsPerGpu(m, std::max(1, gpus));
    return p.bytesFor(perGpu.kvElementsPerTokenLayer(kind));
}

double attentionFlopPerTokenLayer(const ModelSpec &m, int gpus, AttentionKind kind)
{
    const int n = std::max(1, gpus);
    if (kind == AttentionKind::Latent)
        return 2.0 * m.queryHeads * (2.0 * m.kvLoraRank + m.qkRopeHeadDim) / n;
    return 4.0 * m.queryHeads * m.headDim / n;
}

StepModel::StepModel(const Scenario &s)
{
    const ModelSpec &m = s.model;
    const int n = std::max(1, s.gpus);
    const double batch = s.batch;
    const auto layerBytes = [&](AttentionKind kind) {
        return double(kvBytesPerTokenLayerPerGpu(m, n, kind, s.kvPrecision));
    };
    // Attention FLOP per held token per layer and sequence: QK^T and AV for every query head.
    const double gqaFlop = attentionFlopPerTokenLayer(m, n, AttentionKind::Full);
    const double mlaFlop = attentionFlopPerTokenLayer(m, n, AttentionKind::Latent);
    kvFull = batch * (m.layerCount(AttentionKind::Full) * layerBytes(AttentionKind::Full) +
                      m.layerCount(AttentionKind::Latent) * layerBytes(AttentionKind::Latent));
    kvWindow = batch * m.layerCount(AttentionKind::SlidingWindow) *
               layerBytes(AttentionKind::SlidingWindow);
    flopFull = batch * (m.layerCount(AttentionKind::Full) * gqaFlop +
                        m.layerCount(AttentionKind::Latent) * mlaFlop);
    flopWindow = batch * m.layerCount(AttentionKind::SlidingWindow) * gqaFlop;
    windowTokens = m.window + m.sinkTokens;

    weightBytesRead = weightBytesReadPerStep(s) / n;
    matmulFlop = 2.0 * m.parametersActive() * batch / n;
    bandwidth = s.gpu.bandwidth * s.efficiency;
    matmulPeak = s.gpu.peakFlops(s.weightPrecision);
    attentionPeak = s.gpu.peakBf16;
}

double StepModel::kvBytes(qint64 L) const
{
    return kvFull * double(L) + kvWindow * double(std::min(L, windowTokens));
}

double StepModel::attentionFlop(qint64 L) const
{
    return flopFull * double(L) + flopWindow * double(std::min(L, windowTokens));
}

double StepModel::memorySeconds(qint64 L) const
{
    return memorySecondsFor(kvBytes(L));
}

double StepModel::computeSeconds(qint64 L) const
{
    return computeSecondsFor(attentionFlop(L));
}

double StepModel::memorySecondsFor(double kvBytesRead) const
{
    return (weightBytesRead + kvBytesRead) / bandwidth;
}

double StepModel::computeSecondsFor(double flop) const
{
    return matmulFlop / matmulPeak + flop / attentionPeak;
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
    const double cross = (g.a - f.a) / (f.b - g.b);
    qint64 split = std::clamp<qint64>(qint64(std::ceil(cross)), from + 1, last);
    const Line &before = fFirst ? f : g;
    const Line &after = fFirst ? g : f;
    if (before.at(double(split)) > after.at(double(split)))
        ++split;
    return sumLine(before, from, split - from) + sumLine(after, split, last + 1 - split);
}
} // namespace

double StepModel::sumStepSeconds(qint64 from, qint64 count) const
{
    double total = 0;
    // Two pieces: below the window every layer grows; from the window on, only full layers.
    const qint64 kink = std::clamp(windowTokens, from, from + count);
    const Line memBelow{weightBytesRead / bandwidth, (kvFull + kvWindow) / bandwidth};
    const Line cmpBelow{matmulFlop / matmulPeak, (flopFull + flopWindow) / attentionPeak};
    total += sumMax(memBelow, cmpBelow, from, kink - from);
    const double w = double(windowTokens);
    const Line memAbove{(weightBytesRead + kvWindow * w) / bandwidth, kvFull / bandwidth};
    const Line cmpAbove{matmulFlop / matmulPeak + flopWindow * w / attentionPeak,
                        flopFull / attentionPeak};
    total += sumMax(memAbove, cmpAbove, kink, from + count - kink);
    return total;
}

double StepModel::sumKvSeconds(qint64 from, qint64 count) const
{
    const qint64 kink = std::clamp(windowTokens, from, from + count);
    const Line below{0, (kvFull + kvWindow) / bandwidth};
    const Line above{kvWindow * double(windowTokens) / bandwidth, kvFull / bandwidth};
    return sumLine(below, from, kink - from) + sumLine(above, kink, from + count - kink);
}

} // namespace kvl
