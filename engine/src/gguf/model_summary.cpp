#include "strata/gguf/model_summary.hpp"

#include "strata/gguf/file_type.hpp"

namespace strata::gguf {

ModelSummary summarize(const File& file)
{
    const Metadata& m = file.metadata();
    ModelSummary s;
    s.architecture = std::string(m.getString("general.architecture").value_or(""));
    s.name = std::string(m.getString("general.name").value_or(""));
    s.fileType = m.getU32("general.file_type");
    if (s.fileType)
        s.fileTypeName = fileTypeName(*s.fileType);
    for (const TensorInfo& t : file.tensors()) {
        s.parameters += t.elements;
        s.tensorBytes += t.bytes();
    }
    const auto archKey = [&](const char* key) { return m.getU64(s.architecture + "." + key); };
    s.contextLength = archKey("context_length");
    s.embeddingLength = archKey("embedding_length");
    s.blockCount = archKey("block_count");
    s.headCount = archKey("attention.head_count");
    s.headCountKv = archKey("attention.head_count_kv");
    s.expertCount = archKey("expert_count");
    s.expertUsedCount = archKey("expert_used_count");
    s.tokenizer.model = std::string(m.getString("tokenizer.ggml.model").value_or(""));
    s.tokenizer.pre = std::string(m.getString("tokenizer.ggml.pre").value_or(""));
    if (const Value* tokens = m.getArray("tokenizer.ggml.tokens"))
        s.tokenizer.vocabSize = tokens->size();
    s.tokenizer.bos = m.getI64("tokenizer.ggml.bos_token_id");
    s.tokenizer.eos = m.getI64("tokenizer.ggml.eos_token_id");
    s.hasChatTemplate = m.getString("tokenizer.chat_template").has_value();
    return s;
}

}  // namespace strata::gguf
