// A streaming reply repaints only what changed: the view follows the bottom by moving the painted
// pixels, messages above the reply are not painted again per update, and no update (code fences
// included) repaints the whole view. What is on screen after
// many such partial repaints is the same picture as the whole view painted from scratch.
#include "ui/chat/chat_view.hpp"
#include "ui/chat/message_widget.hpp"

#include <QEvent>
#include <QImage>
#include <QPaintEvent>
#include <QPixmap>
#include <QScreen>
#include <QScrollBar>
#include <QTest>

#include "chat_test_conversation.hpp"

using namespace strata::ui;

namespace {
using test::conversation;

// Markdown with every kind of block, cut into token-sized pieces as a model would stream it.
QStringList replyPieces()
{
    const QString reply = QStringLiteral(
        "<think>First the headings, then a table.</think>## Plan\n\nThe answer has **bold** text, `code` and a "
        "[link](https://example.org) in a paragraph long enough to wrap over more than one line of the view.\n\n"
        "1. one\n2. two\n3. three\n\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\n```python\nfor i in range(3):\n"
        "    print(i)\n```\n\nAnd a last paragraph after the code block, again long enough to wrap around once.");
    QStringList pieces;
    for (qsizetype i = 0; i < reply.size(); i += 4)
        pieces << reply.mid(i, 4);
    return pieces;
}

// Pixels that differ between what the window shows (its backing store, painted piece by piece) and
// the view painted whole.
qsizetype differingPixels(ChatView& view)
{
    const QImage shown = view.screen()->grabWindow(view.winId()).toImage().convertToFormat(QImage::Format_RGB32);
    const QImage whole = view.grab().toImage().convertToFormat(QImage::Format_RGB32);
    if (shown.size() != whole.size())
        return shown.width() * shown.height() + 1;
    qsizetype differing = 0;
    for (int y = 0; y < shown.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(shown.constScanLine(y));
        const auto* b = reinterpret_cast<const QRgb*>(whole.constScanLine(y));
        for (int x = 0; x < shown.width(); ++x)
            differing += a[x] != b[x];
    }
    return differing;
}

class PaintCounter : public QObject {
public:
    int paints = 0;
    int tallerThan = 0;  // paints of more than this many rows count as whole-view paints
    int wholeViewPaints = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint) {
            ++paints;
            if (tallerThan > 0 && static_cast<QPaintEvent*>(event)->region().boundingRect().height() > tallerThan)
                ++wholeViewPaints;
        }
        return QObject::eventFilter(watched, event);
    }
};
}  // namespace

class TestChatViewPainting : public QObject {
    Q_OBJECT
private slots:
    void followingTheReplyLeavesMessagesAboveUnpainted()
    {
        ChatView view(nullptr);
        view.resize(700, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMessages(conversation(8));
        view.buildAllPending();
        view.beginReply();
        QTest::qWait(50);  // the reply's header and the range change are painted
        QScrollBar* bar = view.verticalScrollBar();
        QVERIFY(bar->maximum() > 0);  // the page is taller than the view: following scrolls it
        QCOMPARE(bar->value(), bar->maximum());

        MessageWidget* above = view.messageWidgets().at(7);  // the last one before the reply
        PaintCounter counter;
        above->installEventFilter(&counter);

        const QStringList pieces = replyPieces();
        for (qsizetype i = 0; i < 60; ++i) {
            view.appendReply(pieces.at(i));
            QTest::qWait(20);  // a frame each
        }
        QTest::qWait(50);
        above->removeEventFilter(&counter);
        QCOMPARE(bar->value(), bar->maximum());
        QVERIFY(above->visibleRegion().boundingRect().height() > 20);  // still on screen
        QVERIFY2(counter.paints <= 2, qPrintable(QString::number(counter.paints)));
    }

    // At a code fence the reply is a line shorter for a moment (the fence's first characters leave the
    // prose); the page keeps its height, so the view is not moved before the paint (ChatPageLayout).
    void codeFencesDoNotRepaintTheWholeView()
    {
        ChatView view(nullptr);
        view.resize(700, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMessages(conversation(20));
        view.buildAllPending();
        view.beginReply();
        QTest::qWait(50);
        PaintCounter counter;
        counter.tallerThan = view.viewport()->height() / 2;
        view.widget()->installEventFilter(&counter);
        const QStringList answer = replyPieces().mid(12);  // after the reasoning
        QVERIFY(answer.constFirst().startsWith(QStringLiteral("##")));
        const QStringList pieces = answer + answer;  // two code blocks and two tables
        for (const QString& piece : pieces) {
            view.appendReply(piece);
            QTest::qWait(20);  // a frame each: the fence's first characters are shown on their own
        }
        QTest::qWait(50);
        view.widget()->removeEventFilter(&counter);
        QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
        QVERIFY(counter.paints > 20);          // the reply was painted as it grew...
        QCOMPARE(counter.wholeViewPaints, 0);  // ...never the whole view
    }

    void screenAfterPartialRepaintsIsTheWholePicture()
    {
        ChatView view(nullptr);
        view.resize(700, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setMessages(conversation(20));
        view.buildAllPending();
        QTest::qWait(50);
        view.beginReply();
        const QStringList pieces = replyPieces();
        for (qsizetype i = 0; i < pieces.size(); ++i) {
            view.appendReply(pieces.at(i));
            QTest::qWait(i % 7 == 0 ? 20 : 2);  // some updates a frame apart, some pile up
            if (i == pieces.size() / 3 || i == 2 * pieces.size() / 3) {
                QTest::qWait(60);  // the frame shown and painted
                QCOMPARE(differingPixels(view), qsizetype(0));
            }
        }
        view.finishReply(99);
        QTest::qWait(60);
        QCOMPARE(view.verticalScrollBar()->value(), view.verticalScrollBar()->maximum());
        QCOMPARE(differingPixels(view), qsizetype(0));

        // A narrower window re-wraps every message: still the whole picture, nothing left over.
        view.resize(520, 500);
        QTest::qWait(100);
        QCOMPARE(differingPixels(view), qsizetype(0));
    }
};

QTEST_MAIN(TestChatViewPainting)
#include "test_chat_view_painting.moc"
