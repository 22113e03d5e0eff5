#include "bandwidth_probe.h"
#include "host_buffer.h"
#include "host_reader_pool.h"
#include "host_sum.h"
#include "host_system.h"
#include "measure_loop.h"
#include "memory_budget.h"
#include "probe_backends.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <string_view>

namespace kvl::gpu {

namespace {

using detail::HostBuffer;
using detail::Isa;
using detail::Job;
using detail::JobKind;
using detail::ReaderPool;

constexpr double kHostSweepSampleSeconds = 0.05;

struct HostSession
{
    DeviceInfo info;
    Isa isa = Isa::Scalar;
    int threads = 1;
    uint64_t capacity = 0;
    std::unique_ptr<HostBuffer> buffer;
    std::unique_ptr<ReaderPool> pool;
};

std::optional<ProbeError> openSession(HostSession &session, const MeasureRequest &request,
                                      uint64_t capacity, const std::atomic<bool> *cancel)
{
    session.info = hostDevice();
    session.isa = detail::detectIsa();
    session.threads = request.threads > 0 ? request.threads : std::max(session.info.threads, 1);
    session.capacity = capacity;
    // Refused here rather than left to the OOM killer, which gives no message.
    if (session.info.memoryFree > 0 && capacity > session.info.memoryFree / 10 * 9)
        return ProbeError{
            "a " + detail::bytesText(capacity) + " buffer (" + std::to_string(capacity) +
            " bytes) does not fit in the memory this process may use: " +
            detail::budgetText(detail::hostMemoryBudget()) + "; the probe takes at most 90% of it"};
    session.buffer = std::make_unique<HostBuffer>(capacity);
    if (!session.buffer->data())
        return ProbeError{"could not map " + std::to_string(capacity) + " bytes of host memory"};
    session.pool =
        std::make_unique<ReaderPool>(session.buffer->data(), session.threads, session.isa, cancel);
    return std::nullopt;
}

std::string methodText(const HostSession &session)
{
    std::string text = std::string(detail::isaName(session.isa)) + ", " +
                       std::to_string(session.threads) +
                       (session.threads == 1 ? " thread" : " threads");
    text += session.pool->pinned() ? " pinned" : " (not pinned)";
    if (session.buffer->hugePages())
        text += ", huge pages advised";
    return text;
}

// Calibrates the passes per sample from one pass, then warms up and samples one buffer size.
Result<Measurement> measureSize(HostSession &session, uint64_t bytes, const MeasureRequest &request,
                                double sampleSeconds, detail::StepProgress &steps)
{
    const uint64_t elements = bytes / sizeof(uint32_t);
    // The first pass is cold and pays the threads' wake-up, so small buffers need a few rounds.
    int passes = 1;
    auto calibration = session.pool->run(Job{JobKind::Read, elements, passes});
    for (int round = 0; calibration && round < 4 && calibration->seconds < 0.5 * sampleSeconds;
         ++round) {
        const double wanted =
            std::ceil(passes * sampleSeconds / std::max(calibration->seconds, 1e-6));
        passes = int(std::clamp(wanted, double(passes + 1), 1e6));
        calibration = session.pool->run(Job{JobKind::Read, elements, passes});
    }
    if (!calibration)
        return detail::cancelledError();
    steps.step();
    bool checksumOk = calibration->checksumOk;
    for (int w = 0; w < request.warmups; ++w) {
        const auto r = session.pool->run(Job{JobKind::Read, elements, passes});
        if (!r)
            return detail::cancelledError();
        checksumOk = checksumOk && r->checksumOk;
        steps.step();
    }

    Measurement m;
    m.device = "host";
    m.bytes = bytes;
    m.belowCache = belowCache(bytes, session.info.l2Bytes);
    m.method = methodText(session);
    for (int s = 0; s < request.samples; ++s) {
        const auto r = session.pool->run(Job{JobKind::Read, elements, passes});
        if (!r)
            return detail::cancelledError();
        checksumOk = checksumOk && r->checksumOk;
        detail::addSample(m, bytes * uint64_t(passes), r->seconds);
        steps.step();
    }
    return detail::summarizeSamples(std::move(m), checksumOk, "host timer did not advance");
}

std::optional<ProbeError> fill(HostSession &session, detail::StepProgress &steps)
{
    if (!session.pool->run(Job{JobKind::Fill, session.capacity / sizeof(uint32_t), 1}))
        return detail::cancelledError();
    // KVL_PROBE_FAULT=checksum spoils one word, as failing memory or a broken read would, so that
    // tests can check that a wrong checksum is reported and its rates are shown as void.
    if (const char *fault = std::getenv("KVL_PROBE_FAULT");
        fault && std::string_view(fault) == "checksum")
        session.buffer->data()[0] ^= 1u;
    steps.step();
    return std::nullopt;
}

} // namespace

DeviceInfo hostDevice()
{
    DeviceInfo info;
    info.id = "host";
    info.name = detail::hostCpuName();
    info.threads = int(detail::hostCpus().size());
    info.memoryTotal = detail::hostMemoryTotal();
    info.memoryFree = detail::hostMemoryAvailable();
    info.l2Bytes = detail::hostLastLevelCacheBytes();
    return info;
}

namespace detail {

Result<Measurement> measureHost(const MeasureRequest &request, const Progress &progress,
                                const std::atomic<bool> *cancel)
{
    try {
        const DeviceInfo info = hostDevice();
        const uint64_t bytes =
            request.bytes > 0 ? request.bytes / kBufferAlign * kBufferAlign
                              : defaultBufferBytes(info.l2Bytes, info.memoryFree, kHostFloorBytes);
        StepProgress steps(progress, progressSteps(request, 1));
        HostSession session;
        if (auto error = openSession(session, request, bytes, cancel))
            return *error;
        if (auto error = fill(session, steps))
            return *error;
        auto result = measureSize(session, bytes, request,
                                  sampleSecondsFor(request, kHostSampleSeconds), steps);
        if (result.ok())
            steps.finish();
        return result;
    } catch (const std::exception &e) {
        return ProbeError{std::string("host probe failed: ") + e.what()};
    }
}

Result<std::vector<Measurement>> sweepHost(const MeasureRequest &request,
                                           const std::vector<uint64_t> &sizes,
                                           const Progress &progress,
                                           const std::atomic<bool> *cancel)
{
    try {
        HostSession session;
        const double sampleSeconds = sampleSecondsFor(request, kHostSweepSampleSeconds);
        const auto prepare = [&](uint64_t largestBytes,
                                 StepProgress &steps) -> std::optional<ProbeError> {
            if (auto error = openSession(session, request, largestBytes, cancel))
                return error;
            return fill(session, steps);
        };
        const auto measureAt = [&](uint64_t bytes, StepProgress &steps) {
            return measureSize(session, bytes, request, sampleSeconds, steps);
        };
        return sweepSizes(request, sizes, progress, cancel, {prepare, measureAt});
    } catch (const std::exception &e) {
        return ProbeError{std::string("host sweep failed: ") + e.what()};
    }
}

} // namespace detail

} // namespace kvl::gpu
