// qwen2: Qwen2 / Qwen2.5. Like llama, plus biases on q, k and v; RoPE on halves (NeoX).
#include "architectures.hpp"

namespace strata::model::arch {

const Architecture kQwen2{
    "qwen2", RopeStyle::NeoX,
    [](const Hparams&) { return DecoderPlan{.qkvBias = true, .qkNorm = false, .ffn = FfnKind::Dense}; },
    /*writesRopeDimensionCount=*/false};

}  // namespace strata::model::arch
