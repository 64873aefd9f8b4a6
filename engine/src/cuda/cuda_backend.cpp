// Executes a DecoderPlan (dense or mixture-of-experts FFN: cuda_moe_ffn) on one NVIDIA GPU, or on
// several with the layers split in contiguous ranges (issue 24): each GPU is a stage with its own
// weights, activations, KV cache and stream, and the activations hop once per range boundary.
// Everything a forward pass touches is in VRAM and sized at load: the weights (uploaded once, GGUF
// block layouts unchanged), the activations of maxBatch tokens, and the sequences' KV caches. A
// decode step is one replay of a CUDA graph per stage, captured for the sequence (token id and
// position are read from device memory, so the graph serves every position); by default the host
// sleeps on a blocking-sync event until the logits are back (CudaBackendOptions::hostWait).
#include "strata/model/cuda_backend.hpp"

#include "cuda_check.hpp"
#include "cuda_device_arena.hpp"
#include "cuda_host_wait.hpp"
#include "cuda_hybrid_experts.hpp"
#include "cuda_kernels.hpp"
#include "cuda_moe_ffn.hpp"
#include "cuda_sequence.hpp"
#include "strata/core/error.hpp"
#include "strata/model/layer_split.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include <map>
#include <numbers>
#include <string>
#include <thread>
#include <vector>

namespace strata::model {
namespace {

using cuda::alignUp;
using cuda::check;
using cuda::DeviceMatrix;
using cuda::mib;

std::string typeName(gguf::GgmlType type)
{
    const auto traits = gguf::ggmlTypeTraits(uint32_t(type));
    return traits ? std::string(traits->name) : "type " + std::to_string(int(type));
}

cuda::RopeDeviceParams ropeParams(const Hparams& h)
{
    cuda::RopeDeviceParams p;
    p.nDims = h.rope.dims;
    p.neox = h.rope.style == RopeStyle::NeoX;
    p.thetaScale = std::pow(h.rope.freqBase, -2.0f / float(h.rope.dims));
    p.freqScale = h.rope.scaling == RopeScaling::None ? 1.0f : 1.0f / h.rope.scaleFactor;
    const bool yarn = h.rope.scaling == RopeScaling::Yarn;
    p.extFactor = h.rope.yarnExtFactor >= 0.0f ? h.rope.yarnExtFactor : (yarn ? 1.0f : 0.0f);
    p.attnFactor = h.rope.yarnAttnFactor;
    if (p.extFactor != 0.0f) {
        // YaRN's ramp between two correction dims, as kernels::rope computes it on the CPU.
        const auto corrDim = [&](float nRot) {
            return float(p.nDims) * std::log(float(h.rope.originalContext) / (nRot * 2 * std::numbers::pi_v<float>))
                   / (2 * std::log(h.rope.freqBase));
        };
        p.corrLow = std::max(0.0f, std::floor(corrDim(h.rope.yarnBetaFast)));
        p.corrHigh = std::min(float(p.nDims - 1), std::ceil(corrDim(h.rope.yarnBetaSlow)));
        p.attnFactor *= 1.0f + 0.1f * std::log(1.0f / p.freqScale);
    }
    return p;
}

struct LayerOnDevice {
    const float *attnNorm = nullptr, *ffnNorm = nullptr;
    const float *bq = nullptr, *bk = nullptr, *bv = nullptr, *qNorm = nullptr, *kNorm = nullptr;
    DeviceMatrix wq, wk, wv, wo, gate, up, down;
    cuda::MoeLayerWeights moe;
};

// Bytes of the activation buffers for `T` tokens (each piece aligned as the arena hands it out).
struct ScratchPlan {
    size_t nTokens, nEmbd, qWidth, kvWidth, ffWidth, vocab, maxCols, attentionSplitFloats;
    size_t bytes() const
    {
        size_t b = 0;
        for (size_t floats : {nTokens * nEmbd, nTokens * nEmbd, nTokens * qWidth, nTokens * kvWidth, nTokens * kvWidth,
                              nTokens * qWidth, nTokens * ffWidth, nTokens * ffWidth, vocab})
            b += alignUp(floats * sizeof(float));
        b += alignUp(nTokens * maxCols) + 2 * alignUp(nTokens * maxCols / 32 * sizeof(float));  // int8 activations
        b += alignUp(nTokens * sizeof(int32_t)) + alignUp(sizeof(int32_t));                     // token ids, start
        b += alignUp(attentionSplitFloats * sizeof(float));
        return b;
    }
};

// One GPU's part of the model: its layers (all of them on one GPU), the token embedding on the
// first stage and the output head on the last, and everything a pass over them needs.
struct Stage {
    cuda::StageLayers layers;
    bool embeds = false, outputs = false;
    std::map<const std::byte*, std::pair<size_t, size_t>> offsets;  // host tensor -> (arena offset, bytes)
    std::map<const std::byte*, const std::byte*> copies;            // host tensor -> its copy in VRAM
    std::unique_ptr<cuda::DeviceArena> arena;
    size_t arenaBytes = 0;
    DeviceMatrix embedding, output;
    const float* outputNorm = nullptr;
    std::vector<LayerOnDevice> weights;         // layers.first + i
    std::unique_ptr<cuda::MoeFeedForward> moe;  // mixture-of-experts models only
    float *x = nullptr, *xn = nullptr, *q = nullptr, *k = nullptr, *v = nullptr, *attn = nullptr;
    float *gate = nullptr, *up = nullptr, *logitsDev = nullptr;
    cuda::Q8Activations act;
    int32_t *tokensDev = nullptr, *startDev = nullptr;
    float* splitStats = nullptr;  // split-K attention scratch: statistics, then partial outputs
    cudaStream_t stream = nullptr;
    cudaEvent_t handedOver = nullptr;  // recorded when the next stage's x holds this stage's output

