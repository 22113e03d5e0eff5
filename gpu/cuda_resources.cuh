#pragma once

// Internal: owners of CUDA memory, streams and events that free them on every path out.

#include "cuda_check.cuh"

#include <cuda_runtime.h>

#include <atomic>
#include <cstdint>

namespace kvl::gpu::detail {

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

} // namespace kvl::gpu::detail
