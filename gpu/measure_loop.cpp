#include "measure_loop.h"

#include <utility>

namespace kvl::gpu::detail {

int progressSteps(const MeasureRequest &request, size_t sizes)
{
    return 1 + int(sizes) * (1 + request.warmups + request.samples);
}

double sampleSecondsFor(const MeasureRequest &request, double defaultSeconds)
{
    return request.minSampleSeconds > 0 ? request.minSampleSeconds : defaultSeconds;
}

void addSample(Measurement &m, uint64_t bytes, double seconds)
{
    m.bytesCounted += bytes;
    m.seconds += seconds;
    if (seconds > 0)
        m.sampleGBps.push_back(double(bytes) / seconds / 1e9);
}

Result<Measurement> summarizeSamples(Measurement m, bool checksumOk, const char *noTimeError)
{
    if (m.sampleGBps.empty())
        return ProbeError{noTimeError};
    const SampleStats stats = summarize(m.sampleGBps);
    m.medianGBps = stats.median;
    m.bestGBps = stats.best;
    m.samples = int(m.sampleGBps.size());
    m.checksumOk = checksumOk;
    return m;
}

Result<std::vector<Measurement>>
sweepSizes(const MeasureRequest &request, const std::vector<uint64_t> &sizes,
           const Progress &progress, const std::atomic<bool> *cancel, const SweepBackend &backend)
{
    if (sizes.empty())
        return ProbeError{"no sizes to sweep"};
    StepProgress steps(progress, progressSteps(request, sizes.size()));
    if (auto error = backend.prepare(sizes.back(), steps))
        return *error;
    std::vector<Measurement> points;
    for (uint64_t bytes : sizes) {
        if (cancelled(cancel))
            return cancelledError();
        auto point = backend.measureSize(bytes, steps);
        if (!point.ok())
            return ProbeError{point.error, point.cancelled};
        points.push_back(std::move(*point.value));
    }
    steps.finish();
    return points;
}

} // namespace kvl::gpu::detail
