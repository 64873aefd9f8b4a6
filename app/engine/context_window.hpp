// Long chats keep going: when a conversation's prompt outgrows the model's context, the oldest
// turns are left out of what the model sees (the system prompt always stays). The stored chat
// keeps every message; only the prompt is shorter.
//
// The cut is kept per conversation and only moves when the prompt no longer fits, and then it
// moves far (the prompt drops to half the context), so the turns after it extend the same prompt
// and reuse the session's KV cache instead of re-reading the whole window after every message.
// A 200-turn chat on a 2,048-token context re-reads it about once per ~1,000 tokens of chat
// (tests/app/test_engine_controller.cpp, longChatKeepsAnswering).
#pragma once

#include "app/engine/engine_requests.hpp"

#include <QHash>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace strata::app {

class ContextWindow {
public:
    // The prompt tokens for a request (rendered and tokenized); throws what rendering throws.
    using Tokenize = std::function<std::vector<int32_t>(const ChatTurnRequest&)>;

    struct Prompt {
        std::vector<int32_t> tokens;
        int leftOut = 0;        // history entries left out of this prompt, the oldest ones
        bool movedNow = false;  // the cut moved for this request (the chat shows a notice)
    };

    // The prompt for `request` within `contextLength` tokens, keeping `replyRoom` of them free
    // for the reply. Leaves out whole turns (a user turn and the replies up to the next user
    // turn); never the last user turn. When even that does not fit, returns the prompt of the
    // last turn alone and the session reports it too long.
    Prompt fit(const ChatTurnRequest& request, uint32_t contextLength, uint32_t replyRoom, const Tokenize& tokenize);

    void forget() { m_leftOut.clear(); }  // a new model: its context differs

    // `request` without its `count` oldest history entries; system entries among them stay.
    static ChatTurnRequest withoutOldest(const ChatTurnRequest& request, int count);

private:
    QHash<qint64, int> m_leftOut;  // per conversation
};

}  // namespace strata::app
