#include "strategy_presets.h"

#include <QCoreApplication>
#include <iterator>

namespace kvl {

namespace {
struct Row
{
    const char *id;
    const char *name;
    const char *spec;
    const char *citation;
};

// Citations are translated where they are read, so a language switch reaches them.
const Row kPresets[] = {
    {"streamingllm", "StreamingLLM", "window:4096,sinks:4",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Xiao et al. 2023, Efficient Streaming Language Models with Attention "
                       "Sinks, arXiv:2309.17453: 4 initial tokens kept as attention sinks plus a "
                       "rolling window; the window length is a free parameter (4,096 here).")},
    {"h2o", "H2O", "budget:20%,recent:10%",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Zhang et al. 2023, H2O: Heavy-Hitter Oracle, arXiv:2306.14048: a KV "
                       "budget of 20% of the context, half heavy hitters (largest accumulated "
                       "attention) and half recent tokens.")},
    {"snapkv", "SnapKV", "budget:2048,recent:32",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Li et al. 2024, SnapKV, arXiv:2404.14469: the prompt's KV compressed to "
                       "1,024, 2,048 or 4,096 tokens per head (2,048 here), chosen by the last 32 "
                       "prompt tokens (the observation window, kept). Only the prompt is "
                       "compressed: tokens generated afterwards are all kept.")},
    {"duoattention", "DuoAttention", "duo:0.5,sinks:64,window:256",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Xiao et al. 2024, DuoAttention, arXiv:2410.10819: retrieval heads keep "
                       "the full cache, streaming heads keep sinks + recent tokens; 50% retrieval "
                       "heads for GQA models (25% for MHA). 64 sinks + 256 recent as deployed; "
                       "the released head patterns were trained with 128 sinks.")},
    {"quest", "Quest", "sparse:k=128,block=16,summary=2,dense=2",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Tang et al. 2024, Quest, arXiv:2406.10774: pages of 16 tokens scored by "
                       "their stored min and max keys, top pages up to a token budget (swept in "
                       "the paper up to 4,096; 2,048 = 128 pages here, a free parameter); the "
                       "first two layers stay dense.")},
    {"moba", "MoBA", "sparse:k=12,block=4096",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Lu et al. 2025, MoBA: Mixture of Block Attention, arXiv:2502.13189: "
                       "blocks of 4,096 tokens, the top 12 by the mean-pooled key of each block "
                       "(the current block always in), 95% sparse at 1M tokens; 512-token blocks "
                       "in the scaling experiments.")},
    {"nsa", "NSA", "sparse:k=16,block=64,summary=0,window=512,compress=16,compress-block=32",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Yuan et al. 2025, Native Sparse Attention, arXiv:2502.11089: compressed "
                       "tokens from blocks of 32 at stride 16 (their scores choose the blocks, no "
                       "extra keys), 16 selected blocks of 64 tokens, a 512-token sliding "
                       "window.")},
    {"kivi", "KIVI", "recent:128,old=int4,scale-bits=32",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "Liu et al. 2024, KIVI, arXiv:2402.02750: the newest 128 tokens (the "
                       "residual) in full precision, older ones quantized in groups of 32 with a "
                       "16-bit scale and zero point each. The paper's headline is 2-bit; "
                       "Precision has no 2-bit format, so this is its 4-bit variant.")},
};
// Names are words here, so they are translated too.
const Row kArticle[] = {
    {"fp8", QT_TRANSLATE_NOOP("kvl::StrategyPresets", "fp8 KV"), "fp8",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "The seed article: fp8 is the safe first step. Half the bytes per token, "
                       "half the bandwidth cost and the GPUs, little quality impact; a one-line "
                       "change in vLLM and TensorRT-LLM.")},
    {"int4", QT_TRANSLATE_NOOP("kvl::StrategyPresets", "int4 KV"), "int4",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "A quarter of the bytes, for the capacity-desperate, after measuring "
                       "recall on your own traffic.")},
    {"fp8-window", QT_TRANSLATE_NOOP("kvl::StrategyPresets", "fp8 + exact window"),
     "recent:32768,sinks=4,old=fp8",
     QT_TRANSLATE_NOOP("kvl::StrategyPresets",
                       "The seed article's safe money: quantization + conservative windows, "
                       "compression kept for stale regions of the history. The first 4 tokens "
                       "(attention sinks) and the newest 32,768 stay exact, at the scenario's "
                       "precision; the stale ones between them are stored in fp8. No token is "
                       "dropped.")},
};

QList<StrategyPreset> rows(const Row *begin, const Row *end, bool translateNames)
{
    QList<StrategyPreset> out;
    for (const Row *r = begin; r != end; ++r)
        out << StrategyPreset{QString::fromLatin1(r->id),
                              translateNames
                                  ? QCoreApplication::translate("kvl::StrategyPresets", r->name)
                                  : QString::fromLatin1(r->name),
                              QString::fromLatin1(r->spec),
                              QCoreApplication::translate("kvl::StrategyPresets", r->citation)};
    return out;
}
} // namespace

QList<StrategyPreset> articleStrategies()
{
    return rows(std::begin(kArticle), std::end(kArticle), true);
}

std::optional<StrategyPreset> articleStrategy(const QString &id)
{
    for (const StrategyPreset &p : articleStrategies())
        if (p.id == id)
            return p;
    return std::nullopt;
}

QList<StrategyPreset> strategyPresets()
{
    return rows(std::begin(kPresets), std::end(kPresets), false);
}

std::optional<StrategyPreset> strategyPreset(const QString &id)
{
    for (const StrategyPreset &p : strategyPresets())
        if (p.id == id)
            return p;
    return std::nullopt;
}

} // namespace kvl
