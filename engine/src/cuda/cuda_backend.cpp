// Executes a DecoderPlan (dense or mixture-of-experts FFN: cuda_moe_ffn) on one NVIDIA GPU.
// Everything a forward pass touches is in VRAM and sized at load: the weights (uploaded once, GGUF
// block layouts unchanged), the activations of maxBatch tokens, and the sequences' KV caches. A
// decode step is one replay of a CUDA graph captured for the sequence (token id and position are
// read from device memory, so the graph serves every position); by default the host sleeps on a
// blocking-sync event until the logits are back (CudaBackendOptions::hostWait).
#include "strata/model/cuda_backend.hpp"

#include "cuda_check.hpp"
#include "cuda_host_wait.hpp"
#include "cuda_hybrid_experts.hpp"
#include "cuda_kernels.hpp"
#include "cuda_moe_ffn.hpp"
#include "cuda_sequence.hpp"
#include "strata/core/error.hpp"

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

using cuda::check;
using cuda::DeviceMatrix;

constexpr size_t kAlign = 256;

size_t alignUp(size_t n)
{
    return (n + kAlign - 1) / kAlign * kAlign;
}

std::string mib(size_t bytes)
{
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

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

// One cudaMalloc for all weights and scratch, handed out in 256-byte aligned pieces.
class DeviceArena {
public:
    explicit DeviceArena(size_t bytes)
    {
        check(cudaMalloc(&base_, bytes), ("allocating " + mib(bytes) + " of VRAM").c_str());
        size_ = bytes;
    }
    ~DeviceArena() { cudaFree(base_); }
    DeviceArena(const DeviceArena&) = delete;
    DeviceArena& operator=(const DeviceArena&) = delete;

    template <class T>
    T* take(size_t count)
    {
        const size_t at = used_;
        used_ = alignUp(used_ + count * sizeof(T));
        if (used_ > size_)
            throw Error("internal: the CUDA arena is smaller than its plan");
        return reinterpret_cast<T*>(static_cast<std::byte*>(base_) + at);
    }

private:
    void* base_ = nullptr;
    size_t size_ = 0, used_ = 0;
};

template <class T>
class PinnedBuffer {
public:
    explicit PinnedBuffer(size_t count)
    {
        check(cudaMallocHost(reinterpret_cast<void**>(&p_), count * sizeof(T)), "allocating pinned host memory");
    }
    ~PinnedBuffer() { cudaFreeHost(p_); }
    PinnedBuffer(const PinnedBuffer&) = delete;
    PinnedBuffer& operator=(const PinnedBuffer&) = delete;
    T* get() const { return p_; }

private:
    T* p_ = nullptr;
};

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

class CudaBackend final : public Backend {
public:
    CudaBackend(const ModelDefinition& d, CudaBackendOptions o)
        : d_(d), h_(d.hparams), o_(o), rope_(ropeParams(d.hparams)),
          scale_(h_.attentionScale > 0.0f ? h_.attentionScale : 1.0f / std::sqrt(float(h_.headDim))),
          inUse_(std::make_shared<std::atomic<size_t>>(0))
    {
        checkSupported();
        selectDevice();
        const size_t ffn = h_.isMoe() ? 0 : h_.feedForward;  // a MoE FFN keeps its scratch in moe_
        const ScratchPlan scratch{o.maxBatch,
                                  h_.embedding,
                                  h_.qDim(),
                                  h_.kvDim(),
                                  ffn,
                                  h_.vocabSize,
                                  std::max<size_t>({h_.embedding, h_.qDim(), ffn}),
                                  cuda::attentionSplitFloats(int(h_.heads), int(h_.headDim))};
        if (h_.isMoe())
            moe_ = std::make_unique<cuda::MoeFeedForward>(h_, o.maxBatch);
        if (h_.isMoe() && o.experts.placement != ExpertPlacement::Gpu) {
            hybrid_ = std::make_unique<cuda::HybridExperts>(d, o);
            if (!hybrid_->any())  // every layer fits whole: the full-GPU path
                hybrid_.reset();
        }
        const size_t weightBytes = planWeights();
        const size_t moeBytes = moe_ ? moe_->scratchBytes() : 0;
        const size_t hybridBytes = hybrid_ ? hybrid_->vramBytes() : 0;
        const size_t needed = weightBytes + scratch.bytes() + moeBytes + hybridBytes;
        requireVram(needed, "its weights (" + mib(weightBytes + hybridBytes) + ") and scratch for "
                                + std::to_string(o.maxBatch) + " tokens (" + mib(scratch.bytes() + moeBytes) + ")");
        arena_ = std::make_unique<DeviceArena>(needed);
        *inUse_ += needed;
        if (hybrid_)  // before upload(): its layers read the slot stacks' addresses
            hybrid_->carve(arena_->take<std::byte>(hybridBytes));
        upload();
        carveScratch(scratch);
        if (moe_)
            moe_->carve(arena_->take<std::byte>(moeBytes));
        tokensHost_ = std::make_unique<PinnedBuffer<int32_t>>(o.maxBatch);
        startHost_ = std::make_unique<PinnedBuffer<int32_t>>(1);
        logitsHost_ = std::make_unique<PinnedBuffer<float>>(h_.vocabSize);
        check(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking), "creating a stream");
        // By default the host sleeps in the driver until the GPU is done instead of spinning on a core.
        check(cudaEventCreateWithFlags(&done_, cuda::eventFlagsFor(o.hostWait)), "creating an event");
    }

    ~CudaBackend() override
    {
        hybrid_.reset();  // its stager may still copy into the arena
        if (done_)
            cudaEventDestroy(done_);
        if (stream_)
            cudaStreamDestroy(stream_);
        arena_.reset();
    }

    std::string name() const override { return "cuda:" + deviceName_; }
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
        check(cudaSetDevice(o_.device), "selecting the device");
        requireVram(cuda::CudaSequence::bytesFor(h_, contextLength),
                    "a KV cache of " + std::to_string(contextLength) + " positions");
        return std::make_unique<cuda::CudaSequence>(h_, contextLength, inUse_);
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

        check(cudaSetDevice(o_.device), "selecting the device");
        std::memcpy(tokensHost_->get(), tokens.data(), nTokens * sizeof(int32_t));
        *startHost_->get() = int32_t(start);
        const bool wantLogits = !logits.empty();
        const auto queued = cuda::HostWaiter::Clock::now();
        // A hybrid layer needs the host in the middle of the pass: no graph then.
        if (nTokens == 1 && wantLogits && o_.decodeGraphs && !hybrid_) {
            if (!seq.decodeGraph)
                seq.decodeGraph = captureDecode(seq);
            check(cudaGraphLaunch(seq.decodeGraph, stream_), "launching the decode graph");
        } else {
            enqueue(seq, nTokens, wantLogits);
        }
        check(cudaEventRecord(done_, stream_), "recording the completion event");
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

    void selectDevice()
    {
        int count = 0;
        const cudaError_t err = cudaGetDeviceCount(&count);
        if (err != cudaSuccess || count == 0) {
            cudaGetLastError();
            throw Error(std::string("no CUDA device is usable: ")
                        + (err == cudaSuccess ? "none found" : cudaGetErrorString(err)));
        }
        if (o_.device < 0 || o_.device >= count)
            throw Error("CUDA device " + std::to_string(o_.device) + " does not exist (" + std::to_string(count)
                        + " found)");
        check(cudaSetDevice(o_.device), "selecting the device");
        // Blocking sync for every wait of this process on the device (the seeds: a spinning wait
        // cost ~15% of decode on a GPU box). Refused once the context exists: the event below is
        // blocking-sync by itself, so that refusal changes nothing here.
        if (cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync) != cudaSuccess)
            cudaGetLastError();
        cudaDeviceProp prop{};
        check(cudaGetDeviceProperties(&prop, o_.device), "reading the device properties");
        deviceName_ = prop.name;
    }

    void requireVram(size_t bytes, const std::string& what) const
    {
        size_t freeBytes = 0, totalBytes = 0;
        check(cudaMemGetInfo(&freeBytes, &totalBytes), "reading free VRAM");
        const std::string gpu = "GPU " + std::to_string(o_.device) + " (" + deviceName_ + ")";
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

    // Every tensor once (a tied output head is the embedding), in the order they are uploaded.
    size_t planWeights()
    {
        checkMatrix(d_.weights.tokenEmbedding, "the token embedding");
        checkMatrix(d_.weights.output, "the output head");
        size_t bytes = 0;
        const auto add = [&](const Weight& w) {
            if (!w.present() || offsets_.count(w.data))
                return;
            const size_t size = w.matrixStride * size_t(w.count);
            offsets_.emplace(w.data, std::make_pair(bytes, size));
            bytes += alignUp(size);
        };
        add(d_.weights.tokenEmbedding);
        add(d_.weights.outputNorm);
        add(d_.weights.output);
        for (uint32_t i = 0; i < d_.weights.layers.size(); ++i) {
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

    void upload()
    {
        std::byte* base = arena_->take<std::byte>(0);
        for (const auto& [host, placement] : offsets_) {
            check(cudaMemcpy(base + placement.first, host, placement.second, cudaMemcpyHostToDevice),
                  "uploading the weights");
            device_.emplace(host, base + placement.first);
        }
        // The arena hands out the scratch after the weights.
        size_t weightBytes = 0;
        for (const auto& [host, placement] : offsets_)
            weightBytes = std::max(weightBytes, placement.first + alignUp(placement.second));
        arena_->take<std::byte>(weightBytes);

        embedding_ = matrix(d_.weights.tokenEmbedding);
        output_ = matrix(d_.weights.output);
        outputNorm_ = vector(d_.weights.outputNorm);
        for (uint32_t i = 0; i < d_.weights.layers.size(); ++i) {
            const LayerWeights& l = d_.weights.layers[i];
            LayerOnDevice ld;
            ld.attnNorm = vector(l.attnNorm);
            ld.ffnNorm = vector(l.ffnNorm);
            ld.bq = vector(l.bq), ld.bk = vector(l.bk), ld.bv = vector(l.bv);
            ld.qNorm = vector(l.qNorm), ld.kNorm = vector(l.kNorm);
            ld.wq = matrix(l.wq), ld.wk = matrix(l.wk), ld.wv = matrix(l.wv), ld.wo = matrix(l.wo);
            if (hybrid_ && hybrid_->hybrid(i)) {
                ld.moe = hybrid_->stacks(i, matrix(l.router));
            } else if (moe_) {
                ld.moe = {matrix(l.router), experts(l.gateExps), experts(l.upExps), experts(l.downExps)};
            } else {
                ld.gate = matrix(l.ffnGate), ld.up = matrix(l.ffnUp), ld.down = matrix(l.ffnDown);
            }
            layers_.push_back(ld);
        }
    }

    DeviceMatrix matrix(const Weight& w) const
    {
        return DeviceMatrix{w.type, device_.at(w.data), w.rows, w.cols, w.rowStride};
    }

    cuda::DeviceExperts experts(const Weight& w) const { return {matrix(w), w.matrixStride, int(w.count)}; }

    const float* vector(const Weight& w) const
    {
        return w.present() ? reinterpret_cast<const float*>(device_.at(w.data)) : nullptr;
    }

    void carveScratch(const ScratchPlan& s)
    {
        x_ = arena_->take<float>(s.nTokens * s.nEmbd);
        xn_ = arena_->take<float>(s.nTokens * s.nEmbd);
        q_ = arena_->take<float>(s.nTokens * s.qWidth);
        k_ = arena_->take<float>(s.nTokens * s.kvWidth);
        v_ = arena_->take<float>(s.nTokens * s.kvWidth);
        attn_ = arena_->take<float>(s.nTokens * s.qWidth);
        gate_ = arena_->take<float>(s.nTokens * s.ffWidth);
        up_ = arena_->take<float>(s.nTokens * s.ffWidth);
        logitsDev_ = arena_->take<float>(s.vocab);
        act_.q = arena_->take<int8_t>(s.nTokens * s.maxCols);
        act_.scales = arena_->take<float>(s.nTokens * s.maxCols / 32);
        act_.sums = arena_->take<float>(s.nTokens * s.maxCols / 32);
        tokensDev_ = arena_->take<int32_t>(s.nTokens);
        startDev_ = arena_->take<int32_t>(1);
        splitStats_ = arena_->take<float>(s.attentionSplitFloats);
    }

    cudaGraphExec_t captureDecode(cuda::CudaSequence& seq)
    {
        check(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal), "capturing the decode graph");
        cudaGraph_t graph = nullptr;
        try {
            enqueue(seq, 1, true);
        } catch (...) {
            cudaStreamEndCapture(stream_, &graph);
            if (graph)
                cudaGraphDestroy(graph);
            throw;
        }
        check(cudaStreamEndCapture(stream_, &graph), "capturing the decode graph");
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
    void prepare(std::initializer_list<const DeviceMatrix*> users, const float* x, int rows, int64_t cols)
    {
        if (const DeviceMatrix* w = q8User(users))
            cuda::quantizeQ8(x, rows, cols, cuda::q8FormatFor(w->type), act_, stream_);
    }

    // RMSNorm of `rows` rows of the embedding, quantized in the same launch when `users` need it.
    void normalize(const float* x, const float* weight, float* out, int rows,
                   std::initializer_list<const DeviceMatrix*> users)
    {
        const int nEmbd = int(h_.embedding);
        if (const DeviceMatrix* w = q8User(users))
            cuda::rmsNormQuantize(x, weight, out, rows, nEmbd, h_.rmsEps, cuda::q8FormatFor(w->type), act_, stream_);
        else
            cuda::rmsNorm(x, weight, out, rows, nEmbd, h_.rmsEps, stream_);
    }

    // y_i = W_i . x for up to three matrices: one launch when they share type and row length.
    void products(std::initializer_list<cuda::MatmulTarget> targets, const float* x, int tokens)
    {
        const cuda::MatmulTarget& first = *targets.begin();
        bool shared = true;
        for (const cuda::MatmulTarget& t : targets)
            shared = shared && t.w->type == first.w->type && t.w->cols == first.w->cols;
        if (shared) {
            cuda::matmul(std::span(targets.begin(), targets.size()), x, act_, tokens, false, stream_);
            return;
        }
        for (const cuda::MatmulTarget& t : targets)
            cuda::matmul(*t.w, x, act_, tokens, t.y, t.ldy, false, stream_);
    }

    // The whole forward pass of T tokens, enqueued on the stream (also what the decode graph holds).
    // Per layer of a quantized llama or qwen3 (its q/k norms run in the RoPE launch): 10 launches
    // (norm+quantize, q/k/v, rope+KV store, attention, quantize, o, norm+quantize, gate/up,
    // SwiGLU+quantize, down).
    void enqueue(cuda::CudaSequence& seq, uint32_t nTokens, bool wantLogits)
    {
        const int t = int(nTokens);
        const int64_t nEmbd = h_.embedding, qWidth = h_.qDim(), kvWidth = h_.kvDim(), ffWidth = h_.feedForward;
        const int dHead = int(h_.headDim);
        check(
            cudaMemcpyAsync(tokensDev_, tokensHost_->get(), nTokens * sizeof(int32_t), cudaMemcpyHostToDevice, stream_),
            "copying the tokens");
        check(cudaMemcpyAsync(startDev_, startHost_->get(), sizeof(int32_t), cudaMemcpyHostToDevice, stream_),
              "copying the position");
        cuda::embedRows(embedding_, tokensDev_, t, x_, stream_);
        cuda::AttentionSplits splits{cuda::attentionSplitsFor(seq.capacity(), t), splitStats_, nullptr};
        splits.partial = splitStats_ + 2 * cuda::kMaxSplitTokens * h_.heads * cuda::kMaxAttentionSplits;
        for (uint32_t l = 0; l < h_.layers; ++l) {
            const LayerOnDevice& w = layers_[l];
            normalize(x_, w.attnNorm, xn_, t, {&w.wq, &w.wk, &w.wv});
            products({{&w.wq, q_, qWidth}, {&w.wk, k_, kvWidth}, {&w.wv, v_, kvWidth}}, xn_, t);
            if (w.bq) {
                cuda::addBias(q_, w.bq, t, int(qWidth), stream_);
                cuda::addBias(k_, w.bk, t, int(kvWidth), stream_);
                cuda::addBias(v_, w.bv, t, int(kvWidth), stream_);
            }
            // qwen3's q/k head norms (null otherwise) run inside the RoPE launch.
            cuda::ropeStoreKv(q_, int(h_.heads), qWidth, k_, v_, int(h_.kvHeads), kvWidth, dHead, t, startDev_, rope_,
                              seq.keys(l), seq.values(l), stream_, {w.qNorm, w.kNorm, h_.rmsEps});
            cuda::attention(q_, t, int(h_.heads), int(h_.kvHeads), dHead, seq.keys(l), seq.values(l), startDev_, scale_,
                            attn_, splits, stream_);
            prepare({&w.wo}, attn_, t, qWidth);
            cuda::matmul(w.wo, attn_, act_, t, x_, nEmbd, true, stream_);  // x += wo . attn

            if (moe_) {
                normalize(x_, w.ffnNorm, xn_, t, {&w.moe.gate.first});
                if (hybrid_ && hybrid_->hybrid(l))  // x += the resident experts' sum and the CPU's
                    hybrid_->run(l, *moe_, w.moe.router, xn_, act_, x_, t, stream_);
                else
                    moe_->enqueue(w.moe, xn_, act_, x_, t, stream_);  // x += the chosen experts' weighted sum
                continue;
            }
            normalize(x_, w.ffnNorm, xn_, t, {&w.gate, &w.up});
            products({{&w.gate, gate_, ffWidth}, {&w.up, up_, ffWidth}}, xn_, t);
            if (const DeviceMatrix* q = q8User({&w.down}))
                cuda::swigluQuantize(gate_, up_, gate_, t, ffWidth, cuda::q8FormatFor(q->type), act_, stream_);
            else
                cuda::swiglu(gate_, up_, gate_, int64_t(t) * ffWidth, stream_);
            cuda::matmul(w.down, gate_, act_, t, x_, nEmbd, true, stream_);  // x += down . swiglu
        }
        if (hybrid_)
            hybrid_->endPass(nTokens, stream_);
        if (wantLogits) {
            normalize(x_ + (t - 1) * nEmbd, outputNorm_, xn_, 1, {&output_});
            cuda::matmul(output_, xn_, act_, 1, logitsDev_, h_.vocabSize, false, stream_);
            check(cudaMemcpyAsync(logitsHost_->get(), logitsDev_, h_.vocabSize * sizeof(float), cudaMemcpyDeviceToHost,
                                  stream_),
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
    std::string deviceName_;
    std::map<const std::byte*, std::pair<size_t, size_t>> offsets_;  // host tensor -> (arena offset, bytes)
    std::map<const std::byte*, const std::byte*> device_;            // host tensor -> its copy in VRAM
    std::unique_ptr<DeviceArena> arena_;
    DeviceMatrix embedding_, output_;
    const float* outputNorm_ = nullptr;
    std::vector<LayerOnDevice> layers_;
    std::unique_ptr<cuda::MoeFeedForward> moe_;    // mixture-of-experts models only
    std::unique_ptr<cuda::HybridExperts> hybrid_;  // hybrid expert placements only
    float *x_ = nullptr, *xn_ = nullptr, *q_ = nullptr, *k_ = nullptr, *v_ = nullptr, *attn_ = nullptr;
    float *gate_ = nullptr, *up_ = nullptr, *logitsDev_ = nullptr;
    cuda::Q8Activations act_;
    int32_t *tokensDev_ = nullptr, *startDev_ = nullptr;
    float* splitStats_ = nullptr;  // split-K attention scratch: statistics, then partial outputs
    std::unique_ptr<PinnedBuffer<int32_t>> tokensHost_, startHost_;
    std::unique_ptr<PinnedBuffer<float>> logitsHost_;
    cudaStream_t stream_ = nullptr;
    cudaEvent_t done_ = nullptr;
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
