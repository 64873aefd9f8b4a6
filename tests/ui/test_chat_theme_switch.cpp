// A live theme switch (the application palette changes from light to dark and back, as Settings or
// the desktop do): error notices and code blocks already on screen take the new theme's colours.
// Qt delivers the change to widgets through the event loop, hence the QTRY_ checks.
#include "ui/chat/chat_view.hpp"
#include "ui/chat/code_block_view.hpp"
#include "ui/chat/code_highlighting.hpp"
#include "ui/chat/message_body.hpp"
#include "ui/chat/message_widget.hpp"

#include <QApplication>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

using namespace strata::ui;
using namespace strata::domain;

namespace {
QPalette darkPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(30, 30, 30));
    palette.setColor(QPalette::WindowText, QColor(230, 230, 230));
    palette.setColor(QPalette::Base, QColor(20, 20, 20));
    palette.setColor(QPalette::Text, QColor(230, 230, 230));
    palette.setColor(QPalette::Button, QColor(45, 45, 45));
    palette.setColor(QPalette::ButtonText, QColor(230, 230, 230));
    return palette;
}

QPalette lightPalette()
{
    QPalette palette;
    palette.setColor(QPalette::Window, QColor(240, 240, 240));
    palette.setColor(QPalette::WindowText, QColor(10, 10, 10));
    palette.setColor(QPalette::Base, QColor(255, 255, 255));
    palette.setColor(QPalette::Text, QColor(10, 10, 10));
    palette.setColor(QPalette::Button, QColor(230, 230, 230));
    palette.setColor(QPalette::ButtonText, QColor(10, 10, 10));
    return palette;
}

const QColor kLightError(170, 20, 20);
const QColor kDarkError(255, 140, 140);
}  // namespace

class TestChatThemeSwitch : public QObject {
    Q_OBJECT
    CodeHighlighting m_highlighting;

private slots:
    void cleanup() { QApplication::setPalette(lightPalette()); }

    void errorNoticeFollowsThePalette()
    {
        QApplication::setPalette(lightPalette());
        ChatView view(&m_highlighting);
        view.resize(600, 400);
        view.show();
        view.showNotice(QStringLiteral("The model could not be loaded."), true);
        view.showNotice(QStringLiteral("A note."), false);
        QLabel* error = view.notices().at(0);
        QLabel* note = view.notices().at(1);
        QTRY_COMPARE(error->palette().color(QPalette::WindowText), kLightError);

        QApplication::setPalette(darkPalette());
        QTRY_COMPARE(error->palette().color(QPalette::WindowText), kDarkError);
        QTRY_COMPARE(note->palette().color(QPalette::WindowText), QColor(230, 230, 230));  // plain text follows too

        QApplication::setPalette(lightPalette());
        QTRY_COMPARE(error->palette().color(QPalette::WindowText), kLightError);
        QTRY_COMPARE(note->palette().color(QPalette::WindowText), QColor(10, 10, 10));
    }

    void codeBlockFollowsThePalette()
    {
        QApplication::setPalette(lightPalette());
        MessageWidget message(ChatRole::Assistant, 1, &m_highlighting);
        message.show();
        message.showStored({.id = 1,
                            .role = ChatRole::Assistant,
                            .content = QStringLiteral("Code:\n\n```cpp\nint main() { return 0; }\n```\n")});
        QCOMPARE(message.body()->codeBlocks().size(), 1);
        CodeBlockView* block = message.body()->codeBlocks().constFirst();
        auto* editor = block->findChild<QPlainTextEdit*>(QStringLiteral("codeText"));
        QVERIFY(editor);
        QTRY_VERIFY(!block->usesDarkTheme());
        QTRY_COMPARE(editor->palette().color(QPalette::Base), QColor(255, 255, 255));

        QApplication::setPalette(darkPalette());
        QTRY_VERIFY(block->usesDarkTheme());
        QTRY_COMPARE(editor->palette().color(QPalette::Base), QColor(20, 20, 20));
        QTRY_COMPARE(editor->palette().color(QPalette::Text), QColor(230, 230, 230));

        QApplication::setPalette(lightPalette());
        QTRY_VERIFY(!block->usesDarkTheme());
        QTRY_COMPARE(editor->palette().color(QPalette::Base), QColor(255, 255, 255));
    }
};

QTEST_MAIN(TestChatThemeSwitch)
#include "test_chat_theme_switch.moc"
