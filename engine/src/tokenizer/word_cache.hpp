// Token ids of words already encoded during one encode call. Text repeats its words (English prose:
// most pre-tokens recur within a few KB), so this skips most merge work; it lives for one call only,
// which keeps the Tokenizer immutable and free to use from several threads.
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::tokenizer {

class WordCache {
public:
    // Appends the cached ids of `word` to `out`; false when the word is not cached.
    bool append(std::string_view word, std::vector<TokenId>& out) const {
        const auto it = map_.find(word);
        if (it == map_.end()) return false;
        out.insert(out.end(), ids_.begin() + it->second.first, ids_.begin() + it->second.first + it->second.second);
        return true;
    }
    // Remembers out[from..] as the ids of `word` (the view must outlive the cache).
    void remember(std::string_view word, const std::vector<TokenId>& out, std::size_t from) {
        if (word.size() > kMaxWordBytes) return;
        const auto offset = static_cast<std::uint32_t>(ids_.size());
        ids_.insert(ids_.end(), out.begin() + static_cast<std::ptrdiff_t>(from), out.end());
        map_.emplace(word, std::make_pair(offset, static_cast<std::uint32_t>(out.size() - from)));
    }

private:
    static constexpr std::size_t kMaxWordBytes = 64;  // long runs rarely repeat; don't hold them
    std::unordered_map<std::string_view, std::pair<std::uint32_t, std::uint32_t>> map_;
    std::vector<TokenId> ids_;
};

}  // namespace strata::tokenizer
