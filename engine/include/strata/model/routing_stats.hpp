// How skewed a model's routing is: per MoE layer, how often each expert was chosen, and the share of
// all selections the most popular experts took. Benchmarks of expert caches state these figures
// (`strata-gguf routing`), since a cache helps only as much as the routing is skewed.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace strata::model {

// Selections per (layer, expert), fed by a RoutingObserver.
class RoutingCounts {
public:
    RoutingCounts(uint32_t layers, uint32_t experts);

    // Throws strata::Error for a layer or an expert id out of range.
    void add(uint32_t layer, std::span<const int32_t> experts);

    uint32_t layers() const { return layers_; }
    uint32_t experts() const { return experts_; }
    std::span<const uint64_t> counts(uint32_t layer) const;  // [experts]

private:
    uint32_t layers_;
    uint32_t experts_;
    std::vector<uint64_t> counts_;
};

struct LayerSkew {
    uint64_t selections = 0;
    // The share of selections taken by the most popular 10 % of experts (10 % of 64 is 6.4: the
    // top 6 and 0.4 of the 7th), so uniform routing gives exactly 0.1 for any expert count.
    double topTenthShare = 0.0;
    uint32_t topExpert = 0;  // the most chosen (lowest id among equals)
    double topExpertShare = 0.0;
};

// 0 selections: every figure 0.
LayerSkew layerSkew(std::span<const uint64_t> counts);

}  // namespace strata::model
