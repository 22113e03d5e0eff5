#include "host_system.h"

#include <algorithm>
#include <fstream>
#include <thread>

#include <sched.h>
#include <unistd.h>

namespace kvl::gpu::detail {

namespace {

// "32768K", "1M" or plain bytes, as in /sys/devices/system/cpu/cpu0/cache/index*/size.
uint64_t parseCacheSize(const std::string &text)
{
    size_t used = 0;
    uint64_t value = 0;
    try {
        value = std::stoull(text, &used);
    } catch (...) {
        return 0;
    }
    const char unit = used < text.size() ? text[used] : ' ';
    if (unit == 'K' || unit == 'k')
        return value << 10;
    if (unit == 'M' || unit == 'm')
        return value << 20;
    if (unit == 'G' || unit == 'g')
        return value << 30;
    return value;
}

uint64_t sysfsLargestCache()
{
    uint64_t largest = 0;
    for (int index = 0; index < 16; ++index) {
        std::ifstream file("/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) +
                           "/size");
        std::string size;
        if (file >> size)
            largest = std::max(largest, parseCacheSize(size));
    }
    return largest;
}

uint64_t meminfoBytes(const std::string &key)
{
    std::ifstream file("/proc/meminfo");
    std::string name;
    uint64_t kib = 0;
    std::string unit;
    while (file >> name >> kib) {
        std::getline(file, unit);
        if (name == key + ":")
            return kib << 10;
    }
    return 0;
}

uint64_t sysconfBytes(int name)
{
    const long value = sysconf(name);
    return value > 0 ? uint64_t(value) : 0;
}

} // namespace

std::vector<int> hostCpus()
{
    std::vector<int> cpus;
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof(set), &set) == 0) {
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
            if (CPU_ISSET(cpu, &set))
                cpus.push_back(cpu);
        }
    }
#endif
    if (cpus.empty()) {
        const int count = std::max(1, int(std::thread::hardware_concurrency()));
        for (int cpu = 0; cpu < count; ++cpu)
            cpus.push_back(cpu);
    }
    return cpus;
}

std::string hostCpuName()
{
    std::ifstream file("/proc/cpuinfo");
    std::string line;
    while (std::getline(file, line)) {
        if (line.rfind("model name", 0) == 0) {
            const size_t colon = line.find(':');
            if (colon != std::string::npos && colon + 2 <= line.size())
                return line.substr(colon + 2);
        }
    }
    return "host CPU";
}

uint64_t hostMemoryTotal()
{
    if (const uint64_t bytes = meminfoBytes("MemTotal"))
        return bytes;
    return sysconfBytes(_SC_PHYS_PAGES) * sysconfBytes(_SC_PAGESIZE);
}

uint64_t hostMemoryAvailable()
{
    if (const uint64_t bytes = meminfoBytes("MemAvailable"))
        return bytes;
    return sysconfBytes(_SC_AVPHYS_PAGES) * sysconfBytes(_SC_PAGESIZE);
}

uint64_t hostLastLevelCacheBytes()
{
    uint64_t bytes = sysfsLargestCache();
#ifdef _SC_LEVEL3_CACHE_SIZE
    bytes = std::max(bytes, sysconfBytes(_SC_LEVEL3_CACHE_SIZE));
    bytes = std::max(bytes, sysconfBytes(_SC_LEVEL2_CACHE_SIZE));
#endif
    return bytes;
}

} // namespace kvl::gpu::detail
