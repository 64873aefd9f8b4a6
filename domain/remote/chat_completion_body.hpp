// The body of POST /v1/chat/completions for one chat turn, streamed: the system prompt, the
// conversation's messages (replies without their <think> text, as the local engine's prompt has
// them) and the conversation's sampling settings in the API's field names.
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QByteArray>
#include <QList>
#include <QString>

namespace strata::domain {

// top_k and min_p are not OpenAI's fields but vLLM, llama-server, LM Studio and Strata read them
// and Ollama ignores them. The repeat penalty is left out: each server names it differently
// (repeat_penalty, repetition_penalty) and the chat's default, 1.0, is "off" everywhere.
QByteArray chatCompletionBody(const QString& model, const QString& systemPrompt, const QList<ChatMessage>& history,
                              const SamplingSettings& sampling);

}  // namespace strata::domain
