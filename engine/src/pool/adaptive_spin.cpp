#include "adaptive_spin.hpp"

#include <algorithm>

namespace strata::pool::detail {

void GapModel::record(std::int64_t gapNanos)
{
    gaps_[next_] = std::max<std::int64_t>(gapNanos, 0);
    next_ = (next_ + 1) % kSamples;
    count_ = std::min(count_ + 1, kSamples);
}

std::int64_t GapModel::chooseWindow(double spinners, double latencyWeight, std::int64_t wakeLatencyNanos) const
{
    if (count_ == 0)
        return 0;
    std::array<std::int64_t, kSamples> sorted{};
    std::copy_n(gaps_.begin(), count_, sorted.begin());
    std::sort(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(count_));
    std::array<double, kSamples + 1> prefix{};
    for (std::size_t i = 0; i < count_; ++i)
        prefix[i + 1] = prefix[i] + static_cast<double>(sorted[i]);

    const double missCost = latencyWeight * static_cast<double>(wakeLatencyNanos);
    double bestCost = missCost * static_cast<double>(count_);  // W = 0: every batch wakes a parked worker
    std::int64_t best = 0;
    std::size_t bestCovered = 0;
    std::size_t covered = 0;
    for (std::size_t j = 0; j < count_; ++j) {
        // A window just above gap j, with slack for timer jitter (~12% + 5 µs).
        const std::int64_t window = sorted[j] + sorted[j] / 8 + 5'000;
        if (window > kMaxWindowNanos)
            break;
        while (covered < count_ && sorted[covered] <= window)
            ++covered;
        const double spin = prefix[covered] + static_cast<double>(count_ - covered) * static_cast<double>(window);
        const double cost = spinners * spin + missCost * static_cast<double>(count_ - covered);
        if (cost < bestCost) {
            bestCost = cost;
            best = window;
            bestCovered = covered;
        }
    }
    if (best == 0)
        return 0;
    // The unseen tail (adaptive_spin.hpp): spin on past the optimum while a span longer than
    // any remembered one may still come, by missCost / (spinners * (uncovered + 1)).
    const double uncovered = static_cast<double>(count_ - bestCovered);
    const double tail = missCost / (std::max(spinners, 1e-9) * (uncovered + 1.0));
    return std::min(kMaxWindowNanos, best + static_cast<std::int64_t>(tail));
}

}  // namespace strata::pool::detail
