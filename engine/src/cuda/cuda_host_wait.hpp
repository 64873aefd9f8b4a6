// How the host thread waits for an event of the GPU's stream (CudaBackendOptions::hostWait): sleep
// in the driver on a blocking-sync event, poll it (spinning or yielding), or sleep through most of
// the expected time and then poll (adaptive, model::GpuWaitPlan).
#pragma once

#include "cuda_check.hpp"
#include "strata/model/cuda_backend.hpp"
#include "strata/model/gpu_wait_plan.hpp"

#include <chrono>
#include <thread>

namespace strata::cuda {

// Event flags for the mode: only a blocking-sync event lets the host sleep in the driver (adaptive
// falls back to that when its poll runs long).
inline unsigned eventFlagsFor(model::CudaHostWait mode)
{
    const bool sleeps = mode == model::CudaHostWait::BlockingSync || mode == model::CudaHostWait::Adaptive;
    return (sleeps ? cudaEventBlockingSync : 0) | cudaEventDisableTiming;
}

// One waiter's waits on its event: the adaptive mode learns how long this waiter's work takes.
class HostWaiter {
public:
    using Clock = std::chrono::steady_clock;

    explicit HostWaiter(model::CudaHostWait mode) : mode_(mode) {}

    // Waits for `event`, recorded after work queued at `queued`. `learn`: the work is the kind this
    // waiter plans for (adaptive: a decode step; other passes block in the driver).
    void wait(cudaEvent_t event, Clock::time_point queued, bool learn, const char* what)
    {
        if (mode_ == model::CudaHostWait::BlockingSync || (mode_ == model::CudaHostWait::Adaptive && !learn)) {
            check(cudaEventSynchronize(event), what);
            return;
        }
        if (mode_ == model::CudaHostWait::Adaptive) {
            waitAdaptive(event, queued, what);
            return;
        }
        cudaError_t state = cudaEventQuery(event);
        for (; state == cudaErrorNotReady; state = cudaEventQuery(event))
            if (mode_ == model::CudaHostWait::Yield)
                std::this_thread::yield();
        check(state, what);
    }

private:
    void waitAdaptive(cudaEvent_t event, Clock::time_point queued, const char* what)
    {
        const auto since = [queued] {
            return int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - queued).count());
        };
        const int64_t sleep = plan_.sleepNanos(since());
        if (sleep > 0) {
            const auto before = Clock::now();
            std::this_thread::sleep_for(std::chrono::nanoseconds(sleep));
            plan_.sleptFor(sleep, std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - before).count());
        }
        for (bool first = true;; first = false) {
            const cudaError_t state = cudaEventQuery(event);
            const int64_t at = since();
            if (state == cudaSuccess) {
                if (first && sleep > 0)
                    plan_.doneAtFirstPollAfterSleep(at);
                else
                    plan_.doneWhilePolling(at);
                return;
            }
            if (state != cudaErrorNotReady)
                check(state, what);
            if (at > plan_.pollLimitNanos()) {
                plan_.stillRunning(at);
                check(cudaEventSynchronize(event), what);
                return;
            }
        }
    }

    model::CudaHostWait mode_;
    model::GpuWaitPlan plan_;
};

}  // namespace strata::cuda
