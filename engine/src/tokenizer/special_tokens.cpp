#include "tokenizer/special_tokens.hpp"

#include <algorithm>

namespace strata::tokenizer {

SpecialTokens::SpecialTokens(const TokenizerData& data)
{
    for (std::size_t id = 0; id < data.tokenType.size() && id < data.tokens.size(); ++id) {
        const auto type = static_cast<TokenType>(data.tokenType[id]);
        const std::string& text = data.tokens[id];
        if (text.empty())
            continue;
        if (type != TokenType::Control && type != TokenType::UserDefined && type != TokenType::Unknown)
            continue;
        byFirstByte_[static_cast<unsigned char>(text[0])].push_back(
            {text, static_cast<TokenId>(id), type == TokenType::UserDefined});
    }
    for (auto& list : byFirstByte_) {
        std::stable_sort(list.begin(), list.end(),
                         [](const Entry& a, const Entry& b) { return a.text.size() > b.text.size(); });
    }
}

void SpecialTokens::partition(std::string_view text, bool parseSpecial, std::vector<Fragment>& out) const
{
    out.clear();
    std::size_t rawBegin = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const auto& candidates = byFirstByte_[static_cast<unsigned char>(text[pos])];
        const Entry* found = nullptr;
        for (const Entry& e : candidates) {
            if ((e.always || parseSpecial) && text.substr(pos, e.text.size()) == e.text) {
                found = &e;
                break;
            }
        }
        if (found == nullptr) {
            ++pos;
            continue;
        }
        if (rawBegin < pos)
            out.push_back({text.substr(rawBegin, pos - rawBegin), kNoToken});
        out.push_back({found->text, found->id});
        pos += found->text.size();
        rawBegin = pos;
    }
    if (rawBegin < text.size())
        out.push_back({text.substr(rawBegin), kNoToken});
}

}  // namespace strata::tokenizer
