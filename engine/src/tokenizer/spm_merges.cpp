#include "tokenizer/spm_merges.hpp"

#include "strata/core/error.hpp"
#include "tokenizer/unicode_text.hpp"
#include "tokenizer/word_cache.hpp"

#include <algorithm>
#include <cstdio>

namespace strata::tokenizer {
namespace {

bool candidateAfter(const SpmMerges::Scratch::Candidate& a, const SpmMerges::Scratch::Candidate& b)
{
    return a.score != b.score ? a.score < b.score : a.left > b.left;  // max score first, then leftmost
}

constexpr std::string_view kSpace = "\xE2\x96\x81";  // U+2581

// Whether `piece` has U+2581 after a character that is not U+2581.
bool spaceAfterText(std::string_view piece)
{
    std::size_t pos = 0;
    while (piece.substr(pos, kSpace.size()) == kSpace)
        pos += kSpace.size();
    return pos < piece.size() && piece.find(kSpace, pos) != std::string_view::npos;
}

}  // namespace

SpmMerges::SpmMerges(const TokenizerData& data, const std::unordered_map<std::string_view, TokenId>& textToId)
    : scores_(data.scores), unk_(data.unk)
{
    if (scores_.size() != data.tokens.size()) {
        throw Error("tokenizer: tokenizer.ggml.scores has " + std::to_string(scores_.size()) + " entries for "
                    + std::to_string(data.tokens.size()) + " tokens (SentencePiece needs one score per token)");
    }
    byteToken_.fill(kNoToken);
    for (const auto& [text, id] : textToId) {
        const auto type = data.tokenType.empty() ? TokenType::Normal
                                                 : static_cast<TokenType>(data.tokenType[static_cast<std::size_t>(id)]);
        if (type == TokenType::Normal || type == TokenType::UserDefined) {
            pieces_.emplace(text, id);
            if (spaceAfterText(text))
                wordsIndependent_ = false;
        }
        unsigned value = 0;
        char tail = 0;
        // <0xXX> byte tokens.
        if (type == TokenType::Byte && text.size() == 6
            && std::sscanf(std::string(text).c_str(), "<0x%2X>%c", &value, &tail) == 1 && value < 256) {
            byteToken_[value] = id;
        }
    }
}

TokenId SpmMerges::lookup(std::string_view piece) const
{
    const auto it = pieces_.find(piece);
    return it == pieces_.end() ? kNoToken : it->second;
}

void SpmMerges::pushCandidate(std::string_view text, Scratch& s, std::int32_t left) const
{
    if (left < 0)
        return;
    const std::int32_t right = s.symbols[static_cast<std::size_t>(left)].next;
    if (right < 0)
        return;
    const auto& l = s.symbols[static_cast<std::size_t>(left)];
    const auto& r = s.symbols[static_cast<std::size_t>(right)];
    const TokenId id = lookup(text.substr(l.begin, l.size + r.size));
    if (id == kNoToken)
        return;
    s.heap.push_back({scores_[static_cast<std::size_t>(id)], left, right, l.size + r.size});
    std::push_heap(s.heap.begin(), s.heap.end(), candidateAfter);
}

void SpmMerges::encode(std::string_view text, Scratch& s, std::vector<TokenId>& out) const
{
    if (!wordsIndependent_) {
        encodeWord(text, s, out);
        return;
    }
    // Words start where U+2581 follows another character ("a▁▁b" -> "a", "▁▁b").
    WordCache cache;
    std::size_t begin = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t hit = text.find(kSpace, pos);
        if (hit == std::string_view::npos)
            break;
        std::size_t runEnd = hit;
        while (text.substr(runEnd, kSpace.size()) == kSpace)
            runEnd += kSpace.size();
        if (hit > begin) {
            const std::string_view word = text.substr(begin, hit - begin);
            const std::uint64_t h = WordCache::hash(word);
            if (!cache.append(word, h, out)) {
                const std::size_t from = out.size();
                encodeWord(word, s, out);
                cache.remember(word, h, out, from);
            }
            begin = hit;
        }
        pos = runEnd;
    }
    const std::string_view last = text.substr(begin);
    if (!last.empty() && !cache.append(last, WordCache::hash(last), out))
        encodeWord(last, s, out);
}

void SpmMerges::encodeWord(std::string_view text, Scratch& s, std::vector<TokenId>& out) const
{
    s.symbols.clear();
    s.heap.clear();
    for (std::size_t pos = 0; pos < text.size();) {
        // An invalid byte is a symbol of its own (byte fallback encodes it) and never swallows the
        // start of the next character.
        char32_t cp = 0;
        const std::size_t len = decodeUtf8(text, pos, &cp);
        const auto index = static_cast<std::int32_t>(s.symbols.size());
        s.symbols.push_back({static_cast<std::uint32_t>(pos), static_cast<std::uint32_t>(len), index - 1, -1});
        if (index > 0)
            s.symbols[static_cast<std::size_t>(index - 1)].next = index;
        pos += len;
    }
    for (std::int32_t i = 0; i + 1 < static_cast<std::int32_t>(s.symbols.size()); ++i)
        pushCandidate(text, s, i);
    while (!s.heap.empty()) {
        std::pop_heap(s.heap.begin(), s.heap.end(), candidateAfter);
        const Scratch::Candidate c = s.heap.back();
        s.heap.pop_back();
        auto& left = s.symbols[static_cast<std::size_t>(c.left)];
        auto& right = s.symbols[static_cast<std::size_t>(c.right)];
        // Stale: either side changed since the pair was queued.
        if (left.size == 0 || right.size == 0 || left.next != c.right || left.size + right.size != c.size)
            continue;
        left.size += right.size;
        right.size = 0;
        left.next = right.next;
        if (right.next >= 0)
            s.symbols[static_cast<std::size_t>(right.next)].prev = c.left;
        pushCandidate(text, s, left.prev);
        pushCandidate(text, s, c.left);
    }
    for (std::int32_t i = s.symbols.empty() ? -1 : 0; i >= 0; i = s.symbols[static_cast<std::size_t>(i)].next) {
        const auto& sym = s.symbols[static_cast<std::size_t>(i)];
        const std::string_view piece = text.substr(sym.begin, sym.size);
        if (const TokenId id = lookup(piece); id != kNoToken) {
            out.push_back(id);
            continue;
        }
        for (char byte : piece) {
            const TokenId b = byteToken_[static_cast<unsigned char>(byte)];
            if (b != kNoToken) {
                out.push_back(b);
            } else if (unk_ != kNoToken) {
                // Without byte tokens the whole unknown piece is one <unk>.
                out.push_back(unk_);
                break;
            } else {
                throw Error("tokenizer: no byte token and no unknown token for a character outside the vocabulary");
            }
        }
    }
}

}  // namespace strata::tokenizer
