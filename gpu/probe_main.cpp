// kvledger-probe: measures memory read bandwidth of a CUDA device or of host memory.

#include "bandwidth_probe.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include <unistd.h>

using namespace kvl::gpu;

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

constexpr const char *kUsage =
    "usage: kvledger-probe [--device cuda:N[,M...]|all|host] [--sweep] [--bytes N] [--samples N]\n"
    "                      [--warmups N] [--threads N] [--sample-ms X] [--loads V] [--json]\n"
    "                      [--progress] [--min-bytes N] [--max-bytes N] [--points N] [--list]\n"
    "                      [--help]\n"
    "Measures streaming read bandwidth (decimal GB/s, bytes read once).\n"
    "  --device      cuda:N, a set measured at once (cuda:0,1), all (every GPU at once) or\n"
    "                host; default cuda:0, else host\n"
    "  --sweep       log-spaced buffer sizes from --min-bytes (1 MiB) to --max-bytes\n"
    "  --bytes N     buffer size, at least 4096; suffixes k M G (1000s) or Ki Mi Gi (1024s);\n"
    "                default >= 4x cache, at most half the memory this process may use (the\n"
    "                cgroup's limit counts); a larger buffer than fits is refused (status 1)\n"
    "  --samples N   timed samples, 1 to 100000 (default 20)\n"
    "  --warmups N   untimed passes first, 0 to 100000 (default 3)\n"
    "  --threads N   host threads, 1 to 4096 (default: every CPU this process may use)\n"
    "  --points N    sweep points, 1 to 1000 (default 40)\n"
    "  --loads V     CUDA load variant: plain, ldcs, ldcg, nc-no-allocate (or KVL_PROBE_LOADS)\n"
    "  --sample-ms X minimum time per sample, above 0 and up to 600000 (default 250 host,\n"
    "                2 GPU; 50 host sweep)\n"
    "  --json        one JSON document on stdout: an object, or an array for --sweep\n"
    "  --progress    lines 'progress F' (F from 0 to 1) on stderr as the work advances;\n"
    "                errors go to stderr as 'kvledger-probe: ...'\n"
    "SIGINT or SIGTERM cancels within milliseconds (a second one ends it at once).\n"
    "Exit status: 0 ok, 1 measurement failed or checksum mismatch, 2 bad arguments,\n"
    "3 cancelled.\n";

struct Options
{
    MeasureRequest request;
    bool deviceGiven = false;
    bool sweep = false;
    bool json = false;
    bool progress = false;
    bool list = false;
    bool help = false;
    uint64_t minBytes = 0;
    uint64_t maxBytes = 0;
    int points = 0;
};

struct ArgError
{
    std::string message;
};

// A number as typed: its value, or why there is none.
template <class T> struct Parsed
{
    std::optional<T> value;
    bool outOfRange = false; // a number, but negative or too large for any allowed value
};

Parsed<uint64_t> parseBytes(std::string_view text)
{
    if (text.size() > 1 && text[0] == '-' && std::isdigit(static_cast<unsigned char>(text[1])))
        return {std::nullopt, true};
    uint64_t value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range)
        return {std::nullopt, true};
    if (ec != std::errc() || ptr == text.data())
        return {};
    std::string suffix(ptr, text.data() + text.size());
    for (char &c : suffix)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    if (suffix.size() > 1 && suffix.back() == 'b')
        suffix.pop_back();
    uint64_t scale = 1;
    if (suffix.empty() || suffix == "b")
        scale = 1;
    else if (suffix == "k")
        scale = 1000;
    else if (suffix == "m")
        scale = uint64_t(1000) * 1000;
    else if (suffix == "g")
        scale = uint64_t(1000) * 1000 * 1000;
    else if (suffix == "ki")
        scale = uint64_t(1) << 10;
    else if (suffix == "mi")
        scale = uint64_t(1) << 20;
    else if (suffix == "gi")
        scale = uint64_t(1) << 30;
    else
        return {};
    if (value > ~uint64_t(0) / scale)
        return {std::nullopt, true};
    return {value * scale};
}

