#include "hf_config.h"

#include "input_text.h"
#include "json_keys.h"
#include "presets.h"
#include "regular_file.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <initializer_list>

namespace kvl {

// Import notes and errors are read in the window; the CLI installs no translator and stays English.
class HfText
{
    Q_DECLARE_TR_FUNCTIONS(HfText)
};

using namespace Qt::StringLiterals;

namespace {

// A config.json is a few KB; anything this large is not one.
constexpr qint64 kMaxConfigBytes = 16 << 20;

struct Field
{
    QString key; // the key found, or the canonical one when absent
    QJsonValue value;
    bool absent() const { return value.isUndefined() || value.isNull(); }
};

// transformers' default when a config omits tie_word_embeddings: the model's config class decides,
// and PretrainedConfig says true for the rest.
bool defaultTieWordEmbeddings(const QString &modelType, bool *known)
{
    static const QStringList untied = {
        u"llama"_s,       u"mistral"_s, u"mixtral"_s,     u"qwen2"_s,
        u"qwen2_moe"_s,   u"qwen3"_s,   u"qwen3_moe"_s,   u"deepseek_v2"_s,
        u"deepseek_v3"_s, u"gpt_oss"_s, u"phi3"_s,        u"olmo2"_s,
        u"granite"_s,     u"llama4"_s,  u"llama4_text"_s, u"qwen3_next"_s,
    };
    static const QStringList tied = {u"gemma"_s, u"gemma2"_s, u"gemma3"_s, u"gemma3_text"_s,
                                     u"gpt2"_s,  u"falcon"_s, u"cohere2"_s};
    *known = untied.contains(modelType) || tied.contains(modelType);
    return !untied.contains(modelType);
}

// Period of the local/global layer pattern when the config gives only sliding_window: these
// architectures hard-code it (Gemma 2) or default it in their config class (Gemma 3, Cohere 2).
int defaultSlidingPattern(const QString &modelType)
{
    if (modelType == u"gemma2")
        return 2;
    if (modelType == u"gemma3" || modelType == u"gemma3_text")
        return 6;
    if (modelType == u"cohere2")
        return 4;
    return 0;
}

// Shortest repeating prefix: 62 Gemma 3 layers become {window x5, full}.
QList<AttentionKind> compressPattern(const QList<AttentionKind> &kinds)
{
    for (qsizetype p = 1; p < kinds.size(); ++p) {
        bool repeats = true;
        for (qsizetype i = p; i < kinds.size() && repeats; ++i)
            repeats = kinds[i] == kinds[i % p];
        if (repeats)
            return kinds.mid(0, p);
    }
    return kinds;
}

QString billions(double parameters)
{
    return QString::number(parameters / 1e9, 'f', 2) + u" B";
}

class Importer
{
public:
    Importer(QJsonObject top, QString fileName)
        : m_top(std::move(top)), m_fileName(std::move(fileName))
    {
    }
    std::optional<HfImport> run(QString *error);

private:
    bool failed() const { return !m_error.isEmpty(); }
    void fail(const QString &message)
    {
        if (!failed())
            m_error = message;
    }
    void note(const QString &text) { m_notes << text; }

    Field find(std::initializer_list<QString> keys) const;
    std::optional<int> integer(std::initializer_list<QString> keys, qint64 min, qint64 max);
    int required(std::initializer_list<QString> keys, qint64 min, qint64 max);
    std::optional<bool> boolean(const QString &key);
    QString string(const QString &key) const;

    void chooseSource();
    void readShape();
    void readKvHeads();
    void readHeadDim();
    void readMoE();
    void readAttention();
    void readLayerTypes(const Field &types, std::optional<bool> useSliding);
    void readHybridPattern();
    void readChunkedPattern();
    void readLayerState();
    std::optional<qint64> readWindow();
    void readPrecision();
    void readQuantization(const Precision &dtype);

