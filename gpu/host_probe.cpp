#include "bandwidth_probe.h"
#include "host_system.h"
#include "memory_budget.h"
#include "probe_backends.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <string_view>
#include <thread>

#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define KVL_X86 1
#endif

namespace kvl::gpu {

namespace {

using Clock = std::chrono::steady_clock;

// Elements between cancel checks: 4 MiB, about 0.2 ms per thread.
constexpr uint64_t kBlockElements = uint64_t(1) << 20;
// Thread ranges start on page boundaries.
constexpr uint64_t kRangeAlignElements = kBufferAlign / sizeof(uint32_t);
constexpr uint64_t kHugePage = uint64_t(2) << 20;
constexpr double kHostSweepSampleSeconds = 0.05;

enum class Isa
{
    Avx2,
    Sse2,
    Scalar,
};

// KVL_PROBE_ISA=sse2|scalar forces a fallback so that it can be tested on an AVX2 machine.
Isa detectIsa()
{
    const char *forced = std::getenv("KVL_PROBE_ISA");
    const std::string_view force = forced ? forced : "";
    if (force == "scalar")
        return Isa::Scalar;
#ifdef KVL_X86
    __builtin_cpu_init();
    if (force != "sse2" && __builtin_cpu_supports("avx2"))
        return Isa::Avx2;
    return Isa::Sse2;
#else
    return Isa::Scalar;
#endif
}

const char *isaName(Isa isa)
{
    switch (isa) {
    case Isa::Avx2:
        return "avx2";
    case Isa::Sse2:
        return "sse2";
    case Isa::Scalar:
        return "scalar";
    }
    return "scalar";
}

uint32_t sumScalar(const uint32_t *p, uint64_t n)
{
    uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    uint64_t i = 0;
    for (; i + 4 <= n; i += 4) {
        a0 += p[i];
        a1 += p[i + 1];
        a2 += p[i + 2];
        a3 += p[i + 3];
    }
    for (; i < n; ++i)
        a0 += p[i];
    return a0 + a1 + a2 + a3;
}

#ifdef KVL_X86
// Eight 32-byte loads per iteration into four accumulators: two cache lines per accumulator
// chain keep enough loads independent to saturate the memory system.
__attribute__((target("avx2"))) uint32_t sumAvx2(const uint32_t *p, uint64_t n)
{
    __m256i a0 = _mm256_setzero_si256();
    __m256i a1 = _mm256_setzero_si256();
    __m256i a2 = _mm256_setzero_si256();
    __m256i a3 = _mm256_setzero_si256();
    uint64_t i = 0;
    for (; i + 64 <= n; i += 64) {
        const auto *v = reinterpret_cast<const __m256i *>(p + i);
        a0 = _mm256_add_epi32(a0, _mm256_loadu_si256(v + 0));
        a1 = _mm256_add_epi32(a1, _mm256_loadu_si256(v + 1));
        a2 = _mm256_add_epi32(a2, _mm256_loadu_si256(v + 2));
        a3 = _mm256_add_epi32(a3, _mm256_loadu_si256(v + 3));
        a0 = _mm256_add_epi32(a0, _mm256_loadu_si256(v + 4));
        a1 = _mm256_add_epi32(a1, _mm256_loadu_si256(v + 5));
        a2 = _mm256_add_epi32(a2, _mm256_loadu_si256(v + 6));
        a3 = _mm256_add_epi32(a3, _mm256_loadu_si256(v + 7));
    }
    const __m256i s = _mm256_add_epi32(_mm256_add_epi32(a0, a1), _mm256_add_epi32(a2, a3));
    const __m128i h = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    alignas(16) uint32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i *>(lanes), h);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3] + sumScalar(p + i, n - i);
}