    explicit Stage(cuda::StageLayers l) : layers(l) {}
    ~Stage()
    {
        cudaSetDevice(layers.device);
        if (handedOver)
            cudaEventDestroy(handedOver);
        if (stream)
            cudaStreamDestroy(stream);
        arena.reset();
    }
    Stage(const Stage&) = delete;
    Stage& operator=(const Stage&) = delete;

    bool holds(uint32_t layer) const { return layer >= layers.first && layer - layers.first < layers.count; }
    const LayerOnDevice& layer(uint32_t l) const { return weights[l - layers.first]; }
};

class CudaBackend final : public Backend {
public:
    CudaBackend(const ModelDefinition& d, CudaBackendOptions o)
        : d_(d), h_(d.hparams), o_(std::move(o)), rope_(ropeParams(d.hparams)),
          scale_(h_.attentionScale > 0.0f ? h_.attentionScale : 1.0f / std::sqrt(float(h_.headDim))),
          inUse_(std::make_shared<std::atomic<size_t>>(0))
    {
        checkSupported();
        const std::vector<int> devices = o_.split.devices.empty() ? std::vector<int>{o_.device} : o_.split.devices;
        for (int device : devices)
            selectDevice(device);
        const size_t ffn = h_.isMoe() ? 0 : h_.feedForward;  // a MoE FFN keeps its scratch in moe
        const ScratchPlan scratch{o_.maxBatch,
                                  h_.embedding,
                                  h_.qDim(),
                                  h_.kvDim(),
                                  ffn,
                                  h_.vocabSize,
                                  std::max<size_t>({h_.embedding, h_.qDim(), ffn}),
                                  cuda::attentionSplitFloats(int(h_.heads), int(h_.headDim))};
        const size_t moeBytes = h_.isMoe() ? cuda::MoeFeedForward(h_, o_.maxBatch).scratchBytes() : 0;
        if (h_.isMoe() && o_.experts.placement != ExpertPlacement::Gpu) {
            if (devices.size() > 1)
                throw Error("a hybrid expert placement runs on one GPU; a model split over "
                            + std::to_string(devices.size()) + " GPUs keeps every expert in VRAM");
            check(cudaSetDevice(devices.front()), "selecting the device");
            hybrid_ = std::make_unique<cuda::HybridExperts>(d, o_);
            if (!hybrid_->any())  // every layer fits whole: the full-GPU path
                hybrid_.reset();
        }
        for (const cuda::StageLayers& l : planStages(devices, scratch.bytes() + moeBytes)) {
            auto& s = *stages_.emplace_back(std::make_unique<Stage>(l));
            s.embeds = l.first == 0;
            s.outputs = l.first + l.count == h_.layers;
            build(s, scratch, moeBytes);
        }
        if (stages_.size() > 1)
            enablePeerAccess();
        tokensHost_ = std::make_unique<cuda::PinnedBuffer<int32_t>>(o_.maxBatch);
        startHost_ = std::make_unique<cuda::PinnedBuffer<int32_t>>(1);
        logitsHost_ = std::make_unique<cuda::PinnedBuffer<float>>(h_.vocabSize);
        // By default the host sleeps in the driver until the GPU is done instead of spinning on a core.
        check(cudaSetDevice(stages_.back()->layers.device), "selecting the device");
        check(cudaEventCreateWithFlags(&done_, cuda::eventFlagsFor(o_.hostWait)), "creating an event");
    }