Parsed<long long> parseInt(std::string_view text)
{
    long long value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ptr != text.data() + text.size() || ptr == text.data())
        return {};
    if (ec == std::errc::result_out_of_range)
        return {std::nullopt, true};
    if (ec != std::errc())
        return {};
    return {value};
}

Parsed<double> parseDouble(const std::string &text)
{
    try {
        size_t used = 0;
        const double value = std::stod(text, &used);
        if (used != text.size() || std::isnan(value))
            return {};
        if (!std::isfinite(value))
            return {std::nullopt, true};
        return {value};
    } catch (const std::out_of_range &) {
        return {std::nullopt, true};
    } catch (...) {
        return {};
    }
}

struct IntOption
{
    const char *name;
    int low;
    int high;
    int &(*target)(Options &);
};

constexpr IntOption kIntOptions[] = {
    {"--samples", 1, kMaxSamples, [](Options &o) -> int & { return o.request.samples; }},
    {"--warmups", 0, kMaxWarmups, [](Options &o) -> int & { return o.request.warmups; }},
    {"--threads", 1, kMaxThreads, [](Options &o) -> int & { return o.request.threads; }},
    {"--points", 1, kMaxSweepPoints, [](Options &o) -> int & { return o.points; }},
};

// An argument as an error message may show it: control bytes (an escape sequence would reach the
// terminal) written as \xNN, and at most kShownBytes bytes of it.
std::string shown(const std::string &text)
{
    constexpr size_t kShownBytes = 60;
    std::string out;
    for (size_t i = 0; i < std::min(text.size(), kShownBytes); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7f) {
            char hex[5];
            std::snprintf(hex, sizeof hex, "\\x%02x", c);
            out += hex;
        } else {
            out += char(c);
        }
    }
    if (text.size() > kShownBytes)
        out += "... (" + std::to_string(text.size()) + " bytes)";
    return out;
}

std::optional<ArgError> parseArgs(int argc, char **argv, Options &options)
{
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        std::string value;
        bool hasValue = false;
        if (const size_t eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg.resize(eq);
            hasValue = true;
        }
        const auto takeValue = [&]() -> std::optional<std::string> {
            if (hasValue)
                return value;
            if (i + 1 < argc)
                return std::string(argv[++i]);
            return std::nullopt;
        };
        const auto flag = [&](bool &target) -> std::optional<ArgError> {
            if (hasValue)
                return ArgError{arg + " takes no value"};
            target = true;
            return std::nullopt;
        };
        const IntOption *intOption = nullptr;
        for (const IntOption &o : kIntOptions)
            intOption = arg == o.name ? &o : intOption;
        std::optional<ArgError> error;
        if (arg == "--sweep") {
            error = flag(options.sweep);
        } else if (arg == "--json") {
            error = flag(options.json);
        } else if (arg == "--progress") {
            error = flag(options.progress);
        } else if (arg == "--list") {
            error = flag(options.list);
        } else if (arg == "--help" || arg == "-h") {
            error = flag(options.help);
        } else if (intOption || arg == "--device" || arg == "--bytes" || arg == "--sample-ms" ||
                   arg == "--loads" || arg == "--min-bytes" || arg == "--max-bytes") {
            const auto text = takeValue();
            if (!text)
                return ArgError{arg + " needs a value"};
            // Every refusal names the option and what it allows.
            const auto refuse = [&](bool outOfRange, const std::string &allowed) {
                std::string message = arg;
                message += ": '" + shown(*text) + "' is ";
                message += outOfRange ? "out of range" : "not a valid value";
                message += "; allowed: " + allowed;
                return ArgError{message};
            };
            if (intOption) {
                const std::string allowed = "a whole number from " +
                                            std::to_string(intOption->low) + " to " +
                                            std::to_string(intOption->high);
                const auto n = parseInt(*text);
                if (!n.value)
                    return refuse(n.outOfRange, allowed);
                if (*n.value < intOption->low || *n.value > intOption->high)
                    return refuse(true, allowed);
                intOption->target(options) = int(*n.value);
            } else if (arg == "--device") {
                if (!parseDevice(*text))
                    return refuse(false, "host, all, cuda:N or cuda:N,M");
                options.request.device = *text;
                options.deviceGiven = true;
            } else if (arg == "--bytes" || arg == "--min-bytes" || arg == "--max-bytes") {
                const std::string allowed = "a size of at least " + std::to_string(kBufferAlign) +
                                            " bytes, as N, Nk, NM, NG, NKi, NMi or NGi";
                const auto bytes = parseBytes(*text);
                if (!bytes.value)
                    return refuse(bytes.outOfRange, allowed);
                if (*bytes.value < kBufferAlign)
                    return refuse(true, allowed);
                (arg == "--bytes"       ? options.request.bytes
                 : arg == "--min-bytes" ? options.minBytes
                                        : options.maxBytes) = *bytes.value;
            } else if (arg == "--sample-ms") {
                const std::string allowed =
                    "milliseconds above 0, up to " + std::to_string(int(kMaxSampleSeconds * 1000));
                const auto ms = parseDouble(*text);
                if (!ms.value)
                    return refuse(ms.outOfRange, allowed);
                if (*ms.value <= 0 || *ms.value > kMaxSampleSeconds * 1000)
                    return refuse(true, allowed);
                options.request.minSampleSeconds = *ms.value / 1000.0;
            } else {
                const auto loads = parseLoadVariant(*text);
                if (!loads)
                    return refuse(false, "plain, ldcs, ldcg or nc-no-allocate");
                options.request.loads = *loads;
            }
        } else {
            return ArgError{"unknown argument '" + shown(arg) + "'"};
        }
        if (error)
            return error;
    }
    if (options.minBytes && options.maxBytes && options.minBytes > options.maxBytes)
        return ArgError{"--min-bytes is larger than --max-bytes"};
    if (options.sweep && options.request.device == "all" && options.deviceGiven)
        return ArgError{"--sweep runs on one device, not all"};
    return std::nullopt;
}

