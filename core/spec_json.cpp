// Model, GPU and precision as JSON: presets, user presets and the model of a scenario file.
#include "spec_json.h"

#include "file_text.h"
#include "input_text.h"
#include "layer_pattern_json.h"

#include <QJsonArray>
#include <cmath>

namespace kvl {

using namespace Qt::StringLiterals;

namespace {

constexpr double kMaxBytes = 1e15; // as GpuSpec::validate()
constexpr double kMaxFlops = 1e18;

QString numberText(double v)
{
    // Whole numbers in full ("100000", not "1e+05"); exponents only for the absurd.
    if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15)
        return QString::number(qint64(v));
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

// Reads fields of one JSON object; keeps the first error, which names the field.
class Reader
{
public:
    explicit Reader(QJsonObject o, QString prefix = {})
        : m_o(std::move(o)), m_prefix(std::move(prefix))
    {
    }

    bool failed() const { return !m_error.isEmpty(); }
    const QString &error() const { return m_error; }
    void fail(const QString &message)
    {
        if (!failed())
            m_error = message;
    }
    QJsonValue value(const QString &key) const { return m_o.value(key); }
    QString field(const QString &key) const { return m_prefix + key; }

    template <typename T>
    void integer(const QString &key, T &out, qint64 min, qint64 max, bool required = true)
    {
        const QJsonValue v = m_o.value(key);
        if (failed() || (!required && v.isUndefined()))
            return;
        if (const auto n = jsonInteger(v, field(key), min, max, &m_error))
            out = T(*n);
    }

    void number(const QString &key, double &out, double max, bool required = true)
    {
        const QJsonValue v = m_o.value(key);
        if (failed() || (!required && v.isUndefined()))
            return;
        if (v.isUndefined())
            return fail(FileText::tr("%1: missing").arg(field(key)));
        if (!v.isDouble())
            return fail(
                FileText::tr("%1: expected a number, got %2").arg(field(key), jsonValueText(v)));
        const double d = v.toDouble();
        if (!std::isfinite(d) || d < 0 || d > max)
            return fail(FileText::tr("%1: %2 is outside 0-%3")
                            .arg(field(key), numberText(d), numberText(max)));
        out = d;
    }

    void boolean(const QString &key, bool &out)
    {
        const QJsonValue v = m_o.value(key);
        if (failed() || v.isUndefined())
            return;
        if (!v.isBool())
            return fail(FileText::tr("%1: expected true or false, got %2")
                            .arg(field(key), jsonValueText(v)));
        out = v.toBool();
    }

