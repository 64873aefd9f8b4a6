#include "strata/model/routing_prediction.hpp"

#include "strata/core/error.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace strata::model {

RoutingPredictionStudy::RoutingPredictionStudy(uint32_t layers, uint32_t experts, uint32_t used, double residentShare,
                                               uint32_t guesses)
    : layers_(layers), experts_(experts), used_(used), guesses_(guesses),
      residentShare_(std::clamp(residentShare, 0.0, 1.0)), chosen_(size_t(layers) * experts, 0),
      cooccur_(size_t(layers) * experts * experts, 0), lastToken_(layers), pass_(layers)
{
    if (experts == 0 || used == 0 || used > experts)
        throw Error("routing prediction: " + std::to_string(used) + " of " + std::to_string(experts) + " experts");
}

std::vector<uint32_t> RoutingPredictionStudy::resident(uint32_t layer) const
{
    const auto count = uint32_t(std::lround(residentShare_ * experts_));
    std::vector<uint32_t> order(experts_);
    std::iota(order.begin(), order.end(), 0u);
    const uint64_t* chosen = chosen_.data() + size_t(layer) * experts_;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return chosen[a] > chosen[b]; });
    std::vector<uint32_t> isResident(experts_, 0);
    for (uint32_t i = 0; i < count; ++i)
        isResident[order[i]] = 1;
    return isResident;
}

std::vector<uint32_t> RoutingPredictionStudy::topNonResident(std::span<const double> score,
                                                             std::span<const uint32_t> isResident) const
{
    std::vector<uint32_t> candidates;
    for (uint32_t e = 0; e < experts_; ++e)
        if (!isResident[e] && score[e] > 0)
            candidates.push_back(e);
    const size_t n = std::min<size_t>(guesses_, candidates.size());
    std::partial_sort(candidates.begin(), candidates.begin() + std::ptrdiff_t(n), candidates.end(),
                      [&](uint32_t a, uint32_t b) { return score[a] > score[b] || (score[a] == score[b] && a < b); });
    candidates.resize(n);
    return candidates;
}

void RoutingPredictionStudy::add(uint32_t layer, std::span<const int32_t> experts, uint32_t tokens)
{
    if (layer >= layers_ || experts.size() != size_t(tokens) * used_)
        throw Error("routing prediction: layer " + std::to_string(layer) + " with " + std::to_string(experts.size())
                    + " choices for " + std::to_string(tokens) + " tokens");
    for (int32_t e : experts)
        if (e < 0 || uint32_t(e) >= experts_)
            throw Error("routing prediction: expert id " + std::to_string(e) + " out of range");
    pass_[layer].assign(experts.begin(), experts.end());
    const bool layerBefore = layer > 0 && pass_[layer - 1].size() == experts.size();
    uint64_t* chosen = chosen_.data() + size_t(layer) * experts_;
    uint32_t* cooccur = layerBefore ? cooccur_.data() + size_t(layer) * experts_ * experts_ : nullptr;
    std::vector<double> score(experts_);
    for (uint32_t t = 0; t < tokens; ++t) {
        const std::span<const int32_t> now = experts.subspan(size_t(t) * used_, used_);
        const std::vector<uint32_t> isResident = resident(layer);
        std::vector<int32_t> missed;
        for (int32_t e : now)
            if (!isResident[uint32_t(e)])
                missed.push_back(e);
        const auto count = [&](const std::vector<uint32_t>& guessed) {
            uint64_t n = 0;
            for (int32_t e : missed)
                n += std::find(guessed.begin(), guessed.end(), uint32_t(e)) != guessed.end();
            return n;
        };
        if (layerBefore && !lastToken_[layer].empty()) {
            ++result_.layerTokens;
            // Wake-ahead: did the previous token miss in this layer?
            std::vector<uint32_t> previous;
            for (int32_t e : lastToken_[layer])
                if (!isResident[uint32_t(e)])
                    previous.push_back(uint32_t(e));
            const bool predicted = !previous.empty(), happened = !missed.empty();
            result_.layersWithMiss += happened;
            result_.missesForetold += predicted && happened;
            result_.falseAlarms += predicted && !happened;
            result_.surprises += !predicted && happened;
            result_.misses += missed.size();
            // Prefetch: each predictor names up to `guesses` non-resident experts.
            std::fill(score.begin(), score.end(), 0.0);
            for (uint32_t e : previous)
                score[e] = 1.0;
            result_.byPreviousToken += count(topNonResident(score, isResident));
            std::fill(score.begin(), score.end(), 0.0);
            for (int32_t a : std::span(pass_[layer - 1]).subspan(size_t(t) * used_, used_))
                for (uint32_t e = 0; e < experts_; ++e)
                    score[e] += cooccur[size_t(a) * experts_ + e];
            result_.byPreviousLayer += count(topNonResident(score, isResident));
            for (uint32_t e = 0; e < experts_; ++e)
                score[e] = double(chosen[e]);
            result_.byPopularity += count(topNonResident(score, isResident));
        }
        // Learn after predicting: counts, co-occurrence with the layer before, the last token.
        for (int32_t e : now) {
            ++chosen[e];
            if (layerBefore)
                for (int32_t a : std::span(pass_[layer - 1]).subspan(size_t(t) * used_, used_))
                    ++cooccur[size_t(a) * experts_ + uint32_t(e)];
        }
        lastToken_[layer].assign(now.begin(), now.end());
    }
}

}  // namespace strata::model
