#pragma once

// Internal: what launches the streaming-read kernels (cuda_probe.cu) on each device and times a
// sample across all of them.

#include "bandwidth_probe.h"
#include "cuda_resources.cuh"

#include <cuda_runtime.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace kvl::gpu::detail {

using ReadKernel = void (*)(const uint4 *, uint64_t, uint32_t, uint64_t, uint32_t *);

// One device's share of a measurement: its filled buffer and the kernel that reads it.
class DeviceReader
{
public:
    DeviceReader(const DeviceInfo &info, int device, uint64_t capacity, LoadVariant variant);

    int device() const { return m_device; }
    cudaStream_t stream() const { return m_stream.stream; }
    cudaEvent_t done() const { return m_done.event; }
    const DeviceInfo &info() const { return m_info; }

    // A launch reads a buffer of kBytesPerLaunch or more once, a smaller one an odd number of
    // times as one wrapped walk, with the same grid and shift simulateReadKernel() checks.
    void setSize(uint64_t bytes);
    uint64_t bytes() const { return m_vectors * sizeof(uint4); }
    int passes() const { return m_passes; }

    void clearSums();
    void enqueueReads(int launches);
    // After the sample completed: did every launch see the fill pattern?
    bool checksumMatches(int launches);
    std::string method() const;

private:
    struct Resident
    {
        ReadKernel kernel = nullptr;
        int blocksPerSm = 1;
    };
    static Resident residentKernel(ReadKernel kernel);

    DeviceInfo m_info;
    int m_device;
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
    explicit SampleRunner(std::vector<std::unique_ptr<DeviceReader>> &readers);
    // Releases a hold kernel left waiting when a CUDA call threw mid-sample.
    ~SampleRunner() { m_flag.set(1); }
    SampleRunner(const SampleRunner &) = delete;
    SampleRunner &operator=(const SampleRunner &) = delete;

    // False once a hold kernel was never released (host-mapped memory not visible to the GPU):
    // later samples are then queued without it.
    bool holding() const { return m_hold; }

    SampleResult run(int launches);

private:
    std::vector<std::unique_ptr<DeviceReader>> &m_readers;
    HoldFlag m_flag;
    const int *m_holdFlag = nullptr;
    DeviceMemory m_timedOut;
    Event m_start;
    Event m_stop;
    bool m_hold = true;
};

} // namespace kvl::gpu::detail
