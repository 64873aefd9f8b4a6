// Open-addressing hash table from a token pair to its merge (rank, merged token). BPE looks a pair up
// for every adjacent pair it considers; std::unordered_map cost two cache misses per lookup (bucket,
// then node) and was a quarter of Qwen3's encode time, this costs one.
#pragma once

#include "strata/tokenizer/tokenizer_data.hpp"

#include <cstdint>
#include <vector>

namespace strata::tokenizer {

class PairTable {
public:
    struct Merge {
        std::int32_t rank;
        TokenId merged;
    };

    static std::uint64_t key(TokenId a, TokenId b)
    {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
    }

    void reserve(std::size_t count)
    {
        std::size_t capacity = 16;
        while (capacity < count * 2)
            capacity *= 2;
        slots_.assign(capacity, Slot{kEmpty, {0, kNoToken}});
        mask_ = capacity - 1;
    }

    // Keeps the first (best-ranked) merge of a pair. reserve() must have made room.
    void insert(std::uint64_t k, Merge m)
    {
        for (std::size_t i = index(k);; i = (i + 1) & mask_) {
            if (slots_[i].key == k)
                return;
            if (slots_[i].key == kEmpty) {
                slots_[i] = Slot{k, m};
                return;
            }
        }
    }

    const Merge* find(std::uint64_t k) const
    {
        if (slots_.empty())
            return nullptr;
        for (std::size_t i = index(k);; i = (i + 1) & mask_) {
            if (slots_[i].key == k)
                return &slots_[i].merge;
            if (slots_[i].key == kEmpty)
                return nullptr;
        }
    }

private:
    static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};  // no token pair has both ids = -1
    struct Slot {
        std::uint64_t key;
        Merge merge;
    };
    std::size_t index(std::uint64_t k) const
    {
        return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ull) >> 20) & mask_;
    }
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
};

}  // namespace strata::tokenizer
