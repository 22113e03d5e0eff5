#include "bandwidth_probe.h"
#include "probe_backends.h"
#include "read_walk.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace kvl::gpu {

namespace {

// With kReadUnroll 16-byte loads in flight per thread: 32 KiB per block.
constexpr int kBlockThreads = 256;
// Without a minimum ptxas (CUDA 13, sm_90) fits the kernel in 32 registers, too few to hold eight
// uint4 loads at once; with it, 48 registers (5 blocks of 256 per SM).
constexpr int kMinBlocksPerSm = 4;
// A launch should read at least this much so that the gap between launches stays small.
constexpr uint64_t kBytesPerLaunch = uint64_t(256) << 20;
constexpr int kMaxPasses = 4095;
// Launches queued behind the hold kernel; far below the queue depth, so enqueueing never blocks.
constexpr int kMaxLaunches = 127;
// Queueing a sample takes well under a millisecond; a hold this long means the flag never arrived.
constexpr uint64_t kHoldTimeoutNs = 500'000'000ull;

struct CudaError : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

std::string describe(cudaError_t error)
{
    return "error " + std::to_string(int(error)) + ": " + cudaGetErrorString(error);
}

void check(cudaError_t error, const char *expression, const char *file, int line)
{
    if (error != cudaSuccess)
        throw CudaError(std::string(expression) + " failed (" + describe(error) + ") at " + file +
                        ":" + std::to_string(line));
}

#define KVL_CUDA_CHECK(expression) check((expression), #expression, __FILE__, __LINE__)
#define KVL_CUDA_CHECK_LAUNCH() KVL_CUDA_CHECK(cudaPeekAtLastError())

// ---- kernels ----

template <LoadVariant V> __device__ __forceinline__ uint4 loadVector(const uint4 *__restrict__ p)
{
    if constexpr (V == LoadVariant::Streaming) {
        return __ldcs(p);
    } else if constexpr (V == LoadVariant::L2Only) {
        return __ldcg(p);
    } else if constexpr (V == LoadVariant::NoAllocate) {
        uint4 v;
        asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
                     : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                     : "l"(p));
        return v;
    } else {
        return *p;
    }
}

__device__ __forceinline__ uint32_t lanes(uint4 v)
{
    return v.x + v.y + v.z + v.w;
}

// Reads the buffer once (a buffer of a launch's worth or more), or `passes` times as one wrapped
// walk (a smaller one). Two instantiations rather than a branch: the large-buffer kernel keeps the
// registers of the simple walk.
template <LoadVariant V, bool Wrapped>
__global__ void __launch_bounds__(kBlockThreads, kMinBlocksPerSm)
    readKernel(const uint4 *__restrict__ data, uint64_t vectors, uint32_t passes, uint64_t shift,
               uint32_t *__restrict__ blockSums)
{
    const uint64_t first = uint64_t(blockIdx.x) * kBlockThreads + threadIdx.x;
    const uint64_t stride = uint64_t(gridDim.x) * kBlockThreads;
    uint32_t acc = 0;
    const auto load = [data](uint64_t i) { return loadVector<V>(data + i); };
    const auto consume = [&acc](uint4 v) { acc += lanes(v); };
    if constexpr (Wrapped) // a buffer under a launch's worth: fewer than 2^31 vectors
        readWrapped<kReadUnroll>(first, stride, uint32_t(vectors), passes, uint32_t(shift), load,
                                 consume);
    else
        readStrided<kReadUnroll>(first, stride, vectors, load, consume);

    __shared__ uint32_t warpSums[kBlockThreads / 32];
    for (int offset = 16; offset > 0; offset /= 2)
        acc += __shfl_down_sync(0xffffffffu, acc, offset);
    if (threadIdx.x % 32 == 0)
        warpSums[threadIdx.x / 32] = acc;
    __syncthreads();
    if (threadIdx.x < 32) {
        acc = threadIdx.x < kBlockThreads / 32 ? warpSums[threadIdx.x] : 0;
        for (int offset = 16; offset > 0; offset /= 2)
            acc += __shfl_down_sync(0xffffffffu, acc, offset);
        // Launches on one stream run in order, so each block owns its slot.
        if (threadIdx.x == 0)
            blockSums[blockIdx.x] += acc;
    }
}

__global__ void fillKernel(uint4 *__restrict__ data, uint64_t vectors)
{
    const uint64_t stride = uint64_t(gridDim.x) * blockDim.x;
    for (uint64_t v = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; v < vectors; v += stride) {
        data[v] = make_uint4(patternValue(4 * v), patternValue(4 * v + 1), patternValue(4 * v + 2),
                             patternValue(4 * v + 3));
    }
}

