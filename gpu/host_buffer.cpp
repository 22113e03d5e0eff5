#include "host_buffer.h"

#include <sys/mman.h>

namespace kvl::gpu::detail {

namespace {

constexpr uint64_t kHugePage = uint64_t(2) << 20;

} // namespace

HostBuffer::HostBuffer(uint64_t bytes) : m_mapped(bytes + kHugePage)
{
    void *p = mmap(nullptr, m_mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        m_base = nullptr;
        return;
    }
    m_base = p;
    const uintptr_t aligned = (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
    m_data = reinterpret_cast<uint32_t *>(aligned);
#ifdef MADV_HUGEPAGE
    m_hugePages = madvise(m_data, bytes, MADV_HUGEPAGE) == 0;
#endif
}

HostBuffer::~HostBuffer()
{
    if (m_base)
        munmap(m_base, m_mapped);
}

} // namespace kvl::gpu::detail