    void string(const QString &key, QString &out)
    {
        const QJsonValue v = m_o.value(key);
        if (failed() || v.isUndefined())
            return;
        if (!v.isString())
            return fail(
                FileText::tr("%1: expected a string, got %2").arg(field(key), jsonValueText(v)));
        out = v.toString();
    }

private:
    QJsonObject m_o;
    QString m_prefix;
    QString m_error;
};

void readLayerTypes(Reader &r, const QJsonObject &o, ModelSpec &m)
{
    if (r.failed() || o.value(u"layer_pattern"_s).isUndefined())
        return;
    QString why;
    if (auto pattern =
            layerPatternFromJson(o.value(u"layer_types"_s), o.value(u"layer_pattern"_s), &why))
        m.layerPattern = *pattern;
    else
        r.fail(why);
}

QJsonValue precisionToJson(const Precision &p)
{
    // The short spec ("bf16", "int4:g128") when it reads back exactly; the parts otherwise.
    if (Precision::parse(p.spec()) == p)
        return p.spec();
    return QJsonObject{
        {u"format"_s, p.name()}, {u"group_size"_s, p.groupSize}, {u"scale_bits"_s, p.scaleBits}};
}

std::optional<Precision> precisionFromJson(const QJsonValue &v, const QString &field,
                                           QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<Precision> {
        *error = field + u": " + why;
        return std::nullopt;
    };
    QString why;
    if (v.isString()) {
        auto p = Precision::parse(v.toString(), &why);
        return p ? p : fail(why);
    }
    if (!v.isObject())
        return fail(u"expected a precision such as \"bf16\", got "_s + jsonValueText(v));
    const QJsonObject o = v.toObject();
    const QJsonValue format = o.value(u"format"_s);
    if (!format.isString())
        return fail(u"format: expected a string such as \"int4\", got "_s + jsonValueText(format));
    auto p = Precision::parse(format.toString(), &why);
    if (!p)
        return fail(why);
    Reader r(o, field + u'.');
    r.integer(u"group_size"_s, p->groupSize, 0, 4096, false);
    r.integer(u"scale_bits"_s, p->scaleBits, 0, 32, false);
    if (r.failed()) {
        *error = r.error();
        return std::nullopt;
    }
    return p;
}

// "llama-3.1-8b" before "llama-3.1-70b": runs of digits compare as numbers.
} // namespace

std::optional<qint64> jsonInteger(const QJsonValue &v, const QString &field, qint64 min, qint64 max,
                                  QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<qint64> {
        if (error)
            *error = FileText::tr("%1: %2").arg(field, why);
        return std::nullopt;
    };
    if (v.isUndefined())
        return fail(FileText::tr("missing"));
    if (!v.isDouble())
        return fail(FileText::tr("expected an integer, got %1").arg(jsonValueText(v)));
    const double d = v.toDouble();
    if (!std::isfinite(d))
        return fail(FileText::tr("%1 is not a number").arg(numberText(d)));
    if (d != std::floor(d))
        return fail(FileText::tr("%1 is not an integer").arg(numberText(d)));
    if (d < double(min) && min == 1)
        return fail(FileText::tr("%1 is not a positive integer").arg(numberText(d)));
    if (d < double(min) && min == 0)
        return fail(FileText::tr("%1 is negative").arg(numberText(d)));
    if (d < double(min) || d > double(max))
        return fail(FileText::tr("%1 is outside %2-%3").arg(numberText(d)).arg(min).arg(max));
    return qint64(d);
}

QString jsonValueText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return v.toBool() ? FileText::tr("a boolean (true)") : FileText::tr("a boolean (false)");
    case QJsonValue::Double:
        return FileText::tr("a number (%1)").arg(numberText(v.toDouble()));
    case QJsonValue::String: {
        return FileText::tr("a string (\"%1\")").arg(shownInput(v.toString(), 40));
    }
    case QJsonValue::Array:
        return FileText::tr("a list");
    case QJsonValue::Object:
        return FileText::tr("an object");
    case QJsonValue::Undefined:
        break;
    }
    return FileText::tr("nothing");
}

