#pragma once

// Internal: how much memory this process may take, from /proc/meminfo and the cgroup it runs in.
// A container's limit does not show in /proc/meminfo; a buffer sized from MemAvailable alone is
// killed by the cgroup's OOM killer without a word.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace kvl::gpu::detail {

struct CgroupMount
{
    std::string mountPoint; // where it is mounted here, e.g. /sys/fs/cgroup
    std::string root;       // which cgroup of the hierarchy that directory shows, e.g. /
};

// The cgroup2 mount and the cgroup v1 mount that carries the memory controller.
struct CgroupMounts
{
    std::optional<CgroupMount> v2;
    std::optional<CgroupMount> v1Memory;
};
CgroupMounts parseMountInfo(const std::string &mountinfo); // /proc/self/mountinfo

// This process's cgroups, from /proc/self/cgroup: "0::/path" (v2), "N:...memory...:/path" (v1).
struct CgroupPaths
{
    std::optional<std::string> v2;
    std::optional<std::string> v1Memory;
};
CgroupPaths parseProcCgroup(const std::string &text);

// A limit or usage file: bytes, or nullopt for "max", unreadable text and v1's "unlimited"
// (a page-rounded 2^63 - 1).
std::optional<uint64_t> parseMemoryValue(const std::string &text);
// "key value" in memory.stat, or "Key: value kB" in /proc/meminfo (then in bytes).
std::optional<uint64_t> statValue(const std::string &text, const std::string &key);
std::optional<uint64_t> meminfoBytes(const std::string &text, const std::string &key);

// The directories from a cgroup up to the mount point, as `path` shows under `mount`: a path
// outside the mount's root (a container's own namespace) gives the mount point alone.
std::vector<std::string> cgroupDirectories(const CgroupMount &mount, const std::string &path);

struct MemoryBudget
{
    uint64_t available = 0; // MemAvailable; 0 = unknown
    uint64_t limit = 0;     // the tightest cgroup limit on the way to the root; 0 = none
    uint64_t inUse = 0;     // that cgroup's usage, less the page cache it can drop
    // min(available, limit - inUse); 0 = unknown, and a budget already spent reads 1 so that
    // callers that treat 0 as unknown still refuse.
    uint64_t usable() const;
};

// Reads a file's text; nullopt when it does not exist or cannot be read.
using ReadFile = std::function<std::optional<std::string>(const std::string &path)>;
// From /proc/meminfo, /proc/self/cgroup, /proc/self/mountinfo and the memory files of each
// cgroup level, all read through `read`: v2 memory.max, memory.high and memory.current, v1
// memory.limit_in_bytes and memory.usage_in_bytes, each less memory.stat's inactive file pages.
MemoryBudget memoryBudget(const ReadFile &read);
MemoryBudget hostMemoryBudget(); // the same, from this machine's files

// "3.2 GiB usable (cgroup limit 4.0 GiB, 0.8 GiB in use)", for messages.
std::string budgetText(const MemoryBudget &budget);
std::string bytesText(uint64_t bytes); // "3.2 GiB", "512.0 MiB"

} // namespace kvl::gpu::detail
