#pragma once

#include <QtGlobal>
#include <cmath>

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

// A closed range of a real-valued input. The lower ends are the smallest values that still mean
// something (a 1% efficient link, a 100 MB GPU): below them every derived time or count is
// astronomically large, and near zero it overflows to inf.
struct RealRange
{
    double lo;
    double hi;
    bool contains(double v) const { return std::isfinite(v) && v >= lo && v <= hi; }
};
inline constexpr RealRange efficiency{0.01, 2.0};
inline constexpr RealRange memoryFraction{0.01, 1.0};
inline constexpr RealRange computeEfficiency{0.01, 2.0};
// USD per GPU-hour. Zero is meaningful (hardware already paid for); the price only multiplies.
inline constexpr RealRange gpuHourPrice{0.0, 1000.0};
inline constexpr RealRange gpuMemoryBytes{1e8, 1e15};
inline constexpr RealRange bandwidth{1e8, 1e15}; // bytes/s, datasheet or measured
inline constexpr RealRange flops{1e9, 1e18};     // FLOP/s; optional peaks may also be 0
} // namespace kvl::limits
