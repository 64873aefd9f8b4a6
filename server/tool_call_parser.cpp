#include "server/tool_call_parser.hpp"

#include <nlohmann/json.hpp>

namespace strata::server {

namespace {
constexpr std::string_view kOpen = "<tool_call>";
constexpr std::string_view kClose = "</tool_call>";

// Trailing and leading whitespace around the calls is the template's layout, not content.
std::string trimmed(const std::string& text)
{
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}
}  // namespace

ParsedReply parseToolCalls(const std::string& text)
{
    ParsedReply reply;
    std::string content;
    size_t at = 0;
    for (;;) {
        const size_t open = text.find(kOpen, at);
        const size_t close = open == std::string::npos ? open : text.find(kClose, open + kOpen.size());
        if (close == std::string::npos) {
            content += text.substr(at);
            break;
        }
        const std::string body = text.substr(open + kOpen.size(), close - open - kOpen.size());
        const nlohmann::json call = nlohmann::json::parse(body, nullptr, false);
        const auto name = call.is_object() ? call.find("name") : call.end();
        if (!call.is_object() || name == call.end() || !name->is_string()) {
            content += text.substr(at, close + kClose.size() - at);  // not a call: keep it as written
        } else {
            content += text.substr(at, open - at);
            const auto arguments = call.find("arguments");
            std::string args = "{}";
            if (arguments != call.end())
                args = arguments->is_string() ? arguments->get<std::string>() : arguments->dump();
            reply.calls.push_back({name->get<std::string>(), args});
        }
        at = close + kClose.size();
    }
    reply.content = reply.calls.empty() ? content : trimmed(content);
    return reply;
}

}  // namespace strata::server
