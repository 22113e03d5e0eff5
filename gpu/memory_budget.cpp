#include "memory_budget.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

namespace kvl::gpu::detail {

namespace {

std::vector<std::string> split(const std::string &text, char separator)
{
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator))
        parts.push_back(part);
    return parts;
}

std::string trimmed(const std::string &text)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::optional<uint64_t> parseNumber(const std::string &text)
{
    uint64_t value = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

struct Level
{
    uint64_t limit = 0;
    uint64_t inUse = 0;
    uint64_t headroom() const { return limit > inUse ? limit - inUse : 0; }
};

// One cgroup directory's limit and usage; nullopt where it sets no limit.
std::optional<Level> readLevel(const ReadFile &read, const std::string &dir,
                               std::initializer_list<const char *> limitFiles,
                               const char *usageFile, const char *inactiveKey)
{
    std::optional<uint64_t> limit;
    for (const char *file : limitFiles) {
        if (const auto text = read(dir + "/" + file)) {
            if (const auto value = parseMemoryValue(*text))
                limit = std::min(limit.value_or(*value), *value);
        }
    }
    if (!limit)
        return std::nullopt;
    Level level{*limit, 0};
    if (const auto text = read(dir + "/" + usageFile))
        level.inUse = parseMemoryValue(*text).value_or(0);
    // Page cache that is not in active use is reclaimed before the OOM killer runs.
    if (const auto stat = read(dir + "/memory.stat"))
        level.inUse -= std::min(level.inUse, statValue(*stat, inactiveKey).value_or(0));
    return level;
}

} // namespace

CgroupMounts parseMountInfo(const std::string &mountinfo)
{
    CgroupMounts mounts;
    for (const std::string &line : split(mountinfo, '\n')) {
        std::vector<std::string> fields;
        std::istringstream in(line);
        for (std::string field; in >> field;)
            fields.push_back(field);
        const auto dash = std::find(fields.begin(), fields.end(), "-");
        if (dash == fields.end() || fields.end() - dash < 4 || dash - fields.begin() < 6)
            continue;
        const std::string &type = dash[1];
        const CgroupMount mount{fields[4], fields[3]};
        if (type == "cgroup2" && !mounts.v2) {
            mounts.v2 = mount;
        } else if (type == "cgroup" && !mounts.v1Memory) {
            const auto options = split(dash[3], ',');
            if (std::find(options.begin(), options.end(), "memory") != options.end())
                mounts.v1Memory = mount;
        }
    }
    return mounts;
}

CgroupPaths parseProcCgroup(const std::string &text)
{
    CgroupPaths paths;
    for (const std::string &line : split(text, '\n')) {
        const size_t first = line.find(':');
        const size_t second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos)
            continue;
        const std::string id = line.substr(0, first);
        const auto controllers = split(line.substr(first + 1, second - first - 1), ',');
        const std::string path = line.substr(second + 1);
        if (id == "0" && controllers.empty())
            paths.v2 = path;
        else if (std::find(controllers.begin(), controllers.end(), "memory") != controllers.end())
            paths.v1Memory = path;
    }
    return paths;
}

std::optional<uint64_t> parseMemoryValue(const std::string &text)
{
    const auto value = parseNumber(trimmed(text));
    if (!value || *value >= (uint64_t(1) << 62))
        return std::nullopt;
    return value;
}

std::optional<uint64_t> statValue(const std::string &text, const std::string &key)
{
    for (const std::string &line : split(text, '\n')) {
        std::istringstream in(line);
        std::string name;
        std::string number;
        if (!(in >> name >> number))
            continue;
        if (name.back() == ':')
            name.pop_back();
        if (name == key)
            return parseNumber(number);
    }
    return std::nullopt;
}

std::optional<uint64_t> meminfoBytes(const std::string &text, const std::string &key)
{
    const auto kib = statValue(text, key);
    if (!kib || *kib > (~uint64_t(0) >> 10))
        return std::nullopt;
    return *kib << 10;
}

std::vector<std::string> cgroupDirectories(const CgroupMount &mount, const std::string &path)
{
    std::string relative;
    if (mount.root == "/")
        relative = path;
    else if (path.compare(0, mount.root.size(), mount.root) == 0 &&
             (path.size() == mount.root.size() || path[mount.root.size()] == '/'))
        relative = path.substr(mount.root.size());
    std::string base = mount.mountPoint;
    while (base.size() > 1 && base.back() == '/')
        base.pop_back();
    std::string dir = base + relative;
    while (dir.size() > base.size() && dir.back() == '/')
        dir.pop_back();
    std::vector<std::string> dirs;
    for (; dir.size() > base.size(); dir.resize(dir.rfind('/')))
        dirs.push_back(dir);
    dirs.push_back(base);
    return dirs;
}

uint64_t MemoryBudget::usable() const
{
    if (limit == 0)
        return available;
    const uint64_t headroom = limit > inUse ? limit - inUse : 0;
    return std::max<uint64_t>(available > 0 ? std::min(available, headroom) : headroom, 1);
}

MemoryBudget memoryBudget(const ReadFile &read)
{
    MemoryBudget budget;
    if (const auto meminfo = read("/proc/meminfo"))
        budget.available = meminfoBytes(*meminfo, "MemAvailable").value_or(0);
    const CgroupPaths paths = parseProcCgroup(read("/proc/self/cgroup").value_or(""));
    const CgroupMounts mounts = parseMountInfo(read("/proc/self/mountinfo").value_or(""));
    std::optional<Level> tightest;
    const auto walk = [&](const std::optional<CgroupMount> &mount,
                          const std::optional<std::string> &path,
                          std::initializer_list<const char *> limitFiles, const char *usageFile,
                          const char *inactiveKey) {
        if (!mount || !path)
            return;
        for (const std::string &dir : cgroupDirectories(*mount, *path)) {
            const auto level = readLevel(read, dir, limitFiles, usageFile, inactiveKey);
            if (level && (!tightest || level->headroom() < tightest->headroom()))
                tightest = level;
        }
    };
    walk(mounts.v2, paths.v2, {"memory.max", "memory.high"}, "memory.current", "inactive_file");
    walk(mounts.v1Memory, paths.v1Memory, {"memory.limit_in_bytes"}, "memory.usage_in_bytes",
         "total_inactive_file");
    if (tightest) {
        budget.limit = tightest->limit;
        budget.inUse = tightest->inUse;
    }
    return budget;
}

MemoryBudget hostMemoryBudget()
{
    return memoryBudget([](const std::string &path) -> std::optional<std::string> {
        std::ifstream file(path);
        if (!file)
            return std::nullopt;
        return std::string(std::istreambuf_iterator<char>(file), {});
    });
}

std::string bytesText(uint64_t bytes)
{
    static constexpr const char *kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    char text[32];
    if (unit == 0)
        std::snprintf(text, sizeof text, "%llu bytes", (unsigned long long)bytes);
    else
        std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
    return text;
}

std::string budgetText(const MemoryBudget &budget)
{
    if (budget.limit > 0)
        return bytesText(budget.usable()) + " usable (cgroup limit " + bytesText(budget.limit) +
               ", " + bytesText(budget.inUse) + " in use)";
    if (budget.available > 0)
        return bytesText(budget.available) + " available";
    return "unknown";
}

} // namespace kvl::gpu::detail
