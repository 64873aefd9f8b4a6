// Long prompts on a hybrid MoE model (issue 21): a prefill batch routes most tokens to experts that
// are not in VRAM, and computing those on the CPU pool made prompts read at the CPU's speed. Past
// kMinTokens tokens, the missed experts of a layer are streamed to the GPU instead, once per batch,
// kGroupExperts at a time into one of two VRAM staging buffers, and run there with the grouped
// expert kernels; while the GPU runs one group, the stager thread copies the next into the other
// buffer (mapped file -> pinned memory -> DMA). Every wait sleeps: the stager on its condition
// variable and blocking-sync events, the engine thread on the stager's idle condition.
#pragma once

#include "cuda_expert_stager.hpp"
#include "cuda_moe_ffn.hpp"
#include "cuda_prefill_timing.hpp"
#include "strata/model/backend.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace strata::cuda {

class PrefillStreamer {
public:
    // Batches of fewer tokens run their misses on the CPU pool: a decode step misses one or two
    // experts, which the CPU computes sooner than 2.5 MiB each could be copied in. Not yet tuned by
    // measurement (issue 21).
    static constexpr int kMinTokens = 64;
    // STRATA_PREFILL_STREAM_TOKENS=N moves that threshold (a large N: never stream), for measuring
    // what streaming gains against the CPU pool. Read once per process.
    static int minTokens();
    // Experts per staging buffer: 2 x 16 experts of a 30B-A3B Q4_K layer are 81 MiB of VRAM.
    static constexpr uint32_t kGroupExperts = 16;

    // `layers`: the hybrid layers (their expert matrices size the buffers); `cpus`: the stager's.
    PrefillStreamer(const model::ModelDefinition& d, const std::vector<uint32_t>& layers, int device,
                    std::vector<int> cpus);
    ~PrefillStreamer();
    PrefillStreamer(const PrefillStreamer&) = delete;
    PrefillStreamer& operator=(const PrefillStreamer&) = delete;

    // The two staging buffers and their slot tables, in the hybrid arena: take(pointer, bytes).
    template <class Fn>
    void pieces(Fn&& take)
    {
        for (Buffer& b : buffers_) {
            take(b.table, size_t(experts_) * sizeof(int));
            for (size_t m = 0; m < 3; ++m)
                take(b.stack[m], size_t(kGroupExperts) * largest_[m]);
        }
    }

    // x += the experts `missed` (ids, each once) for `tokens` rows routed by `moe`'s last route()
    // of this layer, on `stream`. Fills `timing`'s copy, wait, experts and bytes; its compute
    // comes with finishPass().
    void run(uint32_t layer, const std::vector<uint32_t>& missed, MoeFeedForward& moe, const DeviceMatrix& router,
             const float* xn, const Q8Activations& xq, float* x, int tokens, cudaStream_t stream,
             PrefillLayerTiming& timing);
    // After a pass: the GPU time of each streamed layer of `pass` (waits for the pass's last one).
    void finishPass(std::vector<PrefillLayerTiming>& pass);

private:
    struct Buffer {
        int* table = nullptr;                               // device: expert -> slot of this buffer, -1 when not in it
        int32_t* tableHost = nullptr;                       // pinned: the same, uploaded on the compute stream
        std::byte* stack[3] = {nullptr, nullptr, nullptr};  // gate, up, down: kGroupExperts matrices each
        cudaEvent_t released = nullptr;                     // recorded once the GPU no longer reads this buffer
    };
    std::vector<ExpertCopy> copiesOf(uint32_t layer, const std::vector<uint32_t>& missed, size_t group,
                                     const Buffer& to) const;

    const model::ModelDefinition& d_;
    uint32_t experts_;
    size_t largest_[3] = {0, 0, 0};  // the largest gate, up and down matrix of the hybrid layers
    Buffer buffers_[2];
    int next_ = 0;  // the buffer the next group goes to; alternates across layers and passes
    // Started by the first long prompt, from the thread that runs it (a pinned host's, maybe: the
    // stagers set their own CPUs, unless STRATA_STAGER_AFFINITY=inherit asks for the seeds' bug).
    ExpertStager& stager();
    int device_;
    std::vector<int> cpus_;
    std::unique_ptr<ExpertStager> stager_;
    // Per layer: timing events around its streamed groups on the compute stream.
    std::vector<cudaEvent_t> computeStart_, computeEnd_;
};

}  // namespace strata::cuda
