// Tool calls in a chat reply, in the format of the templates that ask for them as
// <tool_call>{"name": ..., "arguments": {...}}</tool_call> (Hermes, Qwen 2.5 and Qwen 3). The text
// outside the blocks stays the reply's content. Other families' formats (Llama 3.1's bare JSON,
// Mistral's [TOOL_CALLS]) are not recognised yet: their calls stay text.
#pragma once

#include <string>
#include <vector>

namespace strata::server {

struct ParsedToolCall {
    std::string name;
    std::string arguments;  // JSON text (OpenAI sends the arguments as a string)
};

struct ParsedReply {
    std::string content;
    std::vector<ParsedToolCall> calls;
};

// A block that is not a JSON object with a string "name" stays in the content, as the model wrote it.
ParsedReply parseToolCalls(const std::string& text);

}  // namespace strata::server