std::optional<ModelSpec> modelFromJson(const QJsonObject &o, QString *error)
{
    ModelSpec m;
    Reader r(o);
    r.string(u"id"_s, m.id);
    r.string(u"name"_s, m.name);
    r.string(u"source"_s, m.source);
    r.integer(u"layers"_s, m.layers, 1, limits::maxLayers);
    r.integer(u"query_heads"_s, m.queryHeads, 1, limits::maxHeads);
    r.integer(u"kv_heads"_s, m.kvHeads, 1, limits::maxHeads);
    r.integer(u"head_dim"_s, m.headDim, 1, limits::maxHeadDim);
    r.integer(u"hidden_size"_s, m.hiddenSize, 1, limits::maxHiddenSize);
    r.integer(u"intermediate_size"_s, m.intermediateSize, 1, limits::maxIntermediateSize);
    r.integer(u"vocab_size"_s, m.vocabSize, 1, limits::maxVocab);
    r.boolean(u"tie_word_embeddings"_s, m.tieWordEmbeddings);
    r.boolean(u"gated_mlp"_s, m.gatedMlp);

    r.integer(u"experts"_s, m.experts, 0, limits::maxExperts, false);
    r.integer(u"experts_per_token"_s, m.expertsPerToken, 0, limits::maxExperts, false);
    r.integer(u"shared_experts"_s, m.sharedExperts, 0, limits::maxExperts, false);
    r.integer(u"moe_intermediate_size"_s, m.moeIntermediateSize, 0, limits::maxIntermediateSize,
              false);
    r.integer(u"first_dense_layers"_s, m.firstDenseLayers, 0, limits::maxLayers, false);
    r.integer(u"expert_layer_period"_s, m.expertLayerPeriod, 1, limits::maxLayers, false);
    r.integer(u"expert_layer_offset"_s, m.expertLayerOffset, 0, limits::maxLayers, false);

    r.integer(u"kv_lora_rank"_s, m.kvLoraRank, 0, limits::maxLoraRank, false);
    r.integer(u"qk_rope_head_dim"_s, m.qkRopeHeadDim, 0, limits::maxHeadDim, false);
    r.integer(u"q_lora_rank"_s, m.qLoraRank, 0, limits::maxLoraRank, false);
    r.integer(u"qk_nope_head_dim"_s, m.qkNopeHeadDim, 0, limits::maxHeadDim, false);

    r.integer(u"window"_s, m.window, 0, limits::maxContext, false);
    r.integer(u"sink_tokens"_s, m.sinkTokens, 0, limits::maxContext, false);
    r.integer(u"chunk_size"_s, m.chunkSize, 0, limits::maxContext, false);
    r.integer(u"linear_key_heads"_s, m.linearKeyHeads, 0, limits::maxHeads, false);
    r.integer(u"linear_value_heads"_s, m.linearValueHeads, 0, limits::maxHeads, false);
    r.integer(u"linear_key_head_dim"_s, m.linearKeyHeadDim, 0, limits::maxHeadDim, false);
    r.integer(u"linear_value_head_dim"_s, m.linearValueHeadDim, 0, limits::maxHeadDim, false);
    r.integer(u"linear_conv_kernel"_s, m.linearConvKernel, 0, 64, false);
    r.integer(u"mamba_d_inner"_s, m.mambaInner, 0, limits::maxStateDim, false);
    r.integer(u"mamba_d_state"_s, m.mambaState, 0, limits::maxStateDim, false);
    r.integer(u"mamba_d_conv"_s, m.mambaConv, 0, 64, false);
    r.integer(u"mamba_groups"_s, m.mambaGroups, 0, limits::maxHeads, false);
    r.integer(u"expert_hidden_size"_s, m.expertHiddenSize, 0, limits::maxHiddenSize, false);
    r.integer(u"short_conv_dim"_s, m.shortConvDim, 0, limits::maxStateDim, false);
    r.integer(u"short_conv_kernel"_s, m.shortConvKernel, 0, 64, false);
    r.integer(u"index_heads"_s, m.indexHeads, 0, limits::maxHeads, false);
    r.integer(u"index_head_dim"_s, m.indexHeadDim, 0, limits::maxHeadDim, false);
    r.integer(u"index_topk"_s, m.indexTopK, 0, limits::maxContext, false);
    r.integer(u"image_tokens"_s, m.imageTokens, 0, limits::maxContext, false);
    r.integer(u"mtp_layers"_s, m.mtpLayers, 0, limits::maxLayers, false);
    r.integer(u"shared_blocks"_s, m.sharedBlocks, 0, limits::maxLayers, false);
    readLayerTypes(r, o, m);

    r.number(u"total_parameters"_s, m.totalParameters, limits::maxParameters, false);
    r.number(u"active_parameters"_s, m.activeParameters, limits::maxParameters, false);

    const auto readPrecision = [&](const QString &key, auto assign) {
        const QJsonValue v = o.value(key);
        if (r.failed() || v.isUndefined())
            return;
        QString why;
        if (auto p = precisionFromJson(v, key, &why))
            assign(*p);
        else
            r.fail(why);
    };
    readPrecision(u"native_precision"_s, [&](const Precision &p) { m.nativePrecision = p; });
    readPrecision(u"expert_precision"_s, [&](const Precision &p) { m.expertPrecision = p; });
    readPrecision(u"embedding_precision"_s, [&](const Precision &p) { m.embeddingPrecision = p; });
    readPrecision(u"state_precision"_s, [&](const Precision &p) { m.statePrecision = p; });
    // Files before conv_state_precision kept every state at state_precision.
    m.convStatePrecision = m.statePrecision;
    readPrecision(u"conv_state_precision"_s, [&](const Precision &p) { m.convStatePrecision = p; });
    if (const QJsonValue notes = o.value(u"notes"_s); notes.isString())
        m.notes << notes.toString();
    else if (notes.isArray())
        for (const auto &n : notes.toArray())
            m.notes << n.toString();

    if (!r.failed() && m.firstDenseLayers > m.layers)
        r.fail(FileText::tr("first_dense_layers: %1 is more than layers %2")
                   .arg(m.firstDenseLayers)
                   .arg(m.layers));
    if (!r.failed())
        r.fail(m.validate());
    if (r.failed()) {
        if (error)
            *error = r.error();
        return std::nullopt;
    }
    return m;
}

