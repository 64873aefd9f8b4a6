// What a model computes, independent of where it runs.
//
// An architecture *describes* its decoder as a DecoderPlan: which optional parts each layer has
// (biases, per-head norms, a dense or a mixture-of-experts FFN) and how RoPE is applied. It owns
// no threads and no memory. A Backend (the CPU pool today; CUDA and hybrid MoE placement later)
// executes plans: adding an architecture never touches a backend unless it needs a new kind of
// step, and adding a backend never touches an architecture. See docs/ARCHITECTURE.md, "Models".
#pragma once

#include "strata/model/hparams.hpp"

#include <span>
#include <string_view>

namespace strata::model {

enum class FfnKind {
    Dense,  // down(silu(gate(x)) * up(x))
    Moe,    // router softmax -> top-k experts -> (renormalised) weighted sum of dense experts
};

struct DecoderPlan {
    bool qkvBias = false;   // attn_q/k/v carry biases (qwen2)
    bool qkNorm = false;    // per-head RMSNorm of q and k before RoPE (qwen3)
    FfnKind ffn = FfnKind::Dense;
    RopeStyle rope = RopeStyle::Normal;
};

struct Architecture {
    std::string_view name;  // general.architecture
    DecoderPlan (*describe)(const Hparams& h);
};

// The architectures this engine runs, one file each under engine/src/model/architectures/.
std::span<const Architecture* const> architectures();
// Throws strata::Error listing the supported ones when `name` is not among them.
const Architecture& findArchitecture(std::string_view name);

}  // namespace strata::model
