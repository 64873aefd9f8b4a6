// Turns tokens into text one at a time, as they are generated, without ever emitting half a UTF-8
// code point: bytes of an incomplete sequence wait for the next token. A byte that can never be part
// of valid UTF-8 becomes U+FFFD at once; an incomplete tail becomes U+FFFD only at finish().
#pragma once

#include "strata/tokenizer/tokenizer.hpp"

#include <string>

namespace strata::tokenizer {

class StreamingDetokenizer {
public:
    explicit StreamingDetokenizer(const Tokenizer& tokenizer, DecodeOptions options = {});

    // Text that became complete with this token (often empty while a code point is split).
    std::string push(TokenId id);
    // Text still held back; call at end of generation. Resets for a new stream.
    std::string finish();
    void reset();

private:
    std::string takeComplete(bool atEnd);

    const Tokenizer* tokenizer_;
    DecodeOptions options_;
    std::string pending_;  // bytes not yet emitted (at most one incomplete code point after takeComplete)
    bool first_ = true;
};

}  // namespace strata::tokenizer
