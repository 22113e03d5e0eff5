// Which layer attends how: sliding, chunked and global layers, latent (MLA, DSA) layers,
// layers with shapes of their own (MiMo-V2-Flash, Gemma 4, NAS blocks), layers that share a cache
// or attend to image tokens.
#include "hf_importer.h"

#include "presets.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>

namespace kvl::hf {

using namespace Qt::StringLiterals;

namespace {

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

} // namespace

void Importer::readLayers()
{
    if (failed())
        return;
    m_layers = QList<LayerType>(m_model.layers, LayerType());
    if (!find({u"block_configs"_s}).absent())
        readNas();
    else if (!find({u"hybrid_override_pattern"_s}).absent() ||
             (is({u"nemotron_h"_s}) && !find({u"layers_block_type"_s}).absent()))
        readNemotronH();
    else if (is({u"zamba2"_s}))
        readZamba2();
    else if (is({u"phi4flash"_s}))
        readSambaY();
    else if (!find({u"linear_attn_config"_s}).absent())
        readKimiLinear();
    else if (!find({u"attn_type_list"_s}).absent())
        readLightning();
    else if (!find({u"hybrid_layer_pattern"_s}).absent())
        readMimo();
    else if (is({u"lfm2"_s}) || !find({u"full_attn_idxs"_s}).absent())
        readLfm2();
    else
        readAttention();
    if (is({u"falcon_h1"_s}) && !failed()) {
        // Falcon-H1: attention and a Mamba 2 mixer side by side in every layer.
        for (LayerType &t : m_layers)
            t.mambaBeside = true;
        note(HfText::tr("falcon_h1: every layer runs attention and Mamba side by side: a KV "
                        "cache and a fixed state each"));
    }
    readLatent();
    readGlobalShape();
    readSharedKv();
    readCrossAttention();
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
    if (!find({u"kv_lora_rank"_s}).absent())
        return; // every layer latent: readLatent
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
    if (!window)
        return;
    if (useSliding == false) { // Qwen2/2.5/3 ship sliding_window with the switch off
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
            is({u"gemma2"_s})
                ? HfText::tr("gemma2: local (window %1) and global layers alternate, layer 0 local")
                      .arg(*window)
                : HfText::tr("%1: sliding_window_pattern absent, %2 (the transformers default)")
                      .arg(m_modelType)
                      .arg(period));
    if (period > 0) {
        // Layer i is global when (i + 1) % period == 0 (transformers Gemma 2/3, Cohere 2).
        QList<AttentionKind> pattern(period - 1, AttentionKind::SlidingWindow);
        pattern << AttentionKind::Full;
        repeat(pattern);
        if (period == 1)
            note(HfText::tr("sliding_window_pattern 1: every layer global"));
        else if (!is({u"gemma2"_s}) || period != 2)
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
        note(HfText::tr(
                 "use_sliding_window, but max_window_layers %1 covers every layer: full attention")
                 .arg(*fullLayers));
        return;
    }
    if (useSliding == true && fullLayers) {
        // Qwen2: layers below max_window_layers keep full attention.
        for (int i = *fullLayers; i < m.layers; ++i)
            m_layers[i].kind = AttentionKind::SlidingWindow;
        note(HfText::tr("use_sliding_window: window %1 on layers %2 and up (max_window_layers)")
                 .arg(*window)
                 .arg(*fullLayers));
        return;
    }
    repeat({AttentionKind::SlidingWindow});
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
        {u"conv"_s, AttentionKind::ShortConv},
        {u"short_conv"_s, AttentionKind::ShortConv},
    };
    QList<AttentionKind> kinds;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const QString t = a.at(i).toString();
        const auto it =
            std::find_if(names.begin(), names.end(), [&](const auto &n) { return n.first == t; });
        if (it == names.end())
            return fail(HfText::tr("layer_types[%1]: %2 is not a layer kind KV Ledger models "
                                   "(full_attention, sliding_attention, chunked_attention, "
                                   "linear_attention, mamba, conv)")
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
    for (int i = 0; i < m.layers; ++i)
        m_layers[i].kind = kinds.at(i);
    QStringList parts;
    for (AttentionKind k : kAllKinds) {
        const int n = int(kinds.count(k));
        if (n == 0 || k == AttentionKind::Full)
            continue;
        const QString what =
            k == AttentionKind::SlidingWindow ? HfText::tr("sliding (window %1)").arg(m.window)
            : k == AttentionKind::Chunked   ? HfText::tr("chunked (chunks of %1)").arg(m.chunkSize)
            : k == AttentionKind::Linear    ? HfText::tr("linear attention (a fixed state)")
            : k == AttentionKind::ShortConv ? HfText::tr("short convolution (a fixed state)")
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
    for (int i = 0; i < kinds.size(); ++i)
        m_layers[i].kind = kinds.at(i);
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
    for (int i = 0; i < m.layers; ++i)
        m_layers[i].kind = kinds.at(i);
    note(HfText::tr(
             "chunked attention: %1 of %2 layers hold at most one chunk of %3 tokens, the rest the "
             "whole context")
             .arg(kinds.count(AttentionKind::Chunked))
             .arg(m.layers)
             .arg(m.chunkSize));
}

// MLA on a config's attention layers (every layer of DeepSeek, the full layers of Kimi-Linear),
// and DeepSeek Sparse Attention when the indexer's fields are there.
void Importer::readLatent()
{
    ModelSpec &m = m_model;
    const auto rank = integer({u"kv_lora_rank"_s}, 1, limits::maxLoraRank);
    if (failed() || !rank)
        return;
    if (find({u"qk_rope_head_dim"_s}).absent())
        return fail(HfText::tr("qk_rope_head_dim: missing (needed with kv_lora_rank)"));
    m.kvLoraRank = *rank;
    m.qkRopeHeadDim = integer({u"qk_rope_head_dim"_s}, 0, limits::maxHeadDim).value_or(0);
    m.qkNopeHeadDim = integer({u"qk_nope_head_dim"_s}, 0, limits::maxHeadDim).value_or(0);
    if (const auto q = integer({u"q_lora_rank"_s}, 1, limits::maxLoraRank))
        m.qLoraRank = *q;
    else if (!failed())
        note(HfText::tr("q_lora_rank absent: queries projected without compression"));
    const bool dsa = is({u"deepseek_v32"_s, u"glm_moe_dsa"_s}) || !find({u"index_topk"_s}).absent();
    if (dsa) {
        m.indexHeads = required({u"index_n_heads"_s}, 1, limits::maxHeads);
        m.indexHeadDim = required({u"index_head_dim"_s}, 1, limits::maxHeadDim);
        m.indexTopK = required({u"index_topk"_s}, 1, limits::maxContext);
    }
    if (failed())
        return;
    int converted = 0;
    for (LayerType &t : m_layers)
        if (t.kind == AttentionKind::Full) {
            t.kind = dsa ? AttentionKind::SparseLatent : AttentionKind::Latent;
            ++converted;
        }
    note(HfText::tr(
             "multi-head latent attention: kv_lora_rank %1 + qk_rope_head_dim %2 = %3 elements "
             "per token per layer, one latent for all heads (num_key_value_heads ignored)")
             .arg(m.kvLoraRank)
             .arg(m.qkRopeHeadDim)
             .arg(m.kvLoraRank + m.qkRopeHeadDim));
    if (dsa)
        note(HfText::tr("DeepSeek Sparse Attention on %1 layers: each also caches an index key of "
                        "%2 B (index_head_dim %3 in fp8 with an fp32 scale, as vLLM and SGLang "
                        "keep it); a step scores every index key with %4 indexer heads and reads "
                        "the top %5 latents (index_topk)")
                 .arg(converted)
                 .arg(m.indexKeyBytes())
                 .arg(m.indexHeadDim)
                 .arg(m.indexHeads)
                 .arg(m.indexTopK));
}

// Gemma 4: global layers have their own head size and KV heads.
void Importer::readGlobalShape()
{
    ModelSpec &m = m_model;
    const auto headDim = integer({u"global_head_dim"_s}, 1, limits::maxHeadDim);
    const bool kEqV = boolean(u"attention_k_eq_v"_s).value_or(false);
    std::optional<int> heads;
    if (kEqV)
        heads = integer({u"num_global_key_value_heads"_s}, 1, limits::maxHeads);
    if (failed() || (!headDim && !heads))
        return;
    for (LayerType &t : m_layers) {
        if (t.kind != AttentionKind::Full)
            continue;
        if (headDim && *headDim != m.headDim)
            t.headDim = *headDim;
        if (heads && *heads != m.kvHeads)
            t.kvHeads = *heads;
    }
    note(HfText::tr("global layers: %1 KV heads of %2%3")
             .arg(heads.value_or(m.kvHeads))
             .arg(headDim.value_or(m.headDim))
             .arg(kEqV ? HfText::tr(" (attention_k_eq_v: V is computed as K, and both are "
                                    "cached)")
                       : QString()));
}

// Gemma 3n and Gemma 4 (num_kv_shared_layers): the last layers reuse the cache of the last
// earlier layer of their kind and hold none; vLLM gives them no KV cache spec of their own.
void Importer::readSharedKv()
{
    const auto shared = integer({u"num_kv_shared_layers"_s}, 0, m_model.layers - 1);
    if (failed() || !shared || *shared == 0)
        return;
    const int first = m_model.layers - *shared;
    for (int i = first; i < m_model.layers; ++i) {
        const auto source =
            std::find_if(m_layers.begin(), m_layers.begin() + first,
                         [&](const LayerType &t) { return t.kind == m_layers[i].kind; });
        if (source == m_layers.begin() + first)
            return fail(HfText::tr("num_kv_shared_layers: layer %1 has no earlier layer of its "
                                   "kind whose cache it could read")
                            .arg(i));
        m_layers[i].sharesCache = true;
    }
    note(HfText::tr("num_kv_shared_layers %1: the last %1 layers read the cache of the last "
                    "earlier layer of their kind and hold none")
             .arg(*shared));
}

// Llama 3.2 Vision: cross-attention layers cache K and V of the image tokens, not the text's.
void Importer::readCrossAttention()
{
    ModelSpec &m = m_model;
    const Field layers = find({u"cross_attention_layers"_s});
    if (failed() || layers.absent())
        return;
    const auto list = integers(layers, 0, m.layers - 1);
    if (!list)
        return;
    for (int i : *list)
        m_layers[i].kind = AttentionKind::CrossAttention;
    // One image: max_num_tiles tiles of (image_size / patch_size)^2 patches and a class token.
    const QJsonObject vision = m_top.value(u"vision_config"_s).toObject();
    const int tiles = vision.value(u"max_num_tiles"_s).toInt();
    const int image = vision.value(u"image_size"_s).toInt();
    const int patch = vision.value(u"patch_size"_s).toInt();
    if (tiles <= 0 || image <= 0 || patch <= 0)
        return fail(HfText::tr("cross_attention_layers: the image token count needs "
                               "vision_config's max_num_tiles, image_size and patch_size"));
    const qint64 perTile = qint64(image / patch) * (image / patch) + 1;
    m.imageTokens = tiles * perTile;
    note(HfText::tr("cross_attention_layers: %1 layers hold K and V of %2 image tokens, one "
                    "image of %3 tiles × %4 (%5² patches and a class token); the count is an "
                    "input (image_tokens)")
             .arg(list->size())
             .arg(m.imageTokens)
             .arg(tiles)
             .arg(perTile)
             .arg(image / patch));
}

} // namespace kvl::hf
