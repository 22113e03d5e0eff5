// CUDA probe checks; exit 77 (skipped) without a CUDA device.

#include "bandwidth_probe.h"
#include "check.h"

#include <chrono>
#include <cstdio>

using namespace kvl::gpu;

namespace {

constexpr uint64_t MiB = uint64_t(1) << 20;

MeasureRequest gpuRequest(uint64_t bytes)
{
    MeasureRequest request;
    request.device = "cuda:0";
    request.bytes = bytes;
    request.samples = 5;
    request.warmups = 1;
    return request;
}

void report(const char *what, const Result<Measurement> &r)
{
    if (r.ok())
        std::printf("%-28s median %8.1f GB/s  best %8.1f GB/s  checksum %s  (%s)\n", what,
                    r.value->medianGBps, r.value->bestGBps, r.value->checksumOk ? "ok" : "BAD",
                    r.value->method.c_str());
    else
        std::printf("%-28s error: %s\n", what, r.error.c_str());
}

void measureDefaultVariant(const DeviceInfo &info)
{
    std::vector<double> seen;
    const auto r = measure(gpuRequest(1024 * MiB), [&](double f) { seen.push_back(f); });
    report("cuda:0 1 GiB plain", r);
    if (!KVL_EXPECT(r.ok()))
        return;
    KVL_EXPECT(r.value->checksumOk);
    KVL_EXPECT(r.value->samples == 5);
    KVL_EXPECT(r.value->medianGBps > 10);
    KVL_EXPECT(r.value->bestGBps >= r.value->medianGBps);
    KVL_EXPECT(!r.value->belowCache);
    // Above the datasheet means the cache served it or the timing is broken.
    if (info.theoreticalBandwidth > 0)
        KVL_EXPECT(r.value->bestGBps * 1e9 < 1.5 * info.theoreticalBandwidth);
    bool monotonic = !seen.empty() && seen.back() == 1.0;
    for (size_t i = 1; i < seen.size(); ++i)
        monotonic = monotonic && seen[i] >= seen[i - 1];
    KVL_EXPECT(monotonic);
}

// Each load variant in both kernels: 256 MiB is read once per launch, 24 MiB as a wrapped walk.
void everyVariantChecksums()
{
    for (LoadVariant v : {LoadVariant::Plain, LoadVariant::Streaming, LoadVariant::L2Only,
                          LoadVariant::NoAllocate}) {
        for (uint64_t mib : {256, 24}) {
            MeasureRequest request = gpuRequest(mib * MiB);
            request.loads = v;
            const auto r = measure(request);
            report(("cuda:0 " + std::to_string(mib) + " MiB " + loadVariantName(v)).c_str(), r);
            KVL_EXPECT(r.ok() && r.value->checksumOk);
        }
    }
}

void oddSizes()
{
    // One page: a handful of threads, thousands of passes. Odd page count: tail loop.
    for (uint64_t bytes : {uint64_t(4096), MiB + 4096, 37 * MiB + 3 * 4096}) {
        const auto r = measure(gpuRequest(bytes));
        report(("cuda:0 " + std::to_string(bytes) + " B").c_str(), r);
        KVL_EXPECT(r.ok() && r.value->checksumOk && r.value->belowCache);
    }
}

void sweepAndAll()
{
    MeasureRequest request = gpuRequest(0);
    request.samples = 3;
    const auto points = sweep(request, MiB, 512 * MiB, 5);
    if (KVL_EXPECT(points.ok())) {
        KVL_EXPECT(points.value->size() == 5);
        for (const Measurement &m : *points.value) {
            std::printf("sweep %10.2f MB  median %8.1f GB/s  checksum %s\n", m.bytes / 1e6,
                        m.medianGBps, m.checksumOk ? "ok" : "BAD");
            KVL_EXPECT(m.checksumOk);
        }
    }
    MeasureRequest all = gpuRequest(512 * MiB);
    all.device = "all";
    const auto r = measure(all);
    report("all GPUs 512 MiB each", r);
    KVL_EXPECT(r.ok() && r.value->checksumOk && r.value->device == "all");
}

void errorsAreValues(const DeviceList &list)
{
    MeasureRequest request = gpuRequest(list.devices.front().memoryTotal * 2);
    const auto tooBig = measure(request);
    KVL_EXPECT(!tooBig.ok() && !tooBig.error.empty());
    request = gpuRequest(64 * MiB);
    request.device = "cuda:" + std::to_string(list.devices.size());
    KVL_EXPECT(!measure(request).ok());

    std::atomic<bool> cancel{true};
    const auto start = std::chrono::steady_clock::now();
    const auto cancelled = measure(gpuRequest(256 * MiB), {}, &cancel);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    KVL_EXPECT(!cancelled.ok() && cancelled.cancelled);
    std::printf("cancelled CUDA measurement returned after %.1f ms\n", ms);
}

} // namespace

int main()
{
    if (!cudaBuilt()) {
        std::printf("SKIP: built without CUDA\n");
        return 77;
    }
    const DeviceList list = cudaDevices();
    if (list.devices.empty()) {
        std::printf("SKIP: %s\n", list.reason.c_str());
        return 77;
    }
    for (const DeviceInfo &d : list.devices)
        std::printf("%s: %s, %d SMs, L2 %.1f MB, %.1f GB, %d-bit bus at %.0f MHz (%.0f GB/s)\n",
                    d.id.c_str(), d.name.c_str(), d.smCount, d.l2Bytes / 1e6, d.memoryTotal / 1e9,
                    d.busWidthBits, d.memoryClockHz / 1e6, d.theoreticalBandwidth / 1e9);
    measureDefaultVariant(list.devices.front());
    everyVariantChecksums();
    oddSizes();
    sweepAndAll();
    errorsAreValues(list);
    return kvl_test::finish("gpu cuda tests");
}