std::string jsonString(const std::string &text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof(buf), "\\u%04x", unsigned(c));
            out += buf;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string jsonNumber(double value)
{
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.6g", std::isfinite(value) ? value : 0.0);
    return buf;
}

// Rates of a measurement whose checksum failed are void: null, not a number.
std::string rateJson(const Measurement &m, double gbps)
{
    return m.checksumOk ? jsonNumber(gbps) : "null";
}

std::string rateText(const Measurement &m, double gbps)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", gbps);
    return m.checksumOk ? buf : "void";
}

std::string measurementJson(const Measurement &m, const std::string &name)
{
    return "{\"device\":" + jsonString(m.device) + ",\"name\":" + jsonString(name) +
           ",\"bytes\":" + std::to_string(m.bytes) +
           ",\"median_gbps\":" + rateJson(m, m.medianGBps) +
           ",\"best_gbps\":" + rateJson(m, m.bestGBps) +
           ",\"samples\":" + std::to_string(m.samples) +
           ",\"checksum_ok\":" + (m.checksumOk ? "true" : "false") +
           ",\"below_cache\":" + (m.belowCache ? "true" : "false") +
           ",\"bytes_counted\":" + std::to_string(m.bytesCounted) +
           ",\"seconds\":" + jsonNumber(m.seconds) + ",\"method\":" + jsonString(m.method) + "}";
}

std::string deviceJson(const DeviceInfo &d)
{
    return "{\"id\":" + jsonString(d.id) + ",\"name\":" + jsonString(d.name) +
           ",\"sm_count\":" + std::to_string(d.smCount) +
           ",\"memory_total\":" + std::to_string(d.memoryTotal) +
           ",\"memory_free\":" + std::to_string(d.memoryFree) +
           ",\"cache_bytes\":" + std::to_string(d.l2Bytes) +
           ",\"memory_clock_hz\":" + jsonNumber(d.memoryClockHz) +
           ",\"bus_width_bits\":" + std::to_string(d.busWidthBits) +
           ",\"theoretical_gbps\":" + jsonNumber(d.theoreticalBandwidth / 1e9) +
           ",\"threads\":" + std::to_string(d.threads) + "}";
}

