// qwen3: Qwen3 dense. No q/k/v biases; RMSNorm of every q and k head (before RoPE); NeoX RoPE.
#include "architectures.hpp"

namespace strata::model::arch {

const Architecture kQwen3{
    "qwen3", RopeStyle::NeoX,
    [](const Hparams&) { return DecoderPlan{.qkvBias = false, .qkNorm = true, .ffn = FfnKind::Dense}; },
    /*writesRopeDimensionCount=*/false};

}  // namespace strata::model::arch
