#pragma once

// Internal: what the host and CUDA back ends do alike around their own reads, so that the
// steps, the sample statistics and a sweep's order of work cannot drift apart between them.

#include "bandwidth_probe.h"
#include "probe_backends.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace kvl::gpu::detail {

// One step to prepare the buffer, then per size one to calibrate, the warm-ups and the samples.
int progressSteps(const MeasureRequest &request, size_t sizes);
// The request's minimum time per sample, or the back end's default where it sets none.
double sampleSecondsFor(const MeasureRequest &request, double defaultSeconds);

// Counts one timed sample that read `bytes` in `seconds`.
void addSample(Measurement &m, uint64_t bytes, double seconds);
// Median and best of the samples added; noTimeError where none of them took any time.
Result<Measurement> summarizeSamples(Measurement m, bool checksumOk, const char *noTimeError);

struct SweepBackend
{
    // Makes the buffer for the largest size; its last step is steps.step().
    std::function<std::optional<ProbeError>(uint64_t largestBytes, StepProgress &steps)> prepare;
    std::function<Result<Measurement>(uint64_t bytes, StepProgress &steps)> measureSize;
};
// Sizes ascending: prepares once, then measures each size, stopping at a cancel or an error.
Result<std::vector<Measurement>>
sweepSizes(const MeasureRequest &request, const std::vector<uint64_t> &sizes,
           const Progress &progress, const std::atomic<bool> *cancel, const SweepBackend &backend);

} // namespace kvl::gpu::detail
