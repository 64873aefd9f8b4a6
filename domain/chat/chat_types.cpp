#include "domain/chat/chat_types.hpp"

namespace strata::domain {

QString chatRoleName(ChatRole role)
{
    switch (role) {
    case ChatRole::System: return QStringLiteral("system");
    case ChatRole::User: return QStringLiteral("user");
    case ChatRole::Assistant: return QStringLiteral("assistant");
    }
    return QStringLiteral("user");
}

ChatRole chatRoleFromName(const QString& name, bool* ok)
{
    if (ok)
        *ok = true;
    if (name == QLatin1String("system"))
        return ChatRole::System;
    if (name == QLatin1String("assistant"))
        return ChatRole::Assistant;
    if (name != QLatin1String("user") && ok)
        *ok = false;
    return ChatRole::User;
}

QString interruptedFinishReason()
{
    return QStringLiteral("interrupted");
}

bool isInterruptedReply(const ChatMessage& message)
{
    return message.role == ChatRole::Assistant
           && message.metrics.value(QLatin1String("finish_reason")).toString() == interruptedFinishReason();
}

QJsonObject SamplingSettings::toJson() const
{
    return QJsonObject{{QStringLiteral("temperature"), temperature},
                       {QStringLiteral("top_k"), topK},
                       {QStringLiteral("top_p"), topP},
                       {QStringLiteral("min_p"), minP},
                       {QStringLiteral("repeat_penalty"), repeatPenalty},
                       {QStringLiteral("max_tokens"), maxTokens},
                       {QStringLiteral("seed"), seed},
                       {QStringLiteral("drop_oldest_turns"), dropOldestTurns}};
}

SamplingSettings SamplingSettings::fromJson(const QJsonObject& json)
{
    SamplingSettings s;
    auto number = [&json](const char* key, double fallback) {
        const QJsonValue v = json.value(QLatin1String(key));
        return v.isDouble() ? v.toDouble() : fallback;
    };
    s.temperature = number("temperature", s.temperature);
    s.topK = static_cast<int>(number("top_k", s.topK));
    s.topP = number("top_p", s.topP);
    s.minP = number("min_p", s.minP);
    s.repeatPenalty = number("repeat_penalty", s.repeatPenalty);
    s.maxTokens = static_cast<int>(number("max_tokens", s.maxTokens));
    s.seed = static_cast<qint64>(number("seed", static_cast<double>(s.seed)));
    if (const QJsonValue v = json.value(QLatin1String("drop_oldest_turns")); v.isBool())
        s.dropOldestTurns = v.toBool();
    return s;
}

}  // namespace strata::domain