    ~CudaBackend() override
    {
        hybrid_.reset();  // its stager may still copy into the arena
        if (done_)
            cudaEventDestroy(done_);
        stages_.clear();
    }

    std::string name() const override
    {
        std::string names;
        for (const auto& s : stages_)
            names += (names.empty() ? "" : ", ") + deviceNames_.at(s->layers.device);
        return "cuda:" + names;
    }
    std::vector<GpuLayers> gpuLayers() const override
    {
        std::vector<GpuLayers> out;
        for (const auto& s : stages_)
            out.push_back(
                {s->layers.device, deviceNames_.at(s->layers.device), s->layers.first, s->layers.count, s->arenaBytes});
        return out;
    }
    std::optional<ExpertTelemetry> expertTelemetry() const override
    {
        if (!hybrid_)
            return std::nullopt;
        return hybrid_->telemetry();
    }
    void resetExpertTelemetry() override
    {
        if (hybrid_)
            hybrid_->resetTelemetry();
    }
    void setExpertWakeAhead(ExpertWakeAhead mode) override
    {
        if (hybrid_)
            hybrid_->setWakeAhead(mode);
    }
    uint32_t maxBatch() const override { return o_.maxBatch; }

    std::unique_ptr<Sequence> newSequence(uint32_t contextLength, KvType kv) override
    {
        if (kv != KvType::F16)
            throw Error("the CUDA backend keeps an f16 KV cache only (a q8_0 cache is not implemented on the GPU yet)");
        std::vector<cuda::StageLayers> parts;
        for (const auto& s : stages_) {
            requireVram(s->layers.device, cuda::CudaSequence::bytesFor(h_, contextLength, s->layers.count),
                        "a KV cache of " + std::to_string(contextLength) + " positions");
            parts.push_back(s->layers);
        }
        return std::make_unique<cuda::CudaSequence>(h_, contextLength, parts, inUse_);
    }

    void forward(Sequence& base, std::span<const int32_t> tokens, std::span<float> logits) override
    {
        auto* seqp = dynamic_cast<cuda::CudaSequence*>(&base);
        if (!seqp)
            throw Error("internal: a sequence of another backend was given to the CUDA backend");
        cuda::CudaSequence& seq = *seqp;
        const uint32_t nTokens = uint32_t(tokens.size()), start = seq.length();
        if (nTokens == 0)
            return;
        if (nTokens > o_.maxBatch)
            throw Error("internal: batch of " + std::to_string(nTokens) + " tokens exceeds "
                        + std::to_string(o_.maxBatch));
        if (size_t(start) + nTokens > seq.capacity())
            throw Error("the context is full: " + std::to_string(start) + " + " + std::to_string(nTokens)
                        + " tokens do not fit in " + std::to_string(seq.capacity()));
        if (!logits.empty() && logits.size() < h_.vocabSize)
            throw Error("internal: logits buffer smaller than the vocabulary");
        for (int32_t id : tokens)
            if (id < 0 || uint32_t(id) >= h_.vocabSize)
                throw Error("token id " + std::to_string(id) + " is outside the vocabulary ("
                            + std::to_string(h_.vocabSize) + " tokens)");

        std::memcpy(tokensHost_->get(), tokens.data(), nTokens * sizeof(int32_t));
        *startHost_->get() = int32_t(start);
        const bool wantLogits = !logits.empty();
        const auto queued = cuda::HostWaiter::Clock::now();
        // A hybrid layer needs the host in the middle of the pass: no graph then.
        const bool graph = nTokens == 1 && wantLogits && o_.decodeGraphs && !hybrid_;
        for (size_t i = 0; i < stages_.size(); ++i) {
            Stage& s = *stages_[i];
            check(cudaSetDevice(s.layers.device), "selecting the device");
            if (i > 0)
                check(cudaStreamWaitEvent(s.stream, stages_[i - 1]->handedOver, 0), "waiting for the previous GPU");
            if (graph) {
                cudaGraphExec_t& exec = seq.decodeGraph(i);
                if (!exec)
                    exec = captureDecode(seq, s);
                check(cudaGraphLaunch(exec, s.stream), "launching the decode graph");
            } else {
                enqueue(seq, s, nTokens, wantLogits);
            }
            if (i + 1 < stages_.size())
                handOver(s, *stages_[i + 1], nTokens);
        }
        check(cudaEventRecord(done_, stages_.back()->stream), "recording the completion event");
        waiter_.wait(done_, queued, nTokens == 1, "running the forward pass");
        seq.setLength(start + nTokens);
        if (wantLogits)
            std::memcpy(logits.data(), logitsHost_->get(), h_.vocabSize * sizeof(float));
    }

private:
    void checkSupported() const
    {
        if (h_.headDim != 64 && h_.headDim != 128 && h_.headDim != 256)
            throw Error("the CUDA backend supports head sizes 64, 128 and 256, not " + std::to_string(h_.headDim));
        if (o_.maxBatch == 0)
            throw Error("the CUDA backend needs a batch size of at least 1");
    }

