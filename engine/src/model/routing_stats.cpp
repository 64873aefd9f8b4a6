#include "strata/model/routing_stats.hpp"

#include "strata/core/error.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <string>

namespace strata::model {

RoutingCounts::RoutingCounts(uint32_t layers, uint32_t experts)
    : layers_(layers), experts_(experts), counts_(size_t(layers) * experts, 0)
{}

void RoutingCounts::add(uint32_t layer, std::span<const int32_t> experts)
{
    if (layer >= layers_)
        throw Error("routing counts: layer " + std::to_string(layer) + " of " + std::to_string(layers_));
    uint64_t* row = counts_.data() + size_t(layer) * experts_;
    for (int32_t e : experts) {
        if (e < 0 || uint32_t(e) >= experts_)
            throw Error("routing counts: expert id " + std::to_string(e) + " out of range (" + std::to_string(experts_)
                        + " experts)");
        ++row[e];
    }
}

std::span<const uint64_t> RoutingCounts::counts(uint32_t layer) const
{
    if (layer >= layers_)
        throw Error("routing counts: layer " + std::to_string(layer) + " of " + std::to_string(layers_));
    return {counts_.data() + size_t(layer) * experts_, experts_};
}

LayerSkew layerSkew(std::span<const uint64_t> counts)
{
    LayerSkew s;
    s.selections = std::accumulate(counts.begin(), counts.end(), uint64_t(0));
    if (s.selections == 0)
        return s;
    const auto top = std::max_element(counts.begin(), counts.end());  // the first of equals
    s.topExpert = uint32_t(top - counts.begin());
    s.topExpertShare = double(*top) / double(s.selections);

    std::vector<uint64_t> sorted(counts.begin(), counts.end());
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    const double tenth = 0.1 * double(sorted.size());
    const size_t whole = size_t(tenth);
    double taken = double(std::accumulate(sorted.begin(), sorted.begin() + whole, uint64_t(0)));
    if (whole < sorted.size())
        taken += (tenth - double(whole)) * double(sorted[whole]);
    s.topTenthShare = taken / double(s.selections);
    return s;
}

}  // namespace strata::model
