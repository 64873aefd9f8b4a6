#include "domain/chat/prefill_estimate.hpp"

#include <algorithm>

namespace strata::domain {

void PrefillEstimate::reset()
{
    m_points.assign(1, {0.0, 0});
}

PrefillFigures PrefillEstimate::add(std::int64_t done, std::int64_t total, double elapsedSeconds)
{
    PrefillFigures figures;
    figures.done = done;
    figures.total = total;
    // A report from before the newest one (it cannot happen in order; a reused estimate would) starts over.
    if (elapsedSeconds < m_points.back().first || done < m_points.back().second)
        reset();
    m_points.emplace_back(elapsedSeconds, done);
    // Keep one point at or before the window's start, so the rate always spans the whole window.
    while (m_points.size() > 2 && elapsedSeconds - m_points[1].first >= kWindowSeconds)
        m_points.pop_front();
    const auto& [fromSeconds, fromDone] = m_points.front();
    const double span = elapsedSeconds - fromSeconds;
    if (span > 0 && done > fromDone)
        figures.tokensPerSecond = double(done - fromDone) / span;
    if (total > 0 && done >= total)
        figures.secondsLeft = 0.0;
    else if (total > 0 && figures.tokensPerSecond > 0)
        figures.secondsLeft = double(total - done) / figures.tokensPerSecond;
    return figures;
}

}  // namespace strata::domain
