#pragma once

// Internal: what the host offers the probe (CPUs, memory, last-level cache).

#include <cstdint>
#include <string>
#include <vector>

namespace kvl::gpu::detail {

std::vector<int> hostCpus(); // CPUs this process may run on; never empty
std::string hostCpuName();
uint64_t hostMemoryTotal();
// What this process may allocate: MemAvailable, bounded by its cgroup's limit; 0 = unknown.
uint64_t hostMemoryAvailable();
// The last-level cache that this process's CPUs reach, from sysfs; sysconf only without sysfs. In
// virtual machines glibc's sysconf can report the whole package's L3 (320 MiB where the two vCPUs
// share 32 MiB, and a size sweep falls off at 32 MiB).
uint64_t hostLastLevelCacheBytes();

} // namespace kvl::gpu::detail
