// A conversation of `count` alternating user/assistant messages (answers with a list and a code
// block), shared by the chat view tests.
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QList>
#include <QString>

namespace strata::ui::test {

inline QList<domain::ChatMessage> conversation(int count)
{
    QList<domain::ChatMessage> messages;
    for (int i = 0; i < count; ++i) {
        domain::ChatMessage message;
        message.id = i + 1;
        message.role = i % 2 == 0 ? domain::ChatRole::User : domain::ChatRole::Assistant;
        message.content =
            i % 2 == 0 ? QStringLiteral("Question %1: how does this work?").arg(i)
                       : QStringLiteral(
                             "Answer %1.\n\n- a point\n- another point\n\n```cpp\nint f() { return %1; }\n```\n\nDone.")
                             .arg(i);
        messages << message;
    }
    return messages;
}

}  // namespace strata::ui::test
