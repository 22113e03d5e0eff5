// The streaming-read kernels and the classes that launch them; scripts/kernel-sass.sh reads the
// kernels' SASS from this file alone.

#include "bandwidth_probe.h"
#include "cuda_check.cuh"
#include "cuda_readers.cuh"
#include "read_walk.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

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
// Queueing a sample takes well under a millisecond; a hold this long means the flag never arrived.
constexpr uint64_t kHoldTimeoutNs = 500'000'000ull;

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

using detail::ReadKernel;

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

} // namespace

namespace detail {

DeviceReader::DeviceReader(const DeviceInfo &info, int device, uint64_t capacity,
                           LoadVariant variant)
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
    fillKernel<<<m_maxGrid, kBlockThreads, 0, m_stream.stream>>>(static_cast<uint4 *>(m_data->ptr),
                                                                 m_capacityVectors);
    KVL_CUDA_CHECK_LAUNCH();
    KVL_CUDA_CHECK(cudaStreamSynchronize(m_stream.stream));
}

void DeviceReader::setSize(uint64_t bytes)
{
    m_vectors = std::min(bytes / sizeof(uint4), m_capacityVectors);
    const uint64_t readBytes = m_vectors * sizeof(uint4);
    m_passes =
        oddRepeats(double(kBytesPerLaunch), double(std::max<uint64_t>(readBytes, 1)), kMaxPasses);
    m_kernel = m_passes > 1 ? m_wrapped : m_once;
    m_grid = gridBlocks(m_info.smCount, m_kernel.blocksPerSm, uint64_t(m_passes) * m_vectors,
                        kBlockThreads);
    m_shift = passShift(m_grid, kBlockThreads, m_vectors);
}

void DeviceReader::clearSums()
{
    KVL_CUDA_CHECK(cudaSetDevice(m_device));
    KVL_CUDA_CHECK(
        cudaMemsetAsync(m_sums->ptr, 0, size_t(m_grid) * sizeof(uint32_t), m_stream.stream));
}

void DeviceReader::enqueueReads(int launches)
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

bool DeviceReader::checksumMatches(int launches)
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

std::string DeviceReader::method() const
{
    return std::string("uint4 ") + loadVariantName(m_variant) + ", " + std::to_string(m_grid) +
           " x " + std::to_string(kBlockThreads) + " (" + std::to_string(m_kernel.blocksPerSm) +
           "/SM), " + std::to_string(kReadUnroll) + " loads/thread in flight, " +
           (m_passes == 1 ? std::string("1 pass") : std::to_string(m_passes) + " passes wrapped") +
           "/launch";
}

DeviceReader::Resident DeviceReader::residentKernel(ReadKernel kernel)
{
    Resident r{kernel, 1};
    KVL_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&r.blocksPerSm, kernel, kBlockThreads, 0));
    return r;
}

SampleRunner::SampleRunner(std::vector<std::unique_ptr<DeviceReader>> &readers)
    : m_readers(readers), m_timedOut(readers.front()->device(), sizeof(uint32_t)),
      m_start(readers.front()->device()), m_stop(readers.front()->device())
{
    m_holdFlag = m_flag.devicePointer();
    KVL_CUDA_CHECK(cudaMemsetAsync(m_timedOut.ptr, 0, sizeof(uint32_t), readers.front()->stream()));
}

SampleResult SampleRunner::run(int launches)
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

} // namespace detail

} // namespace kvl::gpu