__device__ __forceinline__ uint64_t globalTimerNs()
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

// Holds its stream until the host has queued a whole sample, so launch costs stay out of the
// timing.
__global__ void holdKernel(const volatile int *flag, uint64_t timeoutNs, uint32_t *timedOut)
{
    const uint64_t start = globalTimerNs();
    while (*flag == 0) {
        if (globalTimerNs() - start > timeoutNs) {
            *timedOut = 1;
            return;
        }
        __nanosleep(1000);
    }
}

// ---- RAII ----

struct DeviceMemory
{
    int device = 0;
    void *ptr = nullptr;
    DeviceMemory(int dev, uint64_t bytes) : device(dev)
    {
        KVL_CUDA_CHECK(cudaSetDevice(device));
        KVL_CUDA_CHECK(cudaMalloc(&ptr, bytes));
    }
    ~DeviceMemory()
    {
        cudaSetDevice(device);
        cudaFree(ptr);
    }
    DeviceMemory(const DeviceMemory &) = delete;
    DeviceMemory &operator=(const DeviceMemory &) = delete;
};

struct Stream
{
    int device = 0;
    cudaStream_t stream = nullptr;
    explicit Stream(int dev) : device(dev)
    {
        KVL_CUDA_CHECK(cudaSetDevice(device));
        KVL_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    }
    ~Stream()
    {
        cudaSetDevice(device);
        cudaStreamDestroy(stream);
    }
    Stream(const Stream &) = delete;
    Stream &operator=(const Stream &) = delete;
};

struct Event
{
    int device = 0;
    cudaEvent_t event = nullptr;
    explicit Event(int dev) : device(dev)
    {
        KVL_CUDA_CHECK(cudaSetDevice(device));
        KVL_CUDA_CHECK(cudaEventCreate(&event));
    }
    ~Event()
    {
        cudaSetDevice(device);
        cudaEventDestroy(event);
    }
    Event(const Event &) = delete;
    Event &operator=(const Event &) = delete;
};

// Host memory every device can read while the host writes it.
struct HoldFlag
{
    int *host = nullptr;
    HoldFlag()
    {
        KVL_CUDA_CHECK(cudaHostAlloc(reinterpret_cast<void **>(&host), sizeof(int),
                                     cudaHostAllocMapped | cudaHostAllocPortable));
        set(0);
    }
    ~HoldFlag() { cudaFreeHost(host); }
    HoldFlag(const HoldFlag &) = delete;
    HoldFlag &operator=(const HoldFlag &) = delete;
    void set(int value)
    {
        std::atomic_thread_fence(std::memory_order_seq_cst);
        *static_cast<volatile int *>(host) = value;
        std::atomic_thread_fence(std::memory_order_seq_cst);
    }
    const int *devicePointer() const
    {
        void *p = nullptr;
        KVL_CUDA_CHECK(cudaHostGetDevicePointer(&p, host, 0));
        return static_cast<const int *>(p);
    }
};

// ---- one device's share of a measurement ----

using ReadKernel = void (*)(const uint4 *, uint64_t, uint32_t, uint64_t, uint32_t *);

template <bool Wrapped> ReadKernel readKernelFor(LoadVariant variant)
{
    switch (variant) {
    case LoadVariant::Streaming:
        return readKernel<LoadVariant::Streaming, Wrapped>;
    case LoadVariant::L2Only:
        return readKernel<LoadVariant::L2Only, Wrapped>;
    case LoadVariant::NoAllocate:
        return readKernel<LoadVariant::NoAllocate, Wrapped>;
    case LoadVariant::Plain:
        break;
    }
    return readKernel<LoadVariant::Plain, Wrapped>;
}

DeviceInfo queryDevice(int device)
{
    cudaDeviceProp prop{};
    KVL_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    // Informational only: a driver that does not report them leaves them 0 (unknown).
    auto attribute = [device](cudaDeviceAttr attr) {
        int value = 0;
        if (cudaDeviceGetAttribute(&value, attr, device) != cudaSuccess) {
            cudaGetLastError();
            value = 0;
        }
        return value;
    };
    DeviceInfo info;
    info.id = "cuda:" + std::to_string(device);
    info.name = prop.name;
    info.smCount = prop.multiProcessorCount;
    info.l2Bytes = uint64_t(std::max(prop.l2CacheSize, 0));
    info.memoryClockHz = double(attribute(cudaDevAttrMemoryClockRate)) * 1e3;
    info.busWidthBits = attribute(cudaDevAttrGlobalMemoryBusWidth);
    info.theoreticalBandwidth = 2.0 * info.memoryClockHz * info.busWidthBits / 8.0;
    KVL_CUDA_CHECK(cudaSetDevice(device));
    size_t freeBytes = 0;
    size_t totalBytes = 0;
    KVL_CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
    info.memoryFree = freeBytes;
    info.memoryTotal = totalBytes;
    return info;
}

