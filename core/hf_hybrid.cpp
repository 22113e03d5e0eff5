// Layers that keep a fixed state: hybrid patterns (Nemotron-H, Zamba2, SambaY, Kimi-Linear,
// MiniMax lightning attention, LFM2), the state shapes and the precision the engine keeps them at.
#include "hf_importer.h"

#include "presets.h"

#include <QJsonArray>
#include <algorithm>

namespace kvl::hf {

using namespace Qt::StringLiterals;

// Nemotron-H and Nemotron 3: one mixer or one MLP per block, written as a string of M (Mamba 2),
// * (attention), - (MLP) and E (MoE), or, in newer configs, as a list of words.
void Importer::readNemotronH()
{
    const Field pattern = find({u"hybrid_override_pattern"_s, u"layers_block_type"_s});
    QStringList blocks;
    if (pattern.value.isString()) {
        const QString text = pattern.value.toString();
        static const QHash<QChar, QString> words = {
            {u'M', u"mamba"_s}, {u'*', u"attention"_s}, {u'-', u"mlp"_s}, {u'E', u"moe"_s}};
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (!words.contains(text.at(i)))
                return fail(HfText::tr("%1[%2]: '%3' is not M, *, - or E")
                                .arg(pattern.key)
                                .arg(i)
                                .arg(text.at(i)));
            blocks << words.value(text.at(i));
        }
    } else {
        for (const auto &v : pattern.value.toArray())
            blocks << v.toString();
    }
    if (blocks.size() != m_layers.size())
        return fail(HfText::tr("%1: %2 blocks, but num_hidden_layers is %3")
                        .arg(pattern.key)
                        .arg(blocks.size())
                        .arg(m_layers.size()));
    for (int i = 0; i < m_layers.size(); ++i) {
        LayerType &t = m_layers[i];
        const QString &b = blocks.at(i);
        if (b == u"mamba") {
            t = LayerType(AttentionKind::StateSpace);
            t.ffn = FfnKind::None;
        } else if (b == u"attention") {
            t.ffn = FfnKind::None;
        } else if (b == u"mlp" || b == u"moe") {
            t = LayerType(AttentionKind::NoMixer);
            t.ffn = b == u"mlp" ? FfnKind::Dense : FfnKind::Moe;
        } else {
            return fail(HfText::tr("%1[%2]: %3 is not mamba, attention, mlp or moe")
                            .arg(pattern.key)
                            .arg(i)
                            .arg(b));
        }
    }
    note(HfText::tr("%1: %2 Mamba, %3 attention, %4 MLP and %5 MoE blocks, each its own layer")
             .arg(pattern.key)
             .arg(blocks.count(u"mamba"_s))
             .arg(blocks.count(u"attention"_s))
             .arg(blocks.count(u"mlp"_s))
             .arg(blocks.count(u"moe"_s)));
}

// Zamba2: Mamba layers, and hybrid layers that add a shared attention block (num_mem_blocks of
// them, alternating) before their Mamba; each application keeps its own KV cache.
void Importer::readZamba2()
{
    ModelSpec &m = m_model;
    const Field types = find({u"layers_block_type"_s});
    const QJsonArray a = types.value.toArray();
    if (a.size() != m.layers)
        return fail(HfText::tr("layers_block_type: %1 entries, but num_hidden_layers is %2")
                        .arg(a.size())
                        .arg(m.layers));
    int hybrid = 0;
    for (int i = 0; i < m.layers; ++i) {
        LayerType &t = m_layers[i];
        if (a.at(i).toString() == u"hybrid") {
            t.mambaBeside = true;
            t.sharedBlock = true;
            t.ffn = FfnKind::Dense;
            ++hybrid;
        } else if (a.at(i).toString() == u"mamba") {
            t = LayerType(AttentionKind::StateSpace);
            t.ffn = FfnKind::None;
        } else {
            return fail(HfText::tr("layers_block_type[%1]: %2 is not mamba or hybrid")
                            .arg(i)
                            .arg(jsonValueText(a.at(i))));
        }
    }
    m.sharedBlocks = integer({u"num_mem_blocks"_s}, 1, limits::maxLayers).value_or(1);
    note(HfText::tr("zamba2: %1 hybrid layers apply one of %2 shared attention blocks before "
                    "their Mamba, each with its own KV cache; the other %3 layers are Mamba only")
             .arg(hybrid)
             .arg(m.sharedBlocks)
             .arg(m.layers - hybrid));
}

