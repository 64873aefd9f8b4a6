// A chat turn as the engine's template expects it: the conversation's system prompt and history
// turned into chat_template::ChatMessage, in the strict alternation many model templates enforce.
#pragma once

#include "app/engine/engine_requests.hpp"
#include "strata/chat_template/chat_template.hpp"

#include <vector>

namespace strata::app {

// One system message first (the system prompt plus any stored system messages), then user and
// assistant turns. Consecutive turns of the same role are joined with a blank line: a loaded
// document followed by a question is one user turn, and templates that raise "roles must
// alternate" (Llama 2, Mistral, Gemma) accept it. Empty turns are left out for the same reason.
// Assistant reasoning goes along as reasoning_content, so templates that re-render it (Qwen3,
// DeepSeek R1) produce the tokens the model generated and the session's prefix is reused.
std::vector<chat_template::ChatMessage> chatMessagesFor(const ChatTurnRequest& request);

}  // namespace strata::app
