// What a model computes, independent of where it runs.
//
// An architecture *describes* its decoder as a DecoderPlan: which optional parts each layer has
// (biases, per-head norms, a dense or a mixture-of-experts FFN) and how RoPE is applied. It owns
// no threads and no memory. A Backend (the CPU pool today; CUDA and hybrid MoE placement later)
// executes plans: adding an architecture never touches a backend unless it needs a new kind of
// step, and adding a backend never touches an architecture. See docs/architecture/models.md.
#pragma once

#include "strata/model/hparams.hpp"

#include <span>
#include <string>
#include <string_view>

namespace strata::model {

enum class FfnKind {
    Dense,  // down(silu(gate(x)) * up(x))
    Moe,    // router softmax -> top-k experts -> (renormalised) weighted sum of dense experts
};

struct DecoderPlan {
    bool qkvBias = false;  // attn_q/k/v carry biases (qwen2)
    bool qkNorm = false;   // per-head RMSNorm of q and k before RoPE (qwen3)
    FfnKind ffn = FfnKind::Dense;
};

// One entry of the one list of architectures: the decoder plans, Hparams' RoPE style and the
// synthetic model writer (strata/gguf/synthetic_model.hpp) all read it, so an architecture is
// added in one place (docs/CONTRIBUTING.md, "Adding an architecture").
struct Architecture {
    std::string_view name;  // general.architecture
    RopeStyle rope;         // llama.cpp's rope type for this architecture (LLAMA_ROPE_TYPE_NEOX or NORM)
    DecoderPlan (*describe)(const Hparams& h);
    // llama.cpp's converter writes <arch>.rope.dimension_count and <arch>.vocab_size (llama does);
    // the synthetic writer does the same, so its files look like converted ones.
    bool writesRopeDimensionCount = false;
};

// The architectures this engine runs, one file each under engine/src/model/architectures/.
std::span<const Architecture* const> architectures();
// Throws strata::Error listing the supported ones when `name` is not among them.
const Architecture& findArchitecture(std::string_view name);
// nullptr when `name` is not among them.
const Architecture* architectureNamed(std::string_view name);
// "llama, qwen2, ...": for usage texts and errors.
std::string architectureNames();

}  // namespace strata::model