// Phi-4-mini-flash (SambaY, YOCO): Mamba on every mb_per_layer-th layer, attention on the rest;
// from layer N/2 + 2 on, attention layers read the cache of layer N/2 + 1 and Mamba layers
// become gated memory units that hold nothing (vllm/model_executor/models/phi4flash.py).
void Importer::readSambaY()
{
    ModelSpec &m = m_model;
    const int mb = required({u"mb_per_layer"_s}, 0, m.layers);
    const auto window = readWindow();
    const Field types = find({u"layer_types"_s});
    if (failed())
        return;
    const int n = m.layers;
    int shared = 0;
    for (int i = 0; i < n; ++i) {
        LayerType &t = m_layers[i];
        const bool cross = i >= n / 2 + 2;
        if (mb > 0 && i % mb == 0) {
            t = LayerType(cross ? AttentionKind::NoMixer : AttentionKind::StateSpace);
            t.linearMixer = cross;
            continue;
        }
        const QJsonArray listed = types.value.toArray();
        const bool sliding =
            !cross && window &&
            (listed.size() == n ? listed.at(i).toString() == u"sliding_attention" : i < n / 2);
        t.kind = sliding ? AttentionKind::SlidingWindow : AttentionKind::Full;
        t.sharesCache = cross;
        shared += cross;
    }
    m.window = window.value_or(0);
    note(HfText::tr("phi4flash (SambaY): Mamba on every %1th layer; from layer %2 on, %3 "
                    "attention layers read layer %4's cache and hold none")
             .arg(mb)
             .arg(n / 2 + 2)
             .arg(shared)
             .arg(n / 2 + 1));
}

// Kimi-Linear, Kimi K3: KDA layers and MLA layers, listed 1-based in linear_attn_config.
void Importer::readKimiLinear()
{
    ModelSpec &m = m_model;
    const QJsonObject cfg = find({u"linear_attn_config"_s}).value.toObject();
    const auto list = [&](const QString &key) {
        return integers({u"linear_attn_config."_s + key, cfg.value(key)}, 1, m.layers);
    };
    const auto kda = list(u"kda_layers"_s);
    const auto full = list(u"full_attn_layers"_s);
    if (!kda || !full)
        return;
    for (int i = 0; i < m.layers; ++i) {
        if (kda->contains(i + 1))
            m_layers[i].kind = AttentionKind::Linear;
        else if (!full->contains(i + 1))
            return fail(HfText::tr("linear_attn_config: layer %1 (1-based) is in neither "
                                   "kda_layers nor full_attn_layers")
                            .arg(i + 1));
    }
    // KDA's state: heads × head_dim × head_dim, and a short convolution over q, k and v.
    const auto field = [&](const QString &key, qint64 max) {
        return jsonInteger(cfg.value(key), u"linear_attn_config."_s + key, 1, max, &m_error)
            .value_or(0);
    };
    m.linearValueHeads = m.linearKeyHeads = int(field(u"num_heads"_s, limits::maxHeads));
    m.linearKeyHeadDim = m.linearValueHeadDim = int(field(u"head_dim"_s, limits::maxHeadDim));
    m.linearConvKernel = int(field(u"short_conv_kernel_size"_s, 64));
    note(HfText::tr("linear_attn_config: %1 KDA layers (a fixed state of %2 heads × %3 × %3) and "
                    "%4 MLA layers")
             .arg(kda->size())
             .arg(m.linearValueHeads)
             .arg(m.linearKeyHeadDim)
             .arg(full->size()));
}

// MiniMax-Text-01 / M1: attn_type_list marks softmax layers (1); the others are lightning
// attention, a state of heads × head_dim × head_dim (linear_attention_state_shape).
void Importer::readLightning()
{
    ModelSpec &m = m_model;
    const auto types = integers(find({u"attn_type_list"_s}), 0, 1);
    if (!types)
        return;
    if (types->size() != m.layers)
        return fail(HfText::tr("attn_type_list: %1 entries, but num_hidden_layers is %2")
                        .arg(types->size())
                        .arg(m.layers));
    for (int i = 0; i < m.layers; ++i)
        m_layers[i].kind = types->at(i) ? AttentionKind::Full : AttentionKind::Linear;
    m.linearValueHeads = m.linearKeyHeads = m.queryHeads;
    m.linearKeyHeadDim = m.linearValueHeadDim = m.headDim;
    m.linearConvKernel = 0;
    note(HfText::tr("attn_type_list: %1 softmax layers; %2 lightning-attention layers keep a "
                    "state of %3 heads × %4 × %4")
             .arg(types->count(1))
             .arg(types->count(0))
             .arg(m.queryHeads)
             .arg(m.headDim));
}

// LFM2: gated short-convolution layers and attention layers (layer_types, or full_attn_idxs).
void Importer::readLfm2()
{
    ModelSpec &m = m_model;
    const Field types = find({u"layer_types"_s});
    if (!types.absent()) {
        readLayerTypes(types, std::nullopt);
    } else {
        const auto full = integers(find({u"full_attn_idxs"_s}), 0, m.layers - 1);
        if (!full)
            return;
        for (int i = 0; i < m.layers; ++i)
            m_layers[i].kind = full->contains(i) ? AttentionKind::Full : AttentionKind::ShortConv;
    }
    m.shortConvDim = integer({u"conv_dim"_s}, 1, limits::maxStateDim).value_or(m.hiddenSize);
    m.shortConvKernel = required({u"conv_L_cache"_s, u"conv_kernel_size"_s}, 1, 64);
    if (!failed())
        note(HfText::tr("%1 short-convolution layers keep (conv_L_cache − 1) × %2 channels "
                        "as their state, as vLLM does")
                 .arg(countKind(AttentionKind::ShortConv))
                 .arg(m.shortConvDim));
}

