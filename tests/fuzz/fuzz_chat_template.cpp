// libFuzzer target: parse and render arbitrary templates against a small fixed conversation.
// Any outcome is fine except a crash, a sanitizer report, a hang or an exception other than
// strata::Error. Limits are tight so slow inputs end quickly.
#include "strata/chat_template/chat_template.hpp"
#include "strata/chat_template/json.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace strata::chat_template;

namespace {

const Value& context()
{
    static const Value ctx = parseJson(R"({
        "messages": [
            {"role": "system", "content": "sys"},
            {"role": "user", "content": "Hi \u00e9 \ud83d\ude00"},
            {"role": "assistant", "content": "ok", "reasoning_content": "r",
             "tool_calls": [{"type": "function", "function": {"name": "f", "arguments": {"a": [1, 2.5, null]}}}]},
            {"role": "tool", "content": "{\"x\": 1}"}
        ],
        "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}],
        "add_generation_prompt": true, "enable_thinking": false,
        "bos_token": "<s>", "eos_token": "</s>"
    })");
    return ctx;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string source(reinterpret_cast<const char*>(data), size);
    RenderOptions options;
    options.limits.maxSteps = 20000;
    options.limits.maxOutputBytes = 1 << 16;
    options.limits.maxCallDepth = 40;
    options.now = 1700049600;
    try {
        const ChatTemplate tmpl(source, "fuzz");
        (void)tmpl.render(context(), options);
    } catch (const strata::Error&) {}
    // The JSON parser sees the same bytes.
    try {
        (void)dumpJson(parseJson(source));
    } catch (const strata::Error&) {}
    return 0;
}
