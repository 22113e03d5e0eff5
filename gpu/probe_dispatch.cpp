#include "bandwidth_probe.h"
#include "probe_backends.h"

#include <algorithm>
#include <charconv>

namespace kvl::gpu {

namespace {

std::optional<ProbeError> validate(const MeasureRequest &request)
{
    const auto range = [](const char *what, auto low, auto high) {
        return ProbeError{std::string(what) + " must be between " + std::to_string(low) + " and " +
                          std::to_string(high)};
    };
    if (request.samples < 1 || request.samples > kMaxSamples)
        return range("samples", 1, kMaxSamples);
    if (request.warmups < 0 || request.warmups > kMaxWarmups)
        return range("warm-ups", 0, kMaxWarmups);
    if (!(request.minSampleSeconds >= 0 && request.minSampleSeconds <= kMaxSampleSeconds))
        return range("minimum sample time (s)", 0, int(kMaxSampleSeconds));
    if (request.threads < 0 || request.threads > kMaxThreads)
        return range("threads", 0, kMaxThreads);
    if (request.bytes != 0 && request.bytes < kBufferAlign)
        return ProbeError{"buffer must be at least " + std::to_string(kBufferAlign) + " bytes"};
    return std::nullopt;
}

std::optional<DeviceSpec> parseRequestDevice(const MeasureRequest &request, ProbeError &error)
{
    auto spec = parseDevice(request.device);
    if (!spec)
        error = ProbeError{"unknown device '" + request.device +
                           "' (expected host, all, cuda:N or cuda:N,M)"};
    else if (spec->kind != DeviceSpec::Kind::Host && !cudaBuilt())
        error = ProbeError{"cannot measure " + request.device + ": built without CUDA"};
    else
        return spec;
    return std::nullopt;
}

} // namespace

std::optional<DeviceSpec> parseDevice(const std::string &text)
{
    if (text == "host")
        return DeviceSpec{DeviceSpec::Kind::Host, {}};
    if (text == "all")
        return DeviceSpec{DeviceSpec::Kind::AllCuda, {}};
    const std::string prefix = "cuda:";
    if (text.size() <= prefix.size() || text.compare(0, prefix.size(), prefix) != 0)
        return std::nullopt;
    DeviceSpec spec{DeviceSpec::Kind::Cuda, {}};
    const char *p = text.data() + prefix.size();
    const char *end = text.data() + text.size();
    for (;;) {
        int index = -1;
        auto [next, ec] = std::from_chars(p, end, index);
        if (ec != std::errc() || index < 0 ||
            std::find(spec.indices.begin(), spec.indices.end(), index) != spec.indices.end())
            return std::nullopt;
        spec.indices.push_back(index);
        if (next == end)
            return spec;
        if (*next != ',')
            return std::nullopt;
        p = next + 1;
    }
}

const char *loadVariantName(LoadVariant variant)
{
    switch (variant) {
    case LoadVariant::Plain:
        return "plain";
    case LoadVariant::Streaming:
        return "ldcs";
    case LoadVariant::L2Only:
        return "ldcg";
    case LoadVariant::NoAllocate:
        return "nc-no-allocate";
    }
    return "plain";
}

std::optional<LoadVariant> parseLoadVariant(const std::string &name)
{
    for (LoadVariant v : {LoadVariant::Plain, LoadVariant::Streaming, LoadVariant::L2Only,
                          LoadVariant::NoAllocate}) {
        if (name == loadVariantName(v))
            return v;
    }
    return std::nullopt;
}

Result<Measurement> measure(const MeasureRequest &request, const Progress &progress,
                            const std::atomic<bool> *cancel)
{
    if (auto error = validate(request))
        return *error;
    ProbeError error;
    const auto spec = parseRequestDevice(request, error);
    if (!spec)
        return error;
    if (spec->kind == DeviceSpec::Kind::Host)
        return detail::measureHost(request, progress, cancel);
    return detail::measureCuda(request, progress, cancel);
}

Result<std::vector<Measurement>> sweep(const MeasureRequest &request, uint64_t minBytes,
                                       uint64_t maxBytes, int points, const Progress &progress,
                                       const std::atomic<bool> *cancel)
{
    if (auto error = validate(request))
        return *error;
    ProbeError error;
    const auto spec = parseRequestDevice(request, error);
    if (!spec)
        return error;
    if (spec->kind == DeviceSpec::Kind::AllCuda || spec->indices.size() > 1)
        return ProbeError{"a sweep runs on one device: pick host or cuda:N"};
    if (points == 0)
        points = 40;
    if (points < 1 || points > kMaxSweepPoints)
        return ProbeError{"points must be between 1 and " + std::to_string(kMaxSweepPoints)};
    if (minBytes == 0)
        minBytes = uint64_t(1) << 20;
    if (maxBytes == 0) {
        if (spec->kind == DeviceSpec::Kind::Host) {
            const DeviceInfo host = hostDevice();
            maxBytes = defaultBufferBytes(host.l2Bytes, host.memoryFree, detail::kHostFloorBytes);
        } else {
            const DeviceList list = cudaDevices();
            const int index = spec->indices.front();
            if (index >= int(list.devices.size()))
                return ProbeError{"no device " + request.device +
                                  (list.reason.empty() ? std::string() : ": " + list.reason)};
            const DeviceInfo &info = list.devices[size_t(index)];
            maxBytes = defaultBufferBytes(info.l2Bytes, info.memoryFree, detail::kCudaFloorBytes);
        }
    }
    if (minBytes < kBufferAlign || maxBytes < minBytes)
        return ProbeError{"sweep bounds must satisfy 4096 <= min <= max"};
    const auto sizes = logSpacedSizes(minBytes, maxBytes, points);
    if (spec->kind == DeviceSpec::Kind::Host)
        return detail::sweepHost(request, sizes, progress, cancel);
    return detail::sweepCuda(request, sizes, progress, cancel);
}

} // namespace kvl::gpu
