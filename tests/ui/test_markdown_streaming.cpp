// Streaming Markdown: a reply fed token by token renders to the same text as the whole reply at once,
// code blocks copy their exact code, and <think> text is kept apart and collapsed.
#include "domain/chat/think_tag_splitter.hpp"
#include "ui/chat/code_block_view.hpp"
#include "ui/chat/code_highlighting.hpp"
#include "ui/chat/markdown_stream_splitter.hpp"
#include "ui/chat/markdown_text_view.hpp"
#include "ui/chat/message_body.hpp"
#include "ui/chat/message_widget.hpp"
#include "ui/chat/reasoning_view.hpp"

#include <QApplication>
#include <QClipboard>
#include <QRandomGenerator>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

using namespace strata::ui;
using namespace strata::domain;

namespace {

const QString kProse = QStringLiteral("# Heading one\n"
                                      "Some *emphasis*, **strong**, `inline code` and a [link](https://example.org).\n"
                                      "\n"
                                      "- first item\n"
                                      "- second item\n"
                                      "  - nested item\n"
                                      "\n"
                                      "| name | value |\n"
                                      "|------|-------|\n"
                                      "| a    | 1     |\n"
                                      "| b    | 2     |\n"
                                      "\n"
                                      "1. one\n"
                                      "2. two\n"
                                      "\n"
                                      "## Heading two\n"
                                      "Last paragraph\nwith a soft break.");

const QString kCode =
    QStringLiteral("int main() {\n    return 0;  // ``` not a fence\n}\n\n// trailing blank line above");

QString replyWithCode()
{
    return QStringLiteral("Intro text.\n\n```cpp\n") + kCode
           + QStringLiteral("\n```\nAfter the code.\n\n~~~\nplain ~~~\n~~~\n");
}

// Cuts text into pieces of 1..4 characters, like a tokenizer's pieces (deterministic seed).
QStringList tokens(const QString& text, quint32 seed)
{
    QRandomGenerator random(seed);
    QStringList pieces;
    for (qsizetype at = 0; at < text.size();) {
        const qsizetype n = std::min<qsizetype>(1 + random.bounded(4), text.size() - at);
        pieces << text.mid(at, n);
        at += n;
    }
    return pieces;
}

}  // namespace

class TestMarkdownStreaming : public QObject {
    Q_OBJECT
    CodeHighlighting m_highlighting;

private slots:
    void splitterSeparatesProseAndCode()
    {
        MarkdownStreamSplitter splitter;
        QList<MarkdownPiece> pieces = splitter.feed(QStringLiteral("Hi\n\n```py\nprint(1)\n```\nBye"));
        pieces += splitter.finish();
        using K = MarkdownPiece::Kind;
        QList<MarkdownPiece> finished;
        for (const MarkdownPiece& p : pieces)
            if (p.kind != K::ProseTrailing)
                finished << p;
        const QList<MarkdownPiece> expected{{K::ProseFinished, QStringLiteral("Hi\n")},
                                            {K::CodeStarted, QStringLiteral("py")},
                                            {K::CodeAppended, QStringLiteral("print(1)")},
                                            {K::CodeFinished, {}},
                                            {K::ProseFinished, QStringLiteral("Bye\n")}};
        QCOMPARE(finished, expected);
    }

    void proseStreamedEqualsRenderedAtOnce_data()
    {
        QTest::addColumn<quint32>("seed");
        for (quint32 seed : {1u, 2u, 3u, 42u})
            QTest::addRow("seed %u", seed) << seed;
    }

    void proseStreamedEqualsRenderedAtOnce()
    {
        QFETCH(quint32, seed);
        QTextDocument reference;
        reference.setMarkdown(kProse);

        MessageBody streamed(&m_highlighting);
        for (const QString& piece : tokens(kProse, seed))
            streamed.appendMarkdown(piece);
        streamed.finish();
        QCOMPARE(streamed.renderedText(), reference.toPlainText());

        // Structure, not just text: the lists and the table are real lists and a real table.
        auto* view = streamed.findChild<MarkdownTextView*>();
        QVERIFY(view);
        QCOMPARE(view->document()->blockCount(), reference.blockCount());
        QCOMPARE(view->document()->toMarkdown(), reference.toMarkdown());
    }

