#pragma once

#include <QtGlobal>

// Every range the app accepts, once: validation, the preset reader, the config importer, the
// command line and the window's sliders all read these.
namespace kvl::limits {
inline constexpr int maxLayers = 256;
inline constexpr int maxHeads = 1024;
inline constexpr int maxHeadDim = 4096;
inline constexpr qint64 maxContext = 100'000'000;
inline constexpr int maxBatch = 1024;
inline constexpr int maxGpus = 1024;
inline constexpr int maxHiddenSize = 1 << 20;
inline constexpr int maxIntermediateSize = 1 << 24;
inline constexpr int maxVocab = 1 << 24;
inline constexpr int maxExperts = 4096;
inline constexpr int maxLoraRank = 65536;
inline constexpr int maxStateDim = 1 << 20;  // SSM d_inner, linear-attention head sizes
inline constexpr int maxGroupSize = 1 << 20; // values per quantization scale (fp8 blocks: 16,384)
inline constexpr double maxParameters = 1e15;
} // namespace kvl::limits
