// Opening a long conversation: the chat view builds the newest messages at once and the older ones
// in idle-time batches. The newest are there before anything else runs; in the end every message is
// shown once, in order; a user reading higher up keeps the text they read in place while older
// messages go in above it; the view stays at the bottom when the user is there; a reply streamed
// while older messages are still building ends up last.
#include "ui/chat/chat_view.hpp"
#include "ui/chat/message_widget.hpp"
#include "ui/chat/reasoning_view.hpp"

#include <QScrollBar>
#include <QTest>

#include "chat_test_conversation.hpp"

using namespace strata::ui;
using namespace strata::domain;

namespace {
using test::conversation;

QStringList shownContents(const ChatView& view)
{
    QStringList contents;
    for (const MessageWidget* widget : view.messageWidgets())
        contents << widget->content();
    return contents;
}

QStringList contentsOf(const QList<ChatMessage>& messages)
{
    QStringList contents;
    for (const ChatMessage& message : messages)
        contents << message.content;
    return contents;
}
}  // namespace

class TestChatViewBackfill : public QObject {
    Q_OBJECT
private slots:
    void newestFirstThenAllInOrder()
    {
        ChatView view(nullptr);
        view.resize(700, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QList<ChatMessage> messages = conversation(160);
        view.setMessages(messages);

        // Before the event loop runs: the newest messages only, and the count covers all.
        const QList<MessageWidget*> first = view.messageWidgets();
        QVERIFY(!first.isEmpty());
        QVERIFY2(first.size() < 40, qPrintable(QString::number(first.size())));
        QCOMPARE(view.messageCount(), 160);
        QCOMPARE(first.back()->content(), messages.back().content);
        QCOMPARE(first.back()->messageId(), messages.back().id);

        QTRY_COMPARE_WITH_TIMEOUT(view.pendingCount(), 0, 20000);
        QCOMPARE(shownContents(view), contentsOf(messages));
        const QList<MessageWidget*> all = view.messageWidgets();
        for (qsizetype i = 0; i < all.size(); ++i) {
            QCOMPARE(all[i]->messageId(), messages[i].id);
            QVERIFY(all[i]->isVisible());
        }
        // The view followed the bottom the whole time.
        QTRY_COMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
    }

    void readingPlaceStaysWhileOlderMessagesGoInAbove()
    {
        ChatView view(nullptr);
        view.resize(700, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMessages(conversation(200));
        QTest::qWait(1);  // let the first layout pass place the newest messages
        QTRY_VERIFY(view.verticalScrollBar()->maximum() > 0);

        // The user scrolls up a little from the bottom: pick the message at the top of the view.
        QScrollBar* bar = view.verticalScrollBar();
        bar->setValue(bar->maximum() - 200);
        MessageWidget* anchor = nullptr;
        for (MessageWidget* widget : view.messageWidgets())
            if (widget->geometry().bottom() > bar->value()) {
                anchor = widget;
                break;
            }
        QVERIFY(anchor);
        const int offsetBefore = anchor->y() - bar->value();
        QVERIFY(view.pendingCount() > 0);

        QTRY_COMPARE_WITH_TIMEOUT(view.pendingCount(), 0, 20000);
        QTest::qWait(50);             // the last layout pass and range change
        QVERIFY(anchor->y() > 1000);  // older messages really went in above it
        QVERIFY2(std::abs(anchor->y() - bar->value() - offsetBefore) <= 2,
                 qPrintable(QStringLiteral("moved from %1 to %2").arg(offsetBefore).arg(anchor->y() - bar->value())));
    }

    void replyStreamedDuringBackfillEndsLast()
    {
        ChatView view(nullptr);
        view.resize(700, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QList<ChatMessage> messages = conversation(120);
        view.setMessages(messages);
        view.beginReply();
        view.appendReply(QStringLiteral("<think>hm</think>Streaming **now**"));
        QTest::qWait(5);
        view.appendReply(QStringLiteral(" and more."));
        view.finishReply(999);
        QTRY_COMPARE_WITH_TIMEOUT(view.pendingCount(), 0, 20000);

        const QList<MessageWidget*> all = view.messageWidgets();
        QCOMPARE(all.size(), 121);
        QCOMPARE(all.back()->messageId(), qint64(999));
        QCOMPARE(all.back()->content(), QStringLiteral("Streaming **now** and more."));
        QVERIFY(all.back()->reasoning() && all.back()->reasoning()->text() == QStringLiteral("hm"));
        QCOMPARE(shownContents(view).mid(0, 120), contentsOf(messages));
        // Only the last reply offers Regenerate, also after older replies were built.
        for (MessageWidget* widget : all) {
            auto* regenerate = widget->findChild<QWidget*>(QStringLiteral("regenerateMessageButton"));
            if (regenerate)
                QCOMPARE(regenerate->isVisible(), widget == all.back());
        }
    }

    void buildAllPendingAndClear()
    {
        ChatView view(nullptr);  // never shown: messages are built without a width
        view.setMessages(conversation(80));
        QVERIFY(view.pendingCount() > 0);
        view.buildAllPending();
        QCOMPARE(view.pendingCount(), 0);
        QCOMPARE(shownContents(view), contentsOf(conversation(80)));
        view.setMessages(conversation(80));
        view.clearMessages();
        QCOMPARE(view.messageCount(), 0);
        QTest::qWait(20);  // no batch runs after clear
        QCOMPARE(view.messageCount(), 0);
    }
};

QTEST_MAIN(TestChatViewBackfill)
#include "test_chat_view_backfill.moc"
