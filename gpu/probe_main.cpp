// kvledger-probe: measures memory read bandwidth of a CUDA device or of host memory.

#include "bandwidth_probe.h"
#include "probe_args.h"
#include "probe_output.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <unistd.h>

using namespace kvl::gpu;
using namespace kvl::gpu::cli;

namespace {

std::atomic<bool> g_cancel{false};

extern "C" void onStop(int)
{
    g_cancel.store(true);
}

using exit_status::kBadArguments;
using exit_status::kCancelled;
using exit_status::kFailed;
using exit_status::kOk;

// The first SIGINT or SIGTERM sets the cancel flag; the handler then resets itself, so that a
// second one ends the process at once.
void catchStopSignals()
{
    struct sigaction action = {};
    action.sa_handler = onStop;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

// --progress: one line per tenth of a percent, flushed, for a parent that reads them as they come.
Progress progressLines()
{
    return [shown = -1](double f) mutable {
        const int permille = int(std::lround(std::clamp(f, 0.0, 1.0) * 1000));
        if (permille == shown)
            return;
        shown = permille;
        std::fprintf(stderr, "progress %.3f\n", permille / 1000.0);
        std::fflush(stderr);
    };
}

} // namespace

int main(int argc, char **argv)
{
    Options options;
    if (const char *env = std::getenv("KVL_PROBE_LOADS")) {
        if (const auto loads = parseLoadVariant(env))
            options.request.loads = *loads;
    }
    if (const auto error = parseArgs(argc, argv, options)) {
        std::fprintf(stderr, "kvledger-probe: %s (try --help)\n", error->message.c_str());
        return kBadArguments;
    }
    if (options.help) {
        std::fputs(kUsage, stdout);
        return kOk;
    }
    catchStopSignals();

    // A host measurement never loads the CUDA driver.
    const bool needsCuda = options.list || !options.deviceGiven || options.request.device != "host";
    const DeviceList cuda = needsCuda ? cudaDevices() : DeviceList{};
    if (options.list) {
        printDeviceList(cuda, options.json);
        return kOk;
    }
    if (!options.deviceGiven) {
        if (!cuda.devices.empty()) {
            options.request.device = "cuda:0";
        } else {
            options.request.device = "host";
            std::fprintf(stderr, "kvledger-probe: %s; measuring host memory\n",
                         cuda.reason.c_str());
        }
    }

    const bool showPercent = !options.progress && !options.json && isatty(STDERR_FILENO);
    Progress progress;
    if (options.progress)
        progress = progressLines();
    else if (showPercent)
        progress = [](double f) { std::fprintf(stderr, "\r%3d%%", int(std::lround(f * 100))); };
    if (options.progress)
        progress(0);

    const std::string name = devicesName(options.request.device, cuda);
    int status = kOk;
    if (options.sweep) {
        const auto result = sweep(options.request, options.minBytes, options.maxBytes,
                                  options.points, progress, &g_cancel);
        if (showPercent)
            std::fputs("\r    \r", stderr);
        if (!result.ok()) {
            std::fprintf(stderr, "kvledger-probe: %s\n", result.error.c_str());
            return result.cancelled ? kCancelled : kFailed;
        }
        if (options.json) {
            std::printf("%s\n", sweepJson(*result.value, name).c_str());
        } else {
            printDevices(options.request.device, cuda);
            printSweep(*result.value);
        }
        for (const Measurement &m : *result.value)
            status = m.checksumOk ? status : kFailed;
    } else {
        const auto result = measure(options.request, progress, &g_cancel);
        if (showPercent)
            std::fputs("\r    \r", stderr);
        if (!result.ok()) {
            std::fprintf(stderr, "kvledger-probe: %s\n", result.error.c_str());
            return result.cancelled ? kCancelled : kFailed;
        }
        if (options.json) {
            std::printf("%s\n", measurementJson(*result.value, name).c_str());
        } else {
            printDevices(options.request.device, cuda);
            printMeasurement(*result.value);
        }
        status = result.value->checksumOk ? kOk : kFailed;
    }
    if (status != kOk)
        std::fprintf(stderr, "kvledger-probe: checksum mismatch: the loads did not return the "
                             "fill pattern\n");
    return status;
}
