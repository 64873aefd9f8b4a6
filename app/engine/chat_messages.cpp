#include "app/engine/chat_messages.hpp"

namespace strata::app {

namespace {

std::string roleName(domain::ChatRole role)
{
    return domain::chatRoleName(role).toStdString();
}

void appendParagraph(std::string& to, const QString& text)
{
    if (!to.empty())
        to += "\n\n";
    to += text.toStdString();
}

}  // namespace

std::vector<chat_template::ChatMessage> chatMessagesFor(const ChatTurnRequest& request)
{
    std::string system;
    appendParagraph(system, request.systemPrompt.trimmed());
    for (const domain::ChatMessage& m : request.history) {
        if (m.role == domain::ChatRole::System && !m.content.trimmed().isEmpty())
            appendParagraph(system, m.content.trimmed());
    }

    std::vector<chat_template::ChatMessage> out;
    if (!system.empty())
        out.push_back({.role = "system", .content = system});
    for (const domain::ChatMessage& m : request.history) {
        if (m.role == domain::ChatRole::System || (m.content.isEmpty() && m.reasoning.isEmpty()))
            continue;
        const std::string role = roleName(m.role);
        if (!out.empty() && out.back().role == role) {
            appendParagraph(*out.back().content, m.content);
            if (!m.reasoning.isEmpty()) {
                std::string reasoning = out.back().reasoningContent.value_or(std::string());
                appendParagraph(reasoning, m.reasoning);
                out.back().reasoningContent = reasoning;
            }
            continue;
        }
        chat_template::ChatMessage message{.role = role, .content = m.content.toStdString()};
        if (m.role == domain::ChatRole::Assistant && !m.reasoning.isEmpty())
            message.reasoningContent = m.reasoning.toStdString();
        out.push_back(std::move(message));
    }
    return out;
}

}  // namespace strata::app
