#pragma once

// Internal: which CUDA devices a request names, and whether its buffer fits in them.

#include "bandwidth_probe.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kvl::gpu::detail {

struct Plan
{
    std::vector<int> devices;
    std::vector<DeviceInfo> infos;
};

// Resolves "cuda:N" or "all" to devices, or says why it cannot.
std::optional<ProbeError> planDevices(const std::string &deviceText, Plan &plan);
std::optional<ProbeError> checkFits(const DeviceInfo &info, uint64_t bytes);

} // namespace kvl::gpu::detail
