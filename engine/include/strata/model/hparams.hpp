// What a model is, as its GGUF metadata says: sizes, attention layout, RoPE, experts.
#pragma once

#include "strata/gguf/metadata.hpp"

#include <cstdint>
#include <string>

namespace strata::model {

enum class RopeStyle {
    Normal,  // rotate adjacent pairs (2i, 2i+1): llama
    NeoX,    // rotate halves (i, i + d/2): qwen2, qwen3
};

enum class RopeScaling { None, Linear, Yarn };

struct RopeHparams {
    RopeStyle style = RopeStyle::Normal;
    int dims = 0;  // rotated dimensions per head (usually the head size)
    float freqBase = 10000.0f;
    RopeScaling scaling = RopeScaling::None;
    float scaleFactor = 1.0f;  // context extension factor (linear and YaRN)
    int originalContext = 0;   // YaRN: the context the model was trained with
    float yarnBetaFast = 32.0f;
    float yarnBetaSlow = 1.0f;
    float yarnExtFactor = -1.0f;  // < 0: derived (1 for YaRN, 0 otherwise)
    float yarnAttnFactor = 1.0f;
};

struct Hparams {
    std::string architecture;  // general.architecture
    std::string name;          // general.name (may be empty)
    uint32_t vocabSize = 0;
    uint32_t contextLength = 0;  // trained context
    uint32_t embedding = 0;      // n_embd
    uint32_t layers = 0;
    uint32_t heads = 0;
    uint32_t kvHeads = 0;
    uint32_t headDim = 0;      // key/value length per head
    uint32_t feedForward = 0;  // dense FFN hidden size
    float rmsEps = 1e-5f;
    RopeHparams rope;
    float attentionScale = 0.0f;  // 0: 1/sqrt(headDim)
    // Mixture of experts (qwen3moe): 0 experts means a dense FFN.
    uint32_t experts = 0;
    uint32_t expertsUsed = 0;
    uint32_t expertFeedForward = 0;
    bool normalizeTopK = true;  // renormalise the chosen experts' weights to sum to 1

    // 64-bit: a crafted file's heads x head size must not wrap (issue 18: 65537 x 65536 wrapped
    // to 65536 in 32 bits and rope wrote past the query buffer).
    uint64_t qDim() const { return uint64_t(heads) * headDim; }
    uint64_t kvDim() const { return uint64_t(kvHeads) * headDim; }
    bool isMoe() const { return experts > 0; }
};

// The largest sizes a file may claim. Each is several times the largest released model's (noted
// after it), so no real model is refused, and together they keep every product the CPU backend
// computes (q/kv widths, scratch rows, KV rows) far inside 32-bit row lengths and 64-bit bytes.
struct HparamLimits {
    static constexpr uint32_t kMaxEmbedding = 65536;       // 16384: Llama 3.1 405B
    static constexpr uint32_t kMaxLayers = 1024;           // 126: Llama 3.1 405B
    static constexpr uint32_t kMaxHeads = 1024;            // 128: Llama 3.1 405B, DeepSeek V3
    static constexpr uint32_t kMaxHeadDim = 1024;          // 256: Gemma 2/3 (576 for MLA's latent)
    static constexpr uint32_t kMaxFeedForward = 1u << 20;  // 53248: Llama 3.1 405B
    static constexpr uint32_t kMaxExperts = 4096;          // 384: Kimi K2
    static constexpr uint32_t kMaxVocab = 1u << 22;        // 262144: Gemma 3
    // A q, k or v row (heads x head size) is a row length every kernel takes as an int.
    static constexpr uint64_t kMaxAttentionWidth = 1u << 20;  // 16384: Llama 3.1 405B's q row
};

// Reads and checks the hyper-parameters. `vocabSize` falls back to the token list's length.
// Throws strata::Error naming the missing, inconsistent or out-of-range key (HparamLimits).
Hparams readHparams(const gguf::Metadata& metadata, const std::string& fileName);

}  // namespace strata::model