    void selectDevice(int device)
    {
        int count = 0;
        const cudaError_t err = cudaGetDeviceCount(&count);
        if (err != cudaSuccess || count == 0) {
            cudaGetLastError();
            throw Error(std::string("no CUDA device is usable: ")
                        + (err == cudaSuccess ? "none found" : cudaGetErrorString(err)));
        }
        if (device < 0 || device >= count)
            throw Error("CUDA device " + std::to_string(device) + " does not exist (" + std::to_string(count)
                        + " found)");
        if (deviceNames_.count(device))
            return;  // a second stage on the same GPU (two logical devices: tests, issue 24)
        check(cudaSetDevice(device), "selecting the device");
        // Blocking sync for every wait of this process on the device (the seeds: a spinning wait
        // cost ~15% of decode on a GPU box). Refused once the context exists: the event below is
        // blocking-sync by itself, so that refusal changes nothing here.
        if (cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync) != cudaSuccess)
            cudaGetLastError();
        cudaDeviceProp prop{};
        check(cudaGetDeviceProperties(&prop, device), "reading the device properties");
        deviceNames_[device] = prop.name;
    }

    struct Vram {
        size_t freeBytes = 0, totalBytes = 0;
    };
    Vram vram(int device) const
    {
        check(cudaSetDevice(device), "selecting the device");
        Vram v;
        check(cudaMemGetInfo(&v.freeBytes, &v.totalBytes), "reading free VRAM");
        return v;
    }
    size_t freeVram(int device) const { return vram(device).freeBytes; }

    // One stage per GPU that gets layers: the whole model on one GPU, or issue 24's layer split
    // sized by each GPU's budget (or free VRAM, shared equally by the stages a GPU is listed for).
    std::vector<cuda::StageLayers> planStages(const std::vector<int>& devices, size_t scratchBytes) const
    {
        if (devices.size() == 1)
            return {{devices.front(), 0, h_.layers}};
        const SplitDemand demand = splitDemand(d_, o_.split.plannedContext, KvType::F16, scratchBytes);
        std::vector<GpuCapacity> gpus;
        for (size_t i = 0; i < devices.size(); ++i) {
            const size_t budget = i < o_.split.budgets.size() ? o_.split.budgets[i] : 0;
            const auto listed = size_t(std::count(devices.begin(), devices.end(), devices[i]));
            gpus.push_back({devices[i], budget ? budget : freeVram(devices[i]) / listed});
        }
        std::vector<cuda::StageLayers> stages;
        for (const LayerRange& r : planLayerSplit(demand, gpus))
            stages.push_back({r.device, r.first, r.count});
        return stages;
    }

    void enablePeerAccess() const
    {
        for (const auto& from : stages_)
            for (const auto& to : stages_) {
                const int a = from->layers.device, b = to->layers.device;
                int can = 0;
                if (a == b || cudaDeviceCanAccessPeer(&can, a, b) != cudaSuccess || !can)
                    continue;
                check(cudaSetDevice(a), "selecting the device");
                if (cudaDeviceEnablePeerAccess(b, 0) != cudaSuccess)
                    cudaGetLastError();  // already enabled, or refused: copies then go through the host
            }
    }

