// Plain data the chat window shows and the app stores: one message, a conversation's settings.
// In the domain layer because the widgets (ui/), the store (domain/storage) and the engine wiring
// (app/) all use them.
#pragma once

#include <QJsonObject>
#include <QMetaType>
#include <QString>

namespace strata::domain {

enum class ChatRole { System, User, Assistant };

QString chatRoleName(ChatRole role);  // "system", "user", "assistant"
ChatRole chatRoleFromName(const QString& name, bool* ok = nullptr);

struct ChatMessage {
    qint64 id = 0;  // row id in the store; 0 when not stored yet
    ChatRole role = ChatRole::User;
    QString content;       // exactly what the user typed or the model answered (Markdown source)
    QString reasoning;     // the model's <think> text, kept apart from the answer
    qint64 createdMs = 0;  // ms since the epoch, UTC
    QJsonObject metrics;   // tokens, timings, finish reason (assistant replies)
    QString model;         // the model file that wrote a reply ("" for other messages)
};

// The finish_reason of a reply the app ended during (a crash, a kill): ChatStore::open gives it to
// every reply saved while it streamed, and the chat shows such a reply as cut off.
QString interruptedFinishReason();  // "interrupted"
bool isInterruptedReply(const ChatMessage& message);

// Sampling settings for one conversation. Defaults are the common llama.cpp-style defaults.
struct SamplingSettings {
    double temperature = 0.8;
    int topK = 40;
    double topP = 0.95;
    double minP = 0.05;
    double repeatPenalty = 1.0;
    int maxTokens = 2048;  // reply length cap
    qint64 seed = -1;      // -1: a new random seed per reply
    // A chat longer than the context leaves its oldest turns out of the prompt and goes on
    // (app/engine/context_window.hpp); off: a send that does not fit fails.
    bool dropOldestTurns = true;

    QJsonObject toJson() const;
    // Missing or mistyped fields keep their defaults: an old or hand-edited row never fails to load.
    static SamplingSettings fromJson(const QJsonObject& json);
    bool operator==(const SamplingSettings&) const = default;
};

struct ConversationSettings {
    QString systemPrompt;
    SamplingSettings sampling;
    bool operator==(const ConversationSettings&) const = default;
};

}  // namespace strata::domain

Q_DECLARE_METATYPE(strata::domain::ChatMessage)
Q_DECLARE_METATYPE(strata::domain::SamplingSettings)
