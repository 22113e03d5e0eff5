#include "bandwidth_probe.h"
#include "probe_backends.h"

namespace kvl::gpu {

namespace {

constexpr const char *kReason = "built without CUDA";

} // namespace

bool cudaBuilt()
{
    return false;
}

DeviceList cudaDevices()
{
    return DeviceList{{}, kReason};
}

namespace detail {

Result<Measurement> measureCuda(const MeasureRequest &, const Progress &, const std::atomic<bool> *)
{
    return ProbeError{kReason};
}

Result<std::vector<Measurement>> sweepCuda(const MeasureRequest &, const std::vector<uint64_t> &,
                                           const Progress &, const std::atomic<bool> *)
{
    return ProbeError{kReason};
}

} // namespace detail

} // namespace kvl::gpu
