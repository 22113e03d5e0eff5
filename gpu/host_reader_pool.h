#pragma once

// Internal: the host threads that fill and read the probe's buffer.

#include "host_sum.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

namespace kvl::gpu::detail {

enum class JobKind
{
    Fill,
    Read,
    Quit,
};

struct Job
{
    JobKind kind = JobKind::Quit;
    uint64_t elements = 0;
    int passes = 1;
};

struct JobResult
{
    double seconds = 0;
    bool checksumOk = true;
};

// Pinned threads that fill or read their own contiguous share of the buffer on request; the
// same split for fill and read keeps each page local to the thread that touched it first.
class ReaderPool
{
public:
    ReaderPool(uint32_t *data, int threads, Isa isa, const std::atomic<bool> *cancel);
    ~ReaderPool() { stop(); }
    ReaderPool(const ReaderPool &) = delete;
    ReaderPool &operator=(const ReaderPool &) = delete;

    bool pinned() const { return m_pinFailures.load() == 0; }

    // Blocks until every thread is done; nullopt when cancelled.
    std::optional<JobResult> run(const Job &job);

private:
    using Clock = std::chrono::steady_clock;

    struct alignas(64) Slot
    {
        Clock::time_point start;
        Clock::time_point end;
        bool active = false;
        bool checksumOk = true;
    };

    void stop();
    void work(int index, int cpu);
    void runShare(int index, const Job &job, Slot &slot);

    uint32_t *m_data;
    Isa m_isa;
    const std::atomic<bool> *m_cancel;
    std::vector<Slot> m_slots;
    std::vector<std::thread> m_threads;
    Job m_job;
    std::atomic<uint32_t> m_generation{0};
    std::atomic<int> m_pending{0};
    std::atomic<int> m_pinFailures{0};
};

} // namespace kvl::gpu::detail
