// How long the host sleeps and polls while it waits for one decode step of the GPU
// (CudaHostWait::Adaptive). Blocking sync sleeps until the driver wakes the host after the GPU is
// done, and that wake-up is time the GPU then idles for; spinning takes a core. This plan sleeps
// through most of the time the step is expected to take, then polls.
//
// It learns from what each wait saw, per waiter (one decode loop, one hybrid layer's routing):
// a poll that saw the work finish gives its time; a first poll after the sleep that finds it
// already done means the sleep was too long (shrink); polling past the limit means the work got
// longer (grow). Times are nanoseconds since the work was queued. Not thread-safe: one waiter, one
// thread.
#pragma once

#include <cstdint>

namespace strata::model {

class GpuWaitPlan {
public:
    // How long to sleep before the first poll, `elapsed` after the work was queued (0: poll now).
    int64_t sleepNanos(int64_t elapsed) const;
    // Until when to poll; past it the host blocks in the driver.
    int64_t pollLimitNanos() const;

    void doneAtFirstPollAfterSleep(int64_t at);        // it finished at or before `at`: slept too long
    void doneWhilePolling(int64_t at);                 // it finished at about `at`
    void stillRunning(int64_t at);                     // polled up to `at` without seeing it finish
    void sleptFor(int64_t requested, int64_t actual);  // the OS's wake-up delay, subtracted next time

    double expectedNanos() const { return expected_; }
    double wakeDelayNanos() const { return wakeDelay_; }

private:
    double expected_ = 0;   // the step's expected time; 0 until a wait has seen one (then poll at once)
    double wakeDelay_ = 0;  // how late sleeps end, on average
};

}  // namespace strata::model
