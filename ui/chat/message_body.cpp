#include "ui/chat/message_body.hpp"

#include "ui/chat/code_block_view.hpp"
#include "ui/chat/markdown_text_view.hpp"

#include <QVBoxLayout>

namespace strata::ui {

MessageBody::MessageBody(const CodeHighlighting* highlighting, QWidget* parent)
    : QWidget(parent), m_highlighting(highlighting), m_layout(new QVBoxLayout(this))
{
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setSpacing(4);
    // Top-aligned and growing at the bottom while streaming: only the new strip needs painting.
    setAttribute(Qt::WA_StaticContents);
}

void MessageBody::appendMarkdown(const QString& chunk)
{
    apply(m_splitter.feed(chunk));
}

void MessageBody::finish()
{
    apply(m_splitter.finish());
}

MarkdownTextView* MessageBody::proseView()
{
    if (!m_prose) {
        m_prose = new MarkdownTextView(this);
        m_prose->setObjectName(QStringLiteral("messageProse"));
        m_prose->setAccessibleName(tr("Message text"));
        m_layout->addWidget(m_prose);
        m_segments.append(m_prose);
    }
    return m_prose;
}

void MessageBody::apply(const QList<MarkdownPiece>& pieces)
{
    for (const MarkdownPiece& piece : pieces) {
        switch (piece.kind) {
        case MarkdownPiece::Kind::ProseFinished: proseView()->appendFinished(piece.text); break;
        case MarkdownPiece::Kind::ProseTrailing:
            if (m_prose || !piece.text.isEmpty())
                proseView()->setTrailing(piece.text);
            break;
        case MarkdownPiece::Kind::CodeStarted:
            if (m_prose)
                m_prose->setTrailing({});
            m_prose = nullptr;
            m_code = new CodeBlockView(piece.text, m_highlighting, this);
            m_layout->addWidget(m_code);
            m_segments.append(m_code);
            break;
        case MarkdownPiece::Kind::CodeAppended:
            if (m_code)
                m_code->appendCode(piece.text);
            break;
        case MarkdownPiece::Kind::CodeFinished: m_code = nullptr; break;
        }
    }
}

void MessageBody::layOutSegments()
{
    m_layout->activate();
    for (QWidget* segment : std::as_const(m_segments))
        if (auto* prose = qobject_cast<MarkdownTextView*>(segment))
            prose->updateHeight();
}

QString MessageBody::renderedText() const
{
    QStringList parts;
    for (QWidget* segment : m_segments) {
        if (auto* prose = qobject_cast<MarkdownTextView*>(segment))
            parts << prose->document()->toPlainText();
        else if (auto* code = qobject_cast<CodeBlockView*>(segment))
            parts << code->code();
    }
    return parts.join(QLatin1Char('\n'));
}

QList<CodeBlockView*> MessageBody::codeBlocks() const
{
    QList<CodeBlockView*> blocks;
    for (QWidget* segment : m_segments)
        if (auto* code = qobject_cast<CodeBlockView*>(segment))
            blocks << code;
    return blocks;
}

}  // namespace strata::ui
