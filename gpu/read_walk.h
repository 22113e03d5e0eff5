#pragma once

// The streaming-read kernel's walks over its buffer, in plain C++ that nvcc compiles for the device
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

// A launch that reads a buffer smaller than a launch's worth `passes` times walks passes × vectors
// virtual positions as one grid-stride walk, so that each thread has Unroll loads in flight across
// pass boundaries: a loop per pass over a small buffer leaves one load in flight per thread. Pass
// p = v / vectors reads the buffer turned by p × shift vectors (a whole number of blocks), so that
// a block does not read, pass after pass, the vectors its own SM's L1 still holds. Such buffers
// hold fewer than 2^31 vectors, so the cursor steps in 32-bit adds and selects, no division.
class WrappedCursor
{
public:
    KVL_HOST_DEVICE WrappedCursor(uint64_t first, uint64_t stride, uint32_t vectors, uint32_t shift)
        : m_vectors(vectors), m_shift(shift % vectors), m_stepWithin(uint32_t(stride % vectors)),
          m_stepOffset(turn(stride / vectors)), m_within(uint32_t(first % vectors)),
          m_offset(turn(first / vectors))
    {
    }
    // (v mod vectors + (v / vectors) × shift) mod vectors for the current v.
    KVL_HOST_DEVICE uint32_t position() const { return wrap(m_within + m_offset); }
    // v += stride.
    KVL_HOST_DEVICE void step()
    {
        m_offset = wrap(m_offset + m_stepOffset);
        m_within += m_stepWithin;
        if (m_within >= m_vectors) { // one more pass boundary crossed
            m_within -= m_vectors;
            m_offset = wrap(m_offset + m_shift);
        }
    }

private:
    KVL_HOST_DEVICE uint32_t wrap(uint32_t x) const { return x >= m_vectors ? x - m_vectors : x; }
    KVL_HOST_DEVICE uint32_t turn(uint64_t passes) const
    {
        return uint32_t(passes % m_vectors * m_shift % m_vectors);
    }

    uint32_t m_vectors;
    uint32_t m_shift;
    uint32_t m_stepWithin;
    uint32_t m_stepOffset;
    uint32_t m_within; // v mod vectors
    uint32_t m_offset; // (v / vectors) × shift mod vectors
};

template <int Unroll, class Load, class Consume>
KVL_HOST_DEVICE void readWrapped(uint64_t first, uint64_t stride, uint32_t vectors, uint32_t passes,
                                 uint32_t shift, Load load, Consume consume)
{
    const uint64_t total = uint64_t(passes) * vectors;
    WrappedCursor at(first, stride, vectors, shift);
    uint64_t v = first;
    for (; v + (Unroll - 1) * stride < total; v += Unroll * stride) {
        decltype(load(0)) x[Unroll];
        KVL_UNROLL
        for (int u = 0; u < Unroll; ++u) {
            x[u] = load(at.position());
            at.step();
        }
        KVL_UNROLL
        for (int u = 0; u < Unroll; ++u)
            consume(x[u]);
    }
    for (; v < total; v += stride) {
        consume(load(at.position()));
        at.step();
    }
}

} // namespace kvl::gpu
