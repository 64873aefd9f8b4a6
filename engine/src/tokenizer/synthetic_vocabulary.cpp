#include "strata/tokenizer/synthetic_vocabulary.hpp"

#include "strata/core/error.hpp"
#include "strata/tokenizer/gguf_tokenizer_data.hpp"

#include <unordered_map>

namespace strata::tokenizer {

namespace {

// GPT-2's byte-to-unicode map: printable bytes stand for themselves, the rest move to U+0100...
std::string byteToken(unsigned b)
{
    static const auto table = [] {
        std::vector<uint32_t> cp(256);
        uint32_t next = 256;
        for (unsigned i = 0; i < 256; ++i) {
            const bool printable = (i >= 33 && i <= 126) || (i >= 161 && i <= 172) || (i >= 174);
            cp[i] = printable ? i : next++;
        }
        return cp;
    }();
    const uint32_t c = table[b];
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

// Frequent English pairs, in merge order ("Ġ" is the space byte).
constexpr const char* kMerges[] = {
    "Ġ t",  "Ġ a", "h e",  "i n",  "r e", "o n", "Ġt he", "e r", "Ġ s",  "a t", "Ġ w",  "Ġ o",  "e n", "Ġ c",
    "i t",  "i s", "a n",  "o r",  "e s", "Ġ b", "e d",   "Ġ f", "in g", "Ġ p", "o u",  "Ġa n", "a l", "a r",
    "Ġt o", "Ġ m", "Ġo f", "Ġ in", "Ġ d", "Ġ h", "Ġan d", "l l", "Ġ l",  "Ġ n", "Ġ he", "o m",
};

constexpr const char* kChatMlTemplate =
    "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + "
    "'<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

}  // namespace

TokenizerData syntheticByteVocabulary()
{
    TokenizerData v;
    v.model = "gpt2";
    v.pre = "gpt-2";
    std::unordered_map<std::string, int32_t> ids;
    const auto add = [&](std::string text, TokenType type) {
        ids.emplace(text, static_cast<int32_t>(v.tokens.size()));
        v.tokens.push_back(std::move(text));
        v.tokenType.push_back(static_cast<int32_t>(type));
    };
    for (unsigned b = 0; b < 256; ++b)
        add(byteToken(b), TokenType::Normal);
    for (const char* m : kMerges) {
        const std::string merge = m;
        const size_t space = merge.find(' ');
        const std::string left = merge.substr(0, space), right = merge.substr(space + 1);
        if (!ids.contains(left) || !ids.contains(right))
            throw Error("synthetic vocabulary: merge '" + merge + "' uses an unknown token");
        v.merges.push_back(merge);
        if (!ids.contains(left + right))
            add(left + right, TokenType::Normal);
    }
    for (const char* special : {"<|endoftext|>", "<|im_start|>", "<|im_end|>"})
        add(special, TokenType::Control);
    v.bos = ids.at("<|endoftext|>");
    v.eos = ids.at("<|im_end|>");
    v.pad = ids.at("<|endoftext|>");
    v.addBos = false;
    v.addSpacePrefix = false;
    v.chatTemplate = kChatMlTemplate;
    applyPreTokenizerDefaults(v);
    return v;
}

void padVocabulary(TokenizerData& data, std::size_t size)
{
    if (size <= data.tokens.size())
        return;
    data.tokenType.resize(data.tokens.size(), static_cast<int32_t>(TokenType::Normal));  // empty: all normal
    for (std::size_t i = data.tokens.size(); i < size; ++i) {
        data.tokens.push_back("[PAD" + std::to_string(i) + "]");
        data.tokenType.push_back(static_cast<int32_t>(TokenType::Unused));
        if (!data.scores.empty())
            data.scores.push_back(0.0f);
    }
}

gguf::Writer syntheticModelFile(const gguf::ModelSpec& spec, TokenizerData vocab)
{
    padVocabulary(vocab, spec.vocab);
    gguf::Writer w = gguf::buildSyntheticModel(spec, vocab.tokens.size());
    addTokenizerMetadata(vocab, w);
    return w;
}

}  // namespace strata::tokenizer
