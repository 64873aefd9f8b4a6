// Wake-ahead for a hybrid MoE decode (docs/architecture/hybrid-moe.md): the pool is told of a layer's
// CPU experts when the layer's GPU work is queued, and parks its workers between batches. It pays
// when the decode is GPU-heavy (few layers miss, long gaps between CPU batches) and costs when it is
// CPU-positive (every layer misses; spinning through the short gaps is right). Auto decides by the
// measured misses; WakeAheadSwitch is that decision as a pure function, fed once per decode token.
#pragma once

#include <optional>
#include <string_view>

namespace strata::model {

enum class ExpertWakeAhead {
    Off,   // the pool is woken when a layer's routing reaches the host
    On,    // always ahead (the measurements' `--wake-ahead`)
    Auto,  // on while the decode is GPU-heavy, off while it is CPU-positive (WakeAheadSwitch)
};

std::string_view toString(ExpertWakeAhead mode);  // "off", "on", "auto"
std::optional<ExpertWakeAhead> parseExpertWakeAhead(std::string_view text);

// Auto's decision from the missed experts per hybrid layer of each decode token: an average over
// tokens (exponential, weight kSmoothing), on below kOnBelow, off above kOffAbove.
//
// Why missed experts per layer: they set how long the CPU batches' gaps are, which is what decides.
// With ~0.35 (issue 26's GPU-heavy budget: 8 GiB, 95.6 % hits, 8 of 128 experts a token) about 3 of
// 10 layers miss at all, the gaps span several layers' GPU work, and waking on the timer wins: run 8
// on the H200, adaptive + wake-ahead (4 workers per miss) 214 tok/s on 3.20 cores against plain
// adaptive's 210 on 8.99. With ~3.5 (1.5 GiB, 56.4 % hits) nearly every layer misses, the gaps are
// one layer's GPU tail, and wake-ahead cost 14 % (95.4 against 110.6 tok/s). The switch points sit
// about 3x from either measured case (their geometric middle is 1.1); between them is hysteresis,
// so a workload at the border keeps its setting instead of flapping. A count, not times: it does
// not depend on the CPU's or the GPU's speed, and it is known exactly at every layer.
class WakeAheadSwitch {
public:
    static constexpr double kOnBelow = 1.0;
    static constexpr double kOffAbove = 2.0;
    // From 0.35 to 3.5 the average passes kOffAbove after 3 tokens; from 3.5 to 0.35 it passes
    // kOnBelow after 6 (issue 25: adapt within ~10 tokens of a change).
    static constexpr double kSmoothing = 0.25;

    // One decode token: its missed routes divided by the hybrid layers it ran. Returns on().
    bool observe(double missesPerLayer);
    bool on() const { return on_; }
    // The averaged misses per layer; negative before the first token.
    double averageMisses() const { return average_; }

private:
    double average_ = -1.0;
    bool on_ = false;  // until the first token: plain adaptive
};

}  // namespace strata::model
