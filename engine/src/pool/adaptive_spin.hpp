// The Adaptive policy's model of "when does the next batch come?" (host-side, single thread).
//
// It keeps the last kSamples gaps between the end of a batch and the arrival of the next one
// (a prepare() or a run()), and picks the worker spin window W that minimises, over those gaps,
//     spinners * sum(min(gap, W))  +  latencyWeight * wakeLatency * count(gap > W)
// i.e. the CPU burnt spinning against the host time lost waking parked workers. Rare batches
// (GPU-heavy decode) give W = 0 (park at once); batches every layer give W just above the gap.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace strata::pool::detail {

class GapModel {
public:
    static constexpr std::size_t kSamples = 64;
    // Windows are capped: past this a spin costs more than any wake can save.
    static constexpr std::int64_t kMaxWindowNanos = 5'000'000;

    void record(std::int64_t gapNanos);
    std::size_t size() const { return count_; }
    void clear() { count_ = next_ = 0; }

    std::int64_t chooseWindow(double spinners, double latencyWeight, std::int64_t wakeLatencyNanos) const;

private:
    std::array<std::int64_t, kSamples> gaps_{};
    std::size_t count_ = 0;
    std::size_t next_ = 0;
};

}  // namespace strata::pool::detail
