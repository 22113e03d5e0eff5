#include "layer_type.h"

namespace kvl {

bool hasKvHeads(AttentionKind kind)
{
    return kind == AttentionKind::Full || kind == AttentionKind::SlidingWindow ||
           kind == AttentionKind::Chunked || kind == AttentionKind::CrossAttention;
}

bool hasFixedState(AttentionKind kind)
{
    return kind == AttentionKind::Linear || kind == AttentionKind::StateSpace ||
           kind == AttentionKind::ShortConv;
}

bool isLatent(AttentionKind kind)
{
    return kind == AttentionKind::Latent || kind == AttentionKind::SparseLatent;
}

QString kindKey(AttentionKind kind)
{
    switch (kind) {
    case AttentionKind::Full:
        return QStringLiteral("full");
    case AttentionKind::SlidingWindow:
        return QStringLiteral("window");
    case AttentionKind::Latent:
        return QStringLiteral("latent");
    case AttentionKind::Chunked:
        return QStringLiteral("chunked");
    case AttentionKind::Linear:
        return QStringLiteral("linear");
    case AttentionKind::StateSpace:
        return QStringLiteral("mamba");
    case AttentionKind::SparseLatent:
        return QStringLiteral("dsa");
    case AttentionKind::ShortConv:
        return QStringLiteral("conv");
    case AttentionKind::CrossAttention:
        return QStringLiteral("cross");
    case AttentionKind::NoMixer:
        return QStringLiteral("none");
    }
    return QStringLiteral("full");
}

std::optional<AttentionKind> kindFromKey(const QString &key)
{
    for (AttentionKind k : kAllKinds)
        if (kindKey(k) == key)
            return k;
    return std::nullopt;
}

QString ffnKey(FfnKind ffn)
{
    switch (ffn) {
    case FfnKind::Auto:
        return QStringLiteral("auto");
    case FfnKind::Dense:
        return QStringLiteral("dense");
    case FfnKind::Moe:
        return QStringLiteral("moe");
    case FfnKind::None:
        return QStringLiteral("none");
    case FfnKind::Linear:
        return QStringLiteral("linear");
    }
    return QStringLiteral("auto");
}

std::optional<FfnKind> ffnFromKey(const QString &key)
{
    for (FfnKind f : {FfnKind::Auto, FfnKind::Dense, FfnKind::Moe, FfnKind::None, FfnKind::Linear})
        if (ffnKey(f) == key)
            return f;
    return std::nullopt;
}

qint64 CacheTerm::bytes(const Precision &kv) const
{
    // vLLM kv_cache_interface.py, MLAAttentionSpec.real_page_size_bytes: block × 656 for
    // "fp8_ds_mla" (512 fp8 + 4 fp32 scales + 64 bf16), which DeepseekV32ForCausalLM selects for
    // any fp8 KV cache (vllm/model_executor/models/config.py, 1936cf38).
    if (dsRopeElements > 0 && kv.format == NumberFormat::FP8 && kv.groupSize == 0)
        return Precision{NumberFormat::FP8, 128, 32}.bytesFor(elements - dsRopeElements) +
               2 * dsRopeElements + fixedBytes;
    return kv.bytesFor(elements) + fixedBytes;
}

qint64 LayerCache::heldBytesPerToken(const Precision &kv) const
{
    qint64 total = 0;
    for (const CacheTerm &t : held)
        if (t.tokens == 0)
            total += t.bytes(kv);
    return total;
}

double LayerCache::heldBytes(const Precision &kv, qint64 context) const
{
    double total = 0;
    for (const CacheTerm &t : held)
        total += double(t.bytes(kv)) * double(t.count(context));
    return total;
}

double LayerCache::readBytes(const Precision &kv, qint64 context) const
{
    double total = 0;
    for (const CacheTerm &t : read)
        total += double(t.bytes(kv)) * double(t.count(context));
    return total;
}

double LayerCache::readFlop(qint64 context) const
{
    double total = 0;
    for (const CacheTerm &t : read)
        total += t.flop * double(t.count(context));
    return total;
}

} // namespace kvl
