#pragma once

// Internal: the host's summing read loops, one per instruction set.

#include <cstdint>

namespace kvl::gpu::detail {

enum class Isa
{
    Avx2,
    Sse2,
    Scalar,
};

// The widest the CPU has; KVL_PROBE_ISA=sse2|scalar forces a fallback so that it can be tested
// on an AVX2 machine.
Isa detectIsa();
const char *isaName(Isa isa);
// Wrapping sum of p[0..n).
uint32_t sumRange(Isa isa, const uint32_t *p, uint64_t n);

} // namespace kvl::gpu::detail