class DeviceReader
{
public:
    DeviceReader(const DeviceInfo &info, int device, uint64_t capacity, LoadVariant variant)
        : m_info(info), m_device(device), m_variant(variant), m_stream(device), m_done(device)
    {
        KVL_CUDA_CHECK(cudaSetDevice(device));
        m_once = residentKernel(readKernelFor<false>(variant));
        m_wrapped = residentKernel(readKernelFor<true>(variant));
        m_maxGrid = gridBlocks(info.smCount, std::max(m_once.blocksPerSm, m_wrapped.blocksPerSm),
                               ~uint64_t(0), kBlockThreads);
        m_data = std::make_unique<DeviceMemory>(device, capacity);
        m_sums = std::make_unique<DeviceMemory>(device, uint64_t(m_maxGrid) * sizeof(uint32_t));
        m_capacityVectors = capacity / sizeof(uint4);
        fillKernel<<<m_maxGrid, kBlockThreads, 0, m_stream.stream>>>(
            static_cast<uint4 *>(m_data->ptr), m_capacityVectors);
        KVL_CUDA_CHECK_LAUNCH();
        KVL_CUDA_CHECK(cudaStreamSynchronize(m_stream.stream));
    }

    int device() const { return m_device; }
    cudaStream_t stream() const { return m_stream.stream; }
    cudaEvent_t done() const { return m_done.event; }
    const DeviceInfo &info() const { return m_info; }

    // A launch reads a buffer of kBytesPerLaunch or more once, a smaller one an odd number of
    // times as one wrapped walk, with the same grid and shift simulateReadKernel() checks.
    void setSize(uint64_t bytes)
    {
        m_vectors = std::min(bytes / sizeof(uint4), m_capacityVectors);
        const uint64_t readBytes = m_vectors * sizeof(uint4);
        m_passes = oddRepeats(double(kBytesPerLaunch), double(std::max<uint64_t>(readBytes, 1)),
                              kMaxPasses);
        m_kernel = m_passes > 1 ? m_wrapped : m_once;
        m_grid = gridBlocks(m_info.smCount, m_kernel.blocksPerSm, uint64_t(m_passes) * m_vectors,
                            kBlockThreads);
        m_shift = passShift(m_grid, kBlockThreads, m_vectors);
    }
    uint64_t bytes() const { return m_vectors * sizeof(uint4); }
    int passes() const { return m_passes; }

    void clearSums()
    {
        KVL_CUDA_CHECK(cudaSetDevice(m_device));
        KVL_CUDA_CHECK(
            cudaMemsetAsync(m_sums->ptr, 0, size_t(m_grid) * sizeof(uint32_t), m_stream.stream));
    }

    void enqueueReads(int launches)
    {
        KVL_CUDA_CHECK(cudaSetDevice(m_device));
        for (int l = 0; l < launches; ++l) {
            m_kernel.kernel<<<m_grid, kBlockThreads, 0, m_stream.stream>>>(
                static_cast<const uint4 *>(m_data->ptr), m_vectors, uint32_t(m_passes), m_shift,
                static_cast<uint32_t *>(m_sums->ptr));
            KVL_CUDA_CHECK_LAUNCH();
        }
        KVL_CUDA_CHECK(cudaEventRecord(m_done.event, m_stream.stream));
    }

    // After the sample completed: did every launch see the fill pattern?
    bool checksumMatches(int launches)
    {
        std::vector<uint32_t> sums(static_cast<size_t>(m_grid));
        KVL_CUDA_CHECK(cudaSetDevice(m_device));
        KVL_CUDA_CHECK(cudaMemcpy(sums.data(), m_sums->ptr, sums.size() * sizeof(uint32_t),
                                  cudaMemcpyDeviceToHost));
        uint32_t total = 0;
        for (uint32_t s : sums)
            total += s;
        const uint32_t repeats = uint32_t(launches) * uint32_t(m_passes);
        return total == repeats * expectedChecksum(m_vectors * 4);
    }

