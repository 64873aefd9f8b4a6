#include "domain/chat/conversation_history.hpp"

#include <algorithm>

namespace strata::domain {

void ConversationHistory::reset(qint64 conversationId, QList<ChatMessage> messages)
{
    m_conversationId = conversationId;
    m_messages = std::move(messages);
}

void ConversationHistory::append(qint64 conversationId, const ChatMessage& message)
{
    if (conversationId == m_conversationId && conversationId != 0)
        m_messages.append(message);
}

void ConversationHistory::update(qint64 messageId, const QString& content, const QString& reasoning,
                                 const QJsonObject& metrics)
{
    // The reply being written is the last message or close to it: search from the end.
    for (qsizetype i = m_messages.size() - 1; i >= 0; --i) {
        ChatMessage& message = m_messages[i];
        if (message.id == messageId) {
            message.content = content;
            message.reasoning = reasoning;
            message.metrics = metrics;
            return;
        }
    }
}

void ConversationHistory::removeFrom(qint64 conversationId, qint64 messageId)
{
    if (conversationId != m_conversationId)
        return;
    m_messages.erase(std::remove_if(m_messages.begin(), m_messages.end(),
                                    [messageId](const ChatMessage& m) { return m.id >= messageId; }),
                     m_messages.end());
}

}  // namespace strata::domain
