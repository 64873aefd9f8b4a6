#include "strata/gguf/synthetic_model.hpp"

#include "strata/core/error.hpp"
#include "strata/gguf/file_type.hpp"
#include "strata/kernels/quantize.hpp"
#include "strata/model/architecture.hpp"

#include "parallel_rows.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

namespace strata::gguf {

namespace {

uint64_t fnv1a(std::string_view s)
{
    uint64_t h = 1469598103934665603ull;
    for (char c : s)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return h;
}

// What the writer needs to know of an architecture, read from the one list the decoder plans use
// (strata/model/architecture.hpp), so adding an architecture there makes mkmodel write it too.
struct WrittenParts {
    bool qkvBias = false;
    bool qkNorm = false;
    bool moe = false;
    bool ropeDimension = false;
};

WrittenParts partsOf(const ModelSpec& spec)
{
    const model::Architecture* a = model::architectureNamed(spec.architecture);
    if (!a)
        throw Error("mkmodel: unknown architecture '" + spec.architecture + "' (" + model::architectureNames() + ")");
    model::Hparams h;
    h.architecture = spec.architecture;  // today's plans read no sizes; one that does must get them here
    const model::DecoderPlan plan = a->describe(h);
    return {plan.qkvBias, plan.qkNorm, plan.ffn == model::FfnKind::Moe, a->writesRopeDimensionCount};
}

class TensorMaker {
public:
    TensorMaker(Writer& w, const ModelSpec& spec) : w_(w), spec_(spec) {}

