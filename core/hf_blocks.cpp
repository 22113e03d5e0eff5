// Layers with shapes of their own: MiMo-V2-Flash's sliding and full layers, NAS blocks.
#include "hf_importer.h"

#include "presets.h"

#include <QJsonArray>
#include <QMap>
#include <algorithm>

namespace kvl::hf {

using namespace Qt::StringLiterals;

// MiMo-V2-Flash: hybrid_layer_pattern marks sliding layers (1) with their own KV heads and head
// sizes; V heads are smaller than K heads on every layer (vLLM's head_size_v).
void Importer::readMimo()
{
    ModelSpec &m = m_model;
    const auto flags = integers(find({u"hybrid_layer_pattern"_s}), 0, 1);
    if (!flags)
        return;
    if (flags->size() != m.layers)
        return fail(HfText::tr("hybrid_layer_pattern: %1 entries, but num_hidden_layers is %2")
                        .arg(flags->size())
                        .arg(m.layers));
    m.window = required({u"sliding_window_size"_s, u"sliding_window"_s}, 1, limits::maxContext);
    const int swaHeads =
        integer({u"swa_num_key_value_heads"_s}, 1, m.queryHeads).value_or(m.kvHeads);
    const int swaDim = integer({u"swa_head_dim"_s}, 1, limits::maxHeadDim).value_or(m.headDim);
    const int vDim = integer({u"v_head_dim"_s}, 1, limits::maxHeadDim).value_or(m.headDim);
    const int swaV = integer({u"swa_v_head_dim"_s}, 1, limits::maxHeadDim).value_or(vDim);
    if (failed())
        return;
    if (m.queryHeads % swaHeads != 0)
        return fail(HfText::tr("swa_num_key_value_heads: %1 does not divide num_attention_heads %2")
                        .arg(swaHeads)
                        .arg(m.queryHeads));
    for (int i = 0; i < m.layers; ++i) {
        LayerType &t = m_layers[i];
        const bool sliding = flags->at(i) == 1;
        t.kind = sliding ? AttentionKind::SlidingWindow : AttentionKind::Full;
        t.kvHeads = sliding && swaHeads != m.kvHeads ? swaHeads : 0;
        t.headDim = sliding && swaDim != m.headDim ? swaDim : 0;
        const int v = sliding ? swaV : vDim;
        t.valueHeadDim = v != (sliding ? swaDim : m.headDim) ? v : 0;
    }
    note(HfText::tr("hybrid_layer_pattern: %1 sliding layers (window %2, %3 KV heads, K %4, V "
                    "%5) and %6 full layers (%7 KV heads, K %8, V %9)")
             .arg(flags->count(1))
             .arg(m.window)
             .arg(swaHeads)
             .arg(swaDim)
             .arg(swaV)
             .arg(flags->count(0))
             .arg(m.kvHeads)
             .arg(m.headDim)
             .arg(vDim));
}

// NAS (Llama-Nemotron Super, Ultra): every block states its attention (KV heads as a group
// size, or none, or one linear matrix) and its FFN (a multiple of hidden, or none).
void Importer::readNas()
{
    ModelSpec &m = m_model;
    const QJsonArray blocks = find({u"block_configs"_s}).value.toArray();
    if (blocks.size() != m.layers)
        return fail(HfText::tr("block_configs: %1 blocks, but num_hidden_layers is %2")
                        .arg(blocks.size())
                        .arg(m.layers));
    QMap<int, int> heads; // KV heads → layers
    for (int i = 0; i < m.layers; ++i) {
        const QJsonObject attention = blocks.at(i).toObject().value(u"attention"_s).toObject();
        const QJsonObject ffn = blocks.at(i).toObject().value(u"ffn"_s).toObject();
        const QString at = u"block_configs[%1]"_s.arg(i);
        LayerType &t = m_layers[i];
        if (attention.value(u"no_op"_s).toBool()) {
            t.kind = AttentionKind::NoMixer;
        } else if (attention.value(u"replace_with_linear"_s).toBool()) {
            t.kind = AttentionKind::NoMixer;
            t.linearMixer = true;
        } else {
            const auto group =
                jsonInteger(attention.value(u"n_heads_in_group"_s),
                            at + u".attention.n_heads_in_group", 1, m.queryHeads, &m_error);
            if (!group)
                return;
            if (m.queryHeads % *group != 0)
                return fail(HfText::tr("%1.attention.n_heads_in_group: %2 does not divide "
                                       "num_attention_heads %3")
                                .arg(at)
                                .arg(*group)
                                .arg(m.queryHeads));
            t.kvHeads = m.queryHeads / *group;
            ++heads[t.kvHeads];
            if (const QJsonValue w = attention.value(u"window_length"_s);
                !w.isNull() && !w.isUndefined()) {
                const auto window = jsonInteger(w, at + u".attention.window_length", 1,
                                                limits::maxContext, &m_error);
                if (!window)
                    return;
                t.kind = AttentionKind::SlidingWindow;
                t.window = *window;
            }
        }
        if (ffn.value(u"no_op"_s).toBool()) {
            t.ffn = FfnKind::None;
        } else if (ffn.value(u"replace_with_linear"_s).toBool()) {
            t.ffn = FfnKind::Linear;
        } else {
            // DeciLM's _ffn_mult_to_intermediate_size: 2/3 of mult × hidden, up to a multiple
            // of 256.
            const double mult = ffn.value(u"ffn_mult"_s).toDouble();
            if (!(mult > 0 && mult < 1000))
                return fail(HfText::tr("%1.ffn.ffn_mult: expected a positive number, got %2")
                                .arg(at, jsonValueText(ffn.value(u"ffn_mult"_s))));
            const qint64 size = qint64(2 * mult * m.hiddenSize / 3);
            t.ffn = FfnKind::Dense;
            t.ffnSize =
                int(std::min<qint64>(256 * ((size + 255) / 256), limits::maxIntermediateSize));
        }
    }
    // The most common KV head count is the model's main shape, the one the slider edits.
    m.kvHeads = heads.isEmpty() ? m.queryHeads : heads.firstKey();
    for (auto it = heads.cbegin(); it != heads.cend(); ++it)
        if (it.value() > heads.value(m.kvHeads))
            m.kvHeads = it.key();
    for (LayerType &t : m_layers)
        if (t.kvHeads == m.kvHeads)
            t.kvHeads = 0;
    // The FFN sizes the blocks give; intermediate_size is null in these configs.
    if (m.intermediateSize <= 0)
        for (const LayerType &t : m_layers)
            m.intermediateSize = std::max(m.intermediateSize, t.ffnSize);
    const int attention =
        int(std::count_if(m_layers.begin(), m_layers.end(),
                          [](const LayerType &t) { return t.kind != AttentionKind::NoMixer; }));
    note(HfText::tr("block_configs: %1 of %2 blocks attend (%3 KV heads on most; the others as "
                    "their n_heads_in_group says), the rest have no attention or one linear "
                    "matrix; FFN sizes per block from ffn_mult")
             .arg(attention)
             .arg(m.layers)
             .arg(m.kvHeads));
}

} // namespace kvl::hf
