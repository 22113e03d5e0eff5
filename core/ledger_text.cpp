#include "ledger_text.h"

#include <QCoreApplication>
#include <QStringList>
#include <cmath>

namespace kvl {

namespace {
class LedgerStrings
{
    Q_DECLARE_TR_FUNCTIONS(LedgerStrings)
};

QString elementBytes(const Precision &p)
{
    return QString::number(p.bytesPerElement(), 'g', 6);
}

QString tokens(qint64 n)
{
    return formatInteger(n);
}
} // namespace

QString bytesPerTokenFormula(const Scenario &s, const Ledger &l, ByteUnits units)
{
    const ModelSpec &m = s.model;
    const QString e = elementBytes(s.kvPrecision);
    QStringList terms;
    const int full = m.layerCount(AttentionKind::Full);
    const int window = m.layerCount(AttentionKind::SlidingWindow);
    const int latent = m.layerCount(AttentionKind::Latent);
    const auto gqa = [&](int layers) {
        return QStringLiteral("2 × %1 × %2 × %3 × %4").arg(layers).arg(m.kvHeads).arg(m.headDim).arg(e);
    };
    if (full > 0)
        terms << gqa(full);
    if (window > 0)
        terms << gqa(window) + (full + latent > 0 ? LedgerStrings::tr(" (window)") : QString());
    if (latent > 0)
        terms << QStringLiteral("%1 × (%2 + %3) × %4")
                     .arg(latent)
                     .arg(m.kvLoraRank)
                     .arg(m.qkRopeHeadDim)
                     .arg(e);
    const double bytes = double(l.kvBytesPerToken);
    QString out = terms.join(QStringLiteral(" + ")) + u" = " + formatInteger(l.kvBytesPerToken) + u" B";
    const QString approx = formatBytes(bytes, units);
    if (bytes >= 1000)
        out += u" ≈ " + approx;
    return out + LedgerStrings::tr(" per token");
}

QList<LedgerRow> ledgerRows(const Scenario &s, const Ledger &l, ByteUnits u)
{
    const ModelSpec &m = s.model;
    const auto bytes = [u](double b) { return formatBytes(b, u); };
    QList<LedgerRow> rows;
    rows << LedgerRow{QStringLiteral("kv_bytes_per_token"), LedgerStrings::tr("KV bytes per token"), bytesPerTokenFormula(s, l, u),
                      LedgerStrings::tr("2 = K and V; %1 KV at %2 bits per element")
                          .arg(s.kvPrecision.label())
                          .arg(s.kvPrecision.effectiveBits())};
    rows << LedgerRow{QStringLiteral("kv_bytes_per_token_mha"), LedgerStrings::tr("MHA equivalent"), formatInteger(l.kvBytesPerTokenMha) + u" B",
                      LedgerStrings::tr("%1 KV heads instead of %2: GQA saves %3×")
                          .arg(m.queryHeads)
                          .arg(m.kvHeads)
                          .arg(formatNumber(l.gqaFactor, 3))};
    rows << LedgerRow{QStringLiteral("kv_bytes_per_token_mqa"), LedgerStrings::tr("MQA equivalent"), formatInteger(l.kvBytesPerTokenMqa) + u" B",
                      LedgerStrings::tr("one KV head")};
    rows << LedgerRow{QStringLiteral("kv_bytes"), LedgerStrings::tr("KV cache at the context"), bytes(l.kvBytes),
                      LedgerStrings::tr("%1 tokens × batch %2").arg(tokens(s.context)).arg(s.batch)};
    rows << LedgerRow{QStringLiteral("weight_bytes"), LedgerStrings::tr("Weights"), bytes(l.weightBytes),
                      LedgerStrings::tr("%1 parameters × %2 B (%3)")
                          .arg(formatNumber(m.parameters(), 4))
                          .arg(elementBytes(s.weightPrecision))
                          .arg(s.weightPrecision.label())};
    rows << LedgerRow{QStringLiteral("total_bytes"), LedgerStrings::tr("Weights + KV"), bytes(l.totalBytes), {}};
    rows << LedgerRow{QStringLiteral("gpus_to_fit"), LedgerStrings::tr("GPUs to fit"), QString::number(l.gpusToFit),
                      LedgerStrings::tr("%1 / %2 usable per %3")
                          .arg(bytes(l.totalBytes), bytes(l.usableBytesPerGpu), s.gpu.name)};
    rows << LedgerRow{QStringLiteral("tp_degree"), LedgerStrings::tr("Tensor-parallel degree"),
                      l.tpDegree > 0 ? QString::number(l.tpDegree) : LedgerStrings::tr("none"), l.tpNote};
    rows << LedgerRow{QStringLiteral("bytes_per_gpu"), LedgerStrings::tr("Per GPU, TP over %1").arg(s.gpus), bytes(l.bytesPerGpu),
                      (l.fits ? LedgerStrings::tr("fits in %1") : LedgerStrings::tr("does not fit in %1"))
                              .arg(bytes(l.usableBytesPerGpu)) +
                          (l.kvHeadsPerGpu * s.gpus > m.kvHeads && m.kvHeads > 0
                               ? LedgerStrings::tr("; KV heads replicated (%1 per GPU)").arg(l.kvHeadsPerGpu)
                               : QString())};
    rows << LedgerRow{QStringLiteral("seconds_per_token"), LedgerStrings::tr("Time per token"), formatSeconds(l.secondsPerToken),
                      (l.memoryBound ? LedgerStrings::tr("weights + KV streamed at %1 per GPU; memory-bound")
                                     : LedgerStrings::tr("compute-bound at %1 per GPU"))
                          .arg(formatRate(s.gpu.bandwidth * s.efficiency, ByteUnits::SI))};
    rows << LedgerRow{QStringLiteral("kv_seconds_per_token"), LedgerStrings::tr("KV streaming alone"), formatSeconds(l.kvSecondsPerToken),
                      LedgerStrings::tr("%1 per GPU / %2")
                          .arg(bytes(l.kvBytesPerGpu),
                               formatRate(s.gpu.bandwidth * s.efficiency, ByteUnits::SI))};
    rows << LedgerRow{QStringLiteral("tokens_per_second"), LedgerStrings::tr("Tokens per second"), formatNumber(l.tokensPerSecond, 3),
                      LedgerStrings::tr("per sequence; %1 for the batch")
                          .arg(formatNumber(l.aggregateTokensPerSecond, 3))};
    rows << LedgerRow{QStringLiteral("response_seconds"), LedgerStrings::tr("A %1-token answer").arg(tokens(s.responseTokens)),
                      formatSeconds(l.responseSeconds),
                      LedgerStrings::tr("%1 of it streaming KV; the cache grows while it answers")
                          .arg(formatSeconds(l.responseKvSeconds))};
    rows << LedgerRow{QStringLiteral("conversation_seconds"), LedgerStrings::tr("The whole conversation"), formatSeconds(l.conversationSeconds),
                      LedgerStrings::tr("every token from 0 to %1: quadratic in length").arg(tokens(s.context))};
    rows << LedgerRow{QStringLiteral("arithmetic_intensity"), LedgerStrings::tr("Decode attention intensity"),
                      formatNumber(l.arithmeticIntensity, 3) + u" FLOP/B",
                      LedgerStrings::tr("%1× below the ridge point (%2 FLOP/B); MHA: %3 FLOP/B")
                          .arg(formatNumber(l.belowRidge, 2), formatNumber(l.ridgePoint, 3),
                               formatNumber(l.mhaArithmeticIntensity, 3))};
    return rows;
}

QString ledgerText(const Scenario &s, const Ledger &l, ByteUnits units)
{
    const auto rows = ledgerRows(s, l, units);
    qsizetype width = 0;
    for (const auto &r : rows)
        width = std::max(width, r.label.size());
    QString out = LedgerStrings::tr("%1 on %2 × %3, context %4 tokens, KV %5, weights %6\n\n")
                      .arg(s.model.name)
                      .arg(s.gpus)
                      .arg(s.gpu.name, tokens(s.context), s.kvPrecision.label(),
                           s.weightPrecision.label());
    for (const auto &r : rows) {
        out += r.label.leftJustified(width + 2) + r.value + u'\n';
        if (!r.note.isEmpty())
            out += QString(width + 4, u' ') + r.note + u'\n';
    }
    return out;
}

} // namespace kvl
