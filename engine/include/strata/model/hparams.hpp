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
    int dims = 0;                  // rotated dimensions per head (usually the head size)
    float freqBase = 10000.0f;
    RopeScaling scaling = RopeScaling::None;
    float scaleFactor = 1.0f;      // context extension factor (linear and YaRN)
    int originalContext = 0;       // YaRN: the context the model was trained with
    float yarnBetaFast = 32.0f;
    float yarnBetaSlow = 1.0f;
    float yarnExtFactor = -1.0f;   // < 0: derived (1 for YaRN, 0 otherwise)
    float yarnAttnFactor = 1.0f;
};

struct Hparams {
    std::string architecture;      // general.architecture
    std::string name;              // general.name (may be empty)
    uint32_t vocabSize = 0;
    uint32_t contextLength = 0;    // trained context
    uint32_t embedding = 0;        // n_embd
    uint32_t layers = 0;
    uint32_t heads = 0;
    uint32_t kvHeads = 0;
    uint32_t headDim = 0;          // key/value length per head
    uint32_t feedForward = 0;      // dense FFN hidden size
    float rmsEps = 1e-5f;
    RopeHparams rope;
    float attentionScale = 0.0f;   // 0: 1/sqrt(headDim)
    // Mixture of experts (qwen3moe): 0 experts means a dense FFN.
    uint32_t experts = 0;
    uint32_t expertsUsed = 0;
    uint32_t expertFeedForward = 0;
    bool normalizeTopK = true;     // renormalise the chosen experts' weights to sum to 1

    uint32_t qDim() const { return heads * headDim; }
    uint32_t kvDim() const { return kvHeads * headDim; }
    bool isMoe() const { return experts > 0; }
};

// Reads and checks the hyper-parameters. `vocabSize` falls back to the token list's length.
// Throws strata::Error naming the missing or inconsistent key.
Hparams readHparams(const gguf::Metadata& metadata, const std::string& fileName);

}  // namespace strata::model
