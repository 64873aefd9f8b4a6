#include "domain/remote/chat_completion_body.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace strata::domain {

QByteArray chatCompletionBody(const QString& model, const QString& systemPrompt, const QList<ChatMessage>& history,
                              const SamplingSettings& sampling)
{
    QJsonArray messages;
    if (!systemPrompt.trimmed().isEmpty())
        messages.append(
            QJsonObject{{QStringLiteral("role"), QStringLiteral("system")}, {QStringLiteral("content"), systemPrompt}});
    for (const ChatMessage& message : history) {
        if (message.content.isEmpty())
            continue;  // a reply that failed before its first token
        messages.append(QJsonObject{{QStringLiteral("role"), chatRoleName(message.role)},
                                    {QStringLiteral("content"), message.content}});
    }
    QJsonObject body{{QStringLiteral("model"), model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("stream"), true},
                     // a last chunk with the token counts; servers that predate it ignore the field
                     {QStringLiteral("stream_options"), QJsonObject{{QStringLiteral("include_usage"), true}}},
                     {QStringLiteral("temperature"), sampling.temperature},
                     {QStringLiteral("top_p"), sampling.topP},
                     {QStringLiteral("top_k"), sampling.topK},
                     {QStringLiteral("min_p"), sampling.minP},
                     {QStringLiteral("max_tokens"), sampling.maxTokens}};
    if (sampling.seed >= 0)
        body.insert(QStringLiteral("seed"), sampling.seed);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

}  // namespace strata::domain
