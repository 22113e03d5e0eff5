#pragma once

// Internal: the host buffer the probe fills and reads.

#include <cstdint>

namespace kvl::gpu::detail {

// Anonymous mapping aligned to 2 MiB so that transparent huge pages can back it.
class HostBuffer
{
public:
    explicit HostBuffer(uint64_t bytes);
    ~HostBuffer();
    HostBuffer(const HostBuffer &) = delete;
    HostBuffer &operator=(const HostBuffer &) = delete;

    uint32_t *data() const { return m_data; } // null when the mapping failed
    bool hugePages() const { return m_hugePages; }

private:
    uint64_t m_mapped;
    void *m_base = nullptr;
    uint32_t *m_data = nullptr;
    bool m_hugePages = false;
};

} // namespace kvl::gpu::detail
