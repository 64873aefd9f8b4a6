// The message box, the sidebar, the model selector and a message's notes: keys send or break
// lines; delete asks first; the selector describes recent models and the loaded one; a reply the
// app ended during says so.
#include "domain/storage/chat_store.hpp"
#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/code_highlighting.hpp"
#include "ui/chat/conversation_sidebar.hpp"
#include "ui/chat/message_widget.hpp"
#include "ui/chat/model_selector.hpp"

#include <QAbstractButton>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTest>

using namespace strata::ui;
using strata::domain::ChatMessage;
using strata::domain::ChatRole;

class TestChatWidgets : public QObject {
    Q_OBJECT
private slots:
    void enterSendsShiftEnterBreaksTheLine()
    {
        ChatInput input;
        input.show();
        QVERIFY(QTest::qWaitForWindowExposed(&input));
        QSignalSpy submitted(&input, &ChatInput::submitted);
        QTest::keyClicks(&input, QStringLiteral("line one"));
        QTest::keyClick(&input, Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClicks(&input, QStringLiteral("line two"));
        QCOMPARE(submitted.size(), 0);
        QCOMPARE(input.toPlainText(), QStringLiteral("line one\nline two"));
        QTest::keyClick(&input, Qt::Key_Return);
        QCOMPARE(submitted.size(), 1);
        QCOMPARE(submitted.first().first().toString(), QStringLiteral("line one\nline two"));
        QCOMPARE(input.toPlainText(), QString());

        QTest::keyClicks(&input, QStringLiteral("   "));
        QTest::keyClick(&input, Qt::Key_Enter);  // keypad Enter, blank text: nothing is sent
        QCOMPARE(submitted.size(), 1);
    }

    void editAndResendGoesThroughThePanel()
    {
        CodeHighlighting highlighting;
        ChatPanel panel(&highlighting);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy resend(&panel, &ChatPanel::editAndResendRequested);
        QSignalSpy send(&panel, &ChatPanel::sendRequested);
        panel.startEdit(17, QStringLiteral("old text"));
        QCOMPARE(panel.input()->toPlainText(), QStringLiteral("old text"));
        QTest::keyClicks(panel.input(), QStringLiteral(" edited"));
        QTest::keyClick(panel.input(), Qt::Key_Return);
        QCOMPARE(resend.size(), 1);
        QCOMPARE(resend.first().at(0).toLongLong(), 17);
        QCOMPARE(resend.first().at(1).toString(), QStringLiteral("old text edited"));
        QTest::keyClicks(panel.input(), QStringLiteral("plain"));
        QTest::keyClick(panel.input(), Qt::Key_Return);
        QCOMPARE(send.size(), 1);  // edit mode ended with the resend

        panel.setGenerating(true);
        auto* stop = panel.findChild<QAbstractButton*>(QStringLiteral("stopButton"));
        QVERIFY(stop && stop->isEnabled());
        QSignalSpy stopped(&panel, &ChatPanel::stopRequested);
        QTest::mouseClick(stop, Qt::LeftButton);
        QCOMPARE(stopped.size(), 1);
    }

    void deleteAsksBeforeDeleting()
    {
        QStandardItemModel model;
        for (int i = 0; i < 2; ++i) {
            auto* item = new QStandardItem(QStringLiteral("Chat %1").arg(i));
            item->setData(100 + i, ConversationSidebar::IdRole);
            model.appendRow(item);
        }
        ConversationSidebar sidebar;
        sidebar.setModel(&model);
        sidebar.show();
        QSignalSpy selected(&sidebar, &ConversationSidebar::conversationSelected);
        sidebar.selectConversation(101);
        QCOMPARE(sidebar.currentId(), 101);
        QCOMPARE(selected.size(), 0);  // selecting from code is not a user's choice to report again

        QSignalSpy deleted(&sidebar, &ConversationSidebar::deleteRequested);
        sidebar.confirmDeleteCurrent();
        auto* box = sidebar.findChild<QMessageBox*>(QStringLiteral("confirmDeleteBox"));
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        box->button(QMessageBox::Cancel)->click();
        QCOMPARE(deleted.size(), 0);

        sidebar.confirmDeleteCurrent();
        QMessageBox* again = nullptr;
        QTRY_VERIFY((again = sidebar.findChild<QMessageBox*>(QStringLiteral("confirmDeleteBox")))
                    && again->isVisible());
        for (QAbstractButton* button : again->buttons())
            if (again->buttonRole(button) == QMessageBox::DestructiveRole)
                button->click();
        QCOMPARE(deleted.size(), 1);
        QCOMPARE(deleted.first().first().toLongLong(), 101);

        // Searching is forwarded as typed.
        QSignalSpy search(&sidebar, &ConversationSidebar::searchChanged);
        QTest::keyClicks(sidebar.searchField(), QStringLiteral("ab"));
        QCOMPARE(search.size(), 2);
        QCOMPARE(search.last().first().toString(), QStringLiteral("ab"));
    }

    void modelSelectorDescribesRecentAndLoadedModels()
    {
        ModelSelector selector;
        const QString a = QStringLiteral("/models/a.gguf"), b = QStringLiteral("/models/b.gguf");
        selector.setRecentModels({a, b});
        QCOMPARE(selector.descriptionText(), QString());  // the placeholder entry has none
        selector.setModelDescription(a, QStringLiteral("A · llama · 1.0B parameters · Q4_K_M · context 8192 tokens"));
        selector.setModelDescription(b, QStringLiteral("B · qwen3 · 0.6B parameters · Q8_0 · context 40960 tokens"));
        QComboBox* combo = selector.combo();
        const int ib = combo->findData(b);
        QVERIFY(combo->itemData(ib, Qt::ToolTipRole).toString().contains(QStringLiteral("Q8_0")));
        QVERIFY(combo->itemData(ib, Qt::ToolTipRole).toString().startsWith(b));

        // Loaded: the engine's description (the context in use) wins over the file's.
        selector.setLoaded(b, QStringLiteral("B · qwen3 · 0.6B parameters · Q8_0 · context 4096 tokens"));
        QCOMPARE(combo->currentIndex(), ib);
        QVERIFY2(selector.descriptionText().contains(QStringLiteral("context 4096")),
                 qPrintable(selector.descriptionText()));
        QVERIFY(selector.descriptionText().startsWith(QStringLiteral("Loaded:")));
        QCOMPARE(combo->accessibleDescription(), selector.descriptionText());
        selector.setModelDescription(b, QStringLiteral("B · qwen3 · 0.6B parameters · Q8_0 · context 40960 tokens"));
        QVERIFY(selector.descriptionText().contains(QStringLiteral("context 4096")));

        // Browsing the list describes the entry under the cursor; a failed load goes back to the loaded one.
        emit combo->highlighted(combo->findData(a));
        QVERIFY(selector.descriptionText().contains(QStringLiteral("Q4_K_M")));
        combo->setCurrentIndex(combo->findData(a));
        selector.setLoading(a);
        selector.setLoadFailed(a, QStringLiteral("bad file"));
        QCOMPARE(combo->currentIndex(), ib);
        QVERIFY(selector.descriptionText().contains(QStringLiteral("context 4096")));
        QVERIFY(selector.findChild<QWidget*>(QStringLiteral("modelDescription"))->isVisibleTo(&selector));
    }

    // The engine builds the new model before it frees the loaded one (a failed load keeps it), so
    // memory briefly holds both: the selector says so while it loads. Issue 18, finding 6.
    void loadingOverALoadedModelSaysBothAreInMemory()
    {
        ModelSelector selector;
        const QString a = QStringLiteral("/models/a.gguf"), b = QStringLiteral("/models/b.gguf");
        auto* status = selector.findChild<QLabel*>(QStringLiteral("modelStatus"));
        QVERIFY(status);
        selector.setLoading(a);
        QCOMPARE(status->text(), QStringLiteral("Loading a.gguf..."));  // nothing loaded: nothing doubles
        selector.setLoaded(a);
        selector.setLoading(b);
        QVERIFY2(status->text().contains(QStringLiteral("a.gguf stays in memory")), qPrintable(status->text()));
        QVERIFY2(status->toolTip().contains(QStringLiteral("both")), qPrintable(status->toolTip()));
        selector.setLoaded(b);
        QCOMPARE(status->text(), QStringLiteral("Loaded"));
    }

    // A reply saved while it streamed (empty metrics) and never finished, because the app ended,
    // is marked interrupted when the store opens again, and the chat shows a note under it; a
    // finished reply has none. Issue 18, finding 6.
    void replyCutOffByTheEndOfTheAppSaysSo()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("chat.sqlite"));
        const auto message = [](ChatRole role, const QString& content) {
            ChatMessage m;
            m.role = role;
            m.content = content;
            return m;
        };
        qint64 conversation = 0;
        {
            strata::domain::ChatStore store;
            QVERIFY2(store.open(file), qPrintable(store.lastError()));
            conversation = *store.createConversation(QStringLiteral("c"));
            QVERIFY(store.addMessage(conversation, message(ChatRole::User, QStringLiteral("first"))));
            const std::optional<qint64> done = store.addMessage(conversation, message(ChatRole::Assistant, {}));
            QVERIFY(store.updateMessage(*done, QStringLiteral("A whole answer."), {},
                                        {{QStringLiteral("finish_reason"), QStringLiteral("stop")}}));
            QVERIFY(store.addMessage(conversation, message(ChatRole::User, QStringLiteral("second"))));
            const std::optional<qint64> cut = store.addMessage(conversation, message(ChatRole::Assistant, {}));
            QVERIFY(store.updateMessage(*cut, QStringLiteral("Half an ans"), {}, {}));  // as while streaming
        }
        strata::domain::ChatStore store;
        QVERIFY2(store.open(file), qPrintable(store.lastError()));
        ChatView view(nullptr);
        view.resize(600, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMessages(store.messages(conversation));
        view.buildAllPending();
        const QList<MessageWidget*> widgets = view.messageWidgets();
        QCOMPARE(widgets.size(), 4);
        const auto noteOf = [](const MessageWidget* widget) {
            return widget->findChild<QLabel*>(QStringLiteral("interruptedNote"));
        };
        QVERIFY(!noteOf(widgets[0]));
        QVERIFY(!noteOf(widgets[1]));
        QVERIFY(!noteOf(widgets[2]));
        const QLabel* note = noteOf(widgets[3]);
        QVERIFY(note);
        QTRY_VERIFY(note->isVisible());  // the page shows new messages at its next layout pass
        QVERIFY2(note->text().startsWith(QStringLiteral("Interrupted")), qPrintable(note->text()));
        QCOMPARE(widgets[3]->content(), QStringLiteral("Half an ans"));  // the text itself is kept as it was
    }
};

QTEST_MAIN(TestChatWidgets)
#include "test_chat_widgets.moc"
