#include "strata/model/gpu_wait_plan.hpp"

#include <algorithm>

namespace strata::model {

namespace {

// Wake this long before the expected end: jitter of the step and of the wake-up itself. 3% of the
// step, at least 20 µs, keeps the poll short (~1-3% of a core) without oversleeping often.
double marginFor(double expected)
{
    return std::max(20'000.0, 0.03 * expected);
}

constexpr double kLearnRate = 0.25;       // new completion times weigh a quarter: a few steps converge
constexpr double kOversleptShrink = 0.9;  // each overslept wait plans 10% shorter

}  // namespace

int64_t GpuWaitPlan::sleepNanos(int64_t elapsed) const
{
    if (expected_ <= 0)
        return 0;
    const double wake = expected_ - marginFor(expected_) - wakeDelay_;
    return std::max<int64_t>(0, int64_t(wake) - elapsed);
}

int64_t GpuWaitPlan::pollLimitNanos() const
{
    // The first wait polls for up to 20 ms to learn the step's time; later ones a quarter of the
    // step past its expected end (at least 100 µs): past that, the step got slower and blocking costs
    // less than polling.
    if (expected_ <= 0)
        return 20'000'000;
    return int64_t(expected_ + std::max(100'000.0, 0.25 * expected_));
}

void GpuWaitPlan::doneAtFirstPollAfterSleep(int64_t at)
{
    expected_ = kOversleptShrink * std::min(expected_, double(at));
}

void GpuWaitPlan::doneWhilePolling(int64_t at)
{
    expected_ = expected_ <= 0 ? double(at) : expected_ + kLearnRate * (double(at) - expected_);
}

void GpuWaitPlan::stillRunning(int64_t at)
{
    expected_ = std::max(expected_, double(at));
}

void GpuWaitPlan::sleptFor(int64_t requested, int64_t actual)
{
    const double late = double(std::max<int64_t>(0, actual - requested));
    wakeDelay_ += kLearnRate * (late - wakeDelay_);
}

}  // namespace strata::model
