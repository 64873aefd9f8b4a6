#include "tokenizer/pre_tokenizer.hpp"

#include "strata/core/error.hpp"

#include <string>

namespace strata::tokenizer {
namespace {

bool nameIn(std::string_view name, std::initializer_list<std::string_view> names)
{
    for (std::string_view n : names) {
        if (name == n)
            return true;
    }
    return false;
}

}  // namespace

// Names as llama.cpp's converter writes tokenizer.ggml.pre; models that share a regex share a matcher.
PreTokenizer::PreTokenizer(std::string_view pre)
{
    if (nameIn(pre, {"", "default", "gpt2", "gpt-2", "olmo", "jais", "trillion"})) {
        stages_ = {matchGpt2};
    } else if (nameIn(pre, {"llama3", "llama-v3", "llama-bpe", "falcon3", "pixtral"})) {
        stages_ = {matchLlama3};
    } else if (nameIn(pre, {"qwen2", "deepseek-r1-qwen", "megrez"})) {
        stages_ = {matchQwen2};
    } else if (nameIn(pre, {"deepseek-v3"})) {
        stages_ = {matchDigitsUpTo3, matchDeepseekCjk, matchDeepseekV3Words};
    } else if (nameIn(pre, {"deepseek-llm"})) {
        stages_ = {matchLineBreak,          matchDeepseekLlmLetters, matchDeepseekLlmPunct,
                   matchTrailingWhitespace, matchDeepseekLlmCjk,     matchNumbers};
    } else if (nameIn(pre, {"gpt-4o", "llama4"})) {
        stages_ = {matchGpt4o};
    } else if (nameIn(pre, {"smollm", "starcoder", "refact", "command-r", "codeshell", "exaone", "minerva"})) {
        stages_ = {matchSingleDigit, matchGpt2};
    } else {
        throw Error("tokenizer: tokenizer.ggml.pre = '" + std::string(pre) + "' is not a pre-tokenizer Strata knows");
    }
}

void PreTokenizer::split(std::string_view text, CodePoints& cps,
                         std::vector<std::pair<std::uint32_t, std::uint32_t>>& pieces) const
{
    pieces.clear();
    if (text.empty())
        return;
    cps.assign(text);
    // Work in code-point indices; convert to byte offsets at the end.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> current{{0u, static_cast<std::uint32_t>(cps.size())}};
    std::vector<std::pair<std::uint32_t, std::uint32_t>> next;
    for (SplitMatcher match : stages_) {
        next.clear();
        for (const auto& [begin, end] : current) {
            std::size_t unmatched = begin;  // start of text no match covered: it stays one piece
            std::size_t pos = begin;
            while (pos < end) {
                const std::size_t len = match(cps, begin, pos, end);
                if (len == 0) {
                    ++pos;
                    continue;
                }
                if (unmatched < pos)
                    next.emplace_back(unmatched, pos);
                next.emplace_back(pos, pos + len);
                pos += len;
                unmatched = pos;
            }
            if (unmatched < end)
                next.emplace_back(unmatched, end);
        }
        current.swap(next);
    }
    pieces.reserve(current.size());
    for (const auto& [begin, end] : current)
        pieces.emplace_back(cps.offsets[begin], cps.offsets[end]);
}

}  // namespace strata::tokenizer
