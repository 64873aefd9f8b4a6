// qwen3moe: Qwen3 mixture of experts (e.g. Qwen3-30B-A3B). Qwen3 attention; every layer's FFN is
// a router (softmax over experts) choosing expert_used_count experts whose weights are
// renormalised to sum to 1; experts are stacked in ffn_{gate,up,down}_exps.
#include "architectures.hpp"

namespace strata::model::arch {

const Architecture kQwen3moe{
    "qwen3moe", RopeStyle::NeoX,
    [](const Hparams&) { return DecoderPlan{.qkvBias = false, .qkNorm = true, .ffn = FfnKind::Moe}; },
    /*writesRopeDimensionCount=*/false};

}  // namespace strata::model::arch
