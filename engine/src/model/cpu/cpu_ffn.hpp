// Feed-forward blocks: the dense SwiGLU FFN and the mixture-of-experts FFN.
#pragma once

#include "cpu_decode_batches.hpp"
#include "cpu_linear.hpp"
#include "strata/model/expert_routing.hpp"
#include "strata/model/hparams.hpp"

#include <vector>

namespace strata::model::cpu {

class FeedForward {
public:
    // `onRouting` (may be empty) hears each MoE call's choice of experts, before any expert runs.
    FeedForward(const Hparams& h, uint32_t maxBatch, RoutingObserver onRouting = {});

    // out = down(silu(gate(x)) * up(x)) for `tokens` rows of x (already normed).
    void dense(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
               uint32_t tokens, float* out);

    // Router softmax -> top-k experts -> weights (renormalised when the model says so) ->
    // sum of the chosen experts' dense FFNs, weighted. `layer` names the call to the routing observer.
    void moe(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
             uint32_t tokens, float* out, uint32_t layer);

private:
    struct Route {
        uint32_t token;
        uint32_t expert;
        uint32_t rank;  // position in the token's top-k
        float weight;
    };
    void route(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
               uint32_t tokens, uint32_t layer);
    // One token: the chosen experts' SwiGLU FFNs, weighted and summed into out.
    void expertsDecode(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x,
                       float* out);
    // expertsDecode's gate and up products in plain batches, then SwiGLU and the down rows'
    // activations on the host: for types and widths the gated batch does not take.
    void gateUpUnfused(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x);
    void expertsPrefill(pool::WorkerPool& pool, const kernels::KernelTable& k, const LayerWeights& w, const float* x);
    // The SwiGLU gate of `rows` rows of gate_ and up_, into gate_.
    void swigluRows(pool::WorkerPool& pool, size_t rows, int64_t width);
    void sumExperts(pool::WorkerPool& pool, uint32_t tokens, float* out);

    Hparams h_;
    QuantizedRows xq_, hq_;
    std::vector<float> gate_, up_, down_;
    std::vector<float> routerLogits_;
    std::vector<Route> routes_;             // grouped by expert
    std::vector<uint32_t> expertBegin_;     // routes_[expertBegin_[e] .. expertBegin_[e+1]) use expert e
    std::vector<Route> chosen_;             // routing's choice in token and rank order, before grouping
    std::vector<int64_t> top_;              // one token's top-k experts
    std::vector<uint32_t> fill_;            // the counting sort's next slot per expert
    std::vector<float> gathered_;           // the routed tokens' rows of x, grouped by expert
    std::vector<MatvecTarget> targets_;     // a decode step's expert products
    std::vector<GatedPair> pairs_;          // a decode step's gate/up pairs
    std::vector<WeightedMatvec> weighted_;  // a decode step's down products, in top-k order
    std::vector<uint32_t> blockRows_;       // the decode batches' counts per block (cpu_decode_batches.hpp)
    RoutingObserver onRouting_;
    std::vector<int32_t> chosenIds_;  // [tokens][expertsUsed], best first: what onRouting_ is shown
};

}  // namespace strata::model::cpu
