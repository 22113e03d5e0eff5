#include "ledger_json.h"

#include "units.h"

#include <cmath>

namespace kvl {

static QJsonValue number(double v)
{
    // Whole numbers that a double holds exactly are written as integers.
    if (v == std::floor(v) && std::fabs(v) < kExactIntegerLimit)
        return QJsonValue(qint64(v));
    return QJsonValue(v);
}

QJsonObject scenarioSummaryJson(const Scenario &s)
{
    return QJsonObject{
        {QStringLiteral("model"), s.model.id.isEmpty() ? s.model.name : s.model.id},
        {QStringLiteral("gpu"), s.gpu.id.isEmpty() ? s.gpu.name : s.gpu.id},
        {QStringLiteral("gpus"), s.gpus},
        {QStringLiteral("context"), number(double(s.context))},
        {QStringLiteral("batch"), s.batch},
        {QStringLiteral("kv_precision"), s.kvPrecision.spec()},
        {QStringLiteral("kv_bits_per_element"), s.kvPrecision.effectiveBits()},
        {QStringLiteral("weight_precision"), s.weightPrecision.spec()},
        {QStringLiteral("weight_bits_per_element"), s.weightPrecision.effectiveBits()},
        {QStringLiteral("efficiency"), s.efficiency},
        {QStringLiteral("memory_fraction"), s.memoryFraction},
        {QStringLiteral("response_tokens"), number(double(s.responseTokens))},
        {QStringLiteral("bandwidth_bytes_per_second"), number(s.gpu.bandwidth)},
        {QStringLiteral("gpu_memory_bytes"), number(s.gpu.memoryBytes)},
    };
}

QJsonObject ledgerToJson(const Scenario &s, const Ledger &l)
{
    QJsonObject o;
    for (Quantity q : allQuantities())
        o.insert(quantityKey(q), number(quantityValue(l, q)));
    o.insert(QStringLiteral("kv_bytes_per_token_mqa"), number(double(l.kvBytesPerTokenMqa)));
    o.insert(QStringLiteral("kv_bytes_per_token_unscaled"),
             number(double(l.kvBytesPerTokenUnscaled)));
    o.insert(QStringLiteral("kv_heads_per_gpu"), l.kvHeadsPerGpu);
    o.insert(QStringLiteral("weight_bytes_per_gpu"), number(l.weightBytesPerGpu));
    o.insert(QStringLiteral("usable_bytes_per_gpu"), number(l.usableBytesPerGpu));
    o.insert(QStringLiteral("fits"), l.fits);
    o.insert(QStringLiteral("valid_tp_degree"), l.validTpDegree);
    if (!l.tpNote.isEmpty())
        o.insert(QStringLiteral("tp_note"), l.tpNote);
    o.insert(QStringLiteral("weight_bytes_read_per_step"), number(l.weightBytesReadPerStep));
    o.insert(QStringLiteral("bytes_read_per_gpu"), number(l.bytesReadPerGpu));
    o.insert(QStringLiteral("memory_seconds"), l.memorySeconds);
    o.insert(QStringLiteral("compute_seconds"), l.computeSeconds);
    o.insert(QStringLiteral("weight_seconds_per_token"), l.weightSecondsPerToken);
    o.insert(QStringLiteral("memory_bound"), l.memoryBound);
    o.insert(QStringLiteral("aggregate_tokens_per_second"), l.aggregateTokensPerSecond);
    o.insert(QStringLiteral("response_kv_seconds"), l.responseKvSeconds);
    o.insert(QStringLiteral("mha_arithmetic_intensity"), l.mhaArithmeticIntensity);
    o.insert(QStringLiteral("below_ridge"), l.belowRidge);
    o.insert(QStringLiteral("scenario"), scenarioSummaryJson(s));
    return o;
}

} // namespace kvl
