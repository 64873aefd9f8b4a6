// Hybrid MoE: the experts of some layers live partly (or not at all) in VRAM; the routes to the
// others run on the CPU worker pool while the GPU runs the resident ones. Per such layer a token
// costs one host round trip: the GPU routes, copies the chosen ids, weights and the normed input to
// pinned memory and goes on with the resident experts; the host waits for that copy (asleep, by
// default), computes the misses on the pool, and queues their sum to be added to the residual.
#pragma once

#include "cuda_expert_stager.hpp"
#include "cuda_host_wait.hpp"
#include "cuda_moe_ffn.hpp"
#include "cuda_prefill_streamer.hpp"
#include "model/cpu/cpu_expert_misses.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/model/backend.hpp"
#include "strata/model/cuda_backend.hpp"
#include "strata/model/expert_cache_policy.hpp"
#include "strata/model/expert_wake_ahead.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace strata::cuda {

class HybridExperts {
public:
    // Decides each MoE layer's VRAM slots from the placement (Cache: the budget split evenly over
    // the layers; CpuLayers: none for the first layers, all for the others).
    HybridExperts(const model::ModelDefinition& d, const model::CudaBackendOptions& o);
    ~HybridExperts();
    HybridExperts(const HybridExperts&) = delete;
    HybridExperts& operator=(const HybridExperts&) = delete;

    // A layer some of whose experts run on the CPU (its stacks are this class's slots, not the file's).
    bool hybrid(uint32_t layer) const { return layer < layers_.size() && layers_[layer].slots < experts_; }
    bool any() const;
    uint32_t slots(uint32_t layer) const { return layers_[layer].slots; }

    // VRAM for the slot stacks, the slot tables and the CPU share's rows; carve() takes it (256-byte
    // aligned pieces) and copies the first resident experts in.
    size_t vramBytes();
    void carve(std::byte* base);

    // The stacks (slots) a hybrid layer's resident experts are read from; the router is the caller's.
    MoeLayerWeights stacks(uint32_t layer, const DeviceMatrix& router) const;

    // x += the layer's MoE for `tokens` rows of xn: routing, resident experts on `stream`, the rest
    // on the pool (on this thread and the pool's workers), their sum added on `stream`; from
    // PrefillStreamer::kMinTokens tokens on, the rest are streamed to the GPU and run there.
    void run(uint32_t layer, MoeFeedForward& moe, const DeviceMatrix& router, const float* xn, const Q8Activations& xq,
             float* x, int tokens, cudaStream_t stream);

    // After a forward pass of `tokens` tokens (Cache): the routing heat decays, experts whose copies
    // finished become resident, and the next swaps the heat asks for are handed to the stager. The
    // slot tables change on `stream`, between passes, never under a running kernel.
    void endPass(uint32_t tokens, cudaStream_t stream);

    // Wake-ahead's mode (CudaExperts::wakeAhead); any thread, used from the next layer on.
    void setWakeAhead(model::ExpertWakeAhead mode) { wakeAheadMode_.store(mode, std::memory_order_relaxed); }

    // A copy of the counters as of the last finished pass; any thread may ask.
    model::ExpertTelemetry telemetry() const;
    void resetTelemetry();

private:
    struct Layer {
        uint32_t slots = 0;
        int32_t* slotOf = nullptr;     // [experts], pinned: the slot holding expert e, -1 when not resident
        int* slotOfDevice = nullptr;   // the same in VRAM, read by the kernels
        DeviceExperts gate, up, down;  // `slots` matrices each
    };
    template <class Fn>
    void pieces(Fn&& take);
    void copyExpert(uint32_t layer, uint32_t expert, uint32_t slot);
    void updateCache(uint32_t tokens, cudaStream_t stream);
    void collectSample();
    void nextSampleLayer();

    const model::ModelDefinition& d_;
    const model::Hparams& h_;
    model::CudaBackendOptions o_;
    pool::WorkerPool& pool_;
    const kernels::KernelTable& k_;
    uint32_t experts_, used_;
    std::vector<Layer> layers_;
    float* cpuShare_ = nullptr;  // device: the CPU experts' sum, added to the residual
    // Pinned host memory: routing and the normed rows from the GPU, the CPU share back.
    int32_t* chosenHost_ = nullptr;
    float *weightsHost_ = nullptr, *xnHost_ = nullptr, *shareHost_ = nullptr;
    cudaEvent_t routed_ = nullptr;
    HostWaiter routedWaiter_{o_.hostWait};  // for routed_: learns a decode layer's routing time
    model::cpu::ExpertMisses misses_;
    std::vector<model::cpu::ExpertRoute> routes_;
    std::vector<uint32_t> lastMisses_;  // per layer: the previous step's CPU routes (wake-ahead)
    double routingMicros_ = 0;          // a decode layer's time from queueing to its routing at the host
    unsigned workersPerMiss_ = 4;       // wake-ahead: workers told per expected miss (0: all)
    unsigned wakeAheadJobs(uint32_t misses) const;
    std::atomic<model::ExpertWakeAhead> wakeAheadMode_;
    model::WakeAheadSwitch autoWakeAhead_;  // Auto's decision, fed at each decode pass's end
    bool wakeAhead_ = false;                // in effect (the pool and ExpertMisses were told)
    uint64_t passMisses_ = 0;               // this pass's CPU routes and hybrid layers, for Auto
    uint32_t passLayers_ = 0;
    void applyWakeAhead();
    int32_t* tablesHost_ = nullptr;  // pinned: every layer's slotOf, so table uploads are asynchronous
    std::unique_ptr<model::ExpertCachePolicy> policy_;  // Cache only
    std::string identity_;                              // the model, for the cache's saved state
    std::unique_ptr<ExpertStager> stager_;
    cudaEvent_t tablesUpdated_ = nullptr;
    uint64_t tokensSeen_ = 0, freezeAfterTokens_ = UINT64_MAX;  // Cache: no swaps once frozen
    std::unique_ptr<PrefillStreamer> streamer_;                 // long prompts' missed experts, run on the GPU
    std::vector<PrefillLayerTiming> streamedPass_;              // this pass's streamed layers
    model::ExpertTelemetry telemetry_;                          // the engine thread's, updated as passes run
    mutable std::mutex publishedMutex_;                         // guards published_, the copy other threads read
    model::ExpertTelemetry published_;
    void publish();
    // The completion-wait sample in flight: timing events around one layer's stall, read once done.
    cudaEvent_t sampleStart_ = nullptr, sampleEnd_ = nullptr;
    bool samplePending_ = false;
    uint32_t sampleLayer_ = 0;
};

}  // namespace strata::cuda
