// The message box and the sidebar: keys send or break lines; delete asks first.
#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/code_highlighting.hpp"
#include "ui/chat/conversation_sidebar.hpp"

#include <QAbstractButton>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTest>

using namespace strata::ui;

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
        QTRY_VERIFY((again = sidebar.findChild<QMessageBox*>(QStringLiteral("confirmDeleteBox"))) && again->isVisible());
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
};

QTEST_MAIN(TestChatWidgets)
#include "test_chat_widgets.moc"
