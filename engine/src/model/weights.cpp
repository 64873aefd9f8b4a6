#include "strata/model/weights.hpp"

#include "strata/core/error.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/quantize.hpp"
#include "strata/model/architecture.hpp"

#include <algorithm>
#include <string>

namespace strata::model {

Weight Weight::matrix(int64_t i) const
{
    Weight w = *this;
    w.data = data + static_cast<size_t>(i) * matrixStride;
    w.count = 1;
    return w;
}

namespace {

std::string shapeText(std::span<const uint64_t> dims)
{
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i)
        s += (i ? ", " : "") + std::to_string(dims[i]);
    return s + "]";
}

class Binder {
public:
    Binder(const gguf::File& f) : file_(f) {}

    // A tensor of exactly `dims` (ggml order: dims[0] is the row length).
    Weight bind(const std::string& name, std::initializer_list<uint64_t> dims, bool required = true) const
    {
        const gguf::TensorInfo* t = file_.findTensor(name);
        if (!t) {
            if (required)
                throw Error(file_.name() + ": tensor '" + name + "' is missing");
            return {};
        }
        const std::vector<uint64_t> want(dims);
        bool same = t->dimCount == want.size();
        for (size_t i = 0; same && i < want.size(); ++i)
            same = t->shape[i] == want[i];
        // ggml drops trailing dimensions of 1 in some writers: accept [n] for [n, 1].
        if (!same && want.size() == 2 && want[1] == 1 && t->dimCount == 1 && t->shape[0] == want[0])
            same = true;
        if (!same)
            throw Error(file_.name() + ": tensor '" + name + "' has shape " + shapeText(t->dims()) + ", expected "
                        + shapeText(want));

        Weight w;
        w.type = t->type;
        w.data = t->data.data();
        w.cols = static_cast<int64_t>(t->shape[0]);
        w.rows = want.size() > 1 ? static_cast<int64_t>(want[1]) : 1;
        w.count = want.size() > 2 ? static_cast<int64_t>(want[2]) : 1;
        w.rowStride = t->data.size() / static_cast<size_t>(w.rows * w.count);
        w.matrixStride = w.rowStride * static_cast<size_t>(w.rows);
        return w;
    }

    // A matrix used in a dot product: its type needs a kernel.
    Weight matrix(const std::string& name, std::initializer_list<uint64_t> dims, bool required = true) const
    {
        Weight w = bind(name, dims, required);
        if (w.present() && !kernels::hasDot(w.type))
            throw Error(file_.name() + ": tensor '" + name + "' has type "
                        + std::string(gguf::ggmlTypeTraits(uint32_t(w.type))->name)
                        + ", which this engine cannot compute with yet");
        return w;
    }

    // Norm weights and biases: f32 vectors.
    Weight vector(const std::string& name, uint64_t n, bool required = true) const
    {
        Weight w = bind(name, {n}, required);
        if (w.present() && w.type != gguf::GgmlType::F32)
            throw Error(file_.name() + ": tensor '" + name + "' must be F32");
        return w;
    }

private:
    const gguf::File& file_;
};

}  // namespace

ModelWeights bindWeights(const gguf::File& file, const Hparams& h, const DecoderPlan& plan)
{
    const Binder b(file);
    ModelWeights m;
    const uint64_t nEmbd = h.embedding, nVocab = h.vocabSize, qWidth = h.qDim(), kvWidth = h.kvDim(), dHead = h.headDim;

    m.tokenEmbedding = b.bind("token_embd.weight", {nEmbd, nVocab});
    if (!gguf::ggmlTypeTraits(uint32_t(m.tokenEmbedding.type))
        || (m.tokenEmbedding.type != gguf::GgmlType::F32 && !kernels::canDequantize(m.tokenEmbedding.type)))
        throw Error(file.name() + ": tensor 'token_embd.weight' has a type this engine cannot read");
    m.outputNorm = b.vector("output_norm.weight", nEmbd);
    m.output = b.matrix("output.weight", {nEmbd, nVocab}, /*required=*/false);
    if (!m.output.present()) {
        m.output = b.matrix("token_embd.weight", {nEmbd, nVocab});
        m.tiedOutput = true;
    }

    // Grown one bound layer at a time: a block_count the file cannot back fails at its first
    // missing tensor having allocated only the layers that exist (issue 18).
    m.layers.reserve(std::min<size_t>(h.layers, file.tensors().size()));
    for (uint32_t i = 0; i < h.layers; ++i) {
        const std::string p = "blk." + std::to_string(i) + ".";
        LayerWeights& l = m.layers.emplace_back();
        l.attnNorm = b.vector(p + "attn_norm.weight", nEmbd);
        l.wq = b.matrix(p + "attn_q.weight", {nEmbd, qWidth});
        l.wk = b.matrix(p + "attn_k.weight", {nEmbd, kvWidth});
        l.wv = b.matrix(p + "attn_v.weight", {nEmbd, kvWidth});
        l.wo = b.matrix(p + "attn_output.weight", {qWidth, nEmbd});
        if (plan.qkvBias) {
            l.bq = b.vector(p + "attn_q.bias", qWidth);
            l.bk = b.vector(p + "attn_k.bias", kvWidth);
            l.bv = b.vector(p + "attn_v.bias", kvWidth);
        }
        if (plan.qkNorm) {
            l.qNorm = b.vector(p + "attn_q_norm.weight", dHead);
            l.kNorm = b.vector(p + "attn_k_norm.weight", dHead);
        }
        l.ffnNorm = b.vector(p + "ffn_norm.weight", nEmbd);
        if (plan.ffn == FfnKind::Dense) {
            const uint64_t ffWidth = h.feedForward;
            l.ffnGate = b.matrix(p + "ffn_gate.weight", {nEmbd, ffWidth});
            l.ffnUp = b.matrix(p + "ffn_up.weight", {nEmbd, ffWidth});
            l.ffnDown = b.matrix(p + "ffn_down.weight", {ffWidth, nEmbd});
        } else {
            const uint64_t ffWidth = h.expertFeedForward, nExperts = h.experts;
            l.router = b.matrix(p + "ffn_gate_inp.weight", {nEmbd, nExperts});
            l.gateExps = b.matrix(p + "ffn_gate_exps.weight", {nEmbd, ffWidth, nExperts});
            l.upExps = b.matrix(p + "ffn_up_exps.weight", {nEmbd, ffWidth, nExperts});
            l.downExps = b.matrix(p + "ffn_down_exps.weight", {ffWidth, nEmbd, nExperts});
        }
    }
    return m;
}

}  // namespace strata::model
