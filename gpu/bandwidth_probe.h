#pragma once

// Streaming-read bandwidth probe for a CUDA device or host memory. Plain C++: no CUDA or Qt here.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kvl::gpu {

struct DeviceInfo
{
    std::string id; // "cuda:0" or "host"
    std::string name;
    int smCount = 0;
    uint64_t memoryTotal = 0;
    uint64_t memoryFree = 0;
    uint64_t l2Bytes = 0; // last-level cache for the host
    double memoryClockHz = 0;
    int busWidthBits = 0;
    double theoreticalBandwidth = 0; // 2 * clock * bus / 8, bytes/s; 0 = unknown
    int threads = 0;                 // host: hardware threads this process may use
};

struct DeviceList
{
    std::vector<DeviceInfo> devices;
    std::string reason; // why there is no CUDA device; empty when there is one
};

// How the CUDA kernel loads; the host ignores it.
enum class LoadVariant
{
    Plain,      // ld.global.v4 through a const __restrict__ pointer
    Streaming,  // __ldcs: evict-first
    L2Only,     // __ldcg: bypass L1
    NoAllocate, // ld.global.nc.L1::no_allocate
};

// What measure() and sweep() accept; kvledger-probe checks its options against the same.
constexpr int kMaxSamples = 100000;
constexpr int kMaxWarmups = 100000;
constexpr int kMaxThreads = 4096;
constexpr int kMaxSweepPoints = 1000;
constexpr double kMaxSampleSeconds = 600;

// kvledger-probe's exit statuses; the window reads them from its child process.
namespace exit_status {
constexpr int kOk = 0;
constexpr int kFailed = 1; // the measurement failed, or its checksum did not match
constexpr int kBadArguments = 2;
constexpr int kCancelled = 3; // SIGINT or SIGTERM
} // namespace exit_status

struct MeasureRequest
{
    std::string device = "host"; // "cuda:N", "cuda:0,1" or "all" (measured at once), or "host"
    uint64_t bytes = 0;          // 0 = default: >= 4x L2/LLC, bounded by free memory
    int samples = 20;
    int warmups = 3;
    double minSampleSeconds = 0; // 0 = 0.25 s on the host (0.05 s per sweep point), 2 ms on a GPU
    int threads = 0;             // host: 0 = every CPU this process may use
    LoadVariant loads = LoadVariant::Plain;
};

// Rates are decimal GB/s with each byte read counted once.
struct Measurement
{
    std::string device;
    uint64_t bytes = 0; // buffer read per pass
    double medianGBps = 0;
    double bestGBps = 0;
    int samples = 0;
    uint64_t bytesCounted = 0; // bytes read in all timed samples
    bool checksumOk = false;   // false: the loads did not return the fill pattern; rates are void
    bool belowCache = false;   // buffer < 4x the cache: partly a cache measurement
    double seconds = 0;        // time of all timed samples
    std::vector<double> sampleGBps;
    std::string method; // e.g. "avx2, 2 threads" or "uint4 plain, 1056 x 256, 8 loads/thread"
};

struct ProbeError
{
    std::string message;
    bool cancelled = false;
};

template <class T> struct Result
{
    std::optional<T> value;
    std::string error; // empty when value is set
    bool cancelled = false;

    Result(T v) : value(std::move(v)) {}
    Result(ProbeError e) : error(std::move(e.message)), cancelled(e.cancelled) {}
    bool ok() const { return value.has_value(); }
};

// Called from the measuring thread with a fraction that never decreases and ends at 1.
using Progress = std::function<void(double fraction)>;

bool cudaBuilt();
DeviceList cudaDevices();
DeviceInfo hostDevice();

// Blocks; cancel (may be null) is honoured within a few milliseconds, except while a CUDA context
// is being created.
Result<Measurement> measure(const MeasureRequest &request, const Progress &progress = {},
                            const std::atomic<bool> *cancel = nullptr);
