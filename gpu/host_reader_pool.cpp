#include "host_reader_pool.h"

#include "bandwidth_probe.h"
#include "host_system.h"
#include "probe_backends.h"

#include <algorithm>

#include <pthread.h>
#include <sched.h>

namespace kvl::gpu::detail {

namespace {

// Elements between cancel checks: 4 MiB, about 0.2 ms per thread.
constexpr uint64_t kBlockElements = uint64_t(1) << 20;
// Thread ranges start on page boundaries.
constexpr uint64_t kRangeAlignElements = kBufferAlign / sizeof(uint32_t);

} // namespace

ReaderPool::ReaderPool(uint32_t *data, int threads, Isa isa, const std::atomic<bool> *cancel)
    : m_data(data), m_isa(isa), m_cancel(cancel), m_slots(size_t(threads))
{
    const std::vector<int> cpus = hostCpus();
    try {
        for (int t = 0; t < threads; ++t)
            m_threads.emplace_back(
                [this, t, cpu = cpus[size_t(t) % cpus.size()]] { work(t, cpu); });
    } catch (...) {
        stop();
        throw;
    }
}

std::optional<JobResult> ReaderPool::run(const Job &job)
{
    m_job = job;
    m_pending.store(int(m_threads.size()), std::memory_order_relaxed);
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    for (int left = m_pending.load(std::memory_order_acquire); left != 0;
         left = m_pending.load(std::memory_order_acquire))
        m_pending.wait(left, std::memory_order_acquire);
    if (cancelled(m_cancel))
        return std::nullopt;
    JobResult result;
    Clock::time_point first = Clock::time_point::max();
    Clock::time_point last = Clock::time_point::min();
    for (const Slot &slot : m_slots) {
        if (!slot.active)
            continue;
        first = std::min(first, slot.start);
        last = std::max(last, slot.end);
        result.checksumOk = result.checksumOk && slot.checksumOk;
    }
    if (first < last)
        result.seconds = std::chrono::duration<double>(last - first).count();
    return result;
}

void ReaderPool::stop()
{
    if (m_threads.empty())
        return;
    m_job = Job{JobKind::Quit, 0, 0};
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    for (std::thread &thread : m_threads)
        thread.join();
    m_threads.clear();
}

void ReaderPool::work(int index, int cpu)
{
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set) != 0)
        m_pinFailures.fetch_add(1);
#else
    (void)cpu;
#endif
    uint32_t seen = 0;
    for (;;) {
        m_generation.wait(seen, std::memory_order_acquire);
        seen = m_generation.load(std::memory_order_acquire);
        const Job job = m_job;
        if (job.kind == JobKind::Quit)
            return;
        runShare(index, job, m_slots[size_t(index)]);
        if (m_pending.fetch_sub(1, std::memory_order_acq_rel) == 1)
            m_pending.notify_one();
    }
}

void ReaderPool::runShare(int index, const Job &job, Slot &slot)
{
    const uint64_t units = (job.elements + kRangeAlignElements - 1) / kRangeAlignElements;
    const uint64_t threads = m_slots.size();
    const uint64_t begin = std::min(job.elements, units * index / threads * kRangeAlignElements);
    const uint64_t end =
        std::min(job.elements, units * (index + 1) / threads * kRangeAlignElements);
    slot.active = begin < end;
    slot.checksumOk = true;
    slot.start = Clock::now();
    if (job.kind == JobKind::Fill) {
        for (uint64_t b = begin; b < end && !cancelled(m_cancel); b += kBlockElements) {
            const uint64_t e = std::min(end, b + kBlockElements);
            for (uint64_t i = b; i < e; ++i)
                m_data[i] = patternValue(i);
        }
    } else {
        const uint32_t expected = expectedChecksum(begin, end - begin);
        for (int pass = 0; pass < job.passes && !cancelled(m_cancel); ++pass) {
            uint32_t sum = 0;
            for (uint64_t b = begin; b < end; b += kBlockElements) {
                if (cancelled(m_cancel))
                    break;
                sum += sumRange(m_isa, m_data + b, std::min(end, b + kBlockElements) - b);
            }
            slot.checksumOk = slot.checksumOk && sum == expected;
        }
    }
    slot.end = Clock::now();
}

} // namespace kvl::gpu::detail
