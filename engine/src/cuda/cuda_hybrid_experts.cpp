#include "cuda_hybrid_experts.hpp"

#include "cuda_check.hpp"
#include "cuda_host_wait.hpp"
#include "strata/core/error.hpp"
#include "strata/model/expert_placement.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>

namespace strata::cuda {
namespace {

constexpr size_t kAlign = 256;

size_t alignUp(size_t n)
{
    return (n + kAlign - 1) / kAlign * kAlign;
}

size_t expertBytes(const model::LayerWeights& l)
{
    return l.gateExps.matrixStride + l.upExps.matrixStride + l.downExps.matrixStride;
}

// Names the model a saved cache state belongs to: its shape and a sample of every router's weights.
std::string modelIdentity(const model::ModelDefinition& d)
{
    uint64_t h = 1469598103934665603ull;  // FNV-1a
    const auto mix = [&](const void* p, size_t n) {
        for (size_t i = 0; i < n; ++i)
            h = (h ^ static_cast<const unsigned char*>(p)[i]) * 1099511628211ull;
    };
    for (uint32_t v :
         {d.hparams.layers, d.hparams.embedding, d.hparams.experts, d.hparams.expertsUsed, d.hparams.expertFeedForward})
        mix(&v, sizeof v);
    for (const model::LayerWeights& l : d.weights.layers)
        if (l.router.present())
            mix(l.router.data, std::min<size_t>(4096, l.router.rowStride * size_t(l.router.rows)));
    char text[40];
    std::snprintf(text, sizeof text, "%s-%016llx", d.hparams.architecture.c_str(), (unsigned long long)h);
    return text;
}

pool::WorkerPool& requirePool(const model::CudaBackendOptions& o)
{
    if (!o.pool)
        throw Error("internal: a hybrid expert placement needs the CPU worker pool");
    return *o.pool;
}

// The CPUs of the pool's workers together: where the stager runs, beside them (empty when the pool
// has no workers: then every CPU the process may use).
std::vector<int> poolCpus(const pool::WorkerPool& pool)
{
    std::vector<int> cpus;
    for (const std::vector<int>& worker : pool.workerAffinity())
        cpus.insert(cpus.end(), worker.begin(), worker.end());
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

template <class T>
T* pinned(size_t count)
{
    void* p = nullptr;
    check(cudaMallocHost(&p, std::max<size_t>(count, 1) * sizeof(T)), "allocating pinned host memory");
    return static_cast<T*>(p);
}

}  // namespace

HybridExperts::HybridExperts(const model::ModelDefinition& d, const model::CudaBackendOptions& o)
    : d_(d), h_(d.hparams), o_(o), pool_(requirePool(o)), k_(kernels::defaultKernels()), experts_(d.hparams.experts),
      used_(d.hparams.expertsUsed), misses_(d.hparams, o.maxBatch), wakeAheadMode_(o.experts.wakeAhead)
{
    const auto& layers = d.weights.layers;
    layers_.resize(layers.size());
    lastMisses_.assign(layers.size(), 0);
    applyWakeAhead();
    if (const char* v = std::getenv("STRATA_WAKE_AHEAD_WORKERS_PER_MISS"))
        workersPerMiss_ = unsigned(std::max(0, std::atoi(v)));
    size_t perExpert = 0;
    for (const model::LayerWeights& l : layers)
        if (l.gateExps.present())
            perExpert = std::max(perExpert, expertBytes(l));
    // Cache: the budget split evenly over the MoE layers (the routing decides which experts fill them).
    const std::vector<uint32_t> cacheSlots = o.experts.placement == model::ExpertPlacement::Cache && perExpert
                                                 ? model::expertSlotsForBudget(h_, perExpert, o.experts.budget, 0)
                                                 : std::vector<uint32_t>(layers.size(), 0);
    for (size_t i = 0; i < layers.size(); ++i) {
        Layer& entry = layers_[i];
        if (!layers[i].gateExps.present()) {
            entry.slots = experts_;  // a dense layer: nothing to place
            continue;
        }
        if (o.experts.placement == model::ExpertPlacement::CpuLayers)
            entry.slots = i < o.experts.cpuLayers ? 0 : experts_;
        else
            entry.slots = cacheSlots[i];
    }
    tablesHost_ = pinned<int32_t>(layers.size() * experts_);
    std::fill_n(tablesHost_, layers.size() * experts_, -1);
    std::vector<uint32_t> policySlots(layers.size(), 0);
    size_t largestMatrix = 0;
    for (size_t i = 0; i < layers.size(); ++i) {
        layers_[i].slotOf = tablesHost_ + i * experts_;
        if (hybrid(uint32_t(i))) {
            policySlots[i] = layers_[i].slots;
            for (const model::Weight* w : {&layers[i].gateExps, &layers[i].upExps, &layers[i].downExps})
                largestMatrix = std::max(largestMatrix, w->matrixStride);
        }
    }
    if (o.experts.placement == model::ExpertPlacement::Cache && any()) {
        policy_ = std::make_unique<model::ExpertCachePolicy>(uint32_t(layers.size()), experts_, policySlots);
        identity_ = modelIdentity(d);
        // A saved state starts the cache where the last run left it. Slots it leaves empty (all of
        // them without one) are filled at once, hottest first then by id: a cold cache that started
        // empty spent its first few hundred tokens below the hit rate of a static placement of the
        // same VRAM (30B-A3B shape, 14 GiB: 78-81 % hits where experts of 44 of 48 layers give 92 %).
        if (!o.experts.stateFile.empty())
            policy_->load(o.experts.stateFile, identity_);
        policy_->fillEmptySlots();
        for (size_t i = 0; i < layers.size(); ++i)
            if (hybrid(uint32_t(i))) {
                const auto slotOf = policy_->slotOf(uint32_t(i));
                std::copy(slotOf.begin(), slotOf.end(), layers_[i].slotOf);
            }
        stager_ = std::make_unique<ExpertStager>(o.device, largestMatrix, poolCpus(pool_), StagerOptions::forCache());
        // STRATA_EXPERT_CACHE_FREEZE=N: no swaps after N tokens, the control for a decode that copies
        // (issue 26's stall bound): the same run, the cache's copies stopped.
        if (const char* v = std::getenv("STRATA_EXPERT_CACHE_FREEZE"); v && std::atoll(v) > 0)
            freezeAfterTokens_ = uint64_t(std::atoll(v));
        check(cudaEventCreateWithFlags(&tablesUpdated_, cudaEventDisableTiming), "creating an event");
    }
    if (any() && int(o.maxBatch) >= PrefillStreamer::minTokens()) {
        std::vector<uint32_t> hybridLayers;
        for (uint32_t l = 0; l < layers_.size(); ++l)
            if (hybrid(l))
                hybridLayers.push_back(l);
        streamer_ = std::make_unique<PrefillStreamer>(d, hybridLayers, o.device, poolCpus(pool_));
    }
    const size_t rows = size_t(o.maxBatch);
    chosenHost_ = pinned<int32_t>(rows * used_);
    weightsHost_ = pinned<float>(rows * used_);
    xnHost_ = pinned<float>(rows * h_.embedding);
    shareHost_ = pinned<float>(rows * h_.embedding);
    check(cudaEventCreateWithFlags(&routed_, eventFlagsFor(o.hostWait)), "creating an event");
    check(cudaEventCreate(&sampleStart_), "creating an event");
    check(cudaEventCreate(&sampleEnd_), "creating an event");
    telemetry_.layers.resize(layers.size());
    telemetry_.experts = experts_;
    telemetry_.lastPass.assign(layers.size() * experts_, model::ExpertTelemetry::Use::Unused);
    if (any()) {  // the first hybrid layer is sampled first
        sampleLayer_ = uint32_t(layers_.size() - 1);
        nextSampleLayer();
    }
    routes_.reserve(rows * used_);
}

HybridExperts::~HybridExperts()
{
    stager_.reset();  // finishes its batch first
    streamer_.reset();
    if (policy_ && !o_.experts.stateFile.empty()) {
        try {
            policy_->save(o_.experts.stateFile, identity_);
        } catch (const Error& e) {  // the cache only starts colder next time
            std::fprintf(stderr, "strata: the expert cache state was not saved: %s\n", e.what());
        }
    }
    if (tablesUpdated_)
        cudaEventDestroy(tablesUpdated_);
    if (tablesHost_)
        cudaFreeHost(tablesHost_);
    for (cudaEvent_t e : {routed_, sampleStart_, sampleEnd_})
        if (e)
            cudaEventDestroy(e);
    for (void* p : {static_cast<void*>(chosenHost_), static_cast<void*>(weightsHost_), static_cast<void*>(xnHost_),
                    static_cast<void*>(shareHost_)})
        if (p)
            cudaFreeHost(p);
}

bool HybridExperts::any() const
{
    for (uint32_t l = 0; l < layers_.size(); ++l)
        if (hybrid(l))
            return true;
    return false;
}

// Every VRAM piece, in one order for sizing and carving: take(pointer, bytes).
template <class Fn>
void HybridExperts::pieces(Fn&& take)
{
    for (uint32_t l = 0; l < layers_.size(); ++l) {
        if (!hybrid(l))
            continue;
        Layer& entry = layers_[l];
        const model::LayerWeights& w = d_.weights.layers[l];
        take(entry.slotOfDevice, experts_ * sizeof(int));
        const auto stack = [&](DeviceExperts& s, const model::Weight& file) {
            s.first = DeviceMatrix{file.type, nullptr, file.rows, file.cols, file.rowStride};
            s.matrixStride = file.matrixStride;
            s.count = int(entry.slots);
            take(s.first.data, file.matrixStride * entry.slots);
        };
        stack(entry.gate, w.gateExps);
        stack(entry.up, w.upExps);
        stack(entry.down, w.downExps);
    }
    take(cpuShare_, size_t(o_.maxBatch) * h_.embedding * sizeof(float));
    if (streamer_)
        streamer_->pieces(take);
}

size_t HybridExperts::vramBytes()
{
    size_t bytes = 0;
    pieces([&](auto*&, size_t n) { bytes += alignUp(n); });  // names the pointers, sets none
    return bytes;
}

void HybridExperts::carve(std::byte* base)
{
    size_t at = 0;
    pieces([&](auto*& p, size_t n) {
        p = reinterpret_cast<std::remove_reference_t<decltype(p)>>(base + at);
        at += alignUp(n);
    });
    for (uint32_t l = 0; l < layers_.size(); ++l) {
        if (!hybrid(l))
            continue;
        Layer& entry = layers_[l];
        for (uint32_t e = 0; e < experts_; ++e)
            if (entry.slotOf[e] >= 0)
                copyExpert(l, e, uint32_t(entry.slotOf[e]));
        check(cudaMemcpy(entry.slotOfDevice, entry.slotOf, experts_ * sizeof(int), cudaMemcpyHostToDevice),
              "uploading an expert slot table");
    }
    publish();
}

void HybridExperts::copyExpert(uint32_t layer, uint32_t expert, uint32_t slot)
{
    const model::LayerWeights& w = d_.weights.layers[layer];
    const Layer& entry = layers_[layer];
    for (const auto& [dst, src] :
         {std::pair{&entry.gate, &w.gateExps}, std::pair{&entry.up, &w.upExps}, std::pair{&entry.down, &w.downExps}}) {
        auto* to = const_cast<std::byte*>(dst->first.data) + size_t(slot) * dst->matrixStride;
        check(cudaMemcpy(to, src->data + size_t(expert) * src->matrixStride, src->matrixStride, cudaMemcpyHostToDevice),
              "uploading an expert");
    }
}

MoeLayerWeights HybridExperts::stacks(uint32_t layer, const DeviceMatrix& router) const
{
    const Layer& entry = layers_[layer];
    return MoeLayerWeights{router, entry.gate, entry.up, entry.down};
}

// STRATA_WAKE_AHEAD_WORKERS_PER_MISS=N (issue 26's measurements): N workers per expected missed
// expert, 0: every worker. Unset: 4, run 8's best (GPU-heavy on the H200: 213.9 tok/s on 3.20 cores
// against 207.8 on 5.67 with every worker told).
unsigned HybridExperts::wakeAheadJobs(uint32_t misses) const
{
    const unsigned all = pool_.workerCount() + 1;  // prepare() counts the host's share as a job
    return workersPerMiss_ ? std::min<unsigned>(all, misses * workersPerMiss_) : all;
}

// Wake-ahead announces each layer's CPU batch with its expected time, so the workers need not spin
// between layers (issue 26: spinning there cost 4x park's CPU in a GPU-heavy decode): the pool parks
// them after every batch, except between one layer's gate/up and down batches (ExpertMisses keeps
// them). Auto follows the decode's misses per layer (expert_wake_ahead.hpp).
void HybridExperts::applyWakeAhead()
{
    const model::ExpertWakeAhead mode = wakeAheadMode_.load(std::memory_order_relaxed);
    const bool on = mode == model::ExpertWakeAhead::On || (mode == model::ExpertWakeAhead::Auto && autoWakeAhead_.on());
    if (on == wakeAhead_)
        return;
    wakeAhead_ = on;
    pool_.setAnnouncedWakesOnly(on);
    misses_.keepWorkersBetweenBatches(on);
}

void HybridExperts::endPass(uint32_t tokens, cudaStream_t stream)
{
    if (tokens == 1 && passLayers_ > 0) {
        ++telemetry_.decodeTokens;
        telemetry_.wakeAheadTokens += wakeAhead_ ? 1 : 0;
        autoWakeAhead_.observe(double(passMisses_) / passLayers_);
    }
    passMisses_ = 0;
    passLayers_ = 0;

    if (!streamedPass_.empty()) {
        streamer_->finishPass(streamedPass_);
        addPrefillTimings(telemetry_.prefill, tokens, streamedPass_);
        if (prefillTimingRequested())
            printPrefillTimings(stderr, tokens, streamedPass_);
        streamedPass_.clear();
    }
    updateCache(tokens, stream);
    publish();
}

void HybridExperts::updateCache(uint32_t tokens, cudaStream_t stream)
{
    if (!policy_)
        return;
    for (uint32_t t = 0; t < tokens; ++t)
        policy_->endToken();
    tokensSeen_ += tokens;
    std::vector<bool> changed(layers_.size(), false);
    // Idle first, finished copies second: a batch that ends in between is applied now, not after
    // new swaps have reused its slots.
    const bool idle = !stager_->busy();
    for (const ExpertCopy& c : stager_->takeFinished()) {
        layers_[c.layer].slotOf[c.expert] = int32_t(c.slot);
        changed[c.layer] = true;
        for (const ExpertCopy::Piece& piece : c.pieces) {
            telemetry_.bytesToDevice += piece.bytes;
            telemetry_.cacheBytesCopied += piece.bytes;
        }
    }
    std::vector<ExpertCopy> batch;
    if (idle && tokensSeen_ < freezeAfterTokens_) {
        // Bounded batches keep the copies a side job: at 2.5 MiB an expert (30B-A3B, Q4_K) 32 take
        // about 4 ms of PCIe, and a pass never waits for them.
        constexpr size_t kSwapsPerBatch = 32;
        for (const model::ExpertSwap& s : policy_->proposeSwaps(kSwapsPerBatch)) {
            Layer& entry = layers_[s.layer];
            const model::LayerWeights& w = d_.weights.layers[s.layer];
            if (s.evicted >= 0)
                entry.slotOf[s.evicted] = -1;  // on the CPU from the next pass; its slot is free after this one
            ExpertCopy c{s.layer, s.slot, s.admitted, {}};
            for (const auto& [stack, file] : {std::pair{&entry.gate, &w.gateExps}, std::pair{&entry.up, &w.upExps},
                                              std::pair{&entry.down, &w.downExps}})
                c.pieces.push_back({const_cast<std::byte*>(stack->first.data) + size_t(s.slot) * stack->matrixStride,
                                    file->data + size_t(s.admitted) * file->matrixStride, file->matrixStride});
            batch.push_back(std::move(c));
            changed[s.layer] = true;
        }
    }
    for (uint32_t l = 0; l < layers_.size(); ++l)
        if (changed[l])
            check(cudaMemcpyAsync(layers_[l].slotOfDevice, layers_[l].slotOf, experts_ * sizeof(int32_t),
                                  cudaMemcpyHostToDevice, stream),
                  "updating an expert slot table");
    if (!batch.empty()) {
        check(cudaEventRecord(tablesUpdated_, stream), "recording the slot table event");
        stager_->submit(std::move(batch), tablesUpdated_);
    }
}

void HybridExperts::resetTelemetry()
{
    for (model::ExpertLayerTelemetry& l : telemetry_.layers)
        l = {};
    telemetry_.passes = 0;
    telemetry_.routingWaitSeconds = telemetry_.cpuExpertSeconds = 0;
    telemetry_.completionWaitsMicros.clear();
    telemetry_.bytesToHost = telemetry_.bytesToDevice = 0;
    telemetry_.streamedExperts = telemetry_.cacheBytesCopied = 0;
    telemetry_.decodeTokens = telemetry_.wakeAheadTokens = 0;
    telemetry_.prefill = {};
    publish();
}

model::ExpertTelemetry HybridExperts::telemetry() const
{
    std::lock_guard lock(publishedMutex_);
    return published_;
}

// The map's residency and heat join the counters here, once a pass (a few KiB copied).
void HybridExperts::publish()
{
    const size_t n = layers_.size() * experts_;
    telemetry_.resident.assign(n, 1);
    for (uint32_t l = 0; l < layers_.size(); ++l)
        if (hybrid(l))
            for (uint32_t e = 0; e < experts_; ++e)
                telemetry_.resident[size_t(l) * experts_ + e] = layers_[l].slotOf[e] >= 0 ? 1 : 0;
    telemetry_.heat.clear();
    if (policy_)
        for (uint32_t l = 0; l < layers_.size(); ++l)
            for (uint32_t e = 0; e < experts_; ++e)
                telemetry_.heat.push_back(policy_->heat(l, e));
    std::lock_guard lock(publishedMutex_);
    published_ = telemetry_;
}

// Reads the sampled stall once both events have passed (never waits for them).
void HybridExperts::collectSample()
{
    if (!samplePending_ || cudaEventQuery(sampleEnd_) != cudaSuccess) {
        cudaGetLastError();  // a not-ready query leaves no error behind
        return;
    }
    float ms = 0;
    if (cudaEventElapsedTime(&ms, sampleStart_, sampleEnd_) == cudaSuccess)
        telemetry_.completionWaitsMicros.push_back(ms * 1000.0f);
    cudaGetLastError();
    samplePending_ = false;
    nextSampleLayer();
}

void HybridExperts::nextSampleLayer()
{
    do  // the next hybrid layer, in turn
        sampleLayer_ = (sampleLayer_ + 1) % uint32_t(layers_.size());
    while (!hybrid(sampleLayer_));
}

void HybridExperts::run(uint32_t layer, MoeFeedForward& moe, const DeviceMatrix& router, const float* xn,
                        const Q8Activations& xq, float* x, int tokens, cudaStream_t stream)
{
    using Clock = std::chrono::steady_clock;
    const auto queued = Clock::now();
    collectSample();
    applyWakeAhead();
    Layer& entry = layers_[layer];
    const size_t routesN = size_t(tokens) * used_, rowFloats = size_t(tokens) * h_.embedding;
    const MoeLayerWeights w = stacks(layer, router);
    moe.route(w, xn, tokens, stream);
    check(cudaMemcpyAsync(chosenHost_, moe.chosenExperts(), routesN * sizeof(int32_t), cudaMemcpyDeviceToHost, stream),
          "copying the routing");
    check(cudaMemcpyAsync(weightsHost_, moe.chosenWeights(), routesN * sizeof(float), cudaMemcpyDeviceToHost, stream),
          "copying the routing");
    // A long prompt's misses run on the GPU (PrefillStreamer): the CPU needs no copy of the rows.
    const bool streamed = streamer_ && tokens >= PrefillStreamer::minTokens();
    if (!streamed)
        check(cudaMemcpyAsync(xnHost_, xn, rowFloats * sizeof(float), cudaMemcpyDeviceToHost, stream),
              "copying the layer input");
    check(cudaEventRecord(routed_, stream), "recording the routing event");
    moe.addExperts(w, xn, xq, x, tokens, entry.slotOfDevice, stream);
    const bool sample = !samplePending_ && layer == sampleLayer_;
    if (sample)
        check(cudaEventRecord(sampleStart_, stream), "recording a timing event");
    // Wake-ahead: the workers the layer's misses should need (as many as the last step's misses ask
    // for) are told now; Adaptive lets them sleep on a timer until just before the routing is
    // expected at the host (learnt over decode steps), so they pay neither a wake's latency after
    // it arrives nor a spin through the GPU's work.
    const bool announced = wakeAhead_ && !streamed && lastMisses_[layer] > 0;
    if (announced) {
        const int64_t elapsed = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - queued).count();
        const auto expectedIn = std::chrono::microseconds(std::max<int64_t>(0, int64_t(routingMicros_) - elapsed));
        pool_.prepare(wakeAheadJobs(lastMisses_[layer]), std::max(std::chrono::microseconds(1000), 2 * expectedIn),
                      expectedIn);
    }
    const auto waitFrom = Clock::now();
    routedWaiter_.wait(routed_, queued, tokens == 1, "routing a MoE layer");
    const auto routedAt = Clock::now();
    if (tokens == 1) {  // a decode step's routing time, from queueing the layer: what wake-ahead plans by
        const double took = std::chrono::duration<double, std::micro>(routedAt - queued).count();
        routingMicros_ = routingMicros_ > 0 ? 0.9 * routingMicros_ + 0.1 * took : took;
    }
    telemetry_.routingWaitSeconds += std::chrono::duration<double>(routedAt - waitFrom).count();
    ++telemetry_.passes;
    telemetry_.bytesToHost += routesN * (sizeof(int32_t) + sizeof(float)) + (streamed ? 0 : rowFloats * sizeof(float));
    if (o_.onRouting)
        o_.onRouting(layer, std::span<const int32_t>(chosenHost_, routesN), uint32_t(tokens));
    if (policy_)
        policy_->record(layer, std::span<const int32_t>(chosenHost_, routesN));
    routes_.clear();
    using Use = model::ExpertTelemetry::Use;
    Use* use = telemetry_.lastPass.data() + size_t(layer) * experts_;
    std::fill_n(use, experts_, Use::Unused);
    for (size_t i = 0; i < routesN; ++i) {
        const int32_t e = chosenHost_[i];
        if (e < 0 || uint32_t(e) >= experts_)
            throw Error("internal: the GPU routed to expert " + std::to_string(e));
        const bool resident = entry.slotOf[size_t(e)] >= 0;
        use[e] = resident ? Use::Hit : Use::Missed;
        if (!resident)
            routes_.push_back({uint32_t(i / used_), uint32_t(e), weightsHost_[i]});
    }
    lastMisses_[layer] = uint32_t(routes_.size());
    telemetry_.layers[layer].routes += routesN;
    telemetry_.layers[layer].misses += routes_.size();
    if (tokens == 1) {
        passMisses_ += routes_.size();
        ++passLayers_;
    }
    if (routes_.empty()) {
        // The last step missed here, this one hit everything: the announced workers would otherwise
        // stay awake for a batch that never comes (until the announcement's end, >= 1 ms).
        if (announced)
            pool_.withdraw();
        if (sample) {  // every expert was resident: the GPU did not wait for the CPU
            telemetry_.completionWaitsMicros.push_back(0.0f);
            nextSampleLayer();
        }
        return;
    }
    if (streamed) {
        std::vector<uint32_t> missed;  // each missed expert once, by id
        for (uint32_t e = 0; e < experts_; ++e)
            if (use[e] == Use::Missed)
                missed.push_back(e);
        PrefillLayerTiming& timing = streamedPass_.emplace_back();
        timing.routingWait = std::chrono::duration<double>(routedAt - waitFrom).count();
        timing.grouping = std::chrono::duration<double>(Clock::now() - routedAt).count();
        streamer_->run(layer, missed, moe, router, xn, xq, x, tokens, stream, timing);
        telemetry_.bytesToDevice += timing.bytes;
        telemetry_.streamedExperts += missed.size();
        if (sample) {
            check(cudaEventRecord(sampleEnd_, stream), "recording a timing event");
            samplePending_ = true;
        }
        return;
    }
    misses_.run(pool_, k_, d_.weights.layers[layer], xnHost_, uint32_t(tokens), routes_, shareHost_);
    telemetry_.cpuExpertSeconds += std::chrono::duration<double>(Clock::now() - routedAt).count();
    check(cudaMemcpyAsync(cpuShare_, shareHost_, rowFloats * sizeof(float), cudaMemcpyHostToDevice, stream),
          "copying the CPU experts' share");
    telemetry_.bytesToDevice += rowFloats * sizeof(float);
    addTo(x, cpuShare_, int64_t(rowFloats), stream);
    if (sample) {
        check(cudaEventRecord(sampleEnd_, stream), "recording a timing event");
        samplePending_ = true;
    }
}

}  // namespace strata::cuda
