#include "bandwidth_probe.h"
#include "read_walk.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace kvl::gpu {

uint32_t expectedChecksum(uint64_t first, uint64_t count)
{
    // Sum of first..first+count-1 is count * (2 first + count - 1) / 2; one factor is even, and
    // halving it first keeps the product exact mod 2^64, hence mod 2^32.
    const uint64_t a = count;
    const uint64_t b = 2 * first + count - 1;
    const uint64_t indexSum = count == 0 ? 0 : (a % 2 == 0 ? (a / 2) * b : a * (b / 2));
    return static_cast<uint32_t>(indexSum) * kPatternMul +
           static_cast<uint32_t>(count) * kPatternAdd;
}

uint64_t defaultBufferBytes(uint64_t cacheBytes, uint64_t freeBytes, uint64_t floorBytes)
{
    uint64_t target = std::max<uint64_t>({4 * cacheBytes, floorBytes, kBufferAlign});
    uint64_t pow2 = kBufferAlign;
    while (pow2 < target)
        pow2 *= 2;
    if (freeBytes > 0)
        pow2 = std::min(pow2, freeBytes / 2);
    return std::max<uint64_t>(pow2 / kBufferAlign * kBufferAlign, kBufferAlign);
}

bool belowCache(uint64_t bytes, uint64_t cacheBytes)
{
    return bytes < 4 * cacheBytes;
}

int gridBlocks(int smCount, int residentBlocksPerSm, uint64_t vectors, int blockThreads)
{
    const uint64_t full =
        uint64_t(std::max(smCount, 1)) * uint64_t(std::max(residentBlocksPerSm, 1));
    const uint64_t threads = uint64_t(std::max(blockThreads, 1));
    const uint64_t needed = std::max<uint64_t>(vectors / threads + (vectors % threads != 0), 1);
    return static_cast<int>(std::min(full, needed));
}

std::vector<uint64_t> logSpacedSizes(uint64_t minBytes, uint64_t maxBytes, int points,
                                     uint64_t align)
{
    std::vector<uint64_t> sizes;
    align = std::max<uint64_t>(align, 1);
    minBytes = std::max(minBytes / align * align, align);
    maxBytes = std::max(maxBytes / align * align, minBytes);
    if (points <= 1 || minBytes == maxBytes) {
        sizes.push_back(maxBytes);
        return sizes;
    }
    const double ratio = std::log(double(maxBytes) / double(minBytes)) / double(points - 1);
    for (int i = 0; i < points; ++i) {
        uint64_t bytes = i == points - 1
                             ? maxBytes
                             : uint64_t(std::llround(double(minBytes) * std::exp(ratio * i)));
        bytes = std::clamp<uint64_t>(bytes / align * align, minBytes, maxBytes);
        if (sizes.empty() || bytes > sizes.back())
            sizes.push_back(bytes);
    }
    return sizes;
}

uint32_t passRotation(int grid)
{
    const uint32_t g = uint32_t(std::max(grid, 1));
    if (g == 1)
        return 0;
    // g - 1 is always coprime with g, so the search ends before g for any g >= 3.
    for (uint32_t r = g / 2 + 1; r < g; ++r) {
        if (std::gcd(r, g) == 1)
            return r;
    }
    return 1;
}

uint64_t passShift(int grid, int blockThreads, uint64_t vectors)
{
    if (vectors == 0)
        return 0;
    return uint64_t(passRotation(grid)) * uint64_t(std::max(blockThreads, 1)) % vectors;
}

ReadWalkCheck simulateReadKernel(int grid, int blockThreads, uint64_t vectors, uint32_t passes,
                                 std::optional<uint64_t> shift)
{
    using Vector = std::array<uint32_t, 4>;
    const uint64_t g = uint64_t(std::max(grid, 1));
    const uint64_t threads = uint64_t(std::max(blockThreads, 1));
    const uint64_t turn = shift.value_or(passShift(int(g), int(threads), vectors));
    std::vector<uint32_t> reads(vectors, 0);
    std::vector<uint32_t> blockReads(vectors, 0);
    ReadWalkCheck check;
    for (uint64_t block = 0; block < g; ++block) {
        std::fill(blockReads.begin(), blockReads.end(), 0);
        for (uint64_t thread = 0; thread < threads; ++thread) {
            uint32_t acc = 0;
            const auto load = [&](uint64_t i) {
                ++reads[i];
                ++blockReads[i];
                return Vector{patternValue(4 * i), patternValue(4 * i + 1), patternValue(4 * i + 2),
                              patternValue(4 * i + 3)};
            };
            const auto consume = [&acc](const Vector &v) { acc += v[0] + v[1] + v[2] + v[3]; };
            const uint64_t first = block * threads + thread;
            if (passes > 1)
                readWrapped<kReadUnroll>(first, g * threads, uint32_t(vectors), passes,
                                         uint32_t(turn), load, consume);
            else
                readStrided<kReadUnroll>(first, g * threads, vectors, load, consume);
            check.checksum += acc;
        }
        for (uint32_t n : blockReads)
            check.mostReadsByOneBlock = std::max(check.mostReadsByOneBlock, n);
    }
    const uint32_t expected = std::max(passes, 1u);
    check.eachVectorOncePerPass =
        std::all_of(reads.begin(), reads.end(), [expected](uint32_t n) { return n == expected; });
    return check;
}

int oddRepeats(double targetSeconds, double perRepeatSeconds, int maxCount)
{
    double wanted = perRepeatSeconds > 0 ? std::ceil(targetSeconds / perRepeatSeconds) : 1.0;
    int count = static_cast<int>(std::clamp(wanted, 1.0, double(std::max(maxCount, 1))));
    if (count % 2 == 0)
        count = count + 1 <= maxCount ? count + 1 : count - 1;
    return std::max(count, 1);
}

SampleStats summarize(std::vector<double> values)
{
    SampleStats stats;
    if (values.empty())
        return stats;
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    stats.median = n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    stats.best = values.back();
    return stats;
}

} // namespace kvl::gpu