    // Values uniform in [-amplitude, amplitude] around `center`, seeded by the file seed and the
    // tensor name so one tensor does not change when others are added.
    void add(const std::string& name, std::vector<uint64_t> shape, float amplitude, float center = 0.0f,
             bool quantize = true)
    {
        const GgmlType type = quantize && shape.size() >= 2 ? spec_.weightType : GgmlType::F32;
        const auto traits = *ggmlTypeTraits(static_cast<uint32_t>(type));
        const uint64_t rowLength = shape[0];
        if (rowLength % traits.blockElements != 0)
            throw Error("mkmodel: tensor '" + name + "' has rows of " + std::to_string(rowLength)
                        + " values, not a multiple of " + std::string(traits.name) + "'s block of "
                        + std::to_string(traits.blockElements) + "; choose other shape options");
        uint64_t rows = 1;
        for (size_t d = 1; d < shape.size(); ++d)
            rows *= shape[d];
        const uint64_t rowBytes = rowLength / traits.blockElements * traits.blockBytes;
        std::vector<std::byte> data(rows * rowBytes);
        std::mt19937_64 rng(spec_.seed ^ fnv1a(name));
        std::uniform_real_distribution<float> dist(center - amplitude, center + amplitude);
        // The MoE router (the one matrix kept F32) always draws every row: repeated router rows give
        // experts equal logits, the tie goes to the lower id, and the repeats are never chosen.
        const bool repeat = spec_.distinctRows > 0 && quantize;
        const uint64_t drawn = repeat ? std::min<uint64_t>(rows, spec_.distinctRows) : rows;
        // Rows are drawn in order from the one generator (the values never depend on the cores), a
        // batch at a time, and each batch is quantized on every core (forRowRanges).
        const uint64_t batchRows = std::max<uint64_t>(1, (uint64_t{8} << 20) / rowLength);
        std::vector<float> batch;
        for (uint64_t first = 0; first < drawn; first += batchRows) {
            const uint64_t count = std::min(batchRows, drawn - first);
            batch.resize(count * rowLength);
            for (float& x : batch)
                x = dist(rng);
            forRowRanges(count, rowLength, [&](uint64_t begin, uint64_t end) {
                for (uint64_t r = begin; r < end; ++r) {
                    const float* src = batch.data() + r * rowLength;
                    std::byte* dst = data.data() + (first + r) * rowBytes;
                    if (type == GgmlType::F32)
                        std::memcpy(dst, src, rowBytes);
                    else
                        kernels::quantizeRow(type, src, dst, static_cast<int64_t>(rowLength));
                }
            });
        }
        for (uint64_t r = drawn; r < rows; ++r)  // the fast path: repeat the drawn rows
            std::memcpy(data.data() + r * rowBytes, data.data() + (r % drawn) * rowBytes, rowBytes);
        w_.addTensor(name, type, std::move(shape), std::move(data));
    }

private:
    Writer& w_;
    const ModelSpec& spec_;
};

}  // namespace

Writer buildSyntheticModel(const ModelSpec& specIn, uint64_t vocabSize)
{
    ModelSpec spec = specIn;
    const WrittenParts arch = partsOf(spec);
    if (spec.weightType != GgmlType::F32 && !kernels::canQuantize(spec.weightType))
        throw Error("mkmodel: cannot quantize to "
                    + std::string(ggmlTypeTraits(static_cast<uint32_t>(spec.weightType))->name));
    if (spec.heads == 0 || spec.kvHeads == 0 || spec.heads % spec.kvHeads != 0)
        throw Error("mkmodel: heads (" + std::to_string(spec.heads) + ") must be a multiple of kv heads ("
                    + std::to_string(spec.kvHeads) + ")");
    if (spec.layers == 0 || spec.embedding == 0 || spec.feedForward == 0)
        throw Error("mkmodel: layers, embedding and feed-forward length must be positive");
    if (spec.headDim == 0) {
        if (spec.embedding % spec.heads != 0)
            throw Error("mkmodel: embedding is not a multiple of heads; give --head-dim");
        spec.headDim = spec.embedding / spec.heads;
    }
    if (arch.moe) {
        spec.experts = spec.experts ? spec.experts : 8;
        spec.expertsUsed = spec.expertsUsed ? spec.expertsUsed : 2;
        spec.expertFeedForward = spec.expertFeedForward ? spec.expertFeedForward : spec.feedForward;
        if (spec.expertsUsed > spec.experts)
            throw Error("mkmodel: more experts used than exist");
    }
    const uint64_t nVocab = vocabSize;
    if (nVocab == 0)
        throw Error("mkmodel: empty vocabulary");

    Writer w;
    const std::string& a = spec.architecture;
    w.set("general.architecture", MetaValue::string(a));
    w.set("general.name", MetaValue::string(spec.name.empty() ? "strata-synthetic-" + a : spec.name));
    w.set("general.alignment", MetaValue::u32(w.alignment()));
    const auto u32 = [&](const std::string& key, uint32_t v) { w.set(a + "." + key, MetaValue::u32(v)); };
    u32("context_length", spec.context);
    u32("embedding_length", spec.embedding);
    u32("block_count", spec.layers);
    u32("feed_forward_length", spec.feedForward);
    u32("attention.head_count", spec.heads);
    u32("attention.head_count_kv", spec.kvHeads);
    w.set(a + ".attention.layer_norm_rms_epsilon", MetaValue::f32(spec.rmsEpsilon));
    w.set(a + ".rope.freq_base", MetaValue::f32(spec.ropeFreqBase));
    if (arch.ropeDimension) {
        u32("rope.dimension_count", spec.headDim);
        u32("vocab_size", static_cast<uint32_t>(nVocab));
    }
    if (arch.qkNorm || spec.headDim * spec.heads != spec.embedding) {
        u32("attention.key_length", spec.headDim);
        u32("attention.value_length", spec.headDim);
    }
    if (arch.moe) {
        u32("expert_count", spec.experts);
        u32("expert_used_count", spec.expertsUsed);
        u32("expert_feed_forward_length", spec.expertFeedForward);
    }
    if (const auto ft = fileTypeFor(spec.weightType))
        w.set("general.file_type", MetaValue::u32(*ft));
    if (spec.weightType != GgmlType::F32 && spec.weightType != GgmlType::F16 && spec.weightType != GgmlType::BF16)
        w.set("general.quantization_version", MetaValue::u32(2));

    TensorMaker t(w, spec);
    const uint64_t e = spec.embedding, q = uint64_t(spec.heads) * spec.headDim,
                   kv = uint64_t(spec.kvHeads) * spec.headDim;
    // Amplitudes sqrt(3 / fan-in) give unit variance per output, so activations stay in range.
    const auto fanIn = [](uint64_t n) { return std::sqrt(3.0f / static_cast<float>(n)); };
    t.add("token_embd.weight", {e, nVocab}, 1.0f);
    for (uint32_t l = 0; l < spec.layers; ++l) {
        const std::string p = "blk." + std::to_string(l) + ".";
        t.add(p + "attn_norm.weight", {e}, 0.1f, 1.0f);
        t.add(p + "attn_q.weight", {e, q}, fanIn(e));
        t.add(p + "attn_k.weight", {e, kv}, fanIn(e));
        t.add(p + "attn_v.weight", {e, kv}, fanIn(e));
        if (arch.qkvBias) {
            t.add(p + "attn_q.bias", {q}, 0.1f);
            t.add(p + "attn_k.bias", {kv}, 0.1f);
            t.add(p + "attn_v.bias", {kv}, 0.1f);
        }
        if (arch.qkNorm) {
            t.add(p + "attn_q_norm.weight", {spec.headDim}, 0.1f, 1.0f);
            t.add(p + "attn_k_norm.weight", {spec.headDim}, 0.1f, 1.0f);
        }
        t.add(p + "attn_output.weight", {q, e}, fanIn(q));
        t.add(p + "ffn_norm.weight", {e}, 0.1f, 1.0f);
        if (arch.moe) {
            const uint64_t f = spec.expertFeedForward, n = spec.experts;
            t.add(p + "ffn_gate_inp.weight", {e, n}, fanIn(e), 0.0f,
                  /*quantize=*/false);  // llama.cpp keeps the router F32
            t.add(p + "ffn_gate_exps.weight", {e, f, n}, fanIn(e));
            t.add(p + "ffn_up_exps.weight", {e, f, n}, fanIn(e));
            t.add(p + "ffn_down_exps.weight", {f, e, n}, fanIn(f));
        } else {
            const uint64_t f = spec.feedForward;
            t.add(p + "ffn_gate.weight", {e, f}, fanIn(e));
            t.add(p + "ffn_up.weight", {e, f}, fanIn(e));
            t.add(p + "ffn_down.weight", {f, e}, fanIn(f));
        }
    }
    t.add("output_norm.weight", {e}, 0.1f, 1.0f);
    if (!spec.tieEmbeddings)
        t.add("output.weight", {e, nVocab}, fanIn(e) * spec.outputScale);
    return w;
}

}  // namespace strata::gguf
