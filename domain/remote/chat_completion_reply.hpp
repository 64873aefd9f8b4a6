// A /v1/chat/completions reply read whole: what a server that ignores "stream": true sends (one
// chat.completion JSON object instead of an event stream; some proxies and older servers do). The
// chat shows its choices[0].message.content as one piece and keeps its finish_reason and usage.
#pragma once

#include "domain/remote/sse_chat_stream.hpp"

#include <QByteArray>
#include <QString>
#include <optional>

namespace strata::domain {

struct ChatCompletionReply {
    QString text;
    QString finishReason;
    std::optional<SseChatStream::Usage> usage;
    QString error;  // why the body is not a usable reply ("" when it is)
};

ChatCompletionReply parseChatCompletion(const QByteArray& body);

// Whether a reply that was asked to stream starts as a JSON object rather than as server-sent
// events (whose lines start with "data:", "event:", ":" and so on): `start` is its first bytes.
bool looksLikeWholeJson(const QByteArray& start);

}  // namespace strata::domain
