// kvledger-probe: measures memory read bandwidth of a CUDA device or of host memory.

#include "bandwidth_probe.h"

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

extern "C" void onInterrupt(int)
{
    g_cancel.store(true);
}

constexpr const char *kUsage =
    "usage: kvledger-probe [--device cuda:N[,M...]|all|host] [--sweep] [--bytes N] [--samples N]\n"
    "                      [--warmups N] [--threads N] [--sample-ms X] [--loads V] [--json]\n"
    "                      [--min-bytes N] [--max-bytes N] [--points N] [--list] [--help]\n"
    "Measures streaming read bandwidth (decimal GB/s, bytes read once).\n"
    "  --device      cuda:N, a set measured at once (cuda:0,1), all (every GPU at once) or\n"
    "                host; default cuda:0, else host\n"
    "  --sweep       log-spaced buffer sizes from --min-bytes (1 MiB) to --max-bytes\n"
    "  --bytes N     buffer size; suffixes k M G (1000s) or Ki Mi Gi (1024s); default >= 4x cache\n"
    "  --loads V     CUDA load variant: plain, ldcs, ldcg, nc-no-allocate (or KVL_PROBE_LOADS)\n"
    "  --sample-ms X minimum time per sample (default 250 host, 2 GPU; 50 host sweep)\n"
    "Exit status: 0 ok, 1 measurement failed or checksum mismatch, 2 bad arguments.\n";

struct Options
{
    MeasureRequest request;
    bool deviceGiven = false;
    bool sweep = false;
    bool json = false;
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

std::optional<uint64_t> parseBytes(std::string_view text)
{
    uint64_t value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr == text.data())
        return std::nullopt;
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
        scale = 1000 * 1000;
    else if (suffix == "g")
        scale = 1000 * 1000 * 1000;
    else if (suffix == "ki")
        scale = uint64_t(1) << 10;
    else if (suffix == "mi")
        scale = uint64_t(1) << 20;
    else if (suffix == "gi")
        scale = uint64_t(1) << 30;
    else
        return std::nullopt;
    if (value > ~uint64_t(0) / scale)
        return std::nullopt;
    return value * scale;
}

std::optional<int> parseInt(std::string_view text)
{
    int value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<double> parseDouble(const std::string &text)
{
    try {
        size_t used = 0;
        const double value = std::stod(text, &used);
        if (used != text.size() || !std::isfinite(value))
            return std::nullopt;
        return value;
    } catch (...) {
        return std::nullopt;
    }
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
        std::optional<ArgError> error;
        if (arg == "--sweep") {
            error = flag(options.sweep);
        } else if (arg == "--json") {
            error = flag(options.json);
        } else if (arg == "--list") {
            error = flag(options.list);
        } else if (arg == "--help" || arg == "-h") {
            error = flag(options.help);
        } else if (arg == "--device" || arg == "--bytes" || arg == "--samples" ||
                   arg == "--warmups" || arg == "--threads" || arg == "--sample-ms" ||
                   arg == "--loads" || arg == "--min-bytes" || arg == "--max-bytes" ||
                   arg == "--points") {
            const auto text = takeValue();
            if (!text)
                return ArgError{arg + " needs a value"};
            const auto bad = [&] { return ArgError{"bad value for " + arg + ": '" + *text + "'"}; };
            if (arg == "--device") {
                if (!parseDevice(*text))
                    return bad();
                options.request.device = *text;
                options.deviceGiven = true;
            } else if (arg == "--bytes" || arg == "--min-bytes" || arg == "--max-bytes") {
                const auto bytes = parseBytes(*text);
                if (!bytes || *bytes < kBufferAlign)
                    return bad();
                (arg == "--bytes"       ? options.request.bytes
                 : arg == "--min-bytes" ? options.minBytes
                                        : options.maxBytes) = *bytes;
            } else if (arg == "--sample-ms") {
                const auto ms = parseDouble(*text);
                if (!ms || *ms <= 0 || *ms > 600000)
                    return bad();
                options.request.minSampleSeconds = *ms / 1000.0;
            } else if (arg == "--loads") {
                const auto loads = parseLoadVariant(*text);
                if (!loads)
                    return bad();
                options.request.loads = *loads;
            } else {
                const auto n = parseInt(*text);
                const int low = arg == "--warmups" ? 0 : 1;
                if (!n || *n < low || *n > 100000)
                    return bad();
                (arg == "--samples"   ? options.request.samples
                 : arg == "--warmups" ? options.request.warmups
                 : arg == "--threads" ? options.request.threads
                                      : options.points) = *n;
            }
        } else {
            return ArgError{"unknown argument '" + arg + "'"};
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
        return 2;
    }
    if (options.help) {
        std::fputs(kUsage, stdout);
        return 0;
    }

    const DeviceList cuda = cudaDevices();
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
        return 0;
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

    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    const bool showProgress = !options.json && isatty(STDERR_FILENO);
    Progress progress;
    if (showProgress)
        progress = [](double f) { std::fprintf(stderr, "\r%3d%%", int(std::lround(f * 100))); };

    const std::string name = devicesName(options.request.device, cuda);
    int status = 0;
    if (options.sweep) {
        const auto result = sweep(options.request, options.minBytes, options.maxBytes,
                                  options.points, progress, &g_cancel);
        if (showProgress)
            std::fputs("\r    \r", stderr);
        if (!result.ok()) {
            std::fprintf(stderr, "kvledger-probe: %s\n", result.error.c_str());
            return result.cancelled ? 130 : 1;
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
            status = m.checksumOk ? status : 1;
    } else {
        const auto result = measure(options.request, progress, &g_cancel);
        if (showProgress)
            std::fputs("\r    \r", stderr);
        if (!result.ok()) {
            std::fprintf(stderr, "kvledger-probe: %s\n", result.error.c_str());
            return result.cancelled ? 130 : 1;
        }
        if (options.json) {
            std::printf("%s\n", measurementJson(*result.value, name).c_str());
        } else {
            printDevices(options.request.device, cuda);
            printMeasurement(*result.value);
        }
        status = result.value->checksumOk ? 0 : 1;
    }
    if (status != 0)
        std::fprintf(stderr, "kvledger-probe: checksum mismatch: the loads did not return the "
                             "fill pattern\n");
    return status;
}
