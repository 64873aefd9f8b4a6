#include "ui/chat/chat_input.hpp"

#include <QKeyEvent>

namespace strata::ui {

ChatInput::ChatInput(QWidget* parent) : QPlainTextEdit(parent)
{
    setObjectName(QStringLiteral("chatInput"));
    setAccessibleName(tr("Message"));
    setPlaceholderText(tr("Write a message. Enter sends, Shift+Enter starts a new line."));
    setTabChangesFocus(true);  // Tab moves on to the buttons: the chat is usable by keyboard
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

QSize ChatInput::sizeHint() const
{
    return {QPlainTextEdit::sizeHint().width(), fontMetrics().lineSpacing() * 4 + 12};
}

void ChatInput::keyPressEvent(QKeyEvent* event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && !(event->modifiers() & Qt::ShiftModifier)) {
        const QString text = toPlainText();
        if (!text.trimmed().isEmpty()) {
            clear();
            emit submitted(text);
        }
        event->accept();
        return;
    }
    if (enter) {
        // Shift+Enter would insert a paragraph separator (U+2029) in some styles; insert a plain newline.
        textCursor().insertText(QStringLiteral("\n"));
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Escape) {
        emit escapePressed();
        event->accept();
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

}  // namespace strata::ui