// Log-spaced buffer sizes on one device ("host" or "cuda:N"); 0 bounds pick 1 MiB and the default
// size, 0 points picks 40.
Result<std::vector<Measurement>> sweep(const MeasureRequest &request, uint64_t minBytes,
                                       uint64_t maxBytes, int points, const Progress &progress = {},
                                       const std::atomic<bool> *cancel = nullptr);

// --- Helpers, exposed so that tests can check them without a device. ---

struct DeviceSpec
{
    enum class Kind
    {
        Host,
        Cuda,
        AllCuda,
    };
    Kind kind = Kind::Host;
    std::vector<int> indices; // Cuda: one or more distinct devices, as given
};
// "host", "all", "cuda:N" or a set measured at once, "cuda:0,2".
std::optional<DeviceSpec> parseDevice(const std::string &text);

const char *loadVariantName(LoadVariant variant);
std::optional<LoadVariant> parseLoadVariant(const std::string &name);

// Every uint32 element i of a probed buffer holds patternValue(i): never all zero, and its
// wrapping sum over any range has a closed form.
constexpr uint32_t kPatternMul = 0x9E3779B1u;
constexpr uint32_t kPatternAdd = 0x6A09E667u;
constexpr uint32_t patternValue(uint64_t index)
{
    return static_cast<uint32_t>(index) * kPatternMul + kPatternAdd;
}
// Sum mod 2^32 of patternValue(i) for i in [first, first + count).
uint32_t expectedChecksum(uint64_t first, uint64_t count);
inline uint32_t expectedChecksum(uint64_t count)
{
    return expectedChecksum(0, count);
}

constexpr uint64_t kBufferAlign = 4096;
// max(4 x cache, floor) rounded up to a power of two, then at most half the free memory;
// a multiple of kBufferAlign. freeBytes 0 = unknown.
uint64_t defaultBufferBytes(uint64_t cacheBytes, uint64_t freeBytes, uint64_t floorBytes);
bool belowCache(uint64_t bytes, uint64_t cacheBytes);
// SMs x resident blocks, no more blocks than needed to give each thread one 16-byte vector.
int gridBlocks(int smCount, int residentBlocksPerSm, uint64_t vectors, int blockThreads);
// Geometric steps from minBytes to maxBytes (both kept), multiples of align, strictly increasing.
std::vector<uint64_t> logSpacedSizes(uint64_t minBytes, uint64_t maxBytes, int points,
                                     uint64_t align = kBufferAlign);
// How far the CUDA kernel's wrapped walk turns the buffer between passes, in vectors: a whole
// number of blocks, coprime with the grid and just above half of it, so that over `grid` passes a
// block reads every other block's share before its own again.
uint32_t passRotation(int grid);
uint64_t passShift(int grid, int blockThreads, uint64_t vectors);
struct ReadWalkCheck
{
    bool eachVectorOncePerPass = false;
    uint32_t checksum = 0; // wrapping sum of every lane read, as the kernel's block sums give it
    uint32_t mostReadsByOneBlock = 0; // of one vector, in the launch: re-reads an SM's L1 can serve
};
// Runs one launch of the CUDA kernel's walk (read_walk.h) on the CPU, for every block and thread
// of the grid, over `vectors` 16-byte vectors holding patternValue: a single strided pass, or
// `passes` > 1 as the wrapped walk with passShift(). shift overrides passShift (tests only).
ReadWalkCheck simulateReadKernel(int grid, int blockThreads, uint64_t vectors, uint32_t passes,
                                 std::optional<uint64_t> shift = std::nullopt);
// Smallest odd count >= target / perRepeat within [1, maxCount]; odd counts keep a wrapping
// checksum of repeated reads injective.
int oddRepeats(double targetSeconds, double perRepeatSeconds, int maxCount);

struct SampleStats
{
    double median = 0;
    double best = 0;
};
SampleStats summarize(std::vector<double> values);

} // namespace kvl::gpu