    void build(Stage& s, const ScratchPlan& scratch, size_t moeBytes)
    {
        const int device = s.layers.device;
        check(cudaSetDevice(device), "selecting the device");
        const size_t weightBytes = planWeights(s);
        const size_t hybridBytes = hybrid_ ? hybrid_->vramBytes() : 0;
        const size_t needed = weightBytes + scratch.bytes() + moeBytes + hybridBytes;
        const std::string layers = stages_.size() > 1 || s.layers.count < h_.layers
                                       ? " (layers " + std::to_string(s.layers.first) + " to "
                                             + std::to_string(s.layers.first + s.layers.count - 1) + ")"
                                       : "";
        requireVram(device, needed,
                    "its weights" + layers + " (" + mib(weightBytes + hybridBytes) + ") and scratch for "
                        + std::to_string(o_.maxBatch) + " tokens (" + mib(scratch.bytes() + moeBytes) + ")");
        s.arena = std::make_unique<cuda::DeviceArena>(needed);
        s.arenaBytes = needed;
        *inUse_ += needed;
        if (hybrid_)  // before upload(): its layers read the slot stacks' addresses
            hybrid_->carve(s.arena->take<std::byte>(hybridBytes));
        upload(s);
        carveScratch(s, scratch);
        if (h_.isMoe()) {
            s.moe = std::make_unique<cuda::MoeFeedForward>(h_, o_.maxBatch);
            s.moe->carve(s.arena->take<std::byte>(moeBytes));
        }
        check(cudaStreamCreateWithFlags(&s.stream, cudaStreamNonBlocking), "creating a stream");
        check(cudaEventCreateWithFlags(&s.handedOver, cudaEventDisableTiming), "creating an event");
    }

    void requireVram(int device, size_t bytes, const std::string& what) const
    {
        const auto [freeBytes, totalBytes] = vram(device);
        const std::string gpu = "GPU " + std::to_string(device) + " (" + deviceNames_.at(device) + ")";
        if (bytes > freeBytes)
            throw Error("not enough VRAM: the CUDA backend needs " + mib(bytes) + " for " + what + ", but " + gpu
                        + " has " + mib(freeBytes) + " free of " + mib(totalBytes));
        if (o_.vramBudget && *inUse_ + bytes > o_.vramBudget)
            throw Error("over the VRAM budget: the CUDA backend needs " + mib(bytes) + " for " + what + " on top of "
                        + mib(*inUse_) + " in use, but the budget is " + mib(o_.vramBudget) + " (" + gpu + " has "
                        + mib(freeBytes) + " free)");
    }

    void checkMatrix(const Weight& w, const char* what) const
    {
        if (!cuda::cudaSupportsType(w.type))
            throw Error(std::string("the CUDA backend has no kernel for ") + what + " of type " + typeName(w.type));
        if (w.cols % cuda::columnMultiple(w.type) != 0)
            throw Error(std::string("the CUDA backend needs ") + what + "'s row length (" + std::to_string(w.cols)
                        + ") to be a multiple of " + std::to_string(cuda::columnMultiple(w.type)));
    }

    // Every tensor of the stage once (a tied output head is the embedding on a single GPU; the last
    // of several GPUs keeps its own copy), in the order they are uploaded.
    size_t planWeights(Stage& s)
    {
        checkMatrix(d_.weights.tokenEmbedding, "the token embedding");
        checkMatrix(d_.weights.output, "the output head");
        size_t bytes = 0;
        const auto add = [&](const Weight& w) {
            if (!w.present() || s.offsets.count(w.data))
                return;
            const size_t size = w.matrixStride * size_t(w.count);
            s.offsets.emplace(w.data, std::make_pair(bytes, size));
            bytes += alignUp(size);
        };
        if (s.embeds)
            add(d_.weights.tokenEmbedding);
        if (s.outputs) {
            add(d_.weights.outputNorm);
            add(d_.weights.output);
        }
        for (uint32_t i = s.layers.first; i < s.layers.first + s.layers.count; ++i) {
            const LayerWeights& l = d_.weights.layers[i];
            for (const auto* m : {&l.wq, &l.wk, &l.wv, &l.wo, &l.ffnGate, &l.ffnUp, &l.ffnDown, &l.router, &l.gateExps,
                                  &l.upExps, &l.downExps})
                if (m->present())
                    checkMatrix(*m, "a layer matrix");
            // One launch computes gate and up of every chosen expert on one quantization of x.
            if (l.gateExps.present() && l.gateExps.type != l.upExps.type)
                throw Error("the CUDA backend needs ffn_gate_exps and ffn_up_exps of one type, not "
                            + typeName(l.gateExps.type) + " and " + typeName(l.upExps.type));
            for (const Weight* w : {&l.attnNorm, &l.wq, &l.wk, &l.wv, &l.wo, &l.bq, &l.bk, &l.bv, &l.qNorm, &l.kNorm,
                                    &l.ffnNorm, &l.ffnGate, &l.ffnUp, &l.ffnDown, &l.router})
                add(*w);
            // A hybrid layer's experts go to its VRAM slots (HybridExperts), not whole stacks.
            if (!hybrid_ || !hybrid_->hybrid(i))
                for (const Weight* w : {&l.gateExps, &l.upExps, &l.downExps})
                    add(*w);
        }
        return bytes;
    }