void Importer::readLayerState()
{
    ModelSpec &m = m_model;
    if (failed())
        return;
    if (countKind(AttentionKind::Linear) > 0 && m.linearValueHeads == 0) {
        m.linearValueHeads = required({u"linear_num_value_heads"_s}, 1, limits::maxHeads);
        m.linearKeyHeads = required({u"linear_num_key_heads"_s}, 1, limits::maxHeads);
        m.linearKeyHeadDim = required({u"linear_key_head_dim"_s}, 1, limits::maxHeadDim);
        m.linearValueHeadDim = required({u"linear_value_head_dim"_s}, 1, limits::maxHeadDim);
        m.linearConvKernel = required({u"linear_conv_kernel_dim"_s}, 1, 64);
    }
    const bool mamba = countKind(AttentionKind::StateSpace) > 0 ||
                       std::any_of(m_layers.begin(), m_layers.end(),
                                   [](const LayerType &t) { return t.mambaBeside; });
    if (mamba) {
        m.mambaState = required({u"mamba_d_state"_s, u"ssm_state_size"_s, u"state_size"_s}, 1,
                                limits::maxStateDim);
        m.mambaConv = required({u"mamba_d_conv"_s, u"conv_kernel"_s, u"d_conv"_s}, 1, 64);
        const auto heads = integer({u"mamba_n_heads"_s, u"mamba_num_heads"_s, u"n_mamba_heads"_s},
                                   1, limits::maxHeads);
        const auto headDim = integer({u"mamba_d_head"_s, u"mamba_head_dim"_s, u"mamba_headdim"_s},
                                     1, limits::maxHeadDim);
        if (heads && headDim) {
            m.mambaInner = *heads * *headDim;
        } else if (const auto ssm = integer({u"mamba_d_ssm"_s}, 1, limits::maxStateDim)) {
            m.mambaInner = *ssm;
        } else if (const auto expand = integer({u"mamba_expand"_s, u"expand"_s}, 1, 64)) {
            m.mambaInner = *expand * m.hiddenSize;
        } else if (!failed()) {
            m.mambaInner = 2 * m.hiddenSize;
            note(HfText::tr("mamba_expand absent: d_inner = 2 × hidden_size, the Mamba default"));
        }
        m.mambaGroups =
            integer({u"mamba_n_groups"_s, u"n_groups"_s, u"mamba_ngroups"_s}, 1, limits::maxHeads)
                .value_or(0);
        if (m.mambaGroups == 0 && heads)
            m.mambaGroups = 1; // Mamba 2 with one group
        if (failed())
            return;
        if (m.mambaInner > limits::maxStateDim)
            return fail(HfText::tr("mamba d_inner: %1 is more than %2")
                            .arg(m.mambaInner)
                            .arg(limits::maxStateDim));
    }
}

// The precisions vLLM keeps states at (MambaStateDtypeCalculator): convolution states at the
// model's dtype (mamba_cache_dtype "auto"); the recurrent state at mamba_ssm_cache_dtype, which
// the config may set, NemotronH's hook defaults to float32 (vllm/model_executor/models/config.py,
// NemotronHForCausalLMConfig) and KDA always keeps in float32 (kda_state_dtype); else as the
// conv state.
void Importer::readStateDtype()
{
    ModelSpec &m = m_model;
    const bool states = std::any_of(m_layers.begin(), m_layers.end(), [](const LayerType &t) {
        return hasFixedState(t.kind) || t.mambaBeside;
    });
    if (failed() || !states)
        return;
    m.statePrecision = m.convStatePrecision = m.nativePrecision;
    const Field dtype = find({u"mamba_ssm_cache_dtype"_s, u"mamba_ssm_dtype"_s});
    const QString name = dtype.value.toString();
    QString why;
    if (name == u"float32" || name == u"float16" || name == u"bfloat16") {
        m.statePrecision = Precision::of(name == u"float32"   ? NumberFormat::FP32
                                         : name == u"float16" ? NumberFormat::FP16
                                                              : NumberFormat::BF16);
        why = HfText::tr("%1 %2").arg(dtype.key, name);
    } else if (!find({u"linear_attn_config"_s}).absent()) {
        m.statePrecision = Precision::of(NumberFormat::FP32);
        why = HfText::tr("KDA's state is always float32 in vLLM");
    } else if (is({u"nemotron_h"_s})) {
        m.statePrecision = Precision::of(NumberFormat::FP32);
        why = HfText::tr("vLLM's default for Nemotron-H, float32");
    } else {
        why = HfText::tr("vLLM's default, the model's dtype");
    }
    note(HfText::tr("recurrent state kept in %1 (%2), convolution states in %3 (the model's "
                    "dtype); the KV precision does not apply to them")
             .arg(m.statePrecision.name(), why, m.convStatePrecision.name()));
}

} // namespace kvl::hf
