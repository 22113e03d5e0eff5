#pragma once

// Internal: what the host offers the probe (CPUs, memory, last-level cache).

#include <cstdint>
#include <string>
#include <vector>

namespace kvl::gpu::detail {

std::vector<int> hostCpus(); // CPUs this process may run on; never empty
std::string hostCpuName();
uint64_t hostMemoryTotal();
uint64_t hostMemoryAvailable(); // 0 = unknown
// The larger of what sysconf and sysfs report: virtual machines disagree, and a buffer sized from
// the larger one stays out of cache either way.
uint64_t hostLastLevelCacheBytes();

} // namespace kvl::gpu::detail
