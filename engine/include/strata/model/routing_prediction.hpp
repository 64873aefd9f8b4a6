// Whether a MoE layer's routing can be known before its router runs (issue 26: "routing may be
// predicted from the previous layer or token; measure whether that pays"). Two uses would pay:
//   - wake-ahead: the CPU pool's workers are woken before the routing reaches the host only for
//     layers that will miss an expert; the prediction is "this layer missed at the previous token";
//   - prefetch: a missed expert copied to VRAM before its routing is known; the prediction is which
//     non-resident experts the token will choose.
// A study over a run's routing (any backend's RoutingObserver), tokens in order: for each layer and
// token it predicts first, then learns. The resident experts are the `residentShare` most chosen so
// far in that layer (what a frequency-led cache holds); a miss is a chosen expert outside them.
// Predictors of the misses (`guesses` experts a layer, a prefetch budget):
//   - previous token: the misses of the same layer at the previous token;
//   - previous layer: the non-resident experts that co-occurred most with the token's experts of
//     the layer before (counts learnt over the earlier tokens);
//   - popularity: the most chosen non-resident experts (the baseline any cache already has).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace strata::model {

struct MissPrediction {
    uint64_t layerTokens = 0;      // (layer, token) pairs predicted (every layer but the first)
    uint64_t layersWithMiss = 0;   // of those, how many missed at least one expert
    uint64_t missesForetold = 0;   // wake-ahead by the previous token: a miss, and one was predicted
    uint64_t falseAlarms = 0;      // predicted, but nothing missed
    uint64_t surprises = 0;        // missed, but nothing predicted
    uint64_t misses = 0;           // chosen experts outside the resident set
    uint64_t byPreviousToken = 0;  // of those, how many each prefetch predictor named
    uint64_t byPreviousLayer = 0;
    uint64_t byPopularity = 0;
};

class RoutingPredictionStudy {
public:
    // `guesses`: experts each prefetch predictor may name per layer and token.
    RoutingPredictionStudy(uint32_t layers, uint32_t experts, uint32_t used, double residentShare, uint32_t guesses);

    // What a RoutingObserver sees: `tokens` tokens' choices of `used` experts each, in token order.
    // Layers arrive in order within a forward pass. Throws strata::Error for ids out of range.
    void add(uint32_t layer, std::span<const int32_t> experts, uint32_t tokens);

    const MissPrediction& result() const { return result_; }

private:
    std::vector<uint32_t> resident(uint32_t layer) const;  // 1 where resident, per expert
    std::vector<uint32_t> topNonResident(std::span<const double> score, std::span<const uint32_t> resident) const;

    uint32_t layers_, experts_, used_, guesses_;
    double residentShare_;
    std::vector<uint64_t> chosen_;                 // [layer][expert]: times chosen so far
    std::vector<uint32_t> cooccur_;                // [layer][expert before][expert]: layer - 1 -> layer
    std::vector<std::vector<int32_t>> lastToken_;  // [layer]: the previous token's experts
    std::vector<std::vector<int32_t>> pass_;       // [layer]: this forward pass's choices (all tokens)
    MissPrediction result_;
};

}  // namespace strata::model
