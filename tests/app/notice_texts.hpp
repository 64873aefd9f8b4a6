// The texts of the notices the chat view shows (errors, dropped turns, ...), oldest first: what a
// user reads there, for app tests to assert on.
#pragma once

#include "app/application.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/main_window.hpp"

#include <QLabel>
#include <QStringList>

namespace strata::test {

inline QStringList noticeTexts(app::Application& app)
{
    QStringList texts;
    for (QLabel* label : app.window().chatPanel()->chatView()->notices())
        texts << label->text();
    return texts;
}

}  // namespace strata::test
