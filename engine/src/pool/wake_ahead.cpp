#include "wake_ahead.hpp"

#include <algorithm>
#include <cmath>

namespace strata::pool::detail {

namespace {

std::int64_t aimAhead(std::int64_t expectedLateNanos, std::int64_t lateDeviationNanos)
{
    return std::max<std::int64_t>(0, expectedLateNanos)
           + std::max(kMinWakeAheadMarginNanos, 4 * std::max<std::int64_t>(0, lateDeviationNanos));
}

// Gains of the lateness estimate: 1/8 for the mean and 1/4 for the deviation (Jacobson's RTT
// estimator), so one slow wake moves the aim by a quarter of its excess at once.
constexpr double kMeanGain = 0.125;
constexpr double kDeviationGain = 0.25;

}  // namespace

std::int64_t wakeAheadSleepNanos(std::int64_t untilArrivalNanos, std::int64_t expectedLateNanos,
                                 std::int64_t lateDeviationNanos, std::int64_t learntWindowNanos)
{
    if (learntWindowNanos >= untilArrivalNanos)
        return 0;
    const std::int64_t sleep = untilArrivalNanos - aimAhead(expectedLateNanos, lateDeviationNanos);
    return sleep >= kMinWakeAheadSleepNanos ? sleep : 0;
}

std::int64_t WakeAheadTimer::sleepNanos(std::int64_t untilArrivalNanos, std::int64_t poolWakeLatencyNanos,
                                        std::int64_t learntWindowNanos) const
{
    if (samples_ == 0)
        return wakeAheadSleepNanos(untilArrivalNanos, poolWakeLatencyNanos, poolWakeLatencyNanos / 2,
                                   learntWindowNanos);
    return wakeAheadSleepNanos(untilArrivalNanos, std::llround(late_), std::llround(deviation_), learntWindowNanos);
}

std::int64_t WakeAheadTimer::leadNanos(std::int64_t poolWakeLatencyNanos) const
{
    if (samples_ == 0)
        return aimAhead(poolWakeLatencyNanos, poolWakeLatencyNanos / 2);
    return aimAhead(std::llround(late_), std::llround(deviation_));
}

void WakeAheadTimer::recordLateness(std::int64_t lateNanos)
{
    const auto late = static_cast<double>(std::max<std::int64_t>(0, lateNanos));
    if (samples_++ == 0) {
        late_ = late;
        deviation_ = late / 2;
        return;
    }
    deviation_ += kDeviationGain * (std::abs(late - late_) - deviation_);
    late_ += kMeanGain * (late - late_);
}

}  // namespace strata::pool::detail
