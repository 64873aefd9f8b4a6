// Executes a DecoderPlan on the CPU: every matrix product and attention head is split over the
// worker pool, and so is a prefill batch's row-wise work (cpu_rows.hpp); a decode step's few rows
// stay on the host thread.
#include "strata/model/cpu_backend.hpp"

#include "cpu_attention.hpp"
#include "cpu_ffn.hpp"
#include "cpu_linear.hpp"
#include "cpu_rows.hpp"
#include "cpu_sequence.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/ops.hpp"
#include "strata/kernels/quantize.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace strata::model {
namespace {

using cpu::CpuSequence;

kernels::RopeParams ropeParams(const Hparams& h)
{
    kernels::RopeParams p;
    p.nDims = h.rope.dims;
    p.neox = h.rope.style == RopeStyle::NeoX;
    p.freqBase = h.rope.freqBase;
    p.freqScale = h.rope.scaling == RopeScaling::None ? 1.0f : 1.0f / h.rope.scaleFactor;
    const bool yarn = h.rope.scaling == RopeScaling::Yarn;
    p.extFactor = h.rope.yarnExtFactor >= 0.0f ? h.rope.yarnExtFactor : (yarn ? 1.0f : 0.0f);
    p.attnFactor = h.rope.yarnAttnFactor;
    p.betaFast = h.rope.yarnBetaFast;
    p.betaSlow = h.rope.yarnBetaSlow;
    p.nCtxOrig = h.rope.originalContext;
    return p;
}

class CpuBackend final : public Backend {
public:
    CpuBackend(const ModelDefinition& d, pool::WorkerPool& pool, CpuBackendOptions o)
        : d_(d), h_(d.hparams), pool_(pool), k_(kernels::defaultKernels()), maxBatch_(o.maxBatch),
          rope_(ropeParams(d.hparams)), attention_(d.hparams, pool.workerCount() + 1),
          ffn_(d.hparams, o.maxBatch, std::move(o.onRouting)), onRouterInput_(std::move(o.onRouterInput))
    {
        const size_t nTokens = maxBatch_;
        x_.resize(nTokens * h_.embedding);
        xn_.resize(nTokens * h_.embedding);
        q_.resize(nTokens * h_.qDim());
        kBuf_.resize(nTokens * h_.kvDim());
        v_.resize(nTokens * h_.kvDim());
        attn_.resize(nTokens * h_.qDim());
        tmp_.resize(nTokens * h_.embedding);
        angles_.resize(nTokens);
    }

    std::string name() const override { return "cpu"; }
    uint32_t maxBatch() const override { return maxBatch_; }

    std::unique_ptr<Sequence> newSequence(uint32_t contextLength, KvType kv) override
    {
        return std::make_unique<CpuSequence>(h_, contextLength, kv);
    }

    void forward(Sequence& base, std::span<const int32_t> tokens, std::span<float> logits) override
    {
        auto* seqp = dynamic_cast<CpuSequence*>(&base);
        if (!seqp)
            throw Error("internal: a sequence of another backend was given to the CPU backend");
        CpuSequence& seq = *seqp;
        const uint32_t nTokens = uint32_t(tokens.size()), start = seq.length();
        if (nTokens == 0)
            return;
        if (nTokens > maxBatch_)
            throw Error("internal: batch of " + std::to_string(nTokens) + " tokens exceeds "
                        + std::to_string(maxBatch_));
        if (size_t(start) + nTokens > seq.capacity())
            throw Error("the context is full: " + std::to_string(start) + " + " + std::to_string(nTokens)
                        + " tokens do not fit in " + std::to_string(seq.capacity()));
        if (!logits.empty() && logits.size() < h_.vocabSize)
            throw Error("internal: logits buffer smaller than the vocabulary");

        embed(tokens);
        // Each position's rotation once, for every layer's queries and keys.
        cpu::forEachRow(pool_, nTokens, size_t(rope_.nDims),
                        [&](size_t t) { kernels::ropeAngles(int64_t(start + t), rope_, angles_[t]); });
        for (uint32_t l = 0; l < h_.layers; ++l)
            layer(seq, l, start, nTokens);
        seq.setLength(start + nTokens);
        if (!logits.empty())
            output(nTokens - 1, logits.data());
    }

private:
    void embed(std::span<const int32_t> tokens)
    {
        const Weight& emb = d_.weights.tokenEmbedding;
        for (const int32_t id : tokens)  // checked first: the rows below run on the pool
            if (id < 0 || uint32_t(id) >= h_.vocabSize)
                throw Error("token id " + std::to_string(id) + " is outside the vocabulary ("
                            + std::to_string(h_.vocabSize) + " tokens)");
        cpu::forEachRow(pool_, tokens.size(), h_.embedding, [&](size_t t) {
            kernels::dequantizeRow(emb.type, emb.data + size_t(tokens[t]) * emb.rowStride, x_.data() + t * h_.embedding,
                                   h_.embedding);
        });
    }

