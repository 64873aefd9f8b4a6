// The mixture-of-experts FFN of one layer on the GPU, as the CPU backend's FeedForward::moe computes
// it: router product, softmax and top-k, the chosen experts' SwiGLU FFNs, their weighted sum added
// to the residual. It owns the scratch this needs for a batch of up to maxBatch tokens (carved
// from the backend's arena) and enqueues the steps; every decision stays on the device.
#pragma once

#include "cuda_kernels.hpp"
#include "cuda_moe.hpp"
#include "strata/model/hparams.hpp"

#include <cstddef>

namespace strata::cuda {

struct MoeLayerWeights {
    DeviceMatrix router;  // ffn_gate_inp: experts rows of embedding values
    DeviceExperts gate, up, down;
};

class MoeFeedForward {
public:
    MoeFeedForward(const model::Hparams& h, uint32_t maxBatch);

    // Bytes of scratch for maxBatch tokens, and handing it over (256-byte aligned, scratchBytes() long).
    size_t scratchBytes() const;
    void carve(std::byte* base);

    // x += MoE(xn) for `tokens` rows. xn: the FFN-normed rows (f32); xq: the same rows quantized in
    // the gate/up stacks' int8 format (unused when those are float types).
    void enqueue(const MoeLayerWeights& w, const float* xn, const Q8Activations& xq, float* x, int tokens,
                 cudaStream_t stream)
    {
        route(w, xn, tokens, stream);
        addExperts(w, xn, xq, x, tokens, nullptr, stream);
    }

    // The two halves, for the hybrid backend, which copies the routing to the host in between.
    // route: router product, softmax and top-k into routing() (grouped by expert for batches).
    void route(const MoeLayerWeights& w, const float* xn, int tokens, cudaStream_t stream);
    // x += the weighted sum of the chosen experts that are resident: slotOf [experts] gives each
    // expert's matrix in w's stacks, -1 for one that is not (null: all are, expert e is matrix e).
    void addExperts(const MoeLayerWeights& w, const float* xn, const Q8Activations& xq, float* x, int tokens,
                    const int* slotOf, cudaStream_t stream);
    // Device memory: [tokens][used] expert ids (best first) and their weights, after route().
    const int* chosenExperts() const { return routing_.expert; }
    const float* chosenWeights() const { return routing_.weight; }

private:
    template <class Fn>
    void pieces(Fn&& take);

    int embedding_, experts_, used_, width_, maxBatch_, maxItems_;
    bool normalize_;
    float* logits_ = nullptr;
    MoeRouting routing_;
    float *gate_ = nullptr, *up_ = nullptr, *down_ = nullptr;
    Q8Activations hq_, routerQ_;
};

}  // namespace strata::cuda
