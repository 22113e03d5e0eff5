#include "bandwidth_probe.h"
#include "probe_backends.h"

namespace kvl::gpu {

namespace {

// The panel shows this where a GPU would be listed.
constexpr const char *kReason = "built without CUDA (no nvcc was found when this KV Ledger was "
                                "built, or KVL_WITH_CUDA was OFF)";

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
