#include "roofline.h"

#include "weights.h"

#include "ledger.h"
#include "prefill.h"
#include "step_model.h"
#include "units.h"

#include <QCoreApplication>

#include <algorithm>

namespace kvl {

// Point names and formulas are read in the window; the CLI stays English.
class RooflineText
{
    Q_DECLARE_TR_FUNCTIONS(RooflineText)
};

QList<QPointF> Roofline::roof(double from, double to, bool measured) const
{
    const double bw = measured ? measuredBandwidth : bandwidth;
    QList<QPointF> out;
    if (bw <= 0 || from <= 0 || to <= from)
        return out;
    const double ridge = peakFlops / bw;
    out << QPointF(from, std::min(peakFlops, from * bw));
    if (ridge > from && ridge < to)
        out << QPointF(ridge, peakFlops);
    out << QPointF(to, std::min(peakFlops, to * bw));
    return out;
}

double prefillIntensity(const Scenario &s, qint64 promptTokens)
{
    Scenario one = s;
    one.gpus = 1;
    const Prefill p = prefill(one, promptTokens, 0, std::max<qint64>(1, promptTokens));
    return p.bytes > 0 ? p.flops / p.bytes : 0;
}

Roofline roofline(const Scenario &s, const RooflineOptions &o)
{
    Roofline r;
    r.precision = o.compute.value_or(computePrecision(s));
    r.peakFlops = s.gpu.peakFlops(r.precision);
    r.bandwidth = s.gpu.bandwidth;
    r.ridgePoint = s.gpu.ridgePoint(r.precision);
    r.measuredBandwidth = o.measuredBandwidth > 0 ? o.measuredBandwidth
                          : s.measured            ? s.measured->medianBytesPerSecond
                                                  : 0;
    if (r.measuredBandwidth > 0)
        r.measuredRidgePoint = r.peakFlops / r.measuredBandwidth;
    const auto add = [&](const QString &id, const QString &label, const QString &formula,
                         double intensity) {
        RooflinePoint p{id, label, formula, intensity};
        p.attainable = std::min(r.peakFlops, intensity * r.bandwidth);
        if (r.measuredBandwidth > 0)
            p.attainableMeasured = std::min(r.peakFlops, intensity * r.measuredBandwidth);
        p.belowRidge = intensity > 0 ? r.ridgePoint / intensity : 0;
        r.points << p;
    };

    const ModelSpec &m = s.model;
    const Precision &kv = s.kvPrecision;
    const QString e = formatNumber(kv.bytesPerElement(), 4);
    add(QStringLiteral("decode-attention-mha"),
        RooflineText::tr("Decode attention, MHA (%1 KV heads)").arg(m.queryHeads),
        RooflineText::tr("2/e = 2 / %1").arg(e), attentionIntensity(m.mhaEquivalent(), kv));
    if ((m.hasKind(AttentionKind::Full) || m.hasKind(AttentionKind::SlidingWindow)) &&
        m.kvHeads < m.queryHeads) {
        const int g = m.queryHeads / m.kvHeads;
        add(QStringLiteral("decode-attention-gqa"),
            RooflineText::tr("Decode attention, GQA %1:%2").arg(m.queryHeads).arg(m.kvHeads),
            RooflineText::tr("2g/e = 2 × %1 / %2").arg(g).arg(e),
            attentionIntensity(m.withKvHeads(m.kvHeads), kv));
    }
    if (m.hasKind(AttentionKind::Latent) || m.hasKind(AttentionKind::SparseLatent)) {
        ModelSpec latent = m;
        latent.layerPattern = {AttentionKind::Latent};
        add(QStringLiteral("decode-attention-mla"),
            RooflineText::tr("Decode attention, MLA %1+%2").arg(m.kvLoraRank).arg(m.qkRopeHeadDim),
            RooflineText::tr("q × 2 × (2r + p) / ((r + p) e) = %1 × 2 × %2 / (%3 × %4)")
                .arg(m.queryHeads)
                .arg(2 * m.kvLoraRank + m.qkRopeHeadDim)
                .arg(m.kvLoraRank + m.qkRopeHeadDim)
                .arg(e),
            attentionIntensity(latent, kv));
    }
    if (m.hasKind(AttentionKind::SparseLatent)) {
        // One DSA layer at the context: the indexer scores every index key, attention reads
        // the top-k latents. Both count, FLOP and bytes.
        const LayerCache dsa = m.layerCache(AttentionKind::SparseLatent);
        const double bytes = dsa.readBytes(kv, s.context);
        add(QStringLiteral("decode-attention-dsa"),
            RooflineText::tr("Decode attention, DSA at %1 tokens (indexer + top %2)")
                .arg(formatInteger(s.context), formatInteger(m.indexTopK)),
            RooflineText::tr("(indexer 2 × %1 × %2 × L + MLA on min(L, %3)) / (%4 B × L + "
                             "latents read)")
                .arg(m.indexHeads)
                .arg(m.indexHeadDim)
                .arg(m.indexTopK)
                .arg(m.indexKeyBytes()),
            bytes > 0 ? dsa.readFlop(s.context) / bytes : 0);
    }
    const StepModel step(s);
    add(QStringLiteral("decode-weights"),
        RooflineText::tr("Decode weight matmuls, batch %1").arg(s.batch),
        m.isMoE() ? RooflineText::tr("2 × active parameters × B / bytes of the experts %1 tokens "
                                     "touch")
                        .arg(s.batch)
                  : RooflineText::tr("≈ 2B/e_w = 2 × %1 / %2")
                        .arg(s.batch)
                        .arg(formatNumber(computePrecision(s).bytesPerElement(), 4)),
        step.weightBytesRead > 0 ? step.matmulFlop / step.weightBytesRead : 0);
    add(QStringLiteral("prefill"),
        RooflineText::tr("Prefill, %1-token prompt").arg(formatInteger(o.promptTokens)),
        RooflineText::tr("(2 N P + attention) / (weights + KV written); ≈ 2P/e_w for long prompts"),
        prefillIntensity(s, o.promptTokens));
    return r;
}

} // namespace kvl
