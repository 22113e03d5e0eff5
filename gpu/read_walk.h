#pragma once

// The streaming-read kernel's walk over its buffer, in plain C++ that nvcc compiles for the device
// and the host tests run on the CPU: one definition of which thread reads which vector.

#include <cstdint>

#if defined(__CUDACC__)
#define KVL_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define KVL_HOST_DEVICE inline
#endif
// nvcc's host compiler would warn about the CUDA pragma.
#if defined(__CUDA_ARCH__)
#define KVL_UNROLL _Pragma("unroll")
#else
#define KVL_UNROLL
#endif

namespace kvl::gpu {

// Independent 16-byte loads in flight per thread.
constexpr int kReadUnroll = 8;

// The slice of the grid-stride walk that a block reads on a pass. Rotating the slices between
// passes keeps a repeated read from being served by the same SM's L1.
KVL_HOST_DEVICE uint32_t sliceForPass(uint32_t block, uint32_t pass, uint32_t rotate, uint32_t grid)
{
    return uint32_t((block + uint64_t(pass) * rotate) % grid);
}

// Reads vectors first, first + stride, ... below `vectors`, issuing Unroll loads before consuming
// any so that they are in flight together; consume sees every loaded value once.
template <int Unroll, class Load, class Consume>
KVL_HOST_DEVICE void readStrided(uint64_t first, uint64_t stride, uint64_t vectors, Load load,
                                 Consume consume)
{
    uint64_t i = first;
    for (; i + (Unroll - 1) * stride < vectors; i += Unroll * stride) {
        decltype(load(i)) v[Unroll];
        KVL_UNROLL
        for (int u = 0; u < Unroll; ++u)
            v[u] = load(i + u * stride);
        KVL_UNROLL
        for (int u = 0; u < Unroll; ++u)
            consume(v[u]);
    }
    for (; i < vectors; i += stride)
        consume(load(i));
}

} // namespace kvl::gpu
