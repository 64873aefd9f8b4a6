// The conversation as a scrolling page of messages, with a reply that streams in at the bottom
// and notices (errors, status) in between. It keeps the view pinned to the bottom while the user is there.
//
// Opening a long conversation builds only its last messages (about two screenfuls) at once; the
// older ones are built newest first in short idle-time batches above them, keeping what the user
// looks at in place. A message's widgets and Markdown cost ~3 ms each, so building all of a
// 240-message chat up front held the GUI for 0.7 s (docs/BENCHMARKS.md, "Chat window responsiveness").
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QElapsedTimer>
#include <QEvent>
#include <QList>
#include <QScrollArea>

class QLabel;
class QTimer;

namespace strata::ui {

class ChatPageLayout;
class CodeHighlighting;
class MessageWidget;

class ChatView : public QScrollArea {
    Q_OBJECT
public:
    explicit ChatView(const CodeHighlighting* highlighting, QWidget* parent = nullptr);

    void setMessages(const QList<domain::ChatMessage>& messages);
    void addMessage(const domain::ChatMessage& message);
    void clearMessages();  // and notices, and a reply that was streaming

    // Streaming reply: begin, append raw model text (with <think> tags), finish. Appended text is
    // shown at most once per frame (kReplyFrameMs): updates that queued up while the GUI thread was
    // busy are rendered together, not one after another in the same event-loop iteration.
    void beginReply();
    void appendReply(const QString& chunk);
    void finishReply(qint64 storedId);
    bool isStreaming() const { return m_streaming != nullptr; }

    // A line that is not part of the conversation (a load error, a note), shown in the flow.
    void showNotice(const QString& text, bool isError);

    // The messages built so far, oldest first (the newest are always built).
    QList<MessageWidget*> messageWidgets() const;
    int messageCount() const;  // built and still to build
    int pendingCount() const;
    void buildAllPending();  // at once (tests, tools)
    QList<QLabel*> notices() const;

signals:
    void editRequested(qint64 messageId, const QString& content);
    void regenerateRequested();

protected:
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void colourError(QLabel* label) const;
    MessageWidget* createWidget(domain::ChatRole role, qint64 id);
    MessageWidget* appendWidget(domain::ChatRole role, qint64 id);
    void buildOlder(qint64 budgetNs);
    void insertReady(const QElapsedTimer& batch, qint64 budgetNs);
    void updateRegenerateButtons();
    void scrollToBottomIfFollowing();
    void showUnshownReply();
    void followBottomAfterPaint();
    void setPageGrowsFirst(bool growsFirst);
    static QEvent::Type followBottomEvent();

    const CodeHighlighting* m_highlighting;
    QWidget* m_page;
    ChatPageLayout* m_layout;
    MessageWidget* m_streaming = nullptr;
    QString m_unshownReply;  // appended, waiting for the next frame
    QTimer* m_replyFrame;
    QElapsedTimer m_sinceReplyShown;
    bool m_following = true;
    bool m_followPosted = false;           // a followBottomEvent is on its way
    QList<domain::ChatMessage> m_pending;  // older messages not built yet, oldest first
    QList<MessageWidget*> m_ready;         // built, hidden, not in the page yet; newest first
    QTimer* m_backfill;
    int m_lastMaximum = 0;     // the scroll range before the last change
    bool m_prepended = false;  // messages went in above the view since the last range change
};

}  // namespace strata::ui