    void upload(Stage& s)
    {
        std::byte* base = s.arena->take<std::byte>(0);
        for (const auto& [host, placement] : s.offsets) {
            check(cudaMemcpy(base + placement.first, host, placement.second, cudaMemcpyHostToDevice),
                  "uploading the weights");
            s.copies.emplace(host, base + placement.first);
        }
        // The arena hands out the scratch after the weights.
        size_t weightBytes = 0;
        for (const auto& [host, placement] : s.offsets)
            weightBytes = std::max(weightBytes, placement.first + alignUp(placement.second));
        s.arena->take<std::byte>(weightBytes);

        if (s.embeds)
            s.embedding = matrix(s, d_.weights.tokenEmbedding);
        if (s.outputs) {
            s.output = matrix(s, d_.weights.output);
            s.outputNorm = vector(s, d_.weights.outputNorm);
        }
        for (uint32_t i = s.layers.first; i < s.layers.first + s.layers.count; ++i) {
            const LayerWeights& l = d_.weights.layers[i];
            LayerOnDevice ld;
            ld.attnNorm = vector(s, l.attnNorm);
            ld.ffnNorm = vector(s, l.ffnNorm);
            ld.bq = vector(s, l.bq), ld.bk = vector(s, l.bk), ld.bv = vector(s, l.bv);
            ld.qNorm = vector(s, l.qNorm), ld.kNorm = vector(s, l.kNorm);
            ld.wq = matrix(s, l.wq), ld.wk = matrix(s, l.wk), ld.wv = matrix(s, l.wv), ld.wo = matrix(s, l.wo);
            if (hybrid_ && hybrid_->hybrid(i)) {
                ld.moe = hybrid_->stacks(i, matrix(s, l.router));
            } else if (h_.isMoe()) {
                ld.moe = {matrix(s, l.router), experts(s, l.gateExps), experts(s, l.upExps), experts(s, l.downExps)};
            } else {
                ld.gate = matrix(s, l.ffnGate), ld.up = matrix(s, l.ffnUp), ld.down = matrix(s, l.ffnDown);
            }
            s.weights.push_back(ld);
        }
    }

    static DeviceMatrix matrix(const Stage& s, const Weight& w)
    {
        return DeviceMatrix{w.type, s.copies.at(w.data), w.rows, w.cols, w.rowStride};
    }

    static cuda::DeviceExperts experts(const Stage& s, const Weight& w)
    {
        return {matrix(s, w), w.matrixStride, int(w.count)};
    }

    static const float* vector(const Stage& s, const Weight& w)
    {
        return w.present() ? reinterpret_cast<const float*>(s.copies.at(w.data)) : nullptr;
    }

    static void carveScratch(Stage& s, const ScratchPlan& p)
    {
        cuda::DeviceArena& a = *s.arena;
        s.x = a.take<float>(p.nTokens * p.nEmbd);
        s.xn = a.take<float>(p.nTokens * p.nEmbd);
        s.q = a.take<float>(p.nTokens * p.qWidth);
        s.k = a.take<float>(p.nTokens * p.kvWidth);
        s.v = a.take<float>(p.nTokens * p.kvWidth);
        s.attn = a.take<float>(p.nTokens * p.qWidth);
        s.gate = a.take<float>(p.nTokens * p.ffWidth);
        s.up = a.take<float>(p.nTokens * p.ffWidth);
        s.logitsDev = a.take<float>(p.vocab);
        s.act.q = a.take<int8_t>(p.nTokens * p.maxCols);
        s.act.scales = a.take<float>(p.nTokens * p.maxCols / 32);
        s.act.sums = a.take<float>(p.nTokens * p.maxCols / 32);
        s.tokensDev = a.take<int32_t>(p.nTokens);
        s.startDev = a.take<int32_t>(1);
        s.splitStats = a.take<float>(p.attentionSplitFloats);
    }

    // The residual stream of the pass so far goes to the next GPU (a peer copy over NVLink or PCIe,
    // or through the host where peers cannot reach each other); that GPU's stream waits for it.
    void handOver(Stage& from, Stage& to, uint32_t nTokens) const
    {
        check(cudaMemcpyPeerAsync(to.x, to.layers.device, from.x, from.layers.device,
                                  size_t(nTokens) * h_.embedding * sizeof(float), from.stream),
              "copying the activations to the next GPU");
        check(cudaEventRecord(from.handedOver, from.stream), "recording the hand-over");
    }