    void rmsNormRows(const float* in, const Weight& w, float* out, uint32_t rows, uint32_t n)
    {
        cpu::forEachRow(pool_, rows, n, [&](size_t t) { k_.rmsNorm(in + t * n, w.f32(), out + t * n, n, h_.rmsEps); });
    }

    // x += y, row by row (the residual connections).
    void addRows(float* x, const float* y, uint32_t rows)
    {
        const size_t n = h_.embedding;
        cpu::forEachRow(pool_, rows, n, [&](size_t t) { kernels::add(x + t * n, y + t * n, x + t * n, int64_t(n)); });
    }

    void addBiasRows(float* x, uint32_t rows, uint32_t cols, const Weight& bias)
    {
        cpu::forEachRow(pool_, rows, cols, [&](size_t t) { cpu::addBias(x + t * cols, 1, cols, cols, bias.f32()); });
    }

    void layer(CpuSequence& seq, uint32_t l, uint32_t start, uint32_t nTokens)
    {
        const LayerWeights& w = d_.weights.layers[l];
        const DecoderPlan& plan = d_.plan;
        // readHparams bounds qDim and kvDim by HparamLimits::kMaxAttentionWidth, so they fit.
        const uint32_t nEmbd = h_.embedding, qWidth = uint32_t(h_.qDim()), kvWidth = uint32_t(h_.kvDim()),
                       dHead = h_.headDim;

        // Attention.
        rmsNormRows(x_.data(), w.attnNorm, xn_.data(), nTokens, nEmbd);
        xq_.quantize(pool_, xn_.data(), nTokens, nEmbd, nEmbd, w.wq.type);
        if (xq_.suits(w.wk.type) && xq_.suits(w.wv.type)) {
            const cpu::LinearTarget qkv[] = {
                {&w.wq, q_.data(), qWidth}, {&w.wk, kBuf_.data(), kvWidth}, {&w.wv, v_.data(), kvWidth}};
            cpu::linearShared(pool_, k_, xq_, qkv);
        } else {
            cpu::linear(pool_, k_, xq_, w.wq, q_.data(), qWidth);
            if (!xq_.suits(w.wk.type))
                xq_.quantize(pool_, xn_.data(), nTokens, nEmbd, nEmbd, w.wk.type);
            cpu::linear(pool_, k_, xq_, w.wk, kBuf_.data(), kvWidth);
            if (!xq_.suits(w.wv.type))
                xq_.quantize(pool_, xn_.data(), nTokens, nEmbd, nEmbd, w.wv.type);
            cpu::linear(pool_, k_, xq_, w.wv, v_.data(), kvWidth);
        }
        if (plan.qkvBias) {
            addBiasRows(q_.data(), nTokens, qWidth, w.bq);
            addBiasRows(kBuf_.data(), nTokens, kvWidth, w.bk);
            addBiasRows(v_.data(), nTokens, kvWidth, w.bv);
        }
        if (plan.qkNorm) {
            rmsNormRows(q_.data(), w.qNorm, q_.data(), nTokens * h_.heads, dHead);
            rmsNormRows(kBuf_.data(), w.kNorm, kBuf_.data(), nTokens * h_.kvHeads, dHead);
        }
        if (nTokens == 1 && attention_.decodesFused(seq)) {
            // Decode: rope, the KV store and the output's quantization inside the attention batch.
            const cpu::Attention::DecodeStep step{q_.data(), kBuf_.data(), v_.data(), &rope_, &angles_[0]};
            if (!attention_.runDecodeFused(pool_, k_, seq, l, start, step, attn_.data(), xq_, w.wo.type))
                xq_.quantize(pool_, attn_.data(), nTokens, qWidth, qWidth, w.wo.type);
        } else {
            cpu::forEachRow(pool_, nTokens, qWidth + kvWidth, [&](size_t t) {
                kernels::ropeWith(q_.data() + t * qWidth, dHead, h_.heads, angles_[t], rope_);
                kernels::ropeWith(kBuf_.data() + t * kvWidth, dHead, h_.kvHeads, angles_[t], rope_);
                seq.store(l, start + uint32_t(t), 1, kBuf_.data() + t * kvWidth, v_.data() + t * kvWidth, kvWidth);
            });
            attention_.run(pool_, k_, seq, l, start, nTokens, q_.data(), qWidth, attn_.data(), qWidth);
            xq_.quantize(pool_, attn_.data(), nTokens, qWidth, qWidth, w.wo.type);
        }
        cpu::linear(pool_, k_, xq_, w.wo, tmp_.data(), nEmbd);
        addRows(x_.data(), tmp_.data(), nTokens);

        // Feed-forward.
        rmsNormRows(x_.data(), w.ffnNorm, xn_.data(), nTokens, nEmbd);
        if (plan.ffn == FfnKind::Dense) {
            ffn_.dense(pool_, k_, w, xn_.data(), nTokens, tmp_.data());
        } else {
            if (onRouterInput_)
                onRouterInput_(l, std::span<const float>(xn_.data(), size_t(nTokens) * nEmbd), nTokens);
            ffn_.moe(pool_, k_, w, xn_.data(), nTokens, tmp_.data(), l);
        }
        addRows(x_.data(), tmp_.data(), nTokens);
    }

