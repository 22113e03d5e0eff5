// The model's sizes from a config.json: layers, heads and head sizes, the MLP, experts and
// multi-token-prediction layers.
#include "hf_importer.h"

#include "presets.h"

#include <QJsonArray>

namespace kvl::hf {

using namespace Qt::StringLiterals;

namespace {

// transformers' default when a config omits tie_word_embeddings: the model's config class decides,
// and PretrainedConfig says true for the rest.
bool defaultTieWordEmbeddings(const QString &modelType, bool *known)
{
    static const QStringList untied = {
        u"llama"_s,      u"mistral"_s,      u"mixtral"_s,     u"qwen2"_s,       u"qwen2_moe"_s,
        u"qwen3"_s,      u"qwen3_moe"_s,    u"deepseek_v2"_s, u"deepseek_v3"_s, u"gpt_oss"_s,
        u"phi3"_s,       u"olmo2"_s,        u"granite"_s,     u"llama4"_s,      u"llama4_text"_s,
        u"qwen3_next"_s, u"deepseek_v32"_s, u"glm_moe_dsa"_s, u"nemotron_h"_s,  u"kimi_linear"_s,
    };
    static const QStringList tied = {u"gemma"_s, u"gemma2"_s, u"gemma3"_s, u"gemma3_text"_s,
                                     u"gpt2"_s,  u"falcon"_s, u"cohere2"_s};
    *known = untied.contains(modelType) || tied.contains(modelType);
    return !untied.contains(modelType);
}

} // namespace

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
    } else if (!failed() && !find({u"block_configs"_s}).absent()) {
        m.intermediateSize = 0; // NAS: every block states its own (ffn_mult)
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
    } else if (string(u"mlp_hidden_act"_s) == u"relu2" || string(u"hidden_act"_s) == u"relu2") {
        // Nemotron-H: squared ReLU on an up projection, its MLPs and experts ungated.
        m.gatedMlp = false;
        note(HfText::tr("relu2 activation: MLPs and experts have two matrices (up, down), no "
                        "gate"));
    }
    readLfm2FfnSize();
    if (!failed() && find({u"vocab_size"_s}).absent() && is({u"gemma3_text"_s})) {
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
    if (failed() || !find({u"block_configs"_s}).absent()) // NAS: per block
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
    if (const auto explicitDim =
            integer({u"head_dim"_s, u"attention_head_dim"_s}, 1, limits::maxHeadDim)) {
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
    if (expertsField.absent() || failed())
        return;
    const int experts = integer({expertsField.key}, 0, limits::maxExperts).value_or(0);
    if (failed() || experts == 0)
        return;
    m.experts = experts;

    const Field perToken = find({u"num_experts_per_tok"_s, u"experts_per_token"_s,
                                 u"num_experts_per_token"_s, u"top_k_experts"_s});
    if (perToken.absent())
        return fail(HfText::tr("num_experts_per_tok: missing (%1 has %2 experts)")
                        .arg(expertsField.key)
                        .arg(experts));
    m.expertsPerToken = integer({perToken.key}, 1, experts).value_or(0);
    m.sharedExperts =
        integer({u"n_shared_experts"_s, u"num_shared_experts"_s}, 0, limits::maxExperts)
            .value_or(0);
    m.firstDenseLayers = integer({u"first_k_dense_replace"_s}, 0, m.layers).value_or(0);
    if (const auto size = integer({u"moe_intermediate_size"_s}, 1, limits::maxIntermediateSize)) {
        m.moeIntermediateSize = *size;
    } else if (!failed()) {
        m.moeIntermediateSize = m.intermediateSize; // Mixtral: experts are full-size MLPs
        note(HfText::tr("moe_intermediate_size absent: each expert uses intermediate_size %1")
                 .arg(m.intermediateSize));
    }

    // A shared expert of its own size (Qwen MoE, Nemotron-H, Granite 4.0-H), counted as that
    // many routed-size experts.
    const Field sharedField =
        find({u"shared_expert_intermediate_size"_s, u"moe_shared_expert_intermediate_size"_s,
              u"shared_intermediate_size"_s});
    const auto shared = integer({sharedField.key}, 0, limits::maxIntermediateSize);
    const int unit = m.moeIntermediateSize > 0 ? m.moeIntermediateSize : m.intermediateSize;
    if (shared && *shared > 0 && unit > 0) {
        m.sharedExperts = std::max(1, (*shared + unit / 2) / unit);
        note(HfText::tr("%1 %2 counted as %3 shared experts of %4")
                 .arg(sharedField.key)
                 .arg(*shared)
                 .arg(m.sharedExperts)
                 .arg(unit));
    } else if (shared && *shared == 0) {
        m.sharedExperts = 0;
    }
    // Gemma 4: a dense MLP beside the routed experts in every layer, as a shared expert.
    if (is({u"gemma4_text"_s}) && boolean(u"enable_moe_block"_s) == true && unit > 0) {
        m.sharedExperts = std::max(1, (m.intermediateSize + unit / 2) / unit);
        note(HfText::tr("gemma4: the dense MLP of intermediate_size %1 beside the experts, "
                        "counted as %2 shared experts of %3")
                 .arg(m.intermediateSize)
                 .arg(m.sharedExperts)
                 .arg(unit));
    }
    // Nemotron 3 Super, Kimi K3: routed experts work in a latent narrower than hidden_size.
    const Field latent = find({u"moe_latent_size"_s, u"routed_expert_hidden_size"_s});
    if (const auto width = integer({latent.key}, 1, limits::maxHiddenSize)) {
        m.expertHiddenSize = *width;
        note(HfText::tr("%1 %2: routed experts work in a latent of that width, with a projection "
                        "in and out per MoE layer")
                 .arg(latent.key)
                 .arg(*width));
    }
    // Which layers are MoE: Jamba writes a period and offset, Llama 4 an interleave step,
    // Qwen MoE a sparse step and DeepSeek a frequency (layer i is MoE when (i + 1) % k == 0).
    if (const auto period = integer({u"expert_layer_period"_s}, 1, m.layers)) {
        m.expertLayerPeriod = *period;
        m.expertLayerOffset = integer({u"expert_layer_offset"_s}, 0, *period - 1).value_or(0);
    } else if (const auto step = find({u"moe_layer_freq"_s}).value.isArray()
                                     ? std::nullopt // a list per layer: readMoEPlacement
                                     : integer({u"interleave_moe_layer_step"_s,
                                                u"decoder_sparse_step"_s, u"moe_layer_freq"_s},
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

// moe_layer_freq as a list (MiMo-V2-Flash, MiniMax-M3): 1 marks an MoE layer, 0 a dense one.
void Importer::readMoEPlacement()
{
    const Field freq = find({u"moe_layer_freq"_s});
    if (failed() || !m_model.isMoE() || !freq.value.isArray())
        return;
    const auto flags = integers(freq, 0, 1);
    if (!flags)
        return;
    if (flags->size() != m_layers.size())
        return fail(HfText::tr("moe_layer_freq: %1 entries, but num_hidden_layers is %2")
                        .arg(flags->size())
                        .arg(m_layers.size()));
    for (int i = 0; i < m_layers.size(); ++i)
        if (m_layers[i].ffn == FfnKind::Auto)
            m_layers[i].ffn = flags->at(i) ? FfnKind::Moe : FfnKind::Dense;
    note(HfText::tr("moe_layer_freq lists %1 MoE layers of %2; the others dense")
             .arg(flags->count(1))
             .arg(m_layers.size()));
}

// Multi-token-prediction layers: their weights count; their cache while speculating.
void Importer::readMtp()
{
    ModelSpec &m = m_model;
    if (failed())
        return;
    Field key = find({u"num_nextn_predict_layers"_s, u"mtp_num_hidden_layers"_s});
    if (const auto n = integer({key.key}, 0, limits::maxLayers)) {
        m.mtpLayers = *n;
    } else if (key = find({u"num_mtp_modules"_s});
               !key.absent() && boolean(u"use_mtp"_s) != false) {
        // MiniMax-M2: num_mtp_modules modules of mtp_transformer_layers layers each.
        m.mtpLayers = integer({key.key}, 0, limits::maxLayers).value_or(0) *
                      integer({u"mtp_transformer_layers"_s}, 1, limits::maxLayers).value_or(1);
    }
    if (!failed() && m.mtpLayers > 0)
        note(HfText::tr("%1: %n multi-token-prediction layer(s), their weights counted; their "
                        "cache only with speculative decoding on",
                        nullptr, m.mtpLayers)
                 .arg(key.key));
}

// LFM2's feed-forward: block_ff_dim, adjusted as its code does (two thirds, the multiplier,
// rounded up to block_multiple_of).
void Importer::readLfm2FfnSize()
{
    ModelSpec &m = m_model;
    const auto ff = integer({u"block_ff_dim"_s}, 1, limits::maxIntermediateSize);
    if (failed() || !ff)
        return;
    qint64 size = *ff;
    if (boolean(u"block_auto_adjust_ff_dim"_s) == true) {
        size = 2 * size / 3;
        const double multiplier = find({u"block_ffn_dim_multiplier"_s}).value.toDouble(1.0);
        size = qint64(multiplier * double(size));
        const int multiple = integer({u"block_multiple_of"_s}, 1, 1 << 20).value_or(1);
        size = multiple * ((size + multiple - 1) / multiple);
    }
    if (failed() || size < 1 || size > limits::maxIntermediateSize)
        return;
    m.intermediateSize = int(size);
    note(
        HfText::tr("block_ff_dim %1: feed-forward size %2, as LFM2 adjusts it").arg(*ff).arg(size));
}

} // namespace kvl::hf
