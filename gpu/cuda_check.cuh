#pragma once

// Internal: CUDA runtime errors as exceptions, for the .cu files only.

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace kvl::gpu::detail {

struct CudaError : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

inline std::string describe(cudaError_t error)
{
    return "error " + std::to_string(int(error)) + ": " + cudaGetErrorString(error);
}

inline void check(cudaError_t error, const char *expression, const char *file, int line)
{
    if (error != cudaSuccess)
        throw CudaError(std::string(expression) + " failed (" + describe(error) + ") at " + file +
                        ":" + std::to_string(line));
}

} // namespace kvl::gpu::detail

#define KVL_CUDA_CHECK(expression)                                                                 \
    ::kvl::gpu::detail::check((expression), #expression, __FILE__, __LINE__)
#define KVL_CUDA_CHECK_LAUNCH() KVL_CUDA_CHECK(cudaPeekAtLastError())
