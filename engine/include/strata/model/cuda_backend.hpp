// The CUDA backend: runs a model's plan (dense or mixture-of-experts FFN) on an NVIDIA GPU. Weights
// are uploaded once in their GGUF block layouts; the KV cache (f16) lives in VRAM; decode runs as one
// CUDA graph per token and the host sleeps (blocking sync) while the GPU works.
#pragma once

#include "strata/model/backend.hpp"
#include "strata/model/expert_routing.hpp"
#include "strata/pool/worker_pool.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace strata::model {

// How the host thread waits for the GPU at the end of a forward pass. The seeds measured a
// spinning wait costing ~15% of decode on a GPU box (it takes a core the pool could use), so
// blocking sync is the default; spin and yield are there to measure against. Adaptive sleeps too,
// but wakes itself just before the GPU is expected to finish, instead of being woken after it
// (model::GpuWaitPlan): that wake-up is time the GPU idles before the next step.
enum class CudaHostWait {
    BlockingSync,  // sleep in the driver until the GPU signals (a blocking-sync event)
    Spin,          // poll the event in a tight loop
    Yield,         // poll the event, yielding the core between polls
    Adaptive,      // decode: sleep through most of the step's learnt time, then poll; else blocking
};

// Where a mixture-of-experts model's experts live (dense models ignore it). Everything else (attention,
// norms, the router, the KV cache) is always in VRAM.
enum class ExpertPlacement {
    Gpu,        // every expert in VRAM (the default)
    Cache,      // hybrid: a VRAM cache of the experts the routing uses most, within CudaExperts::budget;
                // the others run on the CPU worker pool at the same time as the GPU
    CpuLayers,  // hybrid, static: every expert of the first CudaExperts::cpuLayers layers on the CPU,
                // the others in VRAM (llama.cpp's --n-cpu-moe)
};

struct CudaExperts {
    ExpertPlacement placement = ExpertPlacement::Gpu;
    size_t budget = 0;       // Cache: VRAM bytes for experts; 0: none (every expert runs on the CPU)
    uint32_t cpuLayers = 0;  // CpuLayers: how many layers, from the first, keep their experts on the CPU
    // Hybrid: wake the pool's workers (WorkerPool::prepare) for the CPU experts as soon as the GPU
    // work of a layer is queued, and park them between layers, instead of waking them when its
    // routing reaches the host. Auto (the default) turns it on while the decode misses few experts
    // per layer (GPU-heavy) and off while it misses many (model/expert_wake_ahead.hpp, with the H200's
    // numbers). Backend::setExpertWakeAhead changes it while the model is loaded.
    ExpertWakeAhead wakeAhead = ExpertWakeAhead::Auto;
    // Cache: where the cache's routing heat and residency are kept between runs, so the next start
    // begins with the experts this model's chats used most (empty: not kept).
    std::string stateFile;
};

// A model split over several GPUs (issue 24): contiguous layer ranges, one per listed GPU that gets
// any, sized by its budget or free VRAM and the KV cache of its layers (model::planLayerSplit); the
// activations hop to the next GPU once per range boundary. Hybrid expert placements stay on one GPU.
struct CudaSplit {
    std::vector<int> devices;        // in layer order; empty or one: CudaBackendOptions::device alone.
                                     // A GPU may be listed twice (two stages on one GPU: tests)
    std::vector<size_t> budgets;     // per listed GPU, bytes the model may take there; 0 or missing:
                                     // its free VRAM (shared equally by the entries of one GPU)
    uint32_t plannedContext = 4096;  // positions of KV cache each GPU keeps room for
};

struct CudaBackendOptions {
    int device = 0;
    CudaSplit split;
    uint32_t maxBatch = 512;   // tokens per forward() call (prefill chunk)
    size_t vramBudget = 0;     // bytes this model may take (weights, scratch, KV caches); 0: all free VRAM
    bool decodeGraphs = true;  // replay one captured CUDA graph per decode token
    CudaHostWait hostWait = CudaHostWait::BlockingSync;
    RoutingObserver onRouting;  // each MoE layer's choice of experts (empty: none)
    CudaExperts experts;
    // Hybrid placements: the pool that runs the experts not in VRAM (must outlive the backend).
    pool::WorkerPool* pool = nullptr;
};

// Uploads the weights. Throws strata::Error when the engine was built without CUDA, no device is
// usable, the model needs a step the CUDA backend does not have (a weight type without a kernel), or the
// weights and scratch do not fit: the message gives the VRAM needed and the VRAM free.
// `definition` must outlive the backend.
std::unique_ptr<Backend> makeCudaBackend(const ModelDefinition& definition, CudaBackendOptions options = {});

// Device-memory read bandwidth in GB/s, the best of `reps` reads of a `bytes` buffer by one kernel:
// the physical limit decode is compared with. Throws strata::Error without a usable device.
double cudaReadBandwidthGBs(int device, size_t bytes, int reps);

}  // namespace strata::model
