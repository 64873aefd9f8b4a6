// The ski-rental choice at the heart of the Adaptive policy: given recent idle spans (how long
// a thread waited for work), pick the spin window W that minimises, over those spans,
//     spinners * sum(min(span, W))  +  latencyWeight * wakeLatency * count(span > W)
// i.e. the CPU burnt spinning against the host time lost waking parked threads. Rare work
// (GPU-heavy decode) gives W = 0 (park at once); work every layer gives W just above the spans,
// plus a margin for the span longer than any it remembers (below).
// Each worker keeps one (adaptive_decision.hpp), so does the host for its completion waits.
//
// The unseen tail (issue 25): over K remembered spans, the next one is longer than all of them
// with probability ~1/(K+1), so a window fitted just above the longest span missed once every
// ~K spans: on a CPU decode (40-100 spans a token per worker) every worker parked about once a
// token although every span was far shorter than the price of a miss. The empirical optimum
// gives no weight to spans it has not seen; the window therefore spins on past it by
//     missCost / (spinners * (m + 1))
// where m is the number of remembered spans the optimum leaves uncovered (a parameter-free rule
// of succession: stretching the window by d costs d on each of the m known-long spans and saves a
// miss on the one unseen span it may catch, so d pays while d * m < missCost; with m = 0 this is
// the classic ski-rental break-even: spin as long as a miss costs, then park). Only when the
// optimum already spins (W > 0): spans known to be long (W = 0, a GPU-heavy decode) still park at
// once.
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