    QJsonObject m_top;
    QString m_fileName;     // names the model when the config does not
    QJsonObject m_primary;  // text_config for multimodal configs, else the top level
    QJsonObject m_fallback; // the top level when m_primary is text_config
    QString m_modelType;
    ModelSpec m_model;
    QStringList m_notes;
    QString m_error;
};

Field Importer::find(std::initializer_list<QString> keys) const
{
    for (const QJsonObject *o : {&m_primary, &m_fallback})
        for (const QString &key : keys)
            if (o->contains(key))
                return {key, o->value(key)};
    return {*keys.begin(), QJsonValue(QJsonValue::Undefined)};
}

// Absent or null: nullopt, no error. Present: must be an integer in range.
std::optional<int> Importer::integer(std::initializer_list<QString> keys, qint64 min, qint64 max)
{
    const Field f = find(keys);
    if (failed() || f.absent())
        return std::nullopt;
    const auto v = jsonInteger(f.value, f.key, min, max, &m_error);
    return v ? std::optional<int>(int(*v)) : std::nullopt;
}

int Importer::required(std::initializer_list<QString> keys, qint64 min, qint64 max)
{
    const Field f = find(keys);
    if (!failed() && f.absent())
        fail((f.value.isNull() ? HfText::tr("%1: missing (null)") : HfText::tr("%1: missing"))
                 .arg(f.key));
    return integer(keys, min, max).value_or(0);
}

std::optional<bool> Importer::boolean(const QString &key)
{
    const Field f = find({key});
    if (failed() || f.absent())
        return std::nullopt;
    if (!f.value.isBool()) {
        fail(key + u": expected true or false, got " + jsonValueText(f.value));
        return std::nullopt;
    }
    return f.value.toBool();
}

QString Importer::string(const QString &key) const
{
    return find({key}).value.toString();
}

void Importer::chooseSource()
{
    // Multimodal configs (Llava, Gemma 3, Mistral 3, Llama 4) nest the language model in
    // text_config; the top level still holds torch_dtype and sometimes vocab_size.
    const QJsonValue text = m_top.value(u"text_config"_s);
    const bool topHasLayers = m_top.contains(u"num_hidden_layers"_s) ||
                              m_top.contains(u"n_layer"_s) || m_top.contains(u"num_layers"_s);
    if (!topHasLayers && text.isObject()) {
        m_primary = text.toObject();
        m_fallback = m_top;
        note(HfText::tr(
            "architecture read from text_config (a multimodal config); the vision tower is not "
            "counted"));
    } else {
        m_primary = m_top;
    }
    m_modelType = string(u"model_type"_s);
}

void Importer::readShape()
{
    ModelSpec &m = m_model;
    m.layers =
        required({u"num_hidden_layers"_s, u"n_layer"_s, u"num_layers"_s}, 1, limits::maxLayers);
    m.queryHeads = required({u"num_attention_heads"_s, u"n_head"_s}, 1, limits::maxHeads);
    m.hiddenSize =
        required({u"hidden_size"_s, u"n_embd"_s, u"d_model"_s}, 1, limits::maxHiddenSize);
    if (const auto ffn = integer({u"intermediate_size"_s, u"ffn_hidden_size"_s, u"n_inner"_s}, 1,
                                 limits::maxIntermediateSize)) {
        m.intermediateSize = *ffn;
    } else if (!failed() && m.hiddenSize > 0) {
        // GPT-2, GPT-J and Falcon write no FFN size (or n_inner: null): their code uses 4 × hidden.
        m.intermediateSize = 4 * m.hiddenSize;
        note(HfText::tr("no FFN size in the config: 4 × hidden_size = %1, as the model code does")
                 .arg(m.intermediateSize));
    }
    static const QStringList plainMlp = {
        u"gpt2"_s, u"gptj"_s,  u"gpt_neox"_s, u"falcon"_s, u"gpt_bigcode"_s,
        u"opt"_s,  u"bloom"_s, u"phi"_s,      u"mpt"_s,    u"starcoder2"_s};
    if (plainMlp.contains(m_modelType)) {
        m.gatedMlp = false;
        note(HfText::tr("%1: the MLP has two matrices (up, down), no gate").arg(m_modelType));
    }
    if (!failed() && find({u"vocab_size"_s}).absent() && m_modelType == u"gemma3_text") {
        m.vocabSize = 262208;
        note(HfText::tr("vocab_size absent: 262,208, the Gemma3TextConfig default"));
    } else {
        m.vocabSize = required({u"vocab_size"_s}, 1, limits::maxVocab);
    }

    const auto tie = boolean(u"tie_word_embeddings"_s);
    if (failed())
        return;
    if (tie) {
        m.tieWordEmbeddings = *tie;
    } else {
        bool known = false;
        m.tieWordEmbeddings = defaultTieWordEmbeddings(m_modelType, &known);
        const QString value = m.tieWordEmbeddings ? u"true"_s : u"false"_s;
        note(known ? HfText::tr("tie_word_embeddings absent: %1, the transformers default for %2")
                         .arg(value, m_modelType)
                   : HfText::tr("tie_word_embeddings absent: %1, the transformers "
                                "PretrainedConfig default")
                         .arg(value));
    }
}

void Importer::readKvHeads()
{
    const Field kv = find({u"num_key_value_heads"_s, u"num_kv_heads"_s, u"n_head_kv"_s});
    const int heads = m_model.queryHeads;
    if (failed())
        return;
    // Falcon: num_kv_heads counts only with the new decoder architecture (Falcon 40B/180B);
    // the old one has one KV head when multi_query is set (Falcon 7B), else one per head.
    const auto newDecoder = boolean(u"new_decoder_architecture"_s);
    if (m_modelType == u"falcon" && newDecoder != true) {
        const bool mqa = boolean(u"multi_query"_s).value_or(true);
        m_model.kvHeads = mqa ? 1 : heads;
        note(mqa ? HfText::tr("falcon, multi_query: one KV head shared by all query heads (MQA)")
                 : HfText::tr("falcon without multi_query: one KV head per query head (MHA)"));
        return;
    }
    if (kv.absent()) {
        if (boolean(u"multi_query"_s).value_or(false)) { // Falcon 7B
            m_model.kvHeads = 1;
            note(HfText::tr("multi_query: one KV head shared by all query heads (MQA)"));
        } else if (!failed()) {
            m_model.kvHeads = heads;
            note(HfText::tr("num_key_value_heads absent: multi-head attention (MHA), %1 KV heads")
                     .arg(heads));
        }
        return;
    }
    const int n = integer({kv.key}, 1, limits::maxHeads).value_or(0);
    if (failed())
        return;
    if (n > heads)
        return fail(
            HfText::tr("%1: %2 is more than num_attention_heads %3").arg(kv.key).arg(n).arg(heads));
    if (heads % n != 0)
        return fail(HfText::tr("%1: %2 does not divide num_attention_heads %3")
                        .arg(kv.key)
                        .arg(n)
                        .arg(heads));
    m_model.kvHeads = n;
}

void Importer::readHeadDim()
{
    ModelSpec &m = m_model;
    if (failed())
        return;
    // MLA: the value head size is what the output projection reads; head_dim in re-saved
    // DeepSeek configs is the rope part (64), not a head size.
    if (!find({u"kv_lora_rank"_s}).absent()) {
        if (const auto v = integer({u"v_head_dim"_s}, 1, limits::maxHeadDim)) {
            m.headDim = *v;
            note(HfText::tr("head_dim = v_head_dim %1 (MLA)").arg(*v));
            return;
        }
        if (failed())
            return;
    }
    const bool divisible = m.hiddenSize % m.queryHeads == 0;
    const int derived = m.hiddenSize / m.queryHeads;
    if (const auto explicitDim = integer({u"head_dim"_s}, 1, limits::maxHeadDim)) {
        m.headDim = *explicitDim;
        if (!divisible || derived != *explicitDim)
            note(
                HfText::tr(
                    "head_dim %1 from the config (hidden_size / num_attention_heads would give %2)")
                    .arg(*explicitDim)
                    .arg(double(m.hiddenSize) / m.queryHeads));
        return;
    }
    if (failed())
        return;
    if (!divisible)
        return fail(HfText::tr("head_dim: missing, and hidden_size %1 is not a multiple of "
                               "num_attention_heads %2")
                        .arg(m.hiddenSize)
                        .arg(m.queryHeads));
    if (derived > limits::maxHeadDim)
        return fail(HfText::tr("head_dim: hidden_size / num_attention_heads = %1 is more than %2")
                        .arg(derived)
                        .arg(limits::maxHeadDim));
    m.headDim = derived;
    note(HfText::tr("head_dim absent: hidden_size / num_attention_heads = %1").arg(derived));
}

void Importer::readMoE()
{
    ModelSpec &m = m_model;
    const Field expertsField =
        find({u"num_local_experts"_s, u"n_routed_experts"_s, u"num_experts"_s});
    const int experts = integer({expertsField.key}, 0, limits::maxExperts).value_or(0);
    if (failed() || experts == 0)
        return;
    m.experts = experts;

    const Field perToken = find({u"num_experts_per_tok"_s, u"experts_per_token"_s});
    if (perToken.absent())
        return fail(HfText::tr("num_experts_per_tok: missing (%1 has %2 experts)")
                        .arg(expertsField.key)
                        .arg(experts));
    m.expertsPerToken = integer({perToken.key}, 1, experts).value_or(0);
    m.sharedExperts = integer({u"n_shared_experts"_s}, 0, limits::maxExperts).value_or(0);
    m.firstDenseLayers = integer({u"first_k_dense_replace"_s}, 0, m.layers).value_or(0);
    if (const auto size = integer({u"moe_intermediate_size"_s}, 1, limits::maxIntermediateSize)) {
        m.moeIntermediateSize = *size;
    } else if (!failed()) {
        m.moeIntermediateSize = m.intermediateSize; // Mixtral: experts are full-size MLPs
        note(HfText::tr("moe_intermediate_size absent: each expert uses intermediate_size %1")
                 .arg(m.intermediateSize));
    }

    // Qwen MoE: one shared expert of its own size, counted as that many routed-size experts.
    const auto shared =
        integer({u"shared_expert_intermediate_size"_s}, 0, limits::maxIntermediateSize);
    if (shared && *shared > 0 && m.sharedExperts == 0) {
        const int unit = m.moeIntermediateSize > 0 ? m.moeIntermediateSize : m.intermediateSize;
        m.sharedExperts = std::max(1, (*shared + unit / 2) / unit);
        note(HfText::tr("shared_expert_intermediate_size %1 counted as %2 shared experts of %3")
                 .arg(*shared)
                 .arg(m.sharedExperts)
                 .arg(unit));
    }
    // Which layers are MoE: Jamba writes a period and offset, Llama 4 an interleave step,
    // Qwen MoE a sparse step and DeepSeek a frequency (layer i is MoE when (i + 1) % k == 0).
    if (const auto period = integer({u"expert_layer_period"_s}, 1, m.layers)) {
        m.expertLayerPeriod = *period;
        m.expertLayerOffset = integer({u"expert_layer_offset"_s}, 0, *period - 1).value_or(0);
    } else if (const auto step = integer(
                   {u"interleave_moe_layer_step"_s, u"decoder_sparse_step"_s, u"moe_layer_freq"_s},
                   1, m.layers)) {
        m.expertLayerPeriod = *step;
        m.expertLayerOffset = *step - 1;
    }
    if (m.expertLayerPeriod > 1)
        note(HfText::tr("MoE on the layers i with i mod %1 = %2 (%3 of %4); the others dense")
                 .arg(m.expertLayerPeriod)
                 .arg(m.expertLayerOffset)
                 .arg(m.moeLayers())
                 .arg(m.layers));
    if (const QJsonValue only = find({u"mlp_only_layers"_s}).value;
        only.isArray() && !only.toArray().isEmpty())
        note(HfText::tr("mlp_only_layers lists %1 dense layers: counted as MoE")
                 .arg(only.toArray().size()));
    // Llama 4: intermediate_size is the expert's (routed and one shared), intermediate_size_mlp
    // the dense layers'.
    if (m_modelType.startsWith(u"llama4")) {
        if (const auto dense =
                integer({u"intermediate_size_mlp"_s}, 1, limits::maxIntermediateSize)) {
            m.moeIntermediateSize = m.intermediateSize;
            m.intermediateSize = *dense;
        }
        if (m.sharedExperts == 0) {
            m.sharedExperts = 1;
            note(HfText::tr("llama4: one shared expert beside the routed ones in every MoE layer"));
        }
    }
    if (failed())
        return;
    QString moe = HfText::tr("mixture of experts: %1 routed, %2 per token")
                      .arg(m.experts)
                      .arg(m.expertsPerToken);
    if (m.sharedExperts > 0)
        moe += HfText::tr(", %1 shared").arg(m.sharedExperts);
    if (m.firstDenseLayers > 0)
        moe += m.firstDenseLayers == 1
                   ? HfText::tr(", first layer dense")
                   : HfText::tr(", first %1 layers dense").arg(m.firstDenseLayers);
    note(moe);
}

std::optional<qint64> Importer::readWindow()
{
    const Field f = find({u"sliding_window"_s});
    if (failed() || f.absent() || (f.value.isBool() && !f.value.toBool()))
        return std::nullopt;
    const auto w = jsonInteger(f.value, f.key, 1, limits::maxContext, &m_error);
    return w;
}

void Importer::readAttention()
{
    ModelSpec &m = m_model;
    if (failed())
        return;
    if (const auto rank = integer({u"kv_lora_rank"_s}, 1, limits::maxLoraRank)) {
        const Field rope = find({u"qk_rope_head_dim"_s});
        if (rope.absent())
            return fail(HfText::tr("qk_rope_head_dim: missing (needed with kv_lora_rank)"));
        m.kvLoraRank = *rank;
        m.qkRopeHeadDim = integer({u"qk_rope_head_dim"_s}, 0, limits::maxHeadDim).value_or(0);
        m.qkNopeHeadDim = integer({u"qk_nope_head_dim"_s}, 0, limits::maxHeadDim).value_or(0);
        if (const auto q = integer({u"q_lora_rank"_s}, 1, limits::maxLoraRank))
            m.qLoraRank = *q;
        else if (!failed())
            note(HfText::tr("q_lora_rank absent: queries projected without compression"));
        m.layerPattern = {AttentionKind::Latent};
        note(HfText::tr(
                 "multi-head latent attention: kv_lora_rank %1 + qk_rope_head_dim %2 = %3 elements "
                 "per token per layer, one latent for all heads (num_key_value_heads ignored)")
                 .arg(m.kvLoraRank)
                 .arg(m.qkRopeHeadDim)
                 .arg(m.kvLoraRank + m.qkRopeHeadDim));
        return;
    }
    if (failed())
        return;

    const auto useSliding = boolean(u"use_sliding_window"_s);
    const auto window = readWindow();
    if (failed())
        return;
    const Field types = find({u"layer_types"_s});
    if (!types.absent())
        return readLayerTypes(types, useSliding);
    if (!find({u"full_attention_interval"_s}).absent() || !find({u"attn_layer_period"_s}).absent())
        return readHybridPattern();
    if (!find({u"attention_chunk_size"_s}).absent())
        return readChunkedPattern();
    if (!window) {
        m.layerPattern = {AttentionKind::Full};
        return;
    }
    if (useSliding == false) { // Qwen2/2.5/3 ship sliding_window with the switch off
        m.layerPattern = {AttentionKind::Full};
        note(HfText::tr(
                 "sliding_window %1 ignored: use_sliding_window is false (full attention on every "
                 "layer)")
                 .arg(*window));
        return;
    }
    m.window = *window;

    int period =
        integer({u"sliding_window_pattern"_s, u"_sliding_window_pattern"_s}, 1, limits::maxLayers)
            .value_or(0);
    if (failed())
        return;
    if (period == 0 && (period = defaultSlidingPattern(m_modelType)) > 0)
        note(
            m_modelType == u"gemma2"
                ? HfText::tr("gemma2: local (window %1) and global layers alternate, layer 0 local")
                      .arg(*window)
                : HfText::tr("%1: sliding_window_pattern absent, %2 (the transformers default)")
                      .arg(m_modelType)
                      .arg(period));
    if (period > 0) {
        // Layer i is global when (i + 1) % period == 0 (transformers Gemma 2/3, Cohere 2).
        QList<AttentionKind> pattern(period - 1, AttentionKind::SlidingWindow);
        pattern << AttentionKind::Full;
        m.layerPattern = pattern;
        if (period == 1)
            note(HfText::tr("sliding_window_pattern 1: every layer global"));
        else if (m_modelType != u"gemma2" || period != 2)
            note(HfText::tr("window %1 on %2 of every %3 layers, the rest global")
                     .arg(*window)
                     .arg(period - 1)
                     .arg(period));
        return;
    }
    const auto fullLayers = integer({u"max_window_layers"_s}, 0, limits::maxLayers);
    if (failed())
        return;
    if (useSliding == true && fullLayers && *fullLayers >= m.layers) {
        m.layerPattern = {AttentionKind::Full};
        note(HfText::tr(
                 "use_sliding_window, but max_window_layers %1 covers every layer: full attention")
                 .arg(*fullLayers));
        return;
    }
    if (useSliding == true && fullLayers) {
        // Qwen2: layers below max_window_layers keep full attention.
        QList<AttentionKind> kinds;
        for (int i = 0; i < m.layers; ++i)
            kinds << (i >= *fullLayers ? AttentionKind::SlidingWindow : AttentionKind::Full);
        m.layerPattern = compressPattern(kinds);
        note(HfText::tr("use_sliding_window: window %1 on layers %2 and up (max_window_layers)")
                 .arg(*window)
                 .arg(*fullLayers));
        return;
    }
    m.layerPattern = {AttentionKind::SlidingWindow};
    note(HfText::tr("sliding_window %1 on every layer").arg(*window));
}

void Importer::readLayerTypes(const Field &types, std::optional<bool> useSliding)
{
    ModelSpec &m = m_model;
    if (!types.value.isArray())
        return fail(
            HfText::tr("layer_types: expected a list such as [\"full_attention\", ...], got %1")
                .arg(jsonValueText(types.value)));
    const QJsonArray a = types.value.toArray();
    if (a.size() != m.layers)
        return fail(HfText::tr("layer_types: %1 entries, but num_hidden_layers is %2")
                        .arg(a.size())
                        .arg(m.layers));
    // Every value transformers writes for a layer KV Ledger models; anything else is refused
    // by name rather than guessed.
    static const QList<std::pair<QString, AttentionKind>> names = {
        {u"full_attention"_s, AttentionKind::Full},
        {u"attention"_s, AttentionKind::Full},
        {u"sliding_attention"_s, AttentionKind::SlidingWindow},
        {u"chunked_attention"_s, AttentionKind::Chunked},
        {u"linear_attention"_s, AttentionKind::Linear},
        {u"mamba"_s, AttentionKind::StateSpace},
        {u"mamba2"_s, AttentionKind::StateSpace},
    };
    QList<AttentionKind> kinds;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString t = a.at(i).toString();
        const auto it =
            std::find_if(names.begin(), names.end(), [&](const auto &n) { return n.first == t; });
        if (it == names.end())
            return fail(HfText::tr("layer_types[%1]: %2 is not a layer kind KV Ledger models "
                                   "(full_attention, sliding_attention, chunked_attention, "
                                   "linear_attention, mamba)")
                            .arg(i)
                            .arg(jsonValueText(a.at(i))));
        kinds << it->second;
    }
    if (kinds.contains(AttentionKind::SlidingWindow) && useSliding == false) {
        std::replace(kinds.begin(), kinds.end(), AttentionKind::SlidingWindow, AttentionKind::Full);
        note(HfText::tr(
            "layer_types lists sliding layers, but use_sliding_window is false: full attention "
            "on those layers"));
    }
    // The bound a windowed or chunked layer needs, named after the layer type that needs it.
    const auto bound = [&](AttentionKind kind, const QString &key, const QString &type,
                           qint64 &out) {
        if (failed() || !kinds.contains(kind))
            return;
        const Field f = find({key});
        if (f.absent())
            return fail(HfText::tr("%1: missing, but layer_types lists %2 layers").arg(key, type));
        out = jsonInteger(f.value, f.key, 1, limits::maxContext, &m_error).value_or(0);
    };
    bound(AttentionKind::SlidingWindow, u"sliding_window"_s, u"sliding_attention"_s, m.window);
    bound(AttentionKind::Chunked, u"attention_chunk_size"_s, u"chunked_attention"_s, m.chunkSize);
    if (failed())
        return;
    m.layerPattern = compressPattern(kinds);
    QStringList parts;
    for (AttentionKind k : kAllKinds) {
        const int n = int(kinds.count(k));
        if (n == 0 || k == AttentionKind::Full)
            continue;
        const QString what =
            k == AttentionKind::SlidingWindow ? HfText::tr("sliding (window %1)").arg(m.window)
            : k == AttentionKind::Chunked ? HfText::tr("chunked (chunks of %1)").arg(m.chunkSize)
            : k == AttentionKind::Linear  ? HfText::tr("linear attention (a fixed state)")
                                          : HfText::tr("Mamba (a fixed state)");
        parts << HfText::tr("%1 of %2 layers %3").arg(n).arg(m.layers).arg(what);
    }
    if (!parts.isEmpty())
        note(HfText::tr("layer_types: %1, the rest full").arg(parts.join(u"; "_s)));
}

void Importer::readHybridPattern()
{
    ModelSpec &m = m_model;
    QList<AttentionKind> kinds;
    if (const auto interval = integer({u"full_attention_interval"_s}, 1, m.layers)) {
        // Qwen3-Next: every interval-th layer is full attention, the rest Gated DeltaNet.
        for (int i = 0; i < m.layers; ++i)
            kinds << ((i + 1) % *interval == 0 ? AttentionKind::Full : AttentionKind::Linear);
        note(HfText::tr(
                 "full_attention_interval %1: full attention on every %1th layer, linear attention "
                 "(a fixed state) on the others")
                 .arg(*interval));
    } else if (const auto period = integer({u"attn_layer_period"_s}, 1, m.layers)) {
        // Jamba: layer i is attention when i % period == offset, Mamba otherwise.
        const int offset = integer({u"attn_layer_offset"_s}, 0, *period - 1).value_or(0);
        for (int i = 0; i < m.layers; ++i)
            kinds << (i % *period == offset ? AttentionKind::Full : AttentionKind::StateSpace);
        note(HfText::tr(
                 "attn_layer_period %1, attn_layer_offset %2: attention on %3 of %4 layers, Mamba "
                 "(a fixed state) on the others")
                 .arg(*period)
                 .arg(offset)
                 .arg(kinds.count(AttentionKind::Full))
                 .arg(m.layers));
    }
    if (!failed() && !kinds.isEmpty())
        m.layerPattern = compressPattern(kinds);
}

void Importer::readChunkedPattern()
{
    // Llama 4: layers with RoPE attend within chunks of attention_chunk_size; the NoPE layers
    // (a 0 in no_rope_layers; by default every 4th) attend to everything.
    ModelSpec &m = m_model;
    m.chunkSize = integer({u"attention_chunk_size"_s}, 1, limits::maxContext).value_or(0);
    if (failed())
        return;
    QList<AttentionKind> kinds;
    const QJsonValue rope = find({u"no_rope_layers"_s}).value;
    if (rope.isArray() && !rope.toArray().isEmpty()) {
        const QJsonArray a = rope.toArray();
        if (a.size() < m.layers)
            return fail(HfText::tr("no_rope_layers: %1 entries, but num_hidden_layers is %2")
                            .arg(a.size())
                            .arg(m.layers));
        for (int i = 0; i < m.layers; ++i)
            kinds << (a.at(i).toInt() != 0 ? AttentionKind::Chunked : AttentionKind::Full);
    } else {
        const int interval = integer({u"no_rope_layer_interval"_s}, 1, m.layers).value_or(4);
        for (int i = 0; i < m.layers; ++i)
            kinds << ((i + 1) % interval != 0 ? AttentionKind::Chunked : AttentionKind::Full);
        note(HfText::tr("no_rope_layers absent: every %1th layer global (the transformers default)")
                 .arg(interval));
    }
    if (failed())
        return;
    m.layerPattern = compressPattern(kinds);
    note(HfText::tr(
             "chunked attention: %1 of %2 layers hold at most one chunk of %3 tokens, the rest the "
             "whole context")
             .arg(kinds.count(AttentionKind::Chunked))
             .arg(m.layers)
             .arg(m.chunkSize));
}

void Importer::readLayerState()
{
    ModelSpec &m = m_model;
    if (failed())
        return;
    if (m.hasKind(AttentionKind::Linear)) {
        m.linearValueHeads = required({u"linear_num_value_heads"_s}, 1, limits::maxHeads);
        m.linearKeyHeads = required({u"linear_num_key_heads"_s}, 1, limits::maxHeads);
        m.linearKeyHeadDim = required({u"linear_key_head_dim"_s}, 1, limits::maxHeadDim);
        m.linearValueHeadDim = required({u"linear_value_head_dim"_s}, 1, limits::maxHeadDim);
        m.linearConvKernel = required({u"linear_conv_kernel_dim"_s}, 1, 64);
    }
    if (m.hasKind(AttentionKind::StateSpace)) {
        m.mambaState = required({u"mamba_d_state"_s, u"ssm_state_size"_s, u"state_size"_s}, 1,
                                limits::maxStateDim);
        m.mambaConv = required({u"mamba_d_conv"_s, u"conv_kernel"_s, u"d_conv"_s}, 1, 64);
        const auto heads = integer({u"mamba_n_heads"_s, u"mamba_num_heads"_s}, 1, limits::maxHeads);
        const auto headDim =
            integer({u"mamba_d_head"_s, u"mamba_head_dim"_s}, 1, limits::maxHeadDim);
        if (heads && headDim) {
            m.mambaInner = *heads * *headDim;
        } else if (const auto expand = integer({u"mamba_expand"_s, u"expand"_s}, 1, 64)) {
            m.mambaInner = *expand * m.hiddenSize;
        } else if (!failed()) {
            m.mambaInner = 2 * m.hiddenSize;
            note(HfText::tr("mamba_expand absent: d_inner = 2 × hidden_size, the Mamba default"));
        }
        m.mambaGroups =
            integer({u"mamba_n_groups"_s, u"n_groups"_s}, 1, limits::maxHeads).value_or(0);
        if (m.mambaGroups == 0 && heads)
            m.mambaGroups = 1; // Mamba 2 with one group
        if (failed())
            return;
        if (m.mambaInner > limits::maxStateDim)
            return fail(HfText::tr("mamba d_inner: %1 is more than %2")
                            .arg(m.mambaInner)
                            .arg(limits::maxStateDim));
    }
    if (m.hasKind(AttentionKind::Linear) || m.hasKind(AttentionKind::StateSpace)) {
        const QString dtype =
            find({u"mamba_ssm_dtype"_s, u"mamba_ssm_cache_dtype"_s}).value.toString();
        if (dtype == u"float32")
            m.statePrecision = Precision::of(NumberFormat::FP32);
        note(HfText::tr("fixed state kept in %1 (%2); the KV precision does not apply to it")
                 .arg(m.statePrecision.name(), dtype.isEmpty()
                                                   ? HfText::tr("the model's dtype")
                                                   : HfText::tr("mamba_ssm_dtype %1").arg(dtype)));
    }
}

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

std::optional<HfImport> Importer::run(QString *error)
{
    chooseSource();
    static const QStringList encoderDecoder = {
        u"t5"_s,    u"mt5"_s,        u"umt5"_s,       u"bart"_s,
        u"mbart"_s, u"marian"_s,     u"pegasus"_s,    u"whisper"_s,
        u"led"_s,   u"longt5"_s,     u"m2m_100"_s,    u"nllb_moe"_s,
        u"fsmt"_s,  u"prophetnet"_s, u"blenderbot"_s, u"seamless_m4t"_s};
    if (m_top.value(u"is_encoder_decoder"_s).toBool() || encoderDecoder.contains(m_modelType))
        fail(HfText::tr("%1: encoder-decoder models are not supported (their cache is decoder "
                        "self-attention plus cross-attention per encoder token)")
                 .arg(m_modelType.isEmpty() ? u"is_encoder_decoder"_s : m_modelType));
    // Hybrids whose layers KV Ledger cannot describe yet: refused rather than costed wrong.
    if (m_modelType == u"falcon_h1")
        fail(HfText::tr(
            "falcon_h1: layers that run attention and Mamba side by side are not supported"));
    if (!find({u"hybrid_override_pattern"_s}).absent())
        fail(HfText::tr(
            "hybrid_override_pattern (Nemotron-H): separate Mamba, attention and MLP blocks are "
            "not supported"));
    readShape();
    readKvHeads();
    readHeadDim();
    readMoE();
    readAttention();
    readLayerState();
    if (!failed())
        readPrecision();

    ModelSpec &m = m_model;
    if (!failed())
        fail(m.validate());
    if (failed()) {
        if (error)
            *error = m_error;
        return std::nullopt;
    }

    const QString path = m_top.value(u"_name_or_path"_s).toString();
    const QJsonArray architectures = m_top.value(u"architectures"_s).toArray();
    m.name = !path.isEmpty()            ? path
             : !m_fileName.isEmpty()    ? m_fileName
             : !architectures.isEmpty() ? architectures.first().toString()
             : !m_modelType.isEmpty()   ? m_modelType
                                        : u"Imported model"_s;
    m.source = u"Hugging Face config.json"_s;
    if (const auto layers = find({u"num_nextn_predict_layers"_s}).value.toInt(); layers > 0)
        note(HfText::tr(
                 "num_nextn_predict_layers %1: the multi-token-prediction layers are not counted")
                 .arg(layers));

    // totalParameters stays 0 so the estimate follows any later edit of the shape.
    note(m.isMoE()
             ? HfText::tr("parameters estimated from the shapes: %1 total, %2 active per "
                          "token (biases and extra norms not counted)")
                   .arg(billions(m.estimateParameters()), billions(m.estimateActiveParameters()))
             : HfText::tr("parameters estimated from the shapes: %1 (biases and extra "
                          "norms not counted)")
                   .arg(billions(m.estimateParameters())));
    m.notes = m_notes;
    return HfImport{m};
}

std::optional<HfImport> importConfig(const QByteArray &json, const QString &fileName,
                                     QString *error)
{
    auto fail = [&](const QString &why) -> std::optional<HfImport> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (json.size() > kMaxConfigBytes)
        return fail(HfText::tr("larger than 16 MiB, not a config.json"));
    if (json.trimmed().isEmpty())
        return fail(HfText::tr("not JSON: the input is empty"));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return fail(HfText::tr("not JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject())
        return fail(
            HfText::tr("not a JSON object: a config.json holds {\"num_hidden_layers\": ...}"));
    if (const QString twice = duplicateJsonKeyError(json); !twice.isEmpty())
        return fail(twice);
    return Importer(doc.object(), fileName).run(error);
}

} // namespace

std::optional<HfImport> importHfConfig(const QByteArray &json, QString *error)
{
    return importConfig(json, {}, error);
}

std::optional<HfImport> importHfConfigFile(const QString &path, QString *error)
{
    const QString shown = shownPath(path);
    QFile f(path);
    if (!openRegularFile(f, error))
        return std::nullopt;
    if (f.size() > kMaxConfigBytes) {
        if (error)
            *error = shown + u": larger than 16 MiB, not a config.json";
        return std::nullopt;
    }
    // "Qwen2.5-72B/config.json" is named by its folder, "gemma-2-9b.json" by itself.
    const QFileInfo info(path);
    const QString name = info.completeBaseName() == u"config" ? info.absoluteDir().dirName()
                                                              : info.completeBaseName();
    QString why;
    auto imported = importConfig(f.read(kMaxConfigBytes + 1), name, &why);
    if (!imported) {
        if (error)
            *error = shown + u": " + why;
        return std::nullopt;
    }
    imported->model.source =
        u"Hugging Face config.json: "_s + QDir::toNativeSeparators(info.absoluteFilePath());
    return imported;
}

} // namespace kvl
