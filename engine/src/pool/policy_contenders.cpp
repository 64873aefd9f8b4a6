#include "strata/pool/policy_contenders.hpp"

#include <algorithm>

namespace strata::pool {

std::vector<PolicyContender> standardContenders()
{
    return {
        {"adaptive", WaitPolicy::adaptive(), false},
        {"park", WaitPolicy::park(), true},
        {"fixed:100us", WaitPolicy::fixedSpin(100), true},
        {"fixed:20ms", WaitPolicy::fixedSpin(20'000), true},
    };
}

std::vector<PolicyContender> wakeAheadContenders(const WakeAheadHooks& hooks)
{
    std::vector<PolicyContender> out = standardContenders();
    for (PolicyContender& c : out)
        c.setup = hooks.automatic;
    out.insert(out.begin() + 1, {{"adaptive+wake-ahead", WaitPolicy::adaptive(), false, hooks.on},
                                 {"adaptive-no-wake-ahead", WaitPolicy::adaptive(), false, hooks.off}});
    return out;
}

int bestFixedIndex(std::span<const PolicyContender> contenders, std::span<const double> values, bool higherIsBetter)
{
    int best = -1;
    const std::size_t n = std::min(contenders.size(), values.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (!contenders[i].fixed || !(values[i] > 0))
            continue;
        const bool better =
            best < 0
            || (higherIsBetter ? values[i] > values[std::size_t(best)] : values[i] < values[std::size_t(best)]);
        if (better)
            best = static_cast<int>(i);
    }
    return best;
}

std::vector<double> ratiosTo(int bestIndex, std::span<const double> values)
{
    std::vector<double> ratios(values.size(), 0.0);
    if (bestIndex < 0 || std::size_t(bestIndex) >= values.size() || !(values[std::size_t(bestIndex)] > 0))
        return ratios;
    for (std::size_t i = 0; i < values.size(); ++i)
        ratios[i] = values[i] / values[std::size_t(bestIndex)];
    return ratios;
}

std::vector<double> ratiosToBestFixed(std::span<const PolicyContender> contenders, std::span<const double> values,
                                      bool higherIsBetter)
{
    return ratiosTo(bestFixedIndex(contenders, values, higherIsBetter), values);
}

}  // namespace strata::pool
