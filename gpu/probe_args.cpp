#include "probe_args.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string_view>

namespace kvl::gpu::cli {

const char *const kUsage =
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

namespace {

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

} // namespace

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

} // namespace kvl::gpu::cli
