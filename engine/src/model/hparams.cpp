#include "strata/model/hparams.hpp"

#include "strata/core/error.hpp"
#include "strata/model/architecture.hpp"

#include <algorithm>
#include <cmath>

namespace strata::model {

namespace {

class Reader {
public:
    Reader(const gguf::Metadata& m, const std::string& file, std::string arch)
        : m_(m), file_(file), arch_(std::move(arch))
    {}

    std::string key(std::string_view suffix) const { return arch_ + "." + std::string(suffix); }

    uint32_t u32(std::string_view suffix) const
    {
        const std::string k = key(suffix);
        if (auto v = m_.getU32(k))
            return *v;
        fail(k, m_.contains(k) ? "is not an unsigned 32-bit integer" : "is missing");
    }
    uint32_t u32Or(std::string_view suffix, uint32_t fallback) const
    {
        const std::string k = key(suffix);
        if (!m_.contains(k))
            return fallback;
        return u32(suffix);
    }
    float f32Or(std::string_view suffix, float fallback) const
    {
        const std::string k = key(suffix);
        if (!m_.contains(k))
            return fallback;
        if (auto v = m_.getF32(k))
            return *v;
        fail(k, "is not a number");
    }
    // A size that must lie in [1, max]: larger claims come only from broken or crafted files.
    uint32_t bounded(uint32_t v, std::string_view suffix, uint32_t max) const
    {
        if (v == 0 || v > max)
            fail(key(suffix), "is " + std::to_string(v) + ", outside 1 to " + std::to_string(max));
        return v;
    }
    [[noreturn]] void fail(const std::string& k, std::string_view what) const
    {
        throw Error(file_ + ": metadata key '" + k + "' " + std::string(what));
    }

private:
    const gguf::Metadata& m_;
    const std::string& file_;
    std::string arch_;
};

RopeStyle ropeStyleFor(const std::string& arch)
{
    // Model::fromFile refuses other architectures before reading hparams; Normal is llama.cpp's default.
    const Architecture* a = architectureNamed(arch);
    return a ? a->rope : RopeStyle::Normal;
}

}  // namespace

Hparams readHparams(const gguf::Metadata& m, const std::string& file)
{
    Hparams h;
    const auto arch = m.getString("general.architecture");
    if (!arch)
        throw Error(file + ": metadata key 'general.architecture' is missing");
    h.architecture = std::string(*arch);
    h.name = std::string(m.getString("general.name").value_or(""));
    const Reader r(m, file, h.architecture);

    using L = HparamLimits;
    h.embedding = r.bounded(r.u32("embedding_length"), "embedding_length", L::kMaxEmbedding);
    h.layers = r.bounded(r.u32("block_count"), "block_count", L::kMaxLayers);
    h.heads = r.bounded(r.u32("attention.head_count"), "attention.head_count", L::kMaxHeads);
    h.kvHeads = r.bounded(r.u32Or("attention.head_count_kv", h.heads), "attention.head_count_kv", L::kMaxHeads);
    h.contextLength = r.u32("context_length");
    h.feedForward = r.u32Or("feed_forward_length", 0);
    if (h.feedForward > L::kMaxFeedForward)
        r.fail(r.key("feed_forward_length"),
               "is " + std::to_string(h.feedForward) + ", more than " + std::to_string(L::kMaxFeedForward));
    if (h.heads % h.kvHeads != 0)
        r.fail(r.key("attention.head_count_kv"), "must divide attention.head_count");
    h.headDim =
        r.bounded(r.u32Or("attention.key_length", h.embedding / h.heads), "attention.key_length", L::kMaxHeadDim);
    if (r.u32Or("attention.value_length", h.headDim) != h.headDim)
        r.fail(r.key("attention.value_length"), "differs from key_length (not supported)");
    if (h.qDim() > L::kMaxAttentionWidth)
        r.fail(r.key("attention.head_count"), "times key_length is " + std::to_string(h.qDim()) + ", more than "
                                                  + std::to_string(L::kMaxAttentionWidth));
    h.rmsEps = r.f32Or("attention.layer_norm_rms_epsilon", 1e-5f);

    h.rope.style = ropeStyleFor(h.architecture);
    h.rope.dims = static_cast<int>(r.u32Or("rope.dimension_count", h.headDim));
    h.rope.freqBase = r.f32Or("rope.freq_base", 10000.0f);
    const auto scalingType = m.getString(r.key("rope.scaling.type"));
    h.rope.scaleFactor = r.f32Or("rope.scaling.factor", 1.0f);
    if (!scalingType || *scalingType == "none" || h.rope.scaleFactor == 1.0f || h.rope.scaleFactor == 0.0f) {
        h.rope.scaling = RopeScaling::None;
        h.rope.scaleFactor = 1.0f;
    } else if (*scalingType == "linear") {
        h.rope.scaling = RopeScaling::Linear;
    } else if (*scalingType == "yarn") {
        h.rope.scaling = RopeScaling::Yarn;
    } else {
        r.fail(r.key("rope.scaling.type"), "names an unsupported scaling '" + std::string(*scalingType) + "'");
    }
    h.rope.originalContext = static_cast<int>(r.u32Or("rope.scaling.original_context_length", h.contextLength));
    h.rope.yarnAttnFactor = r.f32Or("rope.scaling.attn_factor", 1.0f);
    if (h.rope.dims <= 0 || h.rope.dims > static_cast<int>(h.headDim) || h.rope.dims % 2 != 0)
        r.fail(r.key("rope.dimension_count"), "must be even and at most the head size");

    h.attentionScale = r.f32Or("attention.scale", 0.0f);

    h.experts = r.u32Or("expert_count", 0);
    h.expertsUsed = r.u32Or("expert_used_count", 0);
    h.expertFeedForward = r.u32Or("expert_feed_forward_length", h.feedForward);
    if (h.experts > L::kMaxExperts)
        r.fail(r.key("expert_count"),
               "is " + std::to_string(h.experts) + ", more than " + std::to_string(L::kMaxExperts));
    if (h.experts > 0 && (h.expertsUsed == 0 || h.expertsUsed > h.experts))
        r.fail(r.key("expert_used_count"), "must be between 1 and expert_count");
    if (h.isMoe())
        r.bounded(h.expertFeedForward, "expert_feed_forward_length", L::kMaxFeedForward);
    if (!h.isMoe() && h.feedForward == 0)
        r.fail(r.key("feed_forward_length"), "is missing");
    h.normalizeTopK = m.getBool(r.key("expert_weights_norm")).value_or(h.architecture == "qwen3moe");

    h.vocabSize = r.u32Or("vocab_size", 0);
    if (h.vocabSize == 0) {
        if (const gguf::Value* tokens = m.getArray("tokenizer.ggml.tokens"))
            h.vocabSize = static_cast<uint32_t>(std::min<uint64_t>(tokens->size(), UINT32_MAX));
    }
    if (h.vocabSize > L::kMaxVocab)
        r.fail(r.key("vocab_size"), "(or the token list's length) is " + std::to_string(h.vocabSize) + ", more than "
                                        + std::to_string(L::kMaxVocab));
    return h;
}

}  // namespace strata::model
