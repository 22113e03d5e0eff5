#include "ledger_json.h"

#include "json_number.h"
#include "units.h"
#include "weights.h"

#include <QJsonArray>

#include <cmath>

namespace kvl {

QJsonObject scenarioSummaryJson(const Scenario &s)
{
    return QJsonObject{
        {QStringLiteral("model"), s.model.id.isEmpty() ? s.model.name : s.model.id},
        {QStringLiteral("gpu"), s.gpu.id.isEmpty() ? s.gpu.name : s.gpu.id},
        {QStringLiteral("gpus"), s.gpus},
        {QStringLiteral("context"), jsonNumber(double(s.context))},
        {QStringLiteral("batch"), s.batch},
        {QStringLiteral("kv_precision"), s.kvPrecision.spec()},
        {QStringLiteral("kv_bits_per_element"), s.kvPrecision.effectiveBits()},
        {QStringLiteral("weight_precision"),
         s.weightsAsStored ? QStringLiteral("stored") : s.weightPrecision.spec()},
        {QStringLiteral("weight_precision_label"), weightPrecisionLabel(s)},
        {QStringLiteral("weight_bits_per_element"), computePrecision(s).effectiveBits()},
        {QStringLiteral("efficiency"), s.efficiency},
        {QStringLiteral("memory_fraction"), s.memoryFraction},
        {QStringLiteral("compute_efficiency"), s.computeEfficiency},
        {QStringLiteral("gpu_hour_price"), s.gpuHourPrice},
        {QStringLiteral("response_tokens"), jsonNumber(double(s.responseTokens))},
        {QStringLiteral("speculative_decoding"), s.speculativeDecoding},
        {QStringLiteral("bandwidth_bytes_per_second"), jsonNumber(s.gpu.bandwidth)},
        {QStringLiteral("gpu_memory_bytes"), jsonNumber(s.gpu.memoryBytes)},
    };
}

QJsonObject ledgerToJson(const Scenario &s, const Ledger &l)
{
    QJsonObject o;
    for (Quantity q : allQuantities())
        o.insert(quantityKey(q), jsonNumber(quantityValue(l, q)));
    if (s.engine.isEmpty()) // the floor alone: no calibrated figure to give
        o.insert(quantityKey(Quantity::PredictedSecondsPerToken), QJsonValue::Null);
    else
        o.insert(QStringLiteral("engine"), s.engine);
    o.insert(QStringLiteral("prediction_note"), l.predictionNote());
    o.insert(QStringLiteral("plan_gpus"), l.planGpus);
    o.insert(QStringLiteral("plan"), l.planLabel());
    o.insert(QStringLiteral("plan_note"), l.planNote());
    o.insert(QStringLiteral("kv_bytes_per_token_unscaled"),
             jsonNumber(double(l.kvBytesPerTokenUnscaled)));
    o.insert(QStringLiteral("kv_heads_per_gpu"), l.kvHeadsPerGpu);
    o.insert(QStringLiteral("weight_bytes_per_gpu"), jsonNumber(l.weightBytesPerGpu));
    o.insert(QStringLiteral("usable_bytes_per_gpu"), jsonNumber(l.usableBytesPerGpu));
    o.insert(QStringLiteral("fits"), l.fits);
    o.insert(QStringLiteral("valid_tp_degree"), l.validTpDegree);
    if (const QString note = l.tpNote(); !note.isEmpty())
        o.insert(QStringLiteral("tp_note"), note);
    o.insert(QStringLiteral("weight_bytes_read_per_step"), jsonNumber(l.weightBytesReadPerStep));
    o.insert(QStringLiteral("bytes_read_per_gpu"), jsonNumber(l.bytesReadPerGpu));
    o.insert(QStringLiteral("memory_seconds"), l.memorySeconds);
    o.insert(QStringLiteral("compute_seconds"), l.computeSeconds);
    o.insert(QStringLiteral("weight_seconds_per_token"), l.weightSecondsPerToken);
    o.insert(QStringLiteral("memory_bound"), l.memoryBound);
    o.insert(QStringLiteral("response_kv_seconds"), l.responseKvSeconds);
    o.insert(QStringLiteral("mha_arithmetic_intensity"), l.mhaArithmeticIntensity);
    o.insert(QStringLiteral("below_ridge"), l.belowRidge);
    o.insert(QStringLiteral("state_bytes_per_gpu"), jsonNumber(l.stateBytesPerGpu));
    o.insert(QStringLiteral("state_seconds_per_token"), l.stateSecondsPerToken);
    o.insert(QStringLiteral("weight_bytes_by_part"),
             QJsonObject{{QStringLiteral("embeddings"), jsonNumber(l.weightBytesEmbeddings)},
                         {QStringLiteral("experts"), jsonNumber(l.weightBytesExperts)},
                         {QStringLiteral("rest"), jsonNumber(l.weightBytesRest)}});
    QJsonArray kinds;
    for (const LayerKindRow &r : l.layersByKind) {
        QJsonObject row{{QStringLiteral("kind"), kindKey(r.kind)},
                        {QStringLiteral("count"), r.layers},
                        {QStringLiteral("bytes_per_token"), jsonNumber(double(r.bytesPerToken))},
                        {QStringLiteral("fixed_bytes"), jsonNumber(r.fixedBytes)},
                        {QStringLiteral("tokens_held"), jsonNumber(double(r.tokensHeld))},
                        {QStringLiteral("tokens_read"), jsonNumber(double(r.tokensRead))},
                        {QStringLiteral("bytes"), jsonNumber(r.bytes)},
                        {QStringLiteral("read_bytes"), jsonNumber(r.readBytes)}};
        // A layer type's own shape, where it has one.
        const ModelSpec &m = s.model;
        if (hasKvHeads(r.kind))
            row.insert(QStringLiteral("kv_heads"), m.kvHeadsOf(r.type));
        if (hasKvHeads(r.kind) && (r.type.headDim > 0 || r.type.valueHeadDim > 0)) {
            row.insert(QStringLiteral("head_dim"), m.keyDimOf(r.type));
            row.insert(QStringLiteral("value_head_dim"), m.valueDimOf(r.type));
        }
        if (r.kind == AttentionKind::SlidingWindow)
            row.insert(QStringLiteral("window"), jsonNumber(double(m.windowOf(r.type))));
        if (r.type.sharesCache)
            row.insert(QStringLiteral("shares_cache"), true);
        if (r.type.mambaBeside)
            row.insert(QStringLiteral("mamba_beside"), true);
        kinds.append(row);
    }
    o.insert(QStringLiteral("layers_by_kind"), kinds);
    o.insert(QStringLiteral("parameters"), jsonNumber(s.model.parameters()));
    o.insert(QStringLiteral("parameters_estimated"), s.model.parametersEstimated());
    o.insert(QStringLiteral("notes"), QJsonArray::fromStringList(s.model.notes));
    o.insert(QStringLiteral("scenario"), scenarioSummaryJson(s));
    return o;
}

} // namespace kvl