QJsonObject modelToJson(const ModelSpec &m)
{
    QJsonObject o{
        {u"id"_s, m.id},
        {u"name"_s, m.name},
        {u"source"_s, m.source},
        {u"layers"_s, m.layers},
        {u"query_heads"_s, m.queryHeads},
        {u"kv_heads"_s, m.kvHeads},
        {u"head_dim"_s, m.headDim},
        {u"hidden_size"_s, m.hiddenSize},
        {u"intermediate_size"_s, m.intermediateSize},
        {u"vocab_size"_s, m.vocabSize},
        {u"tie_word_embeddings"_s, m.tieWordEmbeddings},
        {u"gated_mlp"_s, m.gatedMlp},
        {u"experts"_s, m.experts},
        {u"experts_per_token"_s, m.expertsPerToken},
        {u"shared_experts"_s, m.sharedExperts},
        {u"moe_intermediate_size"_s, m.moeIntermediateSize},
        {u"first_dense_layers"_s, m.firstDenseLayers},
        {u"expert_layer_period"_s, m.expertLayerPeriod},
        {u"expert_layer_offset"_s, m.expertLayerOffset},
        {u"kv_lora_rank"_s, m.kvLoraRank},
        {u"qk_rope_head_dim"_s, m.qkRopeHeadDim},
        {u"q_lora_rank"_s, m.qLoraRank},
        {u"qk_nope_head_dim"_s, m.qkNopeHeadDim},
        {u"window"_s, m.window},
        {u"sink_tokens"_s, m.sinkTokens},
        {u"chunk_size"_s, m.chunkSize},
        {u"linear_key_heads"_s, m.linearKeyHeads},
        {u"linear_value_heads"_s, m.linearValueHeads},
        {u"linear_key_head_dim"_s, m.linearKeyHeadDim},
        {u"linear_value_head_dim"_s, m.linearValueHeadDim},
        {u"linear_conv_kernel"_s, m.linearConvKernel},
        {u"mamba_d_inner"_s, m.mambaInner},
        {u"mamba_d_state"_s, m.mambaState},
        {u"mamba_d_conv"_s, m.mambaConv},
        {u"mamba_groups"_s, m.mambaGroups},
        {u"total_parameters"_s, m.totalParameters},
        {u"active_parameters"_s, m.activeParameters},
        {u"native_precision"_s, precisionToJson(m.nativePrecision)},
        {u"state_precision"_s, precisionToJson(m.statePrecision)},
        {u"conv_state_precision"_s, precisionToJson(m.convStatePrecision)},
    };
    layerPatternToJson(m.layerPattern, o);
    // Fields of the newer layer kinds, written where they are used so that older files and
    // presets read back the same.
    const auto put = [&o](const QString &key, qint64 v) {
        if (v != 0)
            o.insert(key, v);
    };
    put(u"expert_hidden_size"_s, m.expertHiddenSize);
    put(u"short_conv_dim"_s, m.shortConvDim);
    put(u"short_conv_kernel"_s, m.shortConvKernel);
    put(u"index_heads"_s, m.indexHeads);
    put(u"index_head_dim"_s, m.indexHeadDim);
    put(u"index_topk"_s, m.indexTopK);
    put(u"image_tokens"_s, m.imageTokens);
    put(u"mtp_layers"_s, m.mtpLayers);
    put(u"shared_blocks"_s, m.sharedBlocks);
    if (m.expertPrecision)
        o.insert(u"expert_precision"_s, precisionToJson(*m.expertPrecision));
    if (m.embeddingPrecision)
        o.insert(u"embedding_precision"_s, precisionToJson(*m.embeddingPrecision));
    if (!m.notes.isEmpty())
        o.insert(u"notes"_s, QJsonArray::fromStringList(m.notes));
    return o;
}

