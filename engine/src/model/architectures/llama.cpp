// llama: Llama 2/3.x, Mistral, SmolLM, TinyLlama. Pre-norm decoder, RoPE on adjacent pairs,
// grouped-query attention, SwiGLU FFN.
#include "architectures.hpp"

namespace strata::model::arch {

const Architecture kLlama{
    "llama", RopeStyle::Normal,
    [](const Hparams&) { return DecoderPlan{.qkvBias = false, .qkNorm = false, .ffn = FfnKind::Dense}; },
    /*writesRopeDimensionCount=*/true};

}  // namespace strata::model::arch
