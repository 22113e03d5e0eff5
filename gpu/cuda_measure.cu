// The CUDA back end's measurements: one buffer size on one or more devices at once, or a sweep
// of sizes on one.

#include "bandwidth_probe.h"
#include "cuda_devices.h"
#include "cuda_readers.cuh"
#include "measure_loop.h"
#include "probe_backends.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kvl::gpu::detail {

namespace {

// Launches queued behind the hold kernel; far below the queue depth, so enqueueing never blocks.
constexpr int kMaxLaunches = 127;

// Calibrates launches per sample on one sample of one launch, then warms up and samples.
Result<Measurement> measurePoint(SampleRunner &runner,
                                 std::vector<std::unique_ptr<DeviceReader>> &readers,
                                 const MeasureRequest &request, double sampleSeconds,
                                 StepProgress &steps, const std::atomic<bool> *cancel)
{
    const SampleResult once = runner.run(1);
    bool checksumOk = once.checksumOk;
    steps.step();
    const int launches = oddRepeats(sampleSeconds, once.seconds, kMaxLaunches);
    for (int w = 0; w < request.warmups; ++w) {
        if (cancelled(cancel))
            return cancelledError();
        checksumOk = runner.run(launches).checksumOk && checksumOk;
        steps.step();
    }

    Measurement m;
    m.device = request.device;
    for (auto &reader : readers) {
        m.bytes += reader->bytes();
        m.belowCache = m.belowCache || belowCache(reader->bytes(), reader->info().l2Bytes);
    }
    m.method = readers.front()->method() + ", " + std::to_string(launches) + " launches/sample";
    if (readers.size() > 1)
        m.method += ", " + std::to_string(readers.size()) + " GPUs";
    if (!runner.holding())
        m.method += ", hold kernel never released: launches timed as queued";
    for (int s = 0; s < request.samples; ++s) {
        if (cancelled(cancel))
            return cancelledError();
        const SampleResult r = runner.run(launches);
        checksumOk = checksumOk && r.checksumOk;
        addSample(m, r.bytes, r.seconds);
        steps.step();
    }
    return summarizeSamples(std::move(m), checksumOk, "CUDA events measured no time");
}

// Makes the readers; the caller resets each device afterwards only through RAII, never
// cudaDeviceReset.
std::vector<std::unique_ptr<DeviceReader>> makeReaders(const Plan &plan, uint64_t capacity,
                                                       LoadVariant variant)
{
    std::vector<std::unique_ptr<DeviceReader>> readers;
    for (size_t i = 0; i < plan.devices.size(); ++i)
        readers.push_back(
            std::make_unique<DeviceReader>(plan.infos[i], plan.devices[i], capacity, variant));
    return readers;
}

} // namespace

Result<Measurement> measureCuda(const MeasureRequest &request, const Progress &progress,
                                const std::atomic<bool> *cancel)
{
    try {
        Plan plan;
        if (auto error = planDevices(request.device, plan))
            return *error;
        uint64_t bytes = request.bytes / kBufferAlign * kBufferAlign;
        if (bytes == 0) {
            bytes = ~uint64_t(0);
            for (const DeviceInfo &info : plan.infos)
                bytes = std::min(
                    bytes, defaultBufferBytes(info.l2Bytes, info.memoryFree, kCudaFloorBytes));
        }
        for (const DeviceInfo &info : plan.infos) {
            if (auto error = checkFits(info, bytes))
                return *error;
        }
        StepProgress steps(progress, progressSteps(request, 1));
        auto readers = makeReaders(plan, bytes, request.loads);
        for (auto &reader : readers)
            reader->setSize(bytes);
        steps.step();
        if (cancelled(cancel))
            return cancelledError();
        SampleRunner runner(readers);
        auto result = measurePoint(runner, readers, request,
                                   sampleSecondsFor(request, kCudaSampleSeconds), steps, cancel);
        if (result.ok())
            steps.finish();
        return result;
    } catch (const std::exception &e) {
        cudaGetLastError();
        return ProbeError{std::string("CUDA probe failed: ") + e.what()};
    }
}

Result<std::vector<Measurement>> sweepCuda(const MeasureRequest &request,
                                           const std::vector<uint64_t> &sizes,
                                           const Progress &progress,
                                           const std::atomic<bool> *cancel)
{
    try {
        std::vector<std::unique_ptr<DeviceReader>> readers;
        std::unique_ptr<SampleRunner> runner; // declared after the readers: released before them
        const double sampleSeconds = sampleSecondsFor(request, kCudaSampleSeconds);
        const auto prepare = [&](uint64_t largestBytes,
                                 StepProgress &steps) -> std::optional<ProbeError> {
            Plan plan;
            if (auto error = planDevices(request.device, plan))
                return error;
            if (plan.devices.size() != 1)
                return ProbeError{"a sweep runs on one device"};
            if (auto error = checkFits(plan.infos.front(), largestBytes))
                return error;
            readers = makeReaders(plan, largestBytes, request.loads);
            steps.step();
            runner = std::make_unique<SampleRunner>(readers);
            return std::nullopt;
        };
        const auto measureAt = [&](uint64_t bytes, StepProgress &steps) {
            readers.front()->setSize(bytes);
            return measurePoint(*runner, readers, request, sampleSeconds, steps, cancel);
        };
        return sweepSizes(request, sizes, progress, cancel, {prepare, measureAt});
    } catch (const std::exception &e) {
        cudaGetLastError();
        return ProbeError{std::string("CUDA sweep failed: ") + e.what()};
    }
}

} // namespace kvl::gpu::detail
