// The conversation as a scrolling page of messages, with a reply that streams in at the bottom
// and notices (errors, status) in between. It keeps the view pinned to the bottom while the user is there.
#pragma once

#include "ui/chat/chat_types.hpp"

#include <QList>
#include <QScrollArea>

class QLabel;
class QVBoxLayout;

namespace strata::ui {

class CodeHighlighting;
class MessageWidget;

class ChatView : public QScrollArea {
    Q_OBJECT
public:
    explicit ChatView(const CodeHighlighting* highlighting, QWidget* parent = nullptr);

    void setMessages(const QList<ChatMessage>& messages);
    void addMessage(const ChatMessage& message);
    void clear();

    // Streaming reply: begin, append raw model text (with <think> tags), finish.
    void beginReply();
    void appendReply(const QString& chunk);
    void finishReply(qint64 storedId);
    bool isStreaming() const { return m_streaming != nullptr; }

    // A line that is not part of the conversation (a load error, a note), shown in the flow.
    void showNotice(const QString& text, bool isError);

    QList<MessageWidget*> messageWidgets() const;
    QList<QLabel*> notices() const;

signals:
    void editRequested(qint64 messageId, const QString& content);
    void regenerateRequested();

private:
    MessageWidget* appendWidget(ChatRole role, qint64 id);
    void updateRegenerateButtons();
    void scrollToBottomIfFollowing();

    const CodeHighlighting* m_highlighting;
    QWidget* m_page;
    QVBoxLayout* m_layout;
    MessageWidget* m_streaming = nullptr;
    bool m_following = true;
};

}  // namespace strata::ui
