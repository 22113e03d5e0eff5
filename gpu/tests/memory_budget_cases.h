#pragma once

// The files a process sees in the cgroup layouts it meets (a container with its own cgroup
// namespace, a systemd slice, a v1/v2 hybrid as on many CI hosts, Docker on cgroup v1), and the
// memory budget each gives. Shared by the standalone tests and the QTest version.

#include "memory_budget.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace kvl::gpu::test {

constexpr uint64_t kMiB = uint64_t(1) << 20;
constexpr uint64_t kGiB = uint64_t(1) << 30;

struct BudgetCase
{
    const char *name;
    std::map<std::string, std::string> files;
    uint64_t limit;  // expected MemoryBudget::limit
    uint64_t inUse;  // expected MemoryBudget::inUse
    uint64_t usable; // expected MemoryBudget::usable()
};

inline const char *const kMeminfo20GiB = "MemTotal:       25165824 kB\n"
                                         "MemFree:        10485760 kB\n"
                                         "MemAvailable:   20971520 kB\n";
inline const char *const kMountV2 =
    "25 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw\n"
    "30 25 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw\n";
inline const char *const kMountHybrid =
    "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
    "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
    "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
    "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
inline const char *const kV1Unlimited = "9223372036854771712\n";

inline std::vector<BudgetCase> budgetCases()
{
    return {
        {"v2 container: memory.max less usage less inactive file pages",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "0::/\n"},
          {"/proc/self/mountinfo", kMountV2},
          {"/sys/fs/cgroup/memory.max", "536870912\n"},
          {"/sys/fs/cgroup/memory.current", "104857600\n"},
          {"/sys/fs/cgroup/memory.stat", "anon 4096\nfile 60000000\ninactive_file 52428800\n"}},
         512 * kMiB,
         50 * kMiB,
         462 * kMiB},
        {"v2 slice: a parent's limit is tighter",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "0::/user.slice/app.scope\n"},
          {"/proc/self/mountinfo", kMountV2},
          {"/sys/fs/cgroup/user.slice/app.scope/memory.max", "max\n"},
          {"/sys/fs/cgroup/user.slice/app.scope/memory.high", "1073741824\n"},
          {"/sys/fs/cgroup/user.slice/app.scope/memory.current", "0\n"},
          {"/sys/fs/cgroup/user.slice/memory.max", "805306368\n"},
          {"/sys/fs/cgroup/user.slice/memory.current", "268435456\n"}},
         768 * kMiB,
         256 * kMiB,
         512 * kMiB},
        {"v2: memory.high below memory.max",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "0::/job\n"},
          {"/proc/self/mountinfo", kMountV2},
          {"/sys/fs/cgroup/job/memory.max", "4294967296\n"},
          {"/sys/fs/cgroup/job/memory.high", "2147483648\n"},
          {"/sys/fs/cgroup/job/memory.current", "1073741824\n"}},
         2 * kGiB,
         kGiB,
         kGiB},
        {"v2: no limit anywhere, MemAvailable",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "0::/user.slice\n"},
          {"/proc/self/mountinfo", kMountV2},
          {"/sys/fs/cgroup/user.slice/memory.max", "max\n"},
          {"/sys/fs/cgroup/user.slice/memory.high", "max\n"},
          {"/sys/fs/cgroup/user.slice/memory.current", "999999\n"}},
         0,
         0,
         20 * kGiB},
        {"hybrid: v1 memory unlimited, v2 without the controller",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "9:name=systemd:/\n4:memory:/process_api/7e65\n1:cpu:/\n0::/\n"},
          {"/proc/self/mountinfo", kMountHybrid},
          {"/sys/fs/cgroup/memory/process_api/7e65/memory.limit_in_bytes", kV1Unlimited},
          {"/sys/fs/cgroup/memory/process_api/7e65/memory.usage_in_bytes", "445468672\n"},
          {"/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes", kV1Unlimited},
          {"/sys/fs/cgroup/memory/memory.limit_in_bytes", kV1Unlimited}},
         0,
         0,
         20 * kGiB},
        {"hybrid: v1 limit, total_inactive_file not counted",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "4:memory:/ci/job\n0::/\n"},
          {"/proc/self/mountinfo", kMountHybrid},
          {"/sys/fs/cgroup/memory/ci/job/memory.limit_in_bytes", "2147483648\n"},
          {"/sys/fs/cgroup/memory/ci/job/memory.usage_in_bytes", "1610612736\n"},
          {"/sys/fs/cgroup/memory/ci/job/memory.stat",
           "cache 600000000\ninactive_file 1\ntotal_inactive_file 536870912\n"},
          {"/sys/fs/cgroup/memory/memory.limit_in_bytes", kV1Unlimited}},
         2 * kGiB,
         kGiB,
         kGiB},
        {"Docker on v1: the mount shows the container's own cgroup",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "9:memory:/docker/0123abcd\n"},
          {"/proc/self/mountinfo",
           "700 600 0:40 /docker/0123abcd /sys/fs/cgroup/memory ro,nosuid - cgroup cgroup "
           "rw,memory\n"},
          {"/sys/fs/cgroup/memory/memory.limit_in_bytes", "1073741824\n"},
          {"/sys/fs/cgroup/memory/memory.usage_in_bytes", "268435456\n"}},
         kGiB,
         256 * kMiB,
         768 * kMiB},
        {"MemAvailable tighter than the cgroup",
         {{"/proc/meminfo", "MemAvailable:     102400 kB\n"},
          {"/proc/self/cgroup", "0::/\n"},
          {"/proc/self/mountinfo", kMountV2},
          {"/sys/fs/cgroup/memory.max", "1073741824\n"},
          {"/sys/fs/cgroup/memory.current", "0\n"}},
         kGiB,
         0,
         100 * kMiB},
        {"over the limit: spent, not unknown",
         {{"/proc/meminfo", kMeminfo20GiB},
          {"/proc/self/cgroup", "0::/\n"},
          {"/proc/self/mountinfo", kMountV2},
          {"/sys/fs/cgroup/memory.max", "536870912\n"},
          {"/sys/fs/cgroup/memory.current", "600000000\n"}},
         512 * kMiB,
         600000000,
         1},
        {"nothing readable", {}, 0, 0, 0},
    };
}

inline detail::MemoryBudget budgetFrom(const std::map<std::string, std::string> &files)
{
    return detail::memoryBudget([&files](const std::string &path) -> std::optional<std::string> {
        const auto it = files.find(path);
        if (it == files.end())
            return std::nullopt;
        return it->second;
    });
}

} // namespace kvl::gpu::test
