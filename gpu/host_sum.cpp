#include "host_sum.h"

#include <cstdlib>
#include <string_view>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define KVL_X86 1
#endif

namespace kvl::gpu::detail {

namespace {

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

} // namespace

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

} // namespace kvl::gpu::detail
