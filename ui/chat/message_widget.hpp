// One message in the chat: who wrote it, the reasoning (collapsed), the rendered answer, and its
// actions: Copy (the exact original text), Edit and resend (user messages), Regenerate (replies).
#pragma once

#include "domain/chat/chat_types.hpp"
#include "domain/chat/think_tag_splitter.hpp"

#include <QWidget>

class QToolButton;
class QVBoxLayout;

namespace strata::ui {

class CodeHighlighting;
class MessageBody;
class ReasoningView;

class MessageWidget : public QWidget {
    Q_OBJECT
public:
    MessageWidget(domain::ChatRole role, qint64 messageId, const CodeHighlighting* highlighting,
                  QWidget* parent = nullptr);

    // A stored message: reasoning and answer at once, and a note under a reply the app ended
    // during (domain::isInterruptedReply).
    void showStored(const domain::ChatMessage& message);
    // A streamed reply: raw model text, <think> tags included.
    void appendStreamed(const QString& chunk);
    void finishStream();
    // Gives the (hidden) message its width and lays its text out, so showing it later costs no
    // text layout (ChatView builds older messages this way, off screen).
    void layOutAtWidth(int width);

    domain::ChatRole role() const { return m_role; }
    qint64 messageId() const { return m_messageId; }
    void setMessageId(qint64 id) { m_messageId = id; }
    const QString& content() const { return m_content; }  // the answer, exactly as written
    MessageBody* body() const { return m_body; }
    ReasoningView* reasoning() const { return m_reasoning; }  // nullptr until there is reasoning
    void setRegenerateVisible(bool visible);

public slots:
    void copyToClipboard() const;

signals:
    void editRequested(qint64 messageId, const QString& content);
    void regenerateRequested();

private:
    void appendParts(const domain::ThinkTagSplitter::Parts& parts);
    void addInterruptedNote();

    domain::ChatRole m_role;
    qint64 m_messageId;
    QString m_content;
    domain::ThinkTagSplitter m_thinkSplitter;
    QVBoxLayout* m_layout;
    ReasoningView* m_reasoning = nullptr;
    MessageBody* m_body;
    QToolButton* m_regenerate = nullptr;
};

}  // namespace strata::ui