uint32_t sumSse2(const uint32_t *p, uint64_t n)
{
    __m128i a0 = _mm_setzero_si128();
    __m128i a1 = _mm_setzero_si128();
    __m128i a2 = _mm_setzero_si128();
    __m128i a3 = _mm_setzero_si128();
    uint64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const auto *v = reinterpret_cast<const __m128i *>(p + i);
        a0 = _mm_add_epi32(a0, _mm_loadu_si128(v + 0));
        a1 = _mm_add_epi32(a1, _mm_loadu_si128(v + 1));
        a2 = _mm_add_epi32(a2, _mm_loadu_si128(v + 2));
        a3 = _mm_add_epi32(a3, _mm_loadu_si128(v + 3));
        a0 = _mm_add_epi32(a0, _mm_loadu_si128(v + 4));
        a1 = _mm_add_epi32(a1, _mm_loadu_si128(v + 5));
        a2 = _mm_add_epi32(a2, _mm_loadu_si128(v + 6));
        a3 = _mm_add_epi32(a3, _mm_loadu_si128(v + 7));
    }
    const __m128i s = _mm_add_epi32(_mm_add_epi32(a0, a1), _mm_add_epi32(a2, a3));
    alignas(16) uint32_t lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i *>(lanes), s);
    return lanes[0] + lanes[1] + lanes[2] + lanes[3] + sumScalar(p + i, n - i);
}
#endif

uint32_t sumRange(Isa isa, const uint32_t *p, uint64_t n)
{
#ifdef KVL_X86
    if (isa == Isa::Avx2)
        return sumAvx2(p, n);
    if (isa == Isa::Sse2)
        return sumSse2(p, n);
#endif
    (void)isa;
    return sumScalar(p, n);
}

// Anonymous mapping aligned to 2 MiB so that transparent huge pages can back it.
class HostBuffer
{
public:
    explicit HostBuffer(uint64_t bytes) : m_mapped(bytes + kHugePage)
    {
        void *p =
            mmap(nullptr, m_mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) {
            m_base = nullptr;
            return;
        }
        m_base = p;
        const uintptr_t aligned =
            (reinterpret_cast<uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
        m_data = reinterpret_cast<uint32_t *>(aligned);
#ifdef MADV_HUGEPAGE
        m_hugePages = madvise(m_data, bytes, MADV_HUGEPAGE) == 0;
#endif
    }
    ~HostBuffer()
    {
        if (m_base)
            munmap(m_base, m_mapped);
    }
    HostBuffer(const HostBuffer &) = delete;
    HostBuffer &operator=(const HostBuffer &) = delete;

    uint32_t *data() const
    {
        return m_data;
    }
    bool hugePages() const
    {
        return m_hugePages;
    }

private:
    uint64_t m_mapped;
    void *m_base = nullptr;
    uint32_t *m_data = nullptr;
    bool m_hugePages = false;
};

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
    ReaderPool(uint32_t *data, int threads, Isa isa, const std::atomic<bool> *cancel)
        : m_data(data), m_isa(isa), m_cancel(cancel), m_slots(size_t(threads))
    {
        const std::vector<int> cpus = detail::hostCpus();
        try {
            for (int t = 0; t < threads; ++t)
                m_threads.emplace_back(
                    [this, t, cpu = cpus[size_t(t) % cpus.size()]] { work(t, cpu); });
        } catch (...) {
            stop();
            throw;
        }
    }
    ~ReaderPool() { stop(); }
    ReaderPool(const ReaderPool &) = delete;
    ReaderPool &operator=(const ReaderPool &) = delete;

    bool pinned() const { return m_pinFailures.load() == 0; }

