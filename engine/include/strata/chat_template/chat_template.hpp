// A model's chat template (Jinja2), compiled once and rendered per conversation, the way
// Hugging Face's apply_chat_template runs it (trim_blocks, lstrip_blocks, loop controls,
// raise_exception, tojson, strftime_now).
#pragma once

#include "strata/chat_template/value.hpp"
#include "strata/core/error.hpp"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace strata::chat_template {

// Every error from compiling or rendering a template: where (line, column; 1-based) and why.
class TemplateError : public strata::Error {
public:
    TemplateError(const std::string& templateName, int line, int column, const std::string& message,
                  bool raisedByTemplate = false);
    int line() const { return line_; }
    int column() const { return column_; }
    // The template itself called raise_exception(message); message() is its text.
    bool raisedByTemplate() const { return raised_; }
    const std::string& message() const { return message_; }

private:
    int line_;
    int column_;
    bool raised_;
    std::string message_;
};

// Runaway protection: a hostile or broken template stops with a TemplateError. A chat template
// comes from the downloaded GGUF and runs on the engine thread, so every limit is on by default.
struct RenderLimits {
    std::size_t maxOutputBytes = 16u << 20;  // also caps any single string or list built
    // Every byte built during the render, summed: strings, list items (a Value's size each),
    // the output. Bounds memory and copying work together; `'x' * n` in a loop cannot hide under
    // the per-value cap. The real templates under tests/data build < 1 MiB for a 200-turn chat.
    std::size_t maxProducedBytes = 64u << 20;
    std::size_t maxSteps = 10'000'000;  // statements + loop iterations + items + calls
    int maxCallDepth = 100;             // nested macro calls
    // Wall clock for one render; 0: none. Real templates render a long chat in milliseconds.
    std::chrono::milliseconds deadline{2000};
};

struct RenderOptions {
    RenderLimits limits;
    // strftime_now() uses this time when set (tests), the local clock otherwise.
    std::optional<std::time_t> now;
    // Set from another thread (Stop, shutdown) to end the render within a few steps with
    // RenderCancelled. Must outlive the render.
    const std::atomic<bool>* cancel = nullptr;
};

// The render was cancelled through RenderOptions::cancel.
class RenderCancelled : public TemplateError {
public:
    explicit RenderCancelled(const std::string& templateName);
};

struct ToolCall {
    std::string id;  // omitted when empty
    std::string name;
    Value arguments;  // a dict (most templates) or a JSON string (some templates concatenate it)
};

struct ChatMessage {
    std::string role;
    std::optional<std::string> content;  // nullopt renders as none (assistant turns with tool calls)
    std::optional<std::string> reasoningContent;
    std::vector<ToolCall> toolCalls;
    std::optional<std::string> name;
    std::optional<std::string> toolCallId;
};

struct ChatOptions {
    bool addGenerationPrompt = true;
    std::optional<bool> enableThinking;  // passed only when set, like apply_chat_template kwargs
    std::string bosToken;
    std::string eosToken;
    Value extraVariables = Value::dict();  // more template variables (a dict)
};

struct Program;  // the parsed template (internal)

class ChatTemplate {
public:
    // Parses the template; TemplateError (line, column) when it is not valid Jinja2 we can run.
    explicit ChatTemplate(const std::string& source, std::string name = "chat template");
    ~ChatTemplate();
    ChatTemplate(ChatTemplate&&) noexcept;
    ChatTemplate& operator=(ChatTemplate&&) noexcept;

    // The template for models that carry none: ChatML (<|im_start|>role\ncontent<|im_end|>\n).
    static ChatTemplate chatMlFallback();
    static const char* chatMlFallbackSource();

    const std::string& name() const { return name_; }

    // Renders with `context` (a dict) as the template's variables. The context is copied, so a
    // template that mutates lists never changes the caller's values.
    std::string render(const Value& context, const RenderOptions& options = {}) const;

    // Builds the variables apply_chat_template passes (messages, tools, add_generation_prompt,
    // bos_token, eos_token, enable_thinking) and renders. `tools` is a list of tool schemas or none.
    std::string renderChat(const std::vector<ChatMessage>& messages, const Value& tools, const ChatOptions& chatOptions,
                           const RenderOptions& options = {}) const;

    // The context renderChat builds, for callers that want to add to it.
    static Value chatContext(const std::vector<ChatMessage>& messages, const Value& tools,
                             const ChatOptions& chatOptions);

private:
    std::string name_;
    std::unique_ptr<Program> program_;
};

}  // namespace strata::chat_template
