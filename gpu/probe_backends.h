#pragma once

// Internal: the host and CUDA back ends behind measure() and sweep().

#include "bandwidth_probe.h"

#include <algorithm>

namespace kvl::gpu::detail {

Result<Measurement> measureHost(const MeasureRequest &request, const Progress &progress,
                                const std::atomic<bool> *cancel);
Result<std::vector<Measurement>> sweepHost(const MeasureRequest &request,
                                           const std::vector<uint64_t> &sizes,
                                           const Progress &progress,
                                           const std::atomic<bool> *cancel);

// request.device is "cuda:N" or "all".
Result<Measurement> measureCuda(const MeasureRequest &request, const Progress &progress,
                                const std::atomic<bool> *cancel);
// Sizes ascending; request.device is "cuda:N".
Result<std::vector<Measurement>> sweepCuda(const MeasureRequest &request,
                                           const std::vector<uint64_t> &sizes,
                                           const Progress &progress,
                                           const std::atomic<bool> *cancel);

inline bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

inline ProbeError cancelledError()
{
    return ProbeError{"cancelled", true};
}

// Reports steps done out of a known total, never going backwards.
class StepProgress
{
public:
    StepProgress(const Progress &progress, int totalSteps)
        : m_progress(progress), m_total(std::max(totalSteps, 1))
    {
    }
    void step()
    {
        m_done = std::min(m_done + 1, m_total);
        if (m_progress)
            m_progress(double(m_done) / double(m_total));
    }
    void finish()
    {
        m_done = m_total;
        if (m_progress)
            m_progress(1.0);
    }

private:
    const Progress &m_progress;
    int m_total;
    int m_done = 0;
};

// Caches can be under-reported in virtual machines; 2 GiB is also likwid-bench's usual array here.
constexpr uint64_t kHostFloorBytes = uint64_t(2) << 30;
constexpr uint64_t kCudaFloorBytes = uint64_t(4) << 30;
constexpr double kHostSampleSeconds = 0.25;
constexpr double kCudaSampleSeconds = 0.002;

} // namespace kvl::gpu::detail