    std::string method() const
    {
        return std::string("uint4 ") + loadVariantName(m_variant) + ", " + std::to_string(m_grid) +
               " x " + std::to_string(kBlockThreads) + " (" + std::to_string(m_kernel.blocksPerSm) +
               "/SM), " + std::to_string(kReadUnroll) + " loads/thread in flight, " +
               (m_passes == 1 ? std::string("1 pass")
                              : std::to_string(m_passes) + " passes wrapped") +
               "/launch";
    }

private:
    DeviceInfo m_info;
    int m_device;
    struct Resident
    {
        ReadKernel kernel = nullptr;
        int blocksPerSm = 1;
    };
    static Resident residentKernel(ReadKernel kernel)
    {
        Resident r{kernel, 1};
        KVL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r.blocksPerSm, kernel,
                                                                     kBlockThreads, 0));
        return r;
    }

    LoadVariant m_variant;
    Stream m_stream;
    Event m_done;
    Resident m_once;
    Resident m_wrapped;
    Resident m_kernel; // the one this size uses
    int m_maxGrid = 1;
    std::unique_ptr<DeviceMemory> m_data;
    std::unique_ptr<DeviceMemory> m_sums;
    uint64_t m_capacityVectors = 0;
    uint64_t m_vectors = 0;
    int m_grid = 1;
    uint64_t m_shift = 0;
    int m_passes = 1;
};

struct SampleResult
{
    double seconds = 0;
    uint64_t bytes = 0;
    bool checksumOk = true;
};

// nvbandwidth's scheme: every stream waits behind a hold kernel on the first device; the others
// start on its start event, and it waits for their done events before its stop event.
class SampleRunner
{
public:
    explicit SampleRunner(std::vector<std::unique_ptr<DeviceReader>> &readers)
        : m_readers(readers), m_timedOut(readers.front()->device(), sizeof(uint32_t)),
          m_start(readers.front()->device()), m_stop(readers.front()->device())
    {
        m_holdFlag = m_flag.devicePointer();
        KVL_CUDA_CHECK(
            cudaMemsetAsync(m_timedOut.ptr, 0, sizeof(uint32_t), readers.front()->stream()));
    }

    // Releases a hold kernel left waiting when a CUDA call threw mid-sample.
    ~SampleRunner() { m_flag.set(1); }
    SampleRunner(const SampleRunner &) = delete;
    SampleRunner &operator=(const SampleRunner &) = delete;

    // False once a hold kernel was never released (host-mapped memory not visible to the GPU):
    // later samples are then queued without it.
    bool holding() const { return m_hold; }

    SampleResult run(int launches)
    {
        DeviceReader &first = *m_readers.front();
        for (auto &reader : m_readers)
            reader->clearSums();
        m_flag.set(0);
        KVL_CUDA_CHECK(cudaSetDevice(first.device()));
        if (m_hold) {
            holdKernel<<<1, 1, 0, first.stream()>>>(m_holdFlag, kHoldTimeoutNs,
                                                    static_cast<uint32_t *>(m_timedOut.ptr));
            KVL_CUDA_CHECK_LAUNCH();
        }
        KVL_CUDA_CHECK(cudaEventRecord(m_start.event, first.stream()));
        for (auto &reader : m_readers) {
            if (reader.get() != &first) {
                KVL_CUDA_CHECK(cudaSetDevice(reader->device()));
                KVL_CUDA_CHECK(cudaStreamWaitEvent(reader->stream(), m_start.event, 0));
            }
            reader->enqueueReads(launches);
        }
        KVL_CUDA_CHECK(cudaSetDevice(first.device()));
        for (auto &reader : m_readers) {
            if (reader.get() != &first)
                KVL_CUDA_CHECK(cudaStreamWaitEvent(first.stream(), reader->done(), 0));
        }
        KVL_CUDA_CHECK(cudaEventRecord(m_stop.event, first.stream()));
        m_flag.set(1);
        KVL_CUDA_CHECK(cudaEventSynchronize(m_stop.event));
        float ms = 0;
        KVL_CUDA_CHECK(cudaEventElapsedTime(&ms, m_start.event, m_stop.event));
        if (m_hold) {
            uint32_t timedOut = 0;
            KVL_CUDA_CHECK(
                cudaMemcpy(&timedOut, m_timedOut.ptr, sizeof(timedOut), cudaMemcpyDeviceToHost));
            m_hold = timedOut == 0;
        }

        SampleResult result;
        result.seconds = double(ms) * 1e-3;
        for (auto &reader : m_readers) {
            result.bytes += reader->bytes() * uint64_t(reader->passes()) * uint64_t(launches);
            result.checksumOk = result.checksumOk && reader->checksumMatches(launches);
        }
        return result;
    }

private:
    std::vector<std::unique_ptr<DeviceReader>> &m_readers;
    HoldFlag m_flag;
    const int *m_holdFlag = nullptr;
    DeviceMemory m_timedOut;
    Event m_start;
    Event m_stop;
    bool m_hold = true;
};

