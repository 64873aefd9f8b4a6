#include "strata/gguf/vocabulary.hpp"
#include "strata/gguf/writer.hpp"

namespace strata::gguf {

void addVocabulary(Writer& w, const Vocabulary& v)
{
    w.set("tokenizer.ggml.model", MetaValue::string(v.model));
    if (!v.pre.empty())
        w.set("tokenizer.ggml.pre", MetaValue::string(v.pre));
    w.set("tokenizer.ggml.tokens", MetaValue::stringArray(v.tokens));
    if (v.model == "llama")
        w.set("tokenizer.ggml.scores", MetaValue::f32Array(v.scores));
    std::vector<int32_t> types;
    types.reserve(v.types.size());
    for (TokenType t : v.types)
        types.push_back(static_cast<int32_t>(t));
    w.set("tokenizer.ggml.token_type", MetaValue::i32Array(types));
    if (v.model == "gpt2")  // llama.cpp requires the key for BPE even when it is empty
        w.set("tokenizer.ggml.merges", MetaValue::stringArray(v.merges));
    const auto id = [&](const char* key, const std::optional<int32_t>& value) {
        if (value)
            w.set(key, MetaValue::u32(static_cast<uint32_t>(*value)));
    };
    id("tokenizer.ggml.bos_token_id", v.bos);
    id("tokenizer.ggml.eos_token_id", v.eos);
    id("tokenizer.ggml.unknown_token_id", v.unk);
    id("tokenizer.ggml.padding_token_id", v.pad);
    if (v.addBos)
        w.set("tokenizer.ggml.add_bos_token", MetaValue::boolean(*v.addBos));
    if (v.addEos)
        w.set("tokenizer.ggml.add_eos_token", MetaValue::boolean(*v.addEos));
    if (!v.chatTemplate.empty())
        w.set("tokenizer.chat_template", MetaValue::string(v.chatTemplate));
}

}  // namespace strata::gguf
