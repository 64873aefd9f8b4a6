// Kernel launches with programmatic dependent launch (sm_90 and later). A decode token is ~350
// small kernels in a row; without it each one starts only after the one before has finished and
// its memory is flushed, and an SM idles through every launch and every last wave. With it, a
// kernel's blocks are scheduled while its predecessor finishes, load what does not depend on it
// (weights), and then wait.
//
// The rule that keeps this correct: a kernel started by launchKernel() calls
// waitForPreviousKernel() before it reads or writes any memory that earlier work on the stream
// writes or reads. Weights never change during a pass, so they may be read before the wait.
#pragma once

#include "cuda_check.hpp"

#include <cuda_runtime.h>

#include <utility>

namespace strata::cuda {

// Blocks until the kernels this one depends on have completed and their writes are visible, then
// lets the next kernel on the stream be scheduled (it in turn waits here before touching memory, so
// at most two kernels overlap). A no-op before sm_90 and for kernels launched without the attribute.
#ifdef __CUDACC__
__device__ __forceinline__ void waitForPreviousKernel()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}
#endif

// Whether kernels on the current device start early (compute capability 9.0 or later, and
// STRATA_CUDA_DEPENDENT_LAUNCH not 0, which turns it off for comparisons). Read once per device.
bool dependentLaunchEnabled();

// kernel<<<grid, block, sharedBytes, stream>>>(args...), started early where `early` and enabled;
// throws on a launch error.
template <typename... Params, typename... Args>
void launchKernelWith(bool early, void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes,
                      cudaStream_t stream, Args&&... args)
{
    cudaLaunchAttribute attribute{};
    attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute.val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config{};
    config.gridDim = grid;
    config.blockDim = block;
    config.dynamicSmemBytes = sharedBytes;
    config.stream = stream;
    config.attrs = &attribute;
    config.numAttrs = early && dependentLaunchEnabled() ? 1 : 0;
    check(cudaLaunchKernelEx(&config, kernel, std::forward<Args>(args)...), "launching a kernel");
}

// The short kernels of a decode step: started early.
template <typename... Params, typename... Args>
void launchKernel(void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes, cudaStream_t stream,
                  Args&&... args)
{
    launchKernelWith(true, kernel, grid, block, sharedBytes, stream, std::forward<Args>(args)...);
}

// The tensor-core tiles of prefill: started after the previous kernel. Started early, their blocks
// took the SMs that the previous kernel freed first, several to an SM, instead of one to an SM
// across all of them: the 0.6B shape's pp512 fell 11% on the H200 (Q4_K, 61.5k -> 54.7 tok/s).
template <typename... Params, typename... Args>
void launchKernelAfterPrevious(void (*kernel)(Params...), dim3 grid, dim3 block, size_t sharedBytes,
                               cudaStream_t stream, Args&&... args)
{
    launchKernelWith(false, kernel, grid, block, sharedBytes, stream, std::forward<Args>(args)...);
}

}  // namespace strata::cuda
