#include "ledger_text.h"

#include "input_text.h"
#include "weights.h"

#include <QCoreApplication>
#include <QStringList>
#include <cmath>

namespace kvl {

using namespace Qt::StringLiterals;

namespace {
class LedgerStrings
{
    Q_DECLARE_TR_FUNCTIONS(LedgerStrings)
};

// "0.5625" in English, "0,5625" in Portuguese.
QString elementBytes(const Precision &p)
{
    return formatNumber(p.bytesPerElement(), 6);
}

QString tokens(qint64 n)
{
    return formatInteger(n);
}
} // namespace

QString layerKindLabel(AttentionKind kind, int n)
{
    switch (kind) {
    case AttentionKind::Full:
        return LedgerStrings::tr("Full-attention layers (%1)").arg(n);
    case AttentionKind::SlidingWindow:
        return LedgerStrings::tr("Sliding-window layers (%1)").arg(n);
    case AttentionKind::Latent:
        return LedgerStrings::tr("Latent-attention (MLA) layers (%1)").arg(n);
    case AttentionKind::Chunked:
        return LedgerStrings::tr("Chunked-attention layers (%1)").arg(n);
    case AttentionKind::Linear:
        return LedgerStrings::tr("Linear-attention layers (%1)").arg(n);
    case AttentionKind::StateSpace:
        return LedgerStrings::tr("Mamba (state-space) layers (%1)").arg(n);
    case AttentionKind::SparseLatent:
        return LedgerStrings::tr("Sparse-attention (DSA) layers (%1)").arg(n);
    case AttentionKind::ShortConv:
        return LedgerStrings::tr("Short-convolution layers (%1)").arg(n);
    case AttentionKind::CrossAttention:
        return LedgerStrings::tr("Cross-attention layers (%1)").arg(n);
    case AttentionKind::NoMixer:
        return LedgerStrings::tr("Layers without attention (%1)").arg(n);
    }
    return {};
}

namespace {
// A row's label: the kind, and what sets this type of layer apart.
QString layerTypeLabel(const ModelSpec &m, const LayerKindRow &r)
{
    QString label = layerKindLabel(r.kind, r.layers);
    QStringList apart;
    if (hasKvHeads(r.kind) && (r.type.kvHeads > 0 || r.type.headDim > 0 || r.type.valueHeadDim > 0))
        apart << (m.keyDimOf(r.type) == m.valueDimOf(r.type)
                      ? LedgerStrings::tr("%1 KV heads × %2")
                            .arg(m.kvHeadsOf(r.type))
                            .arg(m.keyDimOf(r.type))
                      : LedgerStrings::tr("%1 KV heads × K %2 + V %3")
                            .arg(m.kvHeadsOf(r.type))
                            .arg(m.keyDimOf(r.type))
                            .arg(m.valueDimOf(r.type)));
    if (r.type.sharesCache)
        apart << LedgerStrings::tr("reading another layer's cache");
    if (r.type.mambaBeside)
        apart << LedgerStrings::tr("with Mamba beside");
    if (r.type.ffn == FfnKind::Moe && r.kind == AttentionKind::NoMixer)
        apart << LedgerStrings::tr("MoE only");
    else if (r.kind == AttentionKind::NoMixer && r.type.ffn != FfnKind::None)
        apart << LedgerStrings::tr("MLP only");
    return apart.isEmpty() ? label : label + u", " + apart.join(u", "_qs);
}
} // namespace

QString bytesPerTokenFormula(const Scenario &s, const Ledger &l, ByteUnits units)
{
    const ModelSpec &m = s.model;
    const QString e = elementBytes(s.kvPrecision);
    QStringList terms;
    int cachedKinds = 0;
    for (const LayerKindRow &r : l.layersByKind)
        cachedKinds += r.bytesPerToken > 0;
    for (const LayerKindRow &r : l.layersByKind) {
        if (r.bytesPerToken == 0)
            continue;
        QString term;
        const qint64 latent = m.layerCache(r.type).held.first().bytes(s.kvPrecision);
        if (r.kind == AttentionKind::SparseLatent)
            term =
                QStringLiteral("%1 × (%2 + %3)").arg(r.layers).arg(latent).arg(m.indexKeyBytes());
        else if (r.kind == AttentionKind::Latent)
            term = QStringLiteral("%1 × (%2 + %3) × %4")
                       .arg(r.layers)
                       .arg(m.kvLoraRank)
                       .arg(m.qkRopeHeadDim)
                       .arg(e);
        else if (m.keyDimOf(r.type) != m.valueDimOf(r.type))
            term = QStringLiteral("%1 × %2 × (%3 + %4) × %5")
                       .arg(r.layers)
                       .arg(m.kvHeadsOf(r.type))
                       .arg(m.keyDimOf(r.type))
                       .arg(m.valueDimOf(r.type))
                       .arg(e);
        else
            term = QStringLiteral("2 × %1 × %2 × %3 × %4")
                       .arg(r.layers)
                       .arg(m.kvHeadsOf(r.type))
                       .arg(m.keyDimOf(r.type))
                       .arg(e);
        if (cachedKinds > 1 && r.kind == AttentionKind::SlidingWindow)
            term += LedgerStrings::tr(" (window)");
        if (cachedKinds > 1 && r.kind == AttentionKind::Chunked)
            term += LedgerStrings::tr(" (chunked)");
        terms << term;
    }
    if (terms.isEmpty())
        return LedgerStrings::tr("no layer caches tokens: 0 B per token");
    const double bytes = double(l.kvBytesPerToken);
    QString out =
        terms.join(QStringLiteral(" + ")) + u" = " + formatInteger(l.kvBytesPerToken) + u" B";
    const QString approx = formatBytes(bytes, units);
    if (bytes >= 1000)
        out += u" ≈ " + approx;
    return out + LedgerStrings::tr(" per token");
}

namespace {
QString perTokenNote(const Scenario &s)
{
    const ModelSpec &m = s.model;
    QString precision = LedgerStrings::tr("%1 KV at %2 bits per element")
                            .arg(s.kvPrecision.label())
                            .arg(formatNumber(s.kvPrecision.effectiveBits(), 6));
    bool heads = false;
    for (AttentionKind k : kAllKinds)
        heads = heads || (hasKvHeads(k) && m.hasKind(k));
    if (heads)
        return LedgerStrings::tr("2 = K and V; %1").arg(precision);
    if (m.hasKind(AttentionKind::SparseLatent))
        return LedgerStrings::tr("one latent per token and layer, and an index key of %1 B "
                                 "(fp8 with an fp32 scale, as vLLM and SGLang cache it); %2")
            .arg(m.indexKeyBytes())
            .arg(precision);
    if (m.hasKind(AttentionKind::Latent))
        return LedgerStrings::tr("one latent of rank + rope elements per token and layer, shared "
                                 "by every head; %1")
            .arg(precision);
    return precision;
}

QString mhaNote(const ModelSpec &m, const Ledger &l)
{
    const QString factor = formatNumber(l.gqaFactor, 3);
    if (m.hasKind(AttentionKind::Latent) || m.hasKind(AttentionKind::SparseLatent))
        return LedgerStrings::tr("%1 heads each caching K (%2) and V (%3): the latent saves %4×")
            .arg(m.queryHeads)
            .arg(m.keyHeadDim())
            .arg(m.headDim)
            .arg(factor);
    if (l.kvBytesPerToken == 0)
        return LedgerStrings::tr("no attention layer caches K and V");
    if (m.kvHeads == m.queryHeads)
        return LedgerStrings::tr("already multi-head attention: %1 KV heads").arg(m.kvHeads);
    return LedgerStrings::tr("%1 KV heads instead of %2: GQA saves %3×")
        .arg(m.queryHeads)
        .arg(m.kvHeads)
        .arg(factor);
}

QString weightNote(const Scenario &s, const Ledger &l, ByteUnits u)
{
    const ModelSpec &m = s.model;
    const QString count = formatNumber(m.parameters(), 4);
    const QString estimated =
        m.parametersEstimated() ? LedgerStrings::tr(" (estimated from the shape)") : QString();
    if (!s.weightsAsStored)
        return LedgerStrings::tr("%1 parameters%2 × %3 B (%4)")
            .arg(count, estimated, elementBytes(s.weightPrecision), s.weightPrecision.label());
    QString parts = LedgerStrings::tr("as stored: %1").arg(weightPrecisionLabel(s));
    if (l.weightBytesExperts > 0)
        parts += LedgerStrings::tr("; experts %1, the rest %2")
                     .arg(formatBytes(l.weightBytesExperts, u),
                          formatBytes(l.weightBytesRest + l.weightBytesEmbeddings, u));
    return LedgerStrings::tr("%1 parameters%2, %3").arg(count, estimated, parts);
}
} // namespace

QList<LedgerRow> ledgerRows(const Scenario &s, const Ledger &l, ByteUnits u)
{
    const ModelSpec &m = s.model;
    const auto bytes = [u](double b) { return formatBytes(b, u); };
    const bool broken = !l.fits || !l.validTpDegree;
    const QString tpWhy =
        l.validTpDegree
            ? QString()
            : LedgerStrings::tr("TP over %1 GPUs is not possible for this model: the degree "
                                "must divide %2 query heads and match %3 KV heads; ")
                  .arg(s.gpus)
                  .arg(m.queryHeads)
                  .arg(m.kvHeads);
    QList<LedgerRow> rows;
    rows << LedgerRow{QStringLiteral("kv_bytes_per_token"), LedgerStrings::tr("KV bytes per token"),
                      bytesPerTokenFormula(s, l, u), perTokenNote(s)};
    rows << LedgerRow{QStringLiteral("kv_bytes_per_token_mha"), LedgerStrings::tr("MHA equivalent"),
                      formatInteger(l.kvBytesPerTokenMha) + u" B", mhaNote(m, l)};
    rows << LedgerRow{QStringLiteral("kv_bytes_per_token_mqa"), LedgerStrings::tr("MQA equivalent"),
                      formatInteger(l.kvBytesPerTokenMqa) + u" B",
                      LedgerStrings::tr("one KV head")};
    const bool mixed = l.layersByKind.size() > 1 || l.stateBytes > 0;
    for (const LayerKindRow &r : l.layersByKind) {
        if (!mixed)
            break;
        QStringList value, note;
        if (r.bytesPerToken > 0)
            value << LedgerStrings::tr("%1 B per token").arg(formatInteger(r.bytesPerToken));
        if (r.fixedBytes > 0)
            value << LedgerStrings::tr("%1 fixed state per sequence").arg(bytes(r.fixedBytes));
        if (value.isEmpty())
            value << LedgerStrings::tr("nothing held");
        if (r.bytes - r.fixedBytes * s.batch > 0)
            note << LedgerStrings::tr("%1 tokens held per layer: %2")
                        .arg(tokens(r.tokensHeld), bytes(r.bytes));
        if (r.fixedBytes > 0)
            note << LedgerStrings::tr("the state does not grow with the context; read every step");
        if (r.readBytes != r.bytes)
            note << LedgerStrings::tr("a step reads %1 (%2 tokens per layer)")
                        .arg(bytes(r.readBytes), tokens(r.tokensRead));
        rows << LedgerRow{QStringLiteral("layers_by_kind"), layerTypeLabel(m, r),
                          value.join(u" + "_qs), note.join(u"; "_qs)};
    }
    rows << LedgerRow{
        QStringLiteral("kv_bytes"), LedgerStrings::tr("KV cache at the context"), bytes(l.kvBytes),
        LedgerStrings::tr("%1 tokens × batch %2").arg(tokens(s.context)).arg(s.batch)};
    if (l.kvBytesReadPerStep != l.kvBytes)
        rows << LedgerRow{QStringLiteral("kv_bytes_read_per_step"),
                          LedgerStrings::tr("KV read per decode step"), bytes(l.kvBytesReadPerStep),
                          l.kvBytesReadPerStep < l.kvBytes
                              ? LedgerStrings::tr("less than is held: the model reads only the "
                                                  "tokens it selects")
                              : LedgerStrings::tr("more than is held: layers read a cache "
                                                  "another layer holds")};
    if (l.stateBytes > 0)
        rows << LedgerRow{QStringLiteral("state_bytes"), LedgerStrings::tr("Fixed state"),
                          bytes(l.stateBytes),
                          LedgerStrings::tr("%1 per sequence × batch %2, at %3")
                              .arg(bytes(l.stateBytes / s.batch))
                              .arg(s.batch)
                              .arg(m.statePrecision.label())};
    rows << LedgerRow{QStringLiteral("weight_bytes"), LedgerStrings::tr("Weights"),
                      bytes(l.weightBytes), weightNote(s, l, u)};
    rows << LedgerRow{QStringLiteral("total_bytes"),
                      l.stateBytes > 0 ? LedgerStrings::tr("Weights + KV + state")
                                       : LedgerStrings::tr("Weights + KV"),
                      bytes(l.totalBytes),
                      {}};
    rows << LedgerRow{
        QStringLiteral("gpus_to_fit"), LedgerStrings::tr("GPUs to fit"),
        QString::number(l.gpusToFit),
        LedgerStrings::tr("%1 / %2 usable per %3")
            .arg(bytes(l.totalBytes), bytes(l.usableBytesPerGpu), shownText(s.gpu.name))};
    rows << LedgerRow{QStringLiteral("tp_degree"), LedgerStrings::tr("Tensor-parallel degree"),
                      l.tpDegree > 0 ? QString::number(l.tpDegree) : LedgerStrings::tr("none"),
                      l.tpNote()};
    rows << LedgerRow{QStringLiteral("plan"), LedgerStrings::tr("Parallel plan"),
                      l.planGpus > 0 ? l.planLabel() : LedgerStrings::tr("none"), l.planNote()};
    rows << LedgerRow{
        QStringLiteral("bytes_per_gpu"), LedgerStrings::tr("Per GPU, TP over %1").arg(s.gpus),
        bytes(l.bytesPerGpu),
        tpWhy +
            (l.fits ? LedgerStrings::tr("fits in %1") : LedgerStrings::tr("does not fit in %1"))
                .arg(bytes(l.usableBytesPerGpu)) +
            (l.kvHeadsPerGpu * s.gpus > m.kvHeads && m.kvHeads > 0
                 ? LedgerStrings::tr("; KV heads replicated (%1 per GPU)").arg(l.kvHeadsPerGpu)
                 : QString()),
        broken};
    // A deployment that cannot run says so in place of the usual note; the per-GPU row above
    // says why. A constant sentence: no text relayout on every slider step.
    const QString warn = LedgerStrings::tr("Cannot run as set: see the per-GPU row.");
    rows << LedgerRow{
        QStringLiteral("seconds_per_token"), LedgerStrings::tr("Time per token"),
        formatSeconds(l.secondsPerToken),
        broken
            ? warn
            : (l.memoryBound
                   ? (l.stateBytes > 0
                          ? LedgerStrings::tr(
                                "weights + KV + state streamed at %1 per GPU; memory-bound")
                          : LedgerStrings::tr("weights + KV streamed at %1 per GPU; memory-bound"))
                   : LedgerStrings::tr("compute-bound at %1 per GPU"))
                  .arg(formatRate(s.gpu.bandwidth * s.efficiency, ByteUnits::SI)),
        broken};
    if (!s.engine.isEmpty())
        rows << LedgerRow{QStringLiteral("predicted_seconds_per_token"),
                          LedgerStrings::tr("Time per token, calibrated"),
                          l.predictedSecondsPerToken > 0 ? formatSeconds(l.predictedSecondsPerToken)
                                                         : LedgerStrings::tr("none"),
                          l.predictionNote()};
    rows << LedgerRow{QStringLiteral("kv_seconds_per_token"),
                      LedgerStrings::tr("KV streaming alone"), formatSeconds(l.kvSecondsPerToken),
                      LedgerStrings::tr("%1 per GPU / %2")
                          .arg(bytes(l.kvBytesReadPerGpu),
                               formatRate(s.gpu.bandwidth * s.efficiency, ByteUnits::SI)),
                      broken};
    rows << LedgerRow{QStringLiteral("tokens_per_second"), LedgerStrings::tr("Tokens per second"),
                      formatNumber(l.tokensPerSecond, 3),
                      LedgerStrings::tr("per sequence; %1 for the batch")
                          .arg(formatNumber(l.aggregateTokensPerSecond, 3)),
                      broken};
    rows << LedgerRow{
        QStringLiteral("cost_per_million_output_tokens"),
        LedgerStrings::tr("Cost per million output tokens"),
        LedgerStrings::tr("$%1").arg(formatNumber(l.costPerMillionOutputTokens, 3)),
        LedgerStrings::tr("%1 × $%2 per GPU-hour at %3 tokens/s for the batch")
            .arg(s.gpus)
            .arg(formatNumber(s.gpuHourPrice, 4), formatNumber(l.aggregateTokensPerSecond, 3)),
        broken};
    rows << LedgerRow{QStringLiteral("response_seconds"),
                      LedgerStrings::tr("A %1-token answer").arg(tokens(s.responseTokens)),
                      formatSeconds(l.responseSeconds),
                      LedgerStrings::tr("%1 of it streaming KV; the cache grows while it answers")
                          .arg(formatSeconds(l.responseKvSeconds)),
                      broken};
    rows << LedgerRow{
        QStringLiteral("conversation_seconds"), LedgerStrings::tr("The whole conversation"),
        formatSeconds(l.conversationSeconds),
        LedgerStrings::tr("every token from 0 to %1: quadratic in length").arg(tokens(s.context))};
    rows << LedgerRow{QStringLiteral("arithmetic_intensity"),
                      LedgerStrings::tr("Decode attention intensity"),
                      formatNumber(l.arithmeticIntensity, 3) + u" FLOP/B",
                      LedgerStrings::tr("%1× below the ridge point (%2 FLOP/B); MHA: %3 FLOP/B")
                          .arg(formatNumber(l.belowRidge, 2), formatNumber(l.ridgePoint, 3),
                               formatNumber(l.mhaArithmeticIntensity, 3))};
    return rows;
}

QString quantityLabel(Quantity q)
{
    switch (q) {
    case Quantity::KvBytesPerToken:
        return LedgerStrings::tr("KV bytes per token");
    case Quantity::KvBytesPerTokenMha:
        return LedgerStrings::tr("MHA equivalent");
    case Quantity::KvBytesPerTokenMqa:
        return LedgerStrings::tr("MQA equivalent");
    case Quantity::GqaFactor:
        return LedgerStrings::tr("GQA saving");
    case Quantity::KvBytes:
        return LedgerStrings::tr("KV cache at the context");
    case Quantity::StateBytes:
        return LedgerStrings::tr("Fixed state");
    case Quantity::KvBytesPerGpu:
        return LedgerStrings::tr("KV cache per GPU");
    case Quantity::KvBytesReadPerStep:
        return LedgerStrings::tr("KV read per decode step");
    case Quantity::KvBytesReadPerToken:
        return LedgerStrings::tr("KV read per sequence and step");
    case Quantity::KvBytesReadPerGpu:
        return LedgerStrings::tr("KV read per GPU and step");
    case Quantity::WeightBytes:
        return LedgerStrings::tr("Weights");
    case Quantity::TotalBytes:
        return LedgerStrings::tr("Total memory");
    case Quantity::BytesPerGpu:
        return LedgerStrings::tr("Memory per GPU");
    case Quantity::GpusToFit:
        return LedgerStrings::tr("GPUs to fit");
    case Quantity::TpDegree:
        return LedgerStrings::tr("Tensor-parallel degree");
    case Quantity::SecondsPerToken:
        return LedgerStrings::tr("Time per token");
    case Quantity::KvSecondsPerToken:
        return LedgerStrings::tr("KV streaming alone");
    case Quantity::TokensPerSecond:
        return LedgerStrings::tr("Tokens per second");
    case Quantity::ResponseSeconds:
        return LedgerStrings::tr("Time for the answer");
    case Quantity::ConversationSeconds:
        return LedgerStrings::tr("The whole conversation");
    case Quantity::ArithmeticIntensity:
        return LedgerStrings::tr("Decode attention intensity");
    case Quantity::RidgePoint:
        return LedgerStrings::tr("Ridge point");
    case Quantity::AggregateTokensPerSecond:
        return LedgerStrings::tr("Tokens per second, whole batch");
    case Quantity::CostPerMillionOutputTokens:
        return LedgerStrings::tr("Cost per million output tokens");
    case Quantity::PredictedSecondsPerToken:
        return LedgerStrings::tr("Time per token, calibrated");
    }
    return {};
}

QString formatQuantity(Quantity q, double value, ByteUnits units)
{
    const QString unit = quantityUnit(q);
    if (unit == u"B")
        return formatBytes(value, units);
    if (unit == u"s")
        return formatSeconds(value);
    if (unit == u"USD")
        return LedgerStrings::tr("$%1").arg(formatNumber(value, 3));
    if (q == Quantity::TpDegree && value == 0)
        return LedgerStrings::tr("none"); // no degree fits the model's heads, as the ledger says
    if (unit == u"GPUs")
        return formatInteger(value);
    if (unit == u"FLOP/B")
        return formatNumber(value, 3) + u" FLOP/B";
    if (unit == u"tokens/s")
        return LedgerStrings::tr("%1 tokens/s").arg(formatNumber(value, 3));
    if (unit == u"×")
        return formatNumber(value, 3) + u'×';
    return formatNumber(value, 3);
}

QString ledgerText(const Scenario &s, const Ledger &l, ByteUnits units)
{
    const auto rows = ledgerRows(s, l, units);
    qsizetype width = 0;
    for (const auto &r : rows)
        width = std::max(width, r.label.size());
    QString out = LedgerStrings::tr("%1 on %2 × %3, context %4 tokens, KV %5, weights %6\n\n")
                      .arg(shownText(s.model.name))
                      .arg(s.gpus)
                      .arg(shownText(s.gpu.name), tokens(s.context), s.kvPrecision.label(),
                           weightPrecisionLabel(s));
    for (const auto &r : rows) {
        out += r.label.leftJustified(width + 2) + r.value + u'\n';
        if (!r.note.isEmpty())
            out += QString(width + 4, u' ') + r.note + u'\n';
    }
    if (!s.model.notes.isEmpty()) {
        out += u'\n' + LedgerStrings::tr("Notes") + u'\n';
        for (const QString &note : s.model.notes)
            out += QStringLiteral("  - ") + shownText(note) + u'\n';
    }
    return out;
}

} // namespace kvl