    cudaGraphExec_t captureDecode(cuda::CudaSequence& seq, Stage& s)
    {
        check(cudaStreamBeginCapture(s.stream, cudaStreamCaptureModeThreadLocal), "capturing the decode graph");
        cudaGraph_t graph = nullptr;
        try {
            enqueue(seq, s, 1, true);
        } catch (...) {
            cudaStreamEndCapture(s.stream, &graph);
            if (graph)
                cudaGraphDestroy(graph);
            throw;
        }
        check(cudaStreamEndCapture(s.stream, &graph), "capturing the decode graph");
        cudaGraphExec_t exec = nullptr;
        const cudaError_t err = cudaGraphInstantiate(&exec, graph, 0);
        cudaGraphDestroy(graph);
        check(err, "instantiating the decode graph");
        return exec;
    }

    // The first of `users` that computes on int8 activations (its type picks their rounding).
    static const DeviceMatrix* q8User(std::initializer_list<const DeviceMatrix*> users)
    {
        for (const DeviceMatrix* w : users)
            if (cuda::usesQ8Activations(w->type))
                return w;
        return nullptr;
    }

    // Quantizes `rows` x `cols` activations once when any of the matrices computes on int8 ones
    // (every integer type reads the same 32-value blocks, so one quantization serves them all).
    static void prepare(Stage& s, std::initializer_list<const DeviceMatrix*> users, const float* x, int rows,
                        int64_t cols)
    {
        if (const DeviceMatrix* w = q8User(users))
            cuda::quantizeQ8(x, rows, cols, cuda::q8FormatFor(w->type), s.act, s.stream);
    }

    // RMSNorm of `rows` rows of the embedding, quantized in the same launch when `users` need it.
    void normalize(Stage& s, const float* x, const float* weight, float* out, int rows,
                   std::initializer_list<const DeviceMatrix*> users) const
    {
        const int nEmbd = int(h_.embedding);
        if (const DeviceMatrix* w = q8User(users))
            cuda::rmsNormQuantize(x, weight, out, rows, nEmbd, h_.rmsEps, cuda::q8FormatFor(w->type), s.act, s.stream);
        else
            cuda::rmsNorm(x, weight, out, rows, nEmbd, h_.rmsEps, s.stream);
    }

    // y_i = W_i . x for up to three matrices: one launch when they share type and row length.
    static void products(Stage& s, std::initializer_list<cuda::MatmulTarget> targets, const float* x, int tokens)
    {
        const cuda::MatmulTarget& first = *targets.begin();
        bool shared = true;
        for (const cuda::MatmulTarget& t : targets)
            shared = shared && t.w->type == first.w->type && t.w->cols == first.w->cols;
        if (shared) {
            cuda::matmul(std::span(targets.begin(), targets.size()), x, s.act, tokens, false, s.stream);
            return;
        }
        for (const cuda::MatmulTarget& t : targets)
            cuda::matmul(*t.w, x, s.act, tokens, t.y, t.ldy, false, s.stream);
    }

