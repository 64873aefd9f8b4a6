// The ski-rental choice at the heart of the Adaptive policy: given recent idle spans (how long
// a thread waited for work), pick the spin window W that minimises, over those spans,
//     spinners * sum(min(span, W))  +  latencyWeight * wakeLatency * count(span > W)
// i.e. the CPU burnt spinning against the host time lost waking parked threads. Rare work
// (GPU-heavy decode) gives W = 0 (park at once); work every layer gives W just above the spans.
// Each worker keeps one (adaptive_decision.hpp), so does the host for its completion waits.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace strata::pool::detail {

class GapModel {
public:
    // 32: a CPU decode step has 50-250 batches, a GPU-heavy one ~5, so a changed workload
    // replaces the samples within ~6 tokens.
    static constexpr std::size_t kSamples = 32;
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
