#include "tokenizer/bpe_merges.hpp"

#include "strata/core/error.hpp"
#include "tokenizer/byte_level.hpp"

#include <algorithm>
#include <climits>
#include <string>

namespace strata::tokenizer {
namespace {

// Words up to this many bytes merge by a linear scan for the best pair: no heap and no stale entries,
// and the scan over a few dozen ranks costs less than the heap's upkeep. Measured on English text
// (Qwen3, docs/BENCHMARKS.md), where nearly every pre-token is this short.
constexpr std::size_t kShortWordBytes = 48;
constexpr std::int32_t kNoRank = INT32_MAX;

bool candidateAfter(const BpeMerges::Scratch::Candidate& a, const BpeMerges::Scratch::Candidate& b)
{
    return a.rank != b.rank ? a.rank > b.rank : a.left > b.left;  // min-heap on (rank, position)
}

}  // namespace

BpeMerges::BpeMerges(const TokenizerData& data, const std::vector<std::string>& tokenBytes,
                     const std::unordered_map<std::string_view, TokenId>& textToId)
{
    byteToken_.fill(kNoToken);
    for (std::size_t id = 0; id < tokenBytes.size(); ++id) {
        if (tokenBytes[id].size() == 1) {
            TokenId& slot = byteToken_[static_cast<unsigned char>(tokenBytes[id][0])];
            if (slot == kNoToken)
                slot = static_cast<TokenId>(id);
        }
    }
    merges_.reserve(data.merges.size());
    for (std::size_t rank = 0; rank < data.merges.size(); ++rank) {
        const std::string& m = data.merges[rank];
        const std::size_t space = m.find(' ', 1);  // a left part may itself be a lone space in odd vocabularies
        if (space == std::string::npos) {
            throw Error("tokenizer: tokenizer.ggml.merges[" + std::to_string(rank) + "] = '" + m + "' has no space");
        }
        const std::string_view left(m.data(), space);
        const std::string_view right(m.data() + space + 1, m.size() - space - 1);
        const auto l = textToId.find(left);
        const auto r = textToId.find(right);
        const auto merged = textToId.find(std::string(left) + std::string(right));
        // Merges whose parts are not tokens can never fire; vocabularies do carry a few.
        if (l == textToId.end() || r == textToId.end() || merged == textToId.end())
            continue;
        merges_.insert(PairTable::key(l->second, r->second), {static_cast<std::int32_t>(rank), merged->second});
    }
}

void BpeMerges::pushCandidate(Scratch& s, std::int32_t left) const
{
    const std::int32_t right = s.symbols[left].next;
    if (right < 0)
        return;
    const PairTable::Merge* m = merges_.find(PairTable::key(s.symbols[left].id, s.symbols[right].id));
    if (m == nullptr)
        return;
    s.heap.push_back({m->rank, left, s.symbols[left].id, s.symbols[right].id, m->merged});
    std::push_heap(s.heap.begin(), s.heap.end(), candidateAfter);
}

TokenId BpeMerges::byteToken(unsigned char b) const
{
    const TokenId id = byteToken_[b];
    if (id == kNoToken)
        throw Error("tokenizer: the vocabulary has no token for byte " + std::to_string(b));
    return id;
}

void BpeMerges::encodeWord(std::string_view bytes, Scratch& s, std::vector<TokenId>& out) const
{
    if (bytes.size() <= kShortWordBytes) {
        encodeShortWord(bytes, s, out);
    } else {
        encodeLongWord(bytes, s, out);
    }
}

// Same order as the heap below: the lowest rank first, the leftmost pair on ties.
void BpeMerges::encodeShortWord(std::string_view bytes, Scratch& s, std::vector<TokenId>& out) const
{
    auto& ids = s.ids;
    auto& ranks = s.ranks;
    auto& merged = s.merged;
    ids.clear();
    for (char c : bytes)
        ids.push_back(byteToken(static_cast<unsigned char>(c)));
    ranks.assign(ids.size(), kNoRank);
    merged.resize(ids.size());
    const auto pairAt = [&](std::size_t i) {
        const PairTable::Merge* m = i + 1 < ids.size() ? merges_.find(PairTable::key(ids[i], ids[i + 1])) : nullptr;
        ranks[i] = m != nullptr ? m->rank : kNoRank;
        merged[i] = m != nullptr ? m->merged : kNoToken;
    };
    for (std::size_t i = 0; i + 1 < ids.size(); ++i)
        pairAt(i);
    for (;;) {
        std::int32_t best = kNoRank;
        std::size_t at = 0;
        for (std::size_t i = 0; i + 1 < ids.size(); ++i) {
            if (ranks[i] < best) {
                best = ranks[i];
                at = i;
            }
        }
        if (best == kNoRank)
            break;
        ids[at] = merged[at];
        const auto gone = static_cast<std::ptrdiff_t>(at + 1);
        ids.erase(ids.begin() + gone);
        ranks.erase(ranks.begin() + gone);
        merged.erase(merged.begin() + gone);
        pairAt(at);
        if (at > 0)
            pairAt(at - 1);
    }
    out.insert(out.end(), ids.begin(), ids.end());
}

void BpeMerges::encodeLongWord(std::string_view bytes, Scratch& s, std::vector<TokenId>& out) const
{
    const auto n = static_cast<std::int32_t>(bytes.size());
    s.symbols.clear();
    s.heap.clear();
    for (std::int32_t i = 0; i < n; ++i) {
        const TokenId id = byteToken(static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]));
        s.symbols.push_back({id, i - 1, i + 1 < n ? i + 1 : -1});
    }
    for (std::int32_t i = 0; i + 1 < n; ++i)
        pushCandidate(s, i);
    while (!s.heap.empty()) {
        std::pop_heap(s.heap.begin(), s.heap.end(), candidateAfter);
        const Scratch::Candidate c = s.heap.back();
        s.heap.pop_back();
        Scratch::Symbol& left = s.symbols[c.left];
        // Stale: one side has merged with something else since this pair was queued.
        if (left.id != c.leftId || left.next < 0 || s.symbols[left.next].id != c.rightId)
            continue;
        const std::int32_t rightIndex = left.next;
        Scratch::Symbol& right = s.symbols[rightIndex];
        left.id = c.merged;
        left.next = right.next;
        if (right.next >= 0)
            s.symbols[right.next].prev = c.left;
        right.id = kNoToken;  // removed
        if (left.prev >= 0)
            pushCandidate(s, left.prev);
        pushCandidate(s, c.left);
    }
    for (std::int32_t i = n > 0 ? 0 : -1; i >= 0; i = s.symbols[i].next)
        out.push_back(s.symbols[i].id);
}

}  // namespace strata::tokenizer
