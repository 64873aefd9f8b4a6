#include "strata/tokenizer/streaming_detokenizer.hpp"

namespace strata::tokenizer {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// How many bytes of a UTF-8 sequence starting at s[0] are present and valid so far:
// returns the full length when complete, 0 when s[0..] can never be valid, -1 when more bytes may
// still complete it.
int sequenceStatus(std::string_view s)
{
    const auto b0 = static_cast<unsigned char>(s[0]);
    if (b0 < 0x80)
        return 1;
    int len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte (no overlongs, no surrogates)
    if (b0 >= 0xC2 && b0 <= 0xDF)
        len = 2;
    else if (b0 == 0xE0) {
        len = 3;
        lo = 0xA0;
    } else if (b0 >= 0xE1 && b0 <= 0xEC)
        len = 3;
    else if (b0 == 0xED) {
        len = 3;
        hi = 0x9F;
    } else if (b0 >= 0xEE && b0 <= 0xEF)
        len = 3;
    else if (b0 == 0xF0) {
        len = 4;
        lo = 0x90;
    } else if (b0 >= 0xF1 && b0 <= 0xF3)
        len = 4;
    else if (b0 == 0xF4) {
        len = 4;
        hi = 0x8F;
    } else
        return 0;
    for (int i = 1; i < len; ++i) {
        if (static_cast<std::size_t>(i) >= s.size())
            return -1;
        const auto b = static_cast<unsigned char>(s[static_cast<std::size_t>(i)]);
        const unsigned char min = (i == 1) ? lo : 0x80;
        const unsigned char max = (i == 1) ? hi : 0xBF;
        if (b < min || b > max)
            return 0;
    }
    return len;
}

}  // namespace

StreamingDetokenizer::StreamingDetokenizer(const Tokenizer& tokenizer, DecodeOptions options)
    : tokenizer_(&tokenizer), options_(options)
{}

std::string StreamingDetokenizer::push(TokenId id)
{
    std::string bytes = tokenizer_->tokenBytes(id, options_.renderSpecial);
    if (first_ && !bytes.empty()) {
        if (options_.stripSpacePrefix && tokenizer_->addsSpacePrefix() && bytes[0] == ' ')
            bytes.erase(0, 1);
        first_ = false;
    }
    pending_.append(bytes);
    return takeComplete(false);
}

std::string StreamingDetokenizer::finish()
{
    std::string out = takeComplete(true);
    reset();
    return out;
}

void StreamingDetokenizer::reset()
{
    pending_.clear();
    first_ = true;
}

std::string StreamingDetokenizer::takeComplete(bool atEnd)
{
    std::string out;
    std::size_t pos = 0;
    while (pos < pending_.size()) {
        const int status = sequenceStatus(std::string_view(pending_).substr(pos));
        if (status > 0) {
            out.append(pending_, pos, static_cast<std::size_t>(status));
            pos += static_cast<std::size_t>(status);
        } else if (status == 0) {
            out.append(kReplacement);  // a byte that no continuation can make valid
            ++pos;
        } else if (atEnd) {
            out.append(kReplacement);  // the stream ended inside a code point
            pos = pending_.size();
        } else {
            break;  // wait for the rest of the code point
        }
    }
    pending_.erase(0, pos);
    return out;
}

}  // namespace strata::tokenizer
