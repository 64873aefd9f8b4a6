// libFuzzer target: arbitrary templates under the real default limits (RenderLimits{}: 10M steps,
// 16 MiB per value, 64 MiB built per render, a 2 s deadline), rendering a chat with long messages
// so the byte budget matters. fuzz_chat_template keeps tight limits for speed; this one checks
// that the limits the app runs with end every input within CI's 10 s per-input timeout without
// exhausting memory. Any outcome is fine except a crash, a sanitizer report, a hang or an
// exception other than strata::Error.
#include "strata/chat_template/chat_template.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace strata::chat_template;

namespace {

const std::vector<ChatMessage>& messages()
{
    static const std::vector<ChatMessage> chat = [] {
        std::vector<ChatMessage> m;
        m.push_back({"system", std::string(2000, 's'), {}, {}, {}, {}});
        for (int i = 0; i < 20; ++i) {
            m.push_back({"user", "question " + std::to_string(i) + std::string(1000, 'q'), {}, {}, {}, {}});
            m.push_back({"assistant", "answer " + std::to_string(i) + std::string(1000, 'a'), "thinking", {}, {}, {}});
        }
        return m;
    }();
    return chat;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string source(reinterpret_cast<const char*>(data), size);
    RenderOptions options;  // the real limits
    options.now = 1700049600;
    ChatOptions chat;
    chat.bosToken = "<s>";
    chat.eosToken = "</s>";
    try {
        const ChatTemplate tmpl(source, "fuzz");
        (void)tmpl.renderChat(messages(), Value::none(), chat, options);
    } catch (const strata::Error&) {}
    return 0;
}