void printDevice(const DeviceInfo &d)
{
    std::printf("%-8s %s\n", d.id.c_str(), d.name.c_str());
    if (d.smCount > 0)
        std::printf("         %d SMs, L2 %.1f MB, memory %.1f GB (%.1f GB free)", d.smCount,
                    d.l2Bytes / 1e6, d.memoryTotal / 1e9, d.memoryFree / 1e9);
    else
        std::printf("         %d threads, last-level cache %.1f MB, memory %.1f GB (%.1f GB free)",
                    d.threads, d.l2Bytes / 1e6, d.memoryTotal / 1e9, d.memoryFree / 1e9);
    if (d.theoreticalBandwidth > 0)
        std::printf(", %d-bit bus at %.0f MHz: %.0f GB/s theoretical", d.busWidthBits,
                    d.memoryClockHz / 1e6, d.theoreticalBandwidth / 1e9);
    std::printf("\n");
}

void printMeasurement(const Measurement &m)
{
    std::printf("buffer   %.3f GB (%llu bytes)%s\n", m.bytes / 1e9, (unsigned long long)m.bytes,
                m.belowCache ? "  [below 4x cache: partly a cache measurement]" : "");
    std::printf("median   %s GB/s\n", rateText(m, m.medianGBps).c_str());
    std::printf("best     %s GB/s\n", rateText(m, m.bestGBps).c_str());
    std::printf("samples  %d over %.2f s, checksum %s\n", m.samples, m.seconds,
                m.checksumOk ? "ok" : "MISMATCH (rates void)");
    std::printf("method   %s\n", m.method.c_str());
}

void printSweep(const std::vector<Measurement> &points)
{
    std::printf("%14s %10s %12s %12s  %s\n", "bytes", "MB", "median GB/s", "best GB/s", "check");
    for (const Measurement &m : points)
        std::printf("%14llu %10.2f %12s %12s  %s%s\n", (unsigned long long)m.bytes, m.bytes / 1e6,
                    rateText(m, m.medianGBps).c_str(), rateText(m, m.bestGBps).c_str(),
                    m.checksumOk ? "ok" : "MISMATCH", m.belowCache ? " cache" : "");
}

// The devices a --device value names: host, one or more CUDA devices, or all of them.
std::vector<DeviceInfo> namedDevices(const std::string &id, const DeviceList &cuda)
{
    const auto spec = parseDevice(id);
    if (!spec || spec->kind == DeviceSpec::Kind::Host)
        return {hostDevice()};
    if (spec->kind == DeviceSpec::Kind::AllCuda)
        return cuda.devices;
    std::vector<DeviceInfo> devices;
    for (int index : spec->indices) {
        if (index < int(cuda.devices.size()))
            devices.push_back(cuda.devices[size_t(index)]);
    }
    return devices;
}

std::string devicesName(const std::string &id, const DeviceList &cuda)
{
    const auto devices = namedDevices(id, cuda);
    if (devices.size() == 1)
        return devices.front().name;
    return std::to_string(devices.size()) + " CUDA devices";
}

void printDevices(const std::string &id, const DeviceList &cuda)
{
    for (const DeviceInfo &d : namedDevices(id, cuda))
        printDevice(d);
}

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
        std::vector<DeviceInfo> all = cuda.devices;
        all.push_back(hostDevice());
        if (options.json) {
            std::string out = "{\"cuda_reason\":" + jsonString(cuda.reason) + ",\"devices\":[";
            for (size_t i = 0; i < all.size(); ++i)
                out += (i ? "," : "") + deviceJson(all[i]);
            std::printf("%s]}\n", out.c_str());
        } else {
            if (!cuda.reason.empty())
                std::printf("CUDA: %s\n", cuda.reason.c_str());
            for (const DeviceInfo &d : all)
                printDevice(d);
        }
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
            std::string out = "[";
            for (size_t i = 0; i < result.value->size(); ++i)
                out += (i ? ",\n" : "") + measurementJson((*result.value)[i], name);
            std::printf("%s]\n", out.c_str());
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