std::optional<GpuSpec> gpuFromJson(const QJsonObject &o, QString *error)
{
    GpuSpec g;
    Reader r(o);
    r.string(u"id"_s, g.id);
    r.string(u"name"_s, g.name);
    r.string(u"source"_s, g.source);
    r.string(u"notes"_s, g.notes);
    r.number(u"memory_bytes"_s, g.memoryBytes, kMaxBytes);
    r.number(u"reported_memory_bytes"_s, g.reportedMemoryBytes, kMaxBytes, false);
    r.string(u"reported_memory_source"_s, g.reportedMemorySource);
    r.number(u"bandwidth_bytes_per_second"_s, g.bandwidth, kMaxBytes);

    const QJsonValue peaks = o.value(u"peak_flops"_s);
    if (!r.failed() && peaks.isUndefined())
        r.fail(FileText::tr("peak_flops: missing"));
    else if (!r.failed() && !peaks.isObject())
        r.fail(u"peak_flops: expected an object such as {\"bf16\": 989e12}, got "_s +
               jsonValueText(peaks));
    if (!r.failed()) {
        Reader p(peaks.toObject(), u"peak_flops."_s);
        p.number(u"bf16"_s, g.peakBf16, kMaxFlops);
        p.number(u"fp8"_s, g.peakFp8, kMaxFlops, false);
        p.number(u"int8"_s, g.peakInt8, kMaxFlops, false);
        p.number(u"fp4"_s, g.peakFp4, kMaxFlops, false);
        p.number(u"fp32"_s, g.peakFp32, kMaxFlops, false);
        if (p.failed())
            r.fail(p.error());
    }
    if (!r.failed())
        r.fail(g.validate());
    if (r.failed()) {
        if (error)
            *error = r.error();
        return std::nullopt;
    }
    return g;
}

QJsonObject gpuToJson(const GpuSpec &g)
{
    return QJsonObject{
        {u"id"_s, g.id},
        {u"name"_s, g.name},
        {u"memory_bytes"_s, g.memoryBytes},
        {u"bandwidth_bytes_per_second"_s, g.bandwidth},
        {u"peak_flops"_s, QJsonObject{{u"bf16"_s, g.peakBf16},
                                      {u"fp8"_s, g.peakFp8},
                                      {u"int8"_s, g.peakInt8},
                                      {u"fp4"_s, g.peakFp4},
                                      {u"fp32"_s, g.peakFp32}}},
        {u"source"_s, g.source},
        {u"notes"_s, g.notes},
        {u"reported_memory_bytes"_s, g.reportedMemoryBytes},
        {u"reported_memory_source"_s, g.reportedMemorySource},
    };
}

} // namespace kvl
