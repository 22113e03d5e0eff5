// The stored precision of a checkpoint: its dtype and its quantization_config.
#include "hf_importer.h"

#include "presets.h"

#include <QJsonArray>
#include <algorithm>

namespace kvl::hf {

using namespace Qt::StringLiterals;

void Importer::readPrecision()
{
    const Field dtype = find({u"torch_dtype"_s, u"dtype"_s});
    Precision p = Precision::of(NumberFormat::BF16);
    if (!dtype.absent() && !dtype.value.isString())
        return fail(dtype.key + u": expected a string such as \"bfloat16\", got " +
                    jsonValueText(dtype.value));
    const QString t = dtype.value.toString();
    if (t == u"bfloat16" || t == u"bf16")
        p = Precision::of(NumberFormat::BF16);
    else if (t == u"float16" || t == u"fp16" || t == u"half")
        p = Precision::of(NumberFormat::FP16);
    else if (t == u"float32" || t == u"fp32" || t == u"float")
        p = Precision::of(NumberFormat::FP32);
    else
        note(
            HfText::tr("torch_dtype %1: weights taken as bf16").arg(t.isEmpty() ? u"absent"_s : t));
    m_model.nativePrecision = p;
    readStateDtype();
    readQuantization(p);
}

// The stored weights of a quantized checkpoint, not its compute dtype. Quantizers convert the
// linear layers; embeddings (and lm_head) stay at the dtype unless said otherwise.
void Importer::readQuantization(const Precision &dtype)
{
    ModelSpec &m = m_model;
    const QJsonObject q = find({u"quantization_config"_s}).value.toObject();
    if (q.isEmpty())
        return;
    const QString method = q.value(u"quant_method"_s).toString();
    const auto store = [&](const Precision &linear, const QString &why) {
        m.nativePrecision = linear;
        m.embeddingPrecision = dtype;
        note(why);
    };
    if (method == u"mxfp4") {
        // gpt-oss: 4-bit values with one 8-bit (e8m0) scale per 32, on the MoE experts only;
        // modules_to_not_convert keeps attention, router and embeddings in 16 bits.
        m.expertPrecision = Precision{NumberFormat::FP4, 32, 8};
        note(HfText::tr(
                 "quantization_config mxfp4: routed experts in fp4 with one 8-bit scale per 32 "
                 "values (4.25 bits); attention, router and embeddings stay %1")
                 .arg(dtype.name()));
        if (!m.isMoE()) {
            note(HfText::tr("mxfp4 on a dense model: taken as covering every linear layer"));
            m.nativePrecision = *m.expertPrecision;
            m.expertPrecision.reset();
        }
        return;
    }
    if (method == u"fp8") {
        const QJsonArray block = q.value(u"weight_block_size"_s).toArray();
        if (block.size() == 2 && block.at(0).toInt() > 0 && block.at(1).toInt() > 0) {
            // DeepSeek-V3, Kimi-K2: one fp32 scale per block of a × b weights.
            const int group = int(std::min<qint64>(
                qint64(block.at(0).toInt()) * block.at(1).toInt(), limits::maxGroupSize));
            store(
                Precision{NumberFormat::FP8, group, 32},
                HfText::tr(
                    "quantization_config fp8, weight_block_size %1 × %2: linear layers in fp8 with "
                    "one fp32 scale per %3 weights; embeddings stay %4")
                    .arg(block.at(0).toInt())
                    .arg(block.at(1).toInt())
                    .arg(group)
                    .arg(dtype.name()));
        } else {
            store(Precision::of(NumberFormat::FP8),
                  HfText::tr("quantization_config fp8: linear layers in fp8 (per-tensor scales, "
                             "negligible); "
                             "embeddings stay %1")
                      .arg(dtype.name()));
        }
        return;
    }
    // Integer formats with group scales (fp16) and, when asymmetric, packed zero points.
    const auto grouped = [&](int bits, int group, bool zeros, const QString &what) {
        if (bits != 4 && bits != 8)
            return note(HfText::tr("%1: %2-bit weights not modelled; taken as %3")
                            .arg(what)
                            .arg(bits)
                            .arg(dtype.name()));
        const NumberFormat f = bits == 4 ? NumberFormat::INT4 : NumberFormat::INT8;
        group = std::min(group, limits::maxGroupSize);
        Precision p{f, group > 0 ? group : 0, group > 0 ? 16 + (zeros ? bits : 0) : 0};
        store(p, HfText::tr("%1: int%2 linear layers%3 = %4 bits per weight; embeddings stay %5")
                     .arg(what)
                     .arg(bits)
                     .arg(group > 0 ? HfText::tr(", one fp16 scale%1 per %2")
                                          .arg(zeros ? HfText::tr(" and zero point") : QString())
                                          .arg(group)
                                    : HfText::tr(", per-channel scales"))
                     .arg(p.effectiveBits())
                     .arg(dtype.name()));
    };
    if (method == u"awq" || method == u"gptq") {
        const bool zeros = method == u"awq" ? q.value(u"zero_point"_s).toBool(true)
                                            : !q.value(u"sym"_s).toBool(true);
        return grouped(q.value(u"bits"_s).toInt(), q.value(u"group_size"_s).toInt(), zeros,
                       HfText::tr("quantization_config %1").arg(method));
    }
    if (method == u"compressed-tensors") {
        const QJsonObject groups = q.value(u"config_groups"_s).toObject();
        const QJsonObject w = groups.isEmpty()
                                  ? QJsonObject()
                                  : groups.begin()->toObject().value(u"weights"_s).toObject();
        const int bits = w.value(u"num_bits"_s).toInt();
        const QString type = w.value(u"type"_s).toString();
        const int group = w.value(u"group_size"_s).toInt();
        if (type == u"float" && bits == 8)
            return store(Precision::of(NumberFormat::FP8),
                         HfText::tr("compressed-tensors: fp8 linear layers; embeddings stay %1")
                             .arg(dtype.name()));
        if (type == u"float" && bits == 4)
            return store(
                Precision{NumberFormat::FP4, group > 0 ? group : 16, 8},
                HfText::tr("compressed-tensors: fp4 linear layers with one 8-bit scale per %1")
                    .arg(group > 0 ? group : 16));
        return grouped(bits, group, !w.value(u"symmetric"_s).toBool(true), u"compressed-tensors"_s);
    }
    if (method == u"bitsandbytes") {
        if (q.value(u"load_in_8bit"_s).toBool())
            return store(Precision::of(NumberFormat::INT8),
                         HfText::tr("bitsandbytes 8-bit: int8 linear layers"));
        // nf4/fp4: one absmax per 64 values, fp32, or 8 bits when double-quantized.
        const bool dq = q.value(u"bnb_4bit_use_double_quant"_s).toBool();
        store(
            Precision{NumberFormat::INT4, 64, dq ? 8 : 32},
            HfText::tr("bitsandbytes %1: 4-bit linear layers with one %2-bit absmax per 64 values")
                .arg(q.value(u"bnb_4bit_quant_type"_s).toString(u"nf4"_s))
                .arg(dq ? 8 : 32));
        return;
    }
    if (method == u"modelopt") {
        const QString algo = q.value(u"quant_algo"_s).toString();
        if (algo == u"NVFP4")
            return store(Precision::of(NumberFormat::FP4),
                         HfText::tr("modelopt NVFP4: fp4 linear layers, one fp8 scale per 16"));
        if (algo == u"FP8")
            return store(Precision::of(NumberFormat::FP8),
                         HfText::tr("modelopt FP8: fp8 linear layers"));
    }
    note(HfText::tr("quantization_config %1 not modelled: weights taken as %2")
             .arg(method.isEmpty() ? HfText::tr("(no quant_method)") : method, dtype.name()));
}

} // namespace kvl::hf
