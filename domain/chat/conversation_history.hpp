// The shown conversation's messages as the store holds them, kept in memory on the GUI thread.
// A send builds its request (the whole history) from here instead of reading every message of the
// conversation back from SQLite in the event-loop turn that sends: 240 messages took a measurable
// share of that turn (docs/BENCHMARKS.md, "Chat window responsiveness"). The coordinator applies
// every change it makes to the store here too; a change to another conversation is ignored, as
// that one is read from the store when it is shown.
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QList>

namespace strata::domain {

class ConversationHistory {
public:
    qint64 conversationId() const { return m_conversationId; }
    const QList<ChatMessage>& messages() const { return m_messages; }

    // What the store holds for `conversationId` (0: no conversation).
    void reset(qint64 conversationId, QList<ChatMessage> messages);
    void append(qint64 conversationId, const ChatMessage& message);
    // A stored message rewritten (a streamed reply as it grows and when it ends).
    void update(qint64 messageId, const QString& content, const QString& reasoning, const QJsonObject& metrics);
    // `messageId` and every later message, as ChatStore::deleteMessagesFrom (ids grow in a conversation).
    void removeFrom(qint64 conversationId, qint64 messageId);

private:
    qint64 m_conversationId = 0;
    QList<ChatMessage> m_messages;
};

}  // namespace strata::domain
