// A document's prefill as the chat shows it: tokens done of total, the rate over the last few
// seconds and the time left at that rate. The engine reports once per chunk with the time since it
// began; a recent rate follows a prompt whose speed changes as it goes (attention grows with the
// context, a hybrid model's expert cache warms up) where the average since the start lags behind.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <utility>

namespace strata::domain {

struct PrefillFigures {
    std::int64_t done = 0;
    std::int64_t total = 0;             // 0: not known yet (the request was just sent)
    double tokensPerSecond = 0;         // over the last kWindowSeconds
    std::optional<double> secondsLeft;  // empty until a report gives a rate
};

class PrefillEstimate {
public:
    // Long enough to smooth a few chunks of 512 tokens at hundreds of tok/s, short enough that the
    // time left follows a slowdown within a few seconds.
    static constexpr double kWindowSeconds = 5.0;

    // A new prefill: it starts at 0 tokens at 0 s.
    void reset();
    // One chunk's report: `done` of `total` tokens, `elapsedSeconds` since the prefill began.
    PrefillFigures add(std::int64_t done, std::int64_t total, double elapsedSeconds);

private:
    std::deque<std::pair<double, std::int64_t>> m_points{{0.0, 0}};  // (seconds, tokens done)
};

}  // namespace strata::domain
