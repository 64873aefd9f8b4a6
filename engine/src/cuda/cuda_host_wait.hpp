// How the host thread waits for an event of the GPU's stream (CudaBackendOptions::hostWait): sleep
// in the driver on a blocking-sync event, or poll it, spinning or yielding.
#pragma once

#include "cuda_check.hpp"
#include "strata/model/cuda_backend.hpp"

#include <thread>

namespace strata::cuda {

// Event flags for the mode: only a blocking-sync event lets the host sleep.
inline unsigned eventFlagsFor(model::CudaHostWait mode)
{
    return (mode == model::CudaHostWait::BlockingSync ? cudaEventBlockingSync : 0) | cudaEventDisableTiming;
}

inline void waitForEvent(cudaEvent_t event, model::CudaHostWait mode, const char* what)
{
    if (mode == model::CudaHostWait::BlockingSync) {
        check(cudaEventSynchronize(event), what);
        return;
    }
    cudaError_t state = cudaEventQuery(event);
    for (; state == cudaErrorNotReady; state = cudaEventQuery(event))
        if (mode == model::CudaHostWait::Yield)
            std::this_thread::yield();
    check(state, what);
}

}  // namespace strata::cuda