    void output(uint32_t t, float* logits)
    {
        const uint32_t nEmbd = h_.embedding;
        k_.rmsNorm(x_.data() + size_t(t) * nEmbd, d_.weights.outputNorm.f32(), xn_.data(), nEmbd, h_.rmsEps);
        xq_.quantize(pool_, xn_.data(), 1, nEmbd, nEmbd, d_.weights.output.type);
        cpu::linear(pool_, k_, xq_, d_.weights.output, logits, h_.vocabSize);
    }

    const ModelDefinition& d_;
    const Hparams& h_;
    pool::WorkerPool& pool_;
    const kernels::KernelTable& k_;
    uint32_t maxBatch_;
    kernels::RopeParams rope_;
    cpu::Attention attention_;
    cpu::FeedForward ffn_;
    RouterInputObserver onRouterInput_;
    cpu::QuantizedRows xq_;
    std::vector<float> x_, xn_, q_, kBuf_, v_, attn_, tmp_;
    std::vector<kernels::RopeAngles> angles_;  // per token of the batch
};

}  // namespace

uint64_t cpuScratchBytes(const Hparams& h, uint32_t maxBatch)
{
    // Mirrors the constructors: the backend's rows (x, xn, tmp; q, attn; k, v; rotary angles), the widest
    // quantized activation rows, and the FFN's routed rows (cpu_ffn.cpp). Every factor is bounded
    // by HparamLimits, so the 64-bit sum cannot wrap.
    const uint64_t nTokens = maxBatch, nEmbd = h.embedding, qWidth = h.qDim(), kvWidth = h.kvDim();
    const uint64_t routed = nTokens * std::max<uint32_t>(h.expertsUsed, 1);
    const uint64_t ff = std::max(h.feedForward, h.expertFeedForward);
    const uint64_t floats = nTokens * (3 * nEmbd + 2 * qWidth + 2 * kvWidth + std::max({nEmbd, qWidth, ff}))
                            + routed * (2 * ff + 2 * nEmbd) + nTokens * std::max<uint32_t>(h.experts, 1)
                            + nTokens * uint64_t(std::max(h.rope.dims, 0));  // rotary angles
    return floats * sizeof(float);
}

std::unique_ptr<Backend> makeCpuBackend(const ModelDefinition& definition, pool::WorkerPool& pool,
                                        CpuBackendOptions options)
{
    if (options.maxBatch == 0)
        throw Error("the CPU backend needs a batch size of at least 1");
    if (const uint64_t need = cpuScratchBytes(definition.hparams, options.maxBatch);
        options.maxScratchBytes != 0 && need > options.maxScratchBytes)
        throw Error("the model's sizes need " + std::to_string(need >> 20) + " MiB of scratch for a batch of "
                    + std::to_string(options.maxBatch) + " tokens, more than the "
                    + std::to_string(options.maxScratchBytes >> 20) + " MiB its weights make plausible");
    return std::make_unique<CpuBackend>(definition, pool, options);
}

}  // namespace strata::model
