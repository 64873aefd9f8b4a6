#include "strata/chat_template/chat_template.hpp"

#include "chat_template/interpreter.hpp"
#include "chat_template/parser.hpp"

namespace strata::chat_template {

namespace {

std::string describeError(const std::string& name, int line, int column, const std::string& message, bool raised)
{
    std::string where = name;
    if (line > 0)
        where += ":" + std::to_string(line) + ":" + std::to_string(column);
    return where + ": " + (raised ? "the template raised an error: " : "") + message;
}

}  // namespace

TemplateError::TemplateError(const std::string& templateName, int line, int column, const std::string& message,
                             bool raisedByTemplate)
    : strata::Error(describeError(templateName, line, column, message, raisedByTemplate)), line_(line), column_(column),
      raised_(raisedByTemplate), message_(message)
{}

RenderCancelled::RenderCancelled(const std::string& templateName)
    : TemplateError(templateName, 0, 0, "rendering was cancelled")
{}

ChatTemplate::ChatTemplate(const std::string& source, std::string name) : name_(std::move(name))
{
    program_ = parseTemplate(source, name_);
    validateProgram(*program_, name_);
}

ChatTemplate::~ChatTemplate() = default;
ChatTemplate::ChatTemplate(ChatTemplate&&) noexcept = default;
ChatTemplate& ChatTemplate::operator=(ChatTemplate&&) noexcept = default;

const char* ChatTemplate::chatMlFallbackSource()
{
    // ChatML, the format most instruction-tuned models without their own template understand.
    return "{%- for message in messages %}"
           "{{- '<|im_start|>' + message['role'] + '\\n' + (message['content'] if message['content'] is string else '') + '<|im_end|>\\n' }}"
           "{%- endfor %}"
           "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}";
}

ChatTemplate ChatTemplate::chatMlFallback()
{
    return ChatTemplate(chatMlFallbackSource(), "ChatML fallback template");
}

std::string ChatTemplate::render(const Value& context, const RenderOptions& options) const
{
    Interpreter interpreter(name_, options);
    return interpreter.run(*program_, context);
}

Value ChatTemplate::chatContext(const std::vector<ChatMessage>& messages, const Value& tools,
                                const ChatOptions& chatOptions)
{
    List list;
    for (const ChatMessage& m : messages) {
        auto d = std::make_shared<Dict>();
        d->set("role", Value(m.role));
        d->set("content", m.content ? Value(*m.content) : Value::none());
        if (m.reasoningContent)
            d->set("reasoning_content", Value(*m.reasoningContent));
        if (!m.toolCalls.empty()) {
            List calls;
            for (const ToolCall& c : m.toolCalls) {
                auto fn = std::make_shared<Dict>();
                fn->set("name", Value(c.name));
                fn->set("arguments", c.arguments);
                auto call = std::make_shared<Dict>();
                if (!c.id.empty())
                    call->set("id", Value(c.id));
                call->set("type", Value("function"));
                call->set("function", Value(fn));
                calls.push_back(Value(call));
            }
            d->set("tool_calls", Value(std::move(calls)));
        }
        if (m.name)
            d->set("name", Value(*m.name));
        if (m.toolCallId)
            d->set("tool_call_id", Value(*m.toolCallId));
        list.push_back(Value(d));
    }
    auto ctx = std::make_shared<Dict>();
    ctx->set("messages", Value(std::move(list)));
    ctx->set("tools", tools.isUndefined() ? Value::none() : tools);
    ctx->set("add_generation_prompt", Value(chatOptions.addGenerationPrompt));
    ctx->set("bos_token", Value(chatOptions.bosToken));
    ctx->set("eos_token", Value(chatOptions.eosToken));
    if (chatOptions.enableThinking)
        ctx->set("enable_thinking", Value(*chatOptions.enableThinking));
    if (chatOptions.extraVariables.isDict())
        for (const auto& [k, v] : chatOptions.extraVariables.dictRef())
            ctx->set(k, v);
    return Value(ctx);
}

std::string ChatTemplate::renderChat(const std::vector<ChatMessage>& messages, const Value& tools,
                                     const ChatOptions& chatOptions, const RenderOptions& options) const
{
    return render(chatContext(messages, tools, chatOptions), options);
}

}  // namespace strata::chat_template