    // The stage's part of the forward pass of T tokens, enqueued on its stream (also what its decode
    // graph holds). Per layer of a quantized llama or qwen3 (its q/k norms run in the RoPE launch):
    // 10 launches (norm+quantize, q/k/v, rope+KV store, attention, quantize, o, norm+quantize,
    // gate/up, SwiGLU+quantize, down).
    void enqueue(cuda::CudaSequence& seq, Stage& s, uint32_t nTokens, bool wantLogits)
    {
        const int t = int(nTokens);
        const int64_t nEmbd = h_.embedding, qWidth = h_.qDim(), kvWidth = h_.kvDim(), ffWidth = h_.feedForward;
        const int dHead = int(h_.headDim);
        if (s.embeds)
            check(cudaMemcpyAsync(s.tokensDev, tokensHost_->get(), nTokens * sizeof(int32_t), cudaMemcpyHostToDevice,
                                  s.stream),
                  "copying the tokens");
        check(cudaMemcpyAsync(s.startDev, startHost_->get(), sizeof(int32_t), cudaMemcpyHostToDevice, s.stream),
              "copying the position");
        if (s.embeds)
            cuda::embedRows(s.embedding, s.tokensDev, t, s.x, s.stream);
        cuda::AttentionSplits splits{cuda::attentionSplitsFor(seq.capacity(), t), s.splitStats, nullptr};
        splits.partial = s.splitStats + 2 * cuda::kMaxSplitTokens * h_.heads * cuda::kMaxAttentionSplits;
        for (uint32_t l = s.layers.first; l < s.layers.first + s.layers.count; ++l) {
            const LayerOnDevice& w = s.layer(l);
            normalize(s, s.x, w.attnNorm, s.xn, t, {&w.wq, &w.wk, &w.wv});
            products(s, {{&w.wq, s.q, qWidth}, {&w.wk, s.k, kvWidth}, {&w.wv, s.v, kvWidth}}, s.xn, t);
            if (w.bq) {
                cuda::addBias(s.q, w.bq, t, int(qWidth), s.stream);
                cuda::addBias(s.k, w.bk, t, int(kvWidth), s.stream);
                cuda::addBias(s.v, w.bv, t, int(kvWidth), s.stream);
            }
            // qwen3's q/k head norms (null otherwise) run inside the RoPE launch.
            cuda::ropeStoreKv(s.q, int(h_.heads), qWidth, s.k, s.v, int(h_.kvHeads), kvWidth, dHead, t, s.startDev,
                              rope_, seq.keys(l), seq.values(l), s.stream, {w.qNorm, w.kNorm, h_.rmsEps});
            cuda::attention(s.q, t, int(h_.heads), int(h_.kvHeads), dHead, seq.keys(l), seq.values(l), s.startDev,
                            scale_, s.attn, splits, s.stream);
            prepare(s, {&w.wo}, s.attn, t, qWidth);
            cuda::matmul(w.wo, s.attn, s.act, t, s.x, nEmbd, true, s.stream);  // x += wo . attn

            if (s.moe) {
                normalize(s, s.x, w.ffnNorm, s.xn, t, {&w.moe.gate.first});
                if (hybrid_ && hybrid_->hybrid(l))  // x += the resident experts' sum and the CPU's
                    hybrid_->run(l, *s.moe, w.moe.router, s.xn, s.act, s.x, t, s.stream);
                else
                    s.moe->enqueue(w.moe, s.xn, s.act, s.x, t, s.stream);  // x += the chosen experts' weighted sum
                continue;
            }
            normalize(s, s.x, w.ffnNorm, s.xn, t, {&w.gate, &w.up});
            products(s, {{&w.gate, s.gate, ffWidth}, {&w.up, s.up, ffWidth}}, s.xn, t);
            if (const DeviceMatrix* q = q8User({&w.down}))
                cuda::swigluQuantize(s.gate, s.up, s.gate, t, ffWidth, cuda::q8FormatFor(q->type), s.act, s.stream);
            else
                cuda::swiglu(s.gate, s.up, s.gate, int64_t(t) * ffWidth, s.stream);
            cuda::matmul(w.down, s.gate, s.act, t, s.x, nEmbd, true, s.stream);  // x += down . swiglu
        }
        if (hybrid_)
            hybrid_->endPass(nTokens, s.stream);
        if (wantLogits && s.outputs) {
            normalize(s, s.x + (t - 1) * nEmbd, s.outputNorm, s.xn, 1, {&s.output});
            cuda::matmul(s.output, s.xn, s.act, 1, s.logitsDev, h_.vocabSize, false, s.stream);
            check(cudaMemcpyAsync(logitsHost_->get(), s.logitsDev, h_.vocabSize * sizeof(float), cudaMemcpyDeviceToHost,
                                  s.stream),
                  "copying the logits");
        }
        check(cudaGetLastError(), "launching the forward pass");
    }

    const ModelDefinition& d_;
    const Hparams& h_;
    CudaBackendOptions o_;
    cuda::RopeDeviceParams rope_;
    float scale_;
    std::shared_ptr<std::atomic<size_t>> inUse_;
    std::map<int, std::string> deviceNames_;
    std::unique_ptr<cuda::HybridExperts> hybrid_;  // hybrid expert placements only (one GPU)
    std::vector<std::unique_ptr<Stage>> stages_;   // in layer order: one per GPU in use
    std::unique_ptr<cuda::PinnedBuffer<int32_t>> tokensHost_, startHost_;
    std::unique_ptr<cuda::PinnedBuffer<float>> logitsHost_;
    cudaEvent_t done_ = nullptr;            // on the last stage's stream
    cuda::HostWaiter waiter_{o_.hostWait};  // for done_: learns a decode step's time (adaptive)
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend(const ModelDefinition& definition, CudaBackendOptions options)
{
    return std::make_unique<CudaBackend>(definition, options);
}

double cudaReadBandwidthGBs(int device, size_t bytes, int reps)
{
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || device < 0 || device >= count) {
        cudaGetLastError();
        throw Error("no CUDA device " + std::to_string(device) + " to measure the read bandwidth of");
    }
    check(cudaSetDevice(device), "selecting the device");
    return cuda::measureReadBandwidth(bytes, reps);
}

}  // namespace strata::model
