#include "probe_output.h"

#include <cmath>
#include <cstdio>

namespace kvl::gpu::cli {

namespace {

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

} // namespace

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

std::string sweepJson(const std::vector<Measurement> &points, const std::string &name)
{
    std::string out = "[";
    for (size_t i = 0; i < points.size(); ++i) {
        if (i)
            out += ",\n";
        out += measurementJson(points[i], name);
    }
    return out + "]";
}

void printDeviceList(const DeviceList &cuda, bool json)
{
    std::vector<DeviceInfo> all = cuda.devices;
    all.push_back(hostDevice());
    if (json) {
        std::string out = "{\"cuda_reason\":" + jsonString(cuda.reason) + ",\"devices\":[";
        for (size_t i = 0; i < all.size(); ++i) {
            if (i)
                out += ',';
            out += deviceJson(all[i]);
        }
        std::printf("%s]}\n", out.c_str());
    } else {
        if (!cuda.reason.empty())
            std::printf("CUDA: %s\n", cuda.reason.c_str());
        for (const DeviceInfo &d : all)
            printDevice(d);
    }
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

} // namespace kvl::gpu::cli