struct Plan
{
    std::vector<int> devices;
    std::vector<DeviceInfo> infos;
};

// Resolves "cuda:N" or "all" to devices, or says why it cannot.
std::optional<ProbeError> planDevices(const std::string &deviceText, Plan &plan)
{
    const auto spec = parseDevice(deviceText);
    const DeviceList list = cudaDevices();
    if (!spec || spec->kind == DeviceSpec::Kind::Host)
        return ProbeError{"not a CUDA device: " + deviceText};
    if (list.devices.empty())
        return ProbeError{"no CUDA device to measure: " + list.reason};
    if (spec->kind == DeviceSpec::Kind::AllCuda) {
        for (size_t d = 0; d < list.devices.size(); ++d) {
            plan.devices.push_back(int(d));
            plan.infos.push_back(list.devices[d]);
        }
        return std::nullopt;
    }
    for (int index : spec->indices) {
        if (index >= int(list.devices.size()))
            return ProbeError{"cuda:" + std::to_string(index) + " does not exist (" +
                              std::to_string(list.devices.size()) + " CUDA device" +
                              (list.devices.size() == 1 ? "" : "s") + ")"};
        plan.devices.push_back(index);
        plan.infos.push_back(list.devices[size_t(index)]);
    }
    return std::nullopt;
}

std::optional<ProbeError> checkFits(const DeviceInfo &info, uint64_t bytes)
{
    // Leave room for the context, the block sums and other processes.
    if (bytes + (uint64_t(256) << 20) > info.memoryFree)
        return ProbeError{"a " + std::to_string(bytes) + "-byte buffer does not fit in " + info.id +
                          " (" + std::to_string(info.memoryFree) + " bytes free)"};
    return std::nullopt;
}

// Calibrates launches per sample on one sample of one launch, then warms up and samples.
Result<Measurement> measurePoint(SampleRunner &runner,
                                 std::vector<std::unique_ptr<DeviceReader>> &readers,
                                 const MeasureRequest &request, double sampleSeconds,
                                 detail::StepProgress &steps, const std::atomic<bool> *cancel)
{
    const SampleResult once = runner.run(1);
    bool checksumOk = once.checksumOk;
    steps.step();
    const int launches = oddRepeats(sampleSeconds, once.seconds, kMaxLaunches);
    for (int w = 0; w < request.warmups; ++w) {
        if (detail::cancelled(cancel))
            return detail::cancelledError();
        checksumOk = runner.run(launches).checksumOk && checksumOk;
        steps.step();
    }

    Measurement m;
    m.device = request.device;
    for (auto &reader : readers) {
        m.bytes += reader->bytes();
        m.belowCache = m.belowCache || belowCache(reader->bytes(), reader->info().l2Bytes);
    }
    m.method = readers.front()->method() + ", " + std::to_string(launches) + " launches/sample";
    if (readers.size() > 1)
        m.method += ", " + std::to_string(readers.size()) + " GPUs";
    if (!runner.holding())
        m.method += ", hold kernel never released: launches timed as queued";
    for (int s = 0; s < request.samples; ++s) {
        if (detail::cancelled(cancel))
            return detail::cancelledError();
        const SampleResult r = runner.run(launches);
        checksumOk = checksumOk && r.checksumOk;
        m.bytesCounted += r.bytes;
        m.seconds += r.seconds;
        if (r.seconds > 0)
            m.sampleGBps.push_back(double(r.bytes) / r.seconds / 1e9);
        steps.step();
    }
    if (m.sampleGBps.empty())
        return ProbeError{"CUDA events measured no time"};
    const SampleStats stats = summarize(m.sampleGBps);
    m.medianGBps = stats.median;
    m.bestGBps = stats.best;
    m.samples = int(m.sampleGBps.size());
    m.checksumOk = checksumOk;
    return m;
}

