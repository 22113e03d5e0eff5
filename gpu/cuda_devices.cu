#include "bandwidth_probe.h"
#include "cuda_check.cuh"
#include "cuda_devices.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <string>

namespace kvl::gpu {

namespace {

using detail::CudaError;
using detail::describe;

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

} // namespace detail

} // namespace kvl::gpu
