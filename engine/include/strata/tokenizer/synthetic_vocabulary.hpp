// A small made-up vocabulary, and synthetic model files that carry a vocabulary: for tests, benchmarks
// and `strata-gguf mkmodel`.
#pragma once

#include "strata/gguf/synthetic_model.hpp"
#include "strata/gguf/writer.hpp"
#include "strata/tokenizer/tokenizer_data.hpp"

#include <cstddef>

namespace strata::tokenizer {

// 256 byte tokens (GPT-2's byte-to-unicode alphabet), a few dozen English merges and the ChatML
// control tokens; eos = <|im_end|>, bos = <|endoftext|>, pre = "gpt-2", with a ChatML chat template.
TokenizerData syntheticByteVocabulary();

// Appends "[PAD<id>]" unused tokens up to `size` tokens, as convert_hf_to_gguf does for a model whose
// embedding has more rows than the tokenizer has tokens.
void padVocabulary(TokenizerData& data, std::size_t size);

// gguf::buildSyntheticModel with `vocab` (padded to spec.vocab) written as its tokenizer metadata.
gguf::Writer syntheticModelFile(const gguf::ModelSpec& spec, TokenizerData vocab);

}  // namespace strata::tokenizer