// Makes the readers; the caller resets each device afterwards only through RAII, never
// cudaDeviceReset.
std::vector<std::unique_ptr<DeviceReader>> makeReaders(const Plan &plan, uint64_t capacity,
                                                       LoadVariant variant)
{
    std::vector<std::unique_ptr<DeviceReader>> readers;
    for (size_t i = 0; i < plan.devices.size(); ++i)
        readers.push_back(
            std::make_unique<DeviceReader>(plan.infos[i], plan.devices[i], capacity, variant));
    return readers;
}

} // namespace

bool cudaBuilt()
{
    return true;
}

DeviceList cudaDevices()
{
    DeviceList list;
    int count = 0;
    const cudaError_t error = cudaGetDeviceCount(&count);
    if (error != cudaSuccess) {
        cudaGetLastError();
        if (error == cudaErrorInsufficientDriver)
            list.reason = "no CUDA driver (" + describe(error) + ")";
        else if (error == cudaErrorNoDevice)
            list.reason = "no CUDA device (" + describe(error) + ")";
        else
            list.reason = "CUDA unavailable (" + describe(error) + ")";
        return list;
    }
    if (count <= 0) {
        list.reason = "no CUDA device";
        return list;
    }
    for (int d = 0; d < count; ++d) {
        try {
            list.devices.push_back(queryDevice(d));
        } catch (const CudaError &e) {
            list.reason = std::string("cuda:") + std::to_string(d) + " unusable: " + e.what();
            list.devices.clear();
            return list;
        }
    }
    return list;
}

namespace detail {

Result<Measurement> measureCuda(const MeasureRequest &request, const Progress &progress,
                                const std::atomic<bool> *cancel)
{
    try {
        Plan plan;
        if (auto error = planDevices(request.device, plan))
            return *error;
        uint64_t bytes = request.bytes / kBufferAlign * kBufferAlign;
        if (bytes == 0) {
            bytes = ~uint64_t(0);
            for (const DeviceInfo &info : plan.infos)
                bytes = std::min(
                    bytes, defaultBufferBytes(info.l2Bytes, info.memoryFree, kCudaFloorBytes));
        }
        for (const DeviceInfo &info : plan.infos) {
            if (auto error = checkFits(info, bytes))
                return *error;
        }
        StepProgress steps(progress, 2 + request.warmups + request.samples);
        auto readers = makeReaders(plan, bytes, request.loads);
        for (auto &reader : readers)
            reader->setSize(bytes);
        steps.step();
        if (cancelled(cancel))
            return cancelledError();
        SampleRunner runner(readers);
        const double sampleSeconds =
            request.minSampleSeconds > 0 ? request.minSampleSeconds : kCudaSampleSeconds;
        auto result = measurePoint(runner, readers, request, sampleSeconds, steps, cancel);
        if (result.ok())
            steps.finish();
        return result;
    } catch (const std::exception &e) {
        cudaGetLastError();
        return ProbeError{std::string("CUDA probe failed: ") + e.what()};
    }
}

Result<std::vector<Measurement>> sweepCuda(const MeasureRequest &request,
                                           const std::vector<uint64_t> &sizes,
                                           const Progress &progress,
                                           const std::atomic<bool> *cancel)
{
    try {
        if (sizes.empty())
            return ProbeError{"no sizes to sweep"};
        Plan plan;
        if (auto error = planDevices(request.device, plan))
            return *error;
        if (plan.devices.size() != 1)
            return ProbeError{"a sweep runs on one device"};
        if (auto error = checkFits(plan.infos.front(), sizes.back()))
            return *error;
        StepProgress steps(progress,
                           1 + int(sizes.size()) * (1 + request.warmups + request.samples));
        auto readers = makeReaders(plan, sizes.back(), request.loads);
        steps.step();
        SampleRunner runner(readers);
        const double sampleSeconds =
            request.minSampleSeconds > 0 ? request.minSampleSeconds : kCudaSampleSeconds;
        std::vector<Measurement> points;
        for (uint64_t bytes : sizes) {
            if (cancelled(cancel))
                return cancelledError();
            readers.front()->setSize(bytes);
            auto point = measurePoint(runner, readers, request, sampleSeconds, steps, cancel);
            if (!point.ok())
                return ProbeError{point.error, point.cancelled};
            points.push_back(std::move(*point.value));
        }
        steps.finish();
        return points;
    } catch (const std::exception &e) {
        cudaGetLastError();
        return ProbeError{std::string("CUDA sweep failed: ") + e.what()};
    }
}

} // namespace detail

} // namespace kvl::gpu
