// Token ids of words already encoded during one encode call. Text repeats its words (English prose:
// most pre-tokens recur within a few KB), so this skips most merge work; it lives for one call only,
// which keeps the Tokenizer immutable and free to use from several threads.
// Open addressing over one flat slot array: a std::unordered_map cost a node allocation per new word
// and hashed each word twice (find, then emplace); that was a sixth of Qwen3's encode time.
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace strata::tokenizer {

class WordCache {
public:
    static std::uint64_t hash(std::string_view word)
    {
        std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a: words are short, this is a few cycles a byte
        for (char c : word)
            h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
        return h;
    }

    // Appends the cached ids of `word` (whose hash() is `h`) to `out`; false when it is not cached.
    bool append(std::string_view word, std::uint64_t h, std::vector<TokenId>& out) const
    {
        if (slots_.empty())
            return false;
        for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.word == nullptr)
                return false;
            if (s.hash == h && s.wordLen == word.size() && std::memcmp(s.word, word.data(), word.size()) == 0) {
                out.insert(out.end(), ids_.begin() + s.idsFrom, ids_.begin() + s.idsFrom + s.idsLen);
                return true;
            }
        }
    }

    // Remembers out[from..] as the ids of `word` (the view must outlive the cache).
    void remember(std::string_view word, std::uint64_t h, const std::vector<TokenId>& out, std::size_t from)
    {
        if (word.size() > kMaxWordBytes || word.empty())
            return;
        if ((count_ + 1) * 2 > slots_.size())
            grow();
        const auto idsFrom = static_cast<std::uint32_t>(ids_.size());
        ids_.insert(ids_.end(), out.begin() + static_cast<std::ptrdiff_t>(from), out.end());
        place(Slot{h, word.data(), static_cast<std::uint32_t>(word.size()), idsFrom,
                   static_cast<std::uint32_t>(out.size() - from)});
        ++count_;
    }

private:
    static constexpr std::size_t kMaxWordBytes = 64;  // long runs rarely repeat; don't hold them
    struct Slot {
        std::uint64_t hash;
        const char* word;  // nullptr: empty slot
        std::uint32_t wordLen;
        std::uint32_t idsFrom;
        std::uint32_t idsLen;
    };

    void place(const Slot& slot)
    {
        std::size_t i = slot.hash & mask_;
        while (slots_[i].word != nullptr)
            i = (i + 1) & mask_;
        slots_[i] = slot;
    }
    void grow()
    {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(old.empty() ? 1024 : old.size() * 2, Slot{0, nullptr, 0, 0, 0});
        mask_ = slots_.size() - 1;
        for (const Slot& s : old) {
            if (s.word != nullptr)
                place(s);
        }
    }

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t count_ = 0;
    std::vector<TokenId> ids_;
};

}  // namespace strata::tokenizer
