#include "adaptive_decision.hpp"

#include <algorithm>

namespace strata::pool::detail {

std::int64_t missCostNanos(const MissCost& cost)
{
    const double latency =
        static_cast<double>(std::clamp(cost.wakeLatencyNanos, kMinModelWakeNanos, kMaxModelWakeNanos));
    // A wake call slower than a wake means the host was preempted by the thread it woke (an
    // oversubscribed box, where the back-off decides anyway): clamp it like the latency.
    const double call = static_cast<double>(std::clamp<std::int64_t>(cost.wakeCallNanos, 0, kMaxModelWakeNanos));
    const double unannounced = 1.0 - std::clamp(cost.announcedShare, 0.0, 1.0);
    const double host = cost.latencyWeight * (call + unannounced * latency);
    const double criticalPath = static_cast<double>(cost.heldThreads) * unannounced * latency;
    return static_cast<std::int64_t>(host + criticalPath);
}

bool isContended(const Contention& c)
{
    constexpr std::int32_t kPressurePermille = 200;
    constexpr std::uint32_t kPreemptedPermille = 250;
    return c.pressurePermille > kPressurePermille || c.preemptedPermille > kPreemptedPermille;
}

void SpanLearner::record(std::int64_t spanNanos)
{
    spans_.record(spanNanos);
    ++sinceSolve_;
}

std::int64_t SpanLearner::window(std::int64_t missCostNanos, const Contention& contention)
{
    return isContended(contention) ? 0 : learntWindow(missCostNanos);
}

std::int64_t SpanLearner::learntWindow(std::int64_t missCostNanos)
{
    const bool due = sinceSolve_ >= kSolveEvery || (sinceSolve_ > 0 && spans_.size() < kSolveEvery);
    if (due || !solved_ || missCostNanos != missCost_) {
        window_ = spans_.chooseWindow(1.0, 1.0, missCostNanos);
        sinceSolve_ = 0;
        solved_ = true;
        missCost_ = missCostNanos;
    }
    return window_;
}

void WidthHistory::record(unsigned wanted)
{
    widths_[next_] = static_cast<std::uint16_t>(std::min(wanted, 0xffffu));
    next_ = (next_ + 1) % kBatches;
}

unsigned WidthHistory::cap(unsigned cpuCap) const
{
    return std::min<unsigned>(cpuCap, *std::max_element(widths_.begin(), widths_.end()));
}

}  // namespace strata::pool::detail
