#pragma once

// Hand-written model shapes for the tests, independent of the bundled presets.
#include "gpu_spec.h"
#include "model_spec.h"
#include "scenario.h"

namespace kvl::test {

// One letter per layer: F full, W window, L latent, C chunked, N linear attention, M Mamba,
// D DSA, S short convolution, X cross-attention, - no attention.
inline QString layerKinds(const ModelSpec &m)
{
    QString s;
    for (int l = 0; l < m.layers; ++l) {
        const AttentionKind k = m.layerKind(l);
        s += k == AttentionKind::Full             ? u'F'
             : k == AttentionKind::SlidingWindow  ? u'W'
             : k == AttentionKind::Chunked        ? u'C'
             : k == AttentionKind::Linear         ? u'N'
             : k == AttentionKind::StateSpace     ? u'M'
             : k == AttentionKind::SparseLatent   ? u'D'
             : k == AttentionKind::ShortConv      ? u'S'
             : k == AttentionKind::CrossAttention ? u'X'
             : k == AttentionKind::NoMixer        ? u'-'
                                                  : u'L';
    }
    return s;
}

inline ModelSpec llama70b()
{
    ModelSpec m;
    m.id = QStringLiteral("llama-3.1-70b");
    m.name = QStringLiteral("Llama 3.1 70B");
    m.layers = 80;
    m.queryHeads = 64;
    m.kvHeads = 8;
    m.headDim = 128;
    m.hiddenSize = 8192;
    m.intermediateSize = 28672;
    m.vocabSize = 128256;
    return m;
}

// Llama 3.1 8B (config.json) with the published 8.03e9 parameters, not the estimate: fp16
// weights 1.606e10 B, KV 2 × 32 × 8 × 128 × 2 = 131,072 B per token.
inline ModelSpec llama8b()
{
    ModelSpec m;
    m.name = QStringLiteral("Llama 3.1 8B");
    m.layers = 32;
    m.queryHeads = 32;
    m.kvHeads = 8;
    m.headDim = 128;
    m.hiddenSize = 4096;
    m.intermediateSize = 14336;
    m.vocabSize = 128256;
    m.totalParameters = 8.03e9;
    return m;
}

inline ModelSpec mistral7b()
{
    ModelSpec m;
    m.name = QStringLiteral("Mistral 7B v0.1");
    m.layers = 32;
    m.queryHeads = 32;
    m.kvHeads = 8;
    m.headDim = 128;
    m.hiddenSize = 4096;
    m.intermediateSize = 14336;
    m.vocabSize = 32000;
    m.window = 4096;
    m.layerPattern = {AttentionKind::SlidingWindow};
    return m;
}

inline ModelSpec gemma2_9b()
{
    ModelSpec m;
    m.name = QStringLiteral("Gemma 2 9B");
    m.layers = 42;
    m.queryHeads = 16;
    m.kvHeads = 8;
    m.headDim = 256;
    m.hiddenSize = 3584;
    m.intermediateSize = 14336;
    m.vocabSize = 256000;
    m.tieWordEmbeddings = true;
    m.window = 4096;
    m.layerPattern = {AttentionKind::SlidingWindow, AttentionKind::Full};
    return m;
}

inline ModelSpec deepseekV3()
{
    ModelSpec m;
    m.name = QStringLiteral("DeepSeek-V3");
    m.layers = 61;
    m.queryHeads = 128;
    m.kvHeads = 128;
    m.headDim = 128;
    m.hiddenSize = 7168;
    m.intermediateSize = 18432;
    m.vocabSize = 129280;
    m.kvLoraRank = 512;
    m.qkRopeHeadDim = 64;
    m.qLoraRank = 1536;
    m.qkNopeHeadDim = 128;
    m.experts = 256;
    m.expertsPerToken = 8;
    m.sharedExperts = 1;
    m.moeIntermediateSize = 2048;
    m.firstDenseLayers = 3;
    m.layerPattern = {AttentionKind::Latent};
    return m;
}

inline ModelSpec mixtral8x7b()
{
    ModelSpec m;
    m.name = QStringLiteral("Mixtral 8x7B");
    m.layers = 32;
    m.queryHeads = 32;
    m.kvHeads = 8;
    m.headDim = 128;
    m.hiddenSize = 4096;
    m.intermediateSize = 14336;
    m.vocabSize = 32000;
    m.experts = 8;
    m.expertsPerToken = 2;
    return m;
}

// cost-model.md section 8: H100 SXM datasheet.
inline GpuSpec h100()
{
    GpuSpec g;
    g.id = QStringLiteral("h100-sxm");
    g.name = QStringLiteral("H100 SXM");
    g.memoryBytes = 80e9;
    g.bandwidth = 3.35e12;
    g.peakBf16 = 989e12;
    g.peakFp8 = 1979e12;
    return g;
}

inline Scenario scenario(const ModelSpec &m, qint64 context = 1'000'000, int gpus = 1)
{
    Scenario s;
    s.model = m;
    s.gpu = h100();
    s.context = context;
    s.gpus = gpus;
    return s;
}

} // namespace kvl::test