    // Blocks until every thread is done; nullopt when cancelled.
    std::optional<JobResult> run(const Job &job)
    {
        m_job = job;
        m_pending.store(int(m_threads.size()), std::memory_order_relaxed);
        m_generation.fetch_add(1, std::memory_order_release);
        m_generation.notify_all();
        for (int left = m_pending.load(std::memory_order_acquire); left != 0;
             left = m_pending.load(std::memory_order_acquire))
            m_pending.wait(left, std::memory_order_acquire);
        if (detail::cancelled(m_cancel))
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

private:
    struct alignas(64) Slot
    {
        Clock::time_point start;
        Clock::time_point end;
        bool active = false;
        bool checksumOk = true;
    };

    void stop()
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

    void work(int index, int cpu)
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

    void runShare(int index, const Job &job, Slot &slot)
    {
        const uint64_t units = (job.elements + kRangeAlignElements - 1) / kRangeAlignElements;
        const uint64_t threads = m_slots.size();
        const uint64_t begin =
            std::min(job.elements, units * index / threads * kRangeAlignElements);
        const uint64_t end =
            std::min(job.elements, units * (index + 1) / threads * kRangeAlignElements);
        slot.active = begin < end;
        slot.checksumOk = true;
        slot.start = Clock::now();
        if (job.kind == JobKind::Fill) {
            for (uint64_t b = begin; b < end && !detail::cancelled(m_cancel); b += kBlockElements) {
                const uint64_t e = std::min(end, b + kBlockElements);
                for (uint64_t i = b; i < e; ++i)
                    m_data[i] = patternValue(i);
            }
        } else {
            const uint32_t expected = expectedChecksum(begin, end - begin);
            for (int pass = 0; pass < job.passes && !detail::cancelled(m_cancel); ++pass) {
                uint32_t sum = 0;
                for (uint64_t b = begin; b < end; b += kBlockElements) {
                    if (detail::cancelled(m_cancel))
                        break;
                    sum += sumRange(m_isa, m_data + b, std::min(end, b + kBlockElements) - b);
                }
                slot.checksumOk = slot.checksumOk && sum == expected;
            }
        }
        slot.end = Clock::now();
    }

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

struct HostSession
{
    DeviceInfo info;
    Isa isa = Isa::Scalar;
    int threads = 1;
    uint64_t capacity = 0;
    std::unique_ptr<HostBuffer> buffer;
    std::unique_ptr<ReaderPool> pool;
};

std::optional<ProbeError> openSession(HostSession &session, const MeasureRequest &request,
                                      uint64_t capacity, const std::atomic<bool> *cancel)
{
    session.info = hostDevice();
    session.isa = detectIsa();
    session.threads = request.threads > 0 ? request.threads : std::max(session.info.threads, 1);
    session.capacity = capacity;
    // Refused here rather than left to the OOM killer, which gives no message.
    if (session.info.memoryFree > 0 && capacity > session.info.memoryFree / 10 * 9)
        return ProbeError{
            "a " + detail::bytesText(capacity) + " buffer (" + std::to_string(capacity) +
            " bytes) does not fit in the memory this process may use: " +
            detail::budgetText(detail::hostMemoryBudget()) + "; the probe takes at most 90% of it"};
    session.buffer = std::make_unique<HostBuffer>(capacity);
    if (!session.buffer->data())
        return ProbeError{"could not map " + std::to_string(capacity) + " bytes of host memory"};
    session.pool =
        std::make_unique<ReaderPool>(session.buffer->data(), session.threads, session.isa, cancel);
    return std::nullopt;
}

std::string methodText(const HostSession &session)
{
    std::string text = std::string(isaName(session.isa)) + ", " + std::to_string(session.threads) +
                       (session.threads == 1 ? " thread" : " threads");
    text += session.pool->pinned() ? " pinned" : " (not pinned)";
    if (session.buffer->hugePages())
        text += ", huge pages advised";
    return text;
}

// Calibrates the passes per sample from one pass, then warms up and samples one buffer size.
Result<Measurement> measureSize(HostSession &session, uint64_t bytes, const MeasureRequest &request,
                                double sampleSeconds, detail::StepProgress &steps)
{
    const uint64_t elements = bytes / sizeof(uint32_t);
    // The first pass is cold and pays the threads' wake-up, so small buffers need a few rounds.
    int passes = 1;
    auto calibration = session.pool->run(Job{JobKind::Read, elements, passes});
    for (int round = 0; calibration && round < 4 && calibration->seconds < 0.5 * sampleSeconds;
         ++round) {
        const double wanted =
            std::ceil(passes * sampleSeconds / std::max(calibration->seconds, 1e-6));
        passes = int(std::clamp(wanted, double(passes + 1), 1e6));
        calibration = session.pool->run(Job{JobKind::Read, elements, passes});
    }
    if (!calibration)
        return detail::cancelledError();
    steps.step();
    bool checksumOk = calibration->checksumOk;
    for (int w = 0; w < request.warmups; ++w) {
        const auto r = session.pool->run(Job{JobKind::Read, elements, passes});
        if (!r)
            return detail::cancelledError();
        checksumOk = checksumOk && r->checksumOk;
        steps.step();
    }

    Measurement m;
    m.device = "host";
    m.bytes = bytes;
    m.belowCache = belowCache(bytes, session.info.l2Bytes);
    m.method = methodText(session);
    for (int s = 0; s < request.samples; ++s) {
        const auto r = session.pool->run(Job{JobKind::Read, elements, passes});
        if (!r)
            return detail::cancelledError();
        checksumOk = checksumOk && r->checksumOk;
        const uint64_t read = bytes * uint64_t(passes);
        m.bytesCounted += read;
        m.seconds += r->seconds;
        if (r->seconds > 0)
            m.sampleGBps.push_back(double(read) / r->seconds / 1e9);
        steps.step();
    }
    if (m.sampleGBps.empty())
        return ProbeError{"host timer did not advance"};
    const SampleStats stats = summarize(m.sampleGBps);
    m.medianGBps = stats.median;
    m.bestGBps = stats.best;
    m.samples = int(m.sampleGBps.size());
    m.checksumOk = checksumOk;
    return m;
}

std::optional<ProbeError> fill(HostSession &session, detail::StepProgress &steps)
{
    if (!session.pool->run(Job{JobKind::Fill, session.capacity / sizeof(uint32_t), 1}))
        return detail::cancelledError();
    // KVL_PROBE_FAULT=checksum spoils one word, as failing memory or a broken read would, so that
    // tests can check that a wrong checksum is reported and its rates are shown as void.
    if (const char *fault = std::getenv("KVL_PROBE_FAULT");
        fault && std::string_view(fault) == "checksum")
        session.buffer->data()[0] ^= 1u;
    steps.step();
    return std::nullopt;
}

} // namespace

DeviceInfo hostDevice()
{
    DeviceInfo info;
    info.id = "host";
    info.name = detail::hostCpuName();
    info.threads = int(detail::hostCpus().size());
    info.memoryTotal = detail::hostMemoryTotal();
    info.memoryFree = detail::hostMemoryAvailable();
    info.l2Bytes = detail::hostLastLevelCacheBytes();
    return info;
}

namespace detail {

Result<Measurement> measureHost(const MeasureRequest &request, const Progress &progress,
                                const std::atomic<bool> *cancel)
{
    try {
        const DeviceInfo info = hostDevice();
        const uint64_t bytes =
            request.bytes > 0 ? request.bytes / kBufferAlign * kBufferAlign
                              : defaultBufferBytes(info.l2Bytes, info.memoryFree, kHostFloorBytes);
        StepProgress steps(progress, 2 + request.warmups + request.samples);
        HostSession session;
        if (auto error = openSession(session, request, bytes, cancel))
            return *error;
        if (auto error = fill(session, steps))
            return *error;
        const double sampleSeconds =
            request.minSampleSeconds > 0 ? request.minSampleSeconds : kHostSampleSeconds;
        auto result = measureSize(session, bytes, request, sampleSeconds, steps);
        if (result.ok())
            steps.finish();
        return result;
    } catch (const std::exception &e) {
        return ProbeError{std::string("host probe failed: ") + e.what()};
    }
}

Result<std::vector<Measurement>> sweepHost(const MeasureRequest &request,
                                           const std::vector<uint64_t> &sizes,
                                           const Progress &progress,
                                           const std::atomic<bool> *cancel)
{
    try {
        if (sizes.empty())
            return ProbeError{"no sizes to sweep"};
        StepProgress steps(progress,
                           1 + int(sizes.size()) * (1 + request.warmups + request.samples));
        HostSession session;
        if (auto error = openSession(session, request, sizes.back(), cancel))
            return *error;
        if (auto error = fill(session, steps))
            return *error;
        const double sampleSeconds =
            request.minSampleSeconds > 0 ? request.minSampleSeconds : kHostSweepSampleSeconds;
        std::vector<Measurement> points;
        for (uint64_t bytes : sizes) {
            auto point = measureSize(session, bytes, request, sampleSeconds, steps);
            if (!point.ok())
                return ProbeError{point.error, point.cancelled};
            points.push_back(std::move(*point.value));
        }
        steps.finish();
        return points;
    } catch (const std::exception &e) {
        return ProbeError{std::string("host sweep failed: ") + e.what()};
    }
}

} // namespace detail

} // namespace kvl::gpu
