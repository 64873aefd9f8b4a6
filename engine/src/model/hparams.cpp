#include "strata/model/hparams.hpp"

#include "strata/core/error.hpp"

#include <cmath>

namespace strata::model {

namespace {

class Reader {
public:
    Reader(const gguf::Metadata& m, const std::string& file, std::string arch)
        : m_(m), file_(file), arch_(std::move(arch)) {}

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
    // llama.cpp's LLAMA_ROPE_TYPE_NEOX architectures among those Strata runs.
    if (arch == "qwen2" || arch == "qwen3" || arch == "qwen3moe" || arch == "qwen2moe")
        return RopeStyle::NeoX;
    return RopeStyle::Normal;
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

    h.embedding = r.u32("embedding_length");
    h.layers = r.u32("block_count");
    h.heads = r.u32("attention.head_count");
    h.kvHeads = r.u32Or("attention.head_count_kv", h.heads);
    h.contextLength = r.u32("context_length");
    h.feedForward = r.u32Or("feed_forward_length", 0);
    if (h.heads == 0 || h.kvHeads == 0 || h.layers == 0 || h.embedding == 0)
        r.fail(r.key("attention.head_count"), "and the other sizes must not be 0");
    if (h.heads % h.kvHeads != 0)
        r.fail(r.key("attention.head_count_kv"), "must divide attention.head_count");
    h.headDim = r.u32Or("attention.key_length", h.embedding / h.heads);
    if (r.u32Or("attention.value_length", h.headDim) != h.headDim)
        r.fail(r.key("attention.value_length"), "differs from key_length (not supported)");
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
    if (h.experts > 0 && (h.expertsUsed == 0 || h.expertsUsed > h.experts))
        r.fail(r.key("expert_used_count"), "must be between 1 and expert_count");
    if (!h.isMoe() && h.feedForward == 0)
        r.fail(r.key("feed_forward_length"), "is missing");
    h.normalizeTopK = m.getBool(r.key("expert_weights_norm")).value_or(h.architecture == "qwen3moe");

    h.vocabSize = r.u32Or("vocab_size", 0);
    if (h.vocabSize == 0) {
        if (const gguf::Value* tokens = m.getArray("tokenizer.ggml.tokens"))
            h.vocabSize = static_cast<uint32_t>(tokens->size());
    }
    return h;
}

}  // namespace strata::model
