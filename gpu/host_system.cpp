#include "host_system.h"
#include "memory_budget.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
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

std::string readLine(const std::string &path)
{
    std::ifstream file(path);
    std::string line;
    std::getline(file, line);
    return line;
}

// The highest-level data cache of each CPU, each instance counted once: threads spread over
// several L3 slices (AMD CCDs, sockets) hold that much of a buffer between them. 0 = no sysfs.
uint64_t sysfsLastLevelCacheBytes(const std::vector<int> &cpus)
{
    int topLevel = 0;
    std::map<std::string, uint64_t> instances; // shared_cpu_list -> size, at topLevel
    for (int cpu : cpus) {
        const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/";
        for (int index = 0; index < 16; ++index) {
            const std::string entry = dir + "index" + std::to_string(index) + "/";
            const std::string level = readLine(entry + "level");
            if (level.empty() || readLine(entry + "type") == "Instruction")
                continue;
            const int n = std::atoi(level.c_str());
            if (n > topLevel) {
                topLevel = n;
                instances.clear();
            }
            if (n == topLevel)
                instances[readLine(entry + "shared_cpu_list")] =
                    parseCacheSize(readLine(entry + "size"));
        }
    }
    uint64_t bytes = 0;
    for (const auto &instance : instances)
        bytes += instance.second;
    return bytes;
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
    std::ifstream file("/proc/meminfo");
    const std::string meminfo(std::istreambuf_iterator<char>(file), {});
    uint64_t bytes = meminfoBytes(meminfo, "MemTotal").value_or(0);
    if (bytes == 0)
        bytes = sysconfBytes(_SC_PHYS_PAGES) * sysconfBytes(_SC_PAGESIZE);
    // In a container the cgroup's limit is all the memory there is.
    const uint64_t limit = hostMemoryBudget().limit;
    return limit > 0 && (bytes == 0 || limit < bytes) ? limit : bytes;
}

uint64_t hostMemoryAvailable()
{
    if (const uint64_t bytes = hostMemoryBudget().usable())
        return bytes;
    return sysconfBytes(_SC_AVPHYS_PAGES) * sysconfBytes(_SC_PAGESIZE);
}

uint64_t hostLastLevelCacheBytes()
{
    if (const uint64_t bytes = sysfsLastLevelCacheBytes(hostCpus()))
        return bytes;
#ifdef _SC_LEVEL3_CACHE_SIZE
    return std::max(sysconfBytes(_SC_LEVEL3_CACHE_SIZE), sysconfBytes(_SC_LEVEL2_CACHE_SIZE));
#else
    return 0;
#endif
}

} // namespace kvl::gpu::detail