    void trailingBlockIsRerenderedNotTheWholeReply()
    {
        MessageBody body(&m_highlighting);
        body.appendMarkdown(QStringLiteral("First paragraph.\n\nSecond"));
        auto* view = body.findChild<MarkdownTextView*>();
        QVERIFY(view);
        const QTextBlock first = view->document()->firstBlock();
        QCOMPARE(first.text(), QStringLiteral("First paragraph."));
        const int finishedEnd = first.position() + first.length() - 1;
        // Every later change starts after the finished block: it is never rendered again.
        int earliestChange = INT_MAX;
        int changes = 0;
        connect(view->document(), &QTextDocument::contentsChange, this, [&](int position, int, int) {
            earliestChange = std::min(earliestChange, position);
            ++changes;
        });
        body.appendMarkdown(QStringLiteral(" paragraph grows"));
        body.appendMarkdown(QStringLiteral(" further"));
        QVERIFY(changes > 0);
        QVERIFY2(earliestChange >= finishedEnd, qPrintable(QString::number(earliestChange)));
        QCOMPARE(view->document()->firstBlock().text(), QStringLiteral("First paragraph."));
        QCOMPARE(view->document()->blockCount(), 2);
        QCOMPARE(view->document()->lastBlock().text(), QStringLiteral("Second paragraph grows further"));
    }

    void codeBlocksStreamExactlyAndCopyExactly()
    {
        const QString reply = replyWithCode();
        MessageBody streamed(&m_highlighting);
        for (const QString& piece : tokens(reply, 7))
            streamed.appendMarkdown(piece);
        streamed.finish();
        MessageBody atOnce(&m_highlighting);
        atOnce.appendMarkdown(reply);
        atOnce.finish();
        QCOMPARE(streamed.renderedText(), atOnce.renderedText());

        const QList<CodeBlockView*> blocks = streamed.codeBlocks();
        QCOMPARE(blocks.size(), 2);
        QCOMPARE(blocks[0]->language(), QStringLiteral("cpp"));
        QCOMPARE(blocks[0]->code(), kCode);
        QCOMPARE(blocks[1]->code(), QStringLiteral("plain ~~~"));

        auto* copy = blocks[0]->findChild<QWidget*>(QStringLiteral("copyCodeButton"));
        QVERIFY(copy);
        QTest::mouseClick(copy, Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), kCode);
    }

    void unterminatedFenceEndsWithTheReply()
    {
        MessageBody body(&m_highlighting);
        body.appendMarkdown(QStringLiteral("```\nline 1\nline 2"));
        QCOMPARE(body.codeBlocks().size(), 1);
        QCOMPARE(body.codeBlocks().constFirst()->code(), QStringLiteral("line 1\nline 2"));
        body.finish();
        QCOMPARE(body.codeBlocks().constFirst()->code(), QStringLiteral("line 1\nline 2"));
    }

    void thinkTagsSplitAcrossChunks()
    {
        ThinkTagSplitter splitter;
        QString reasoning;
        QString answer;
        for (const QString& piece : {QStringLiteral("<th"), QStringLiteral("ink>plan "), QStringLiteral("it</thi"),
                                     QStringLiteral("nk>Answer <b> here<"), QStringLiteral("/p>")}) {
            const auto parts = splitter.feed(piece);
            reasoning += parts.reasoning;
            answer += parts.answer;
        }
        const auto rest = splitter.finish();
        reasoning += rest.reasoning;
        answer += rest.answer;
        QCOMPARE(reasoning, QStringLiteral("plan it"));
        QCOMPARE(answer, QStringLiteral("Answer <b> here</p>"));
    }

    void reasoningIsCollapsedAndCopyGivesTheAnswer()
    {
        MessageWidget message(ChatRole::Assistant, 1, &m_highlighting);
        message.show();
        const QString raw = QStringLiteral("<think>Let me think.</think>The **answer** is `42`.");
        for (const QString& piece : tokens(raw, 3))
            message.appendStreamed(piece);
        message.finishStream();
        QVERIFY(message.reasoning()->isVisible());
        QCOMPARE(message.reasoning()->text(), QStringLiteral("Let me think."));
        QVERIFY(!message.reasoning()->isExpanded());
        auto* text = message.reasoning()->findChild<QWidget*>(QStringLiteral("reasoningText"));
        QVERIFY(text && !text->isVisible());
        QTest::mouseClick(message.reasoning()->findChild<QWidget*>(QStringLiteral("reasoningToggle")), Qt::LeftButton);
        QVERIFY(text->isVisible());

        QCOMPARE(message.content(), QStringLiteral("The **answer** is `42`."));
        QTest::mouseClick(message.findChild<QWidget*>(QStringLiteral("copyMessageButton")), Qt::LeftButton);
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("The **answer** is `42`."));
        QCOMPARE(message.body()->renderedText(), QStringLiteral("The answer is 42."));
    }
};

QTEST_MAIN(TestMarkdownStreaming)
#include "test_markdown_streaming.moc"
