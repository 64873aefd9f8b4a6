// The rendered answer of one message: Markdown prose and code blocks, built incrementally from a
// stream (MarkdownStreamSplitter) so each token only touches the trailing block.
#pragma once

#include "ui/chat/markdown_stream_splitter.hpp"

#include <QList>
#include <QWidget>

class QVBoxLayout;

namespace strata::ui {

class CodeBlockView;
class CodeHighlighting;
class MarkdownTextView;

class MessageBody : public QWidget {
    Q_OBJECT
public:
    explicit MessageBody(const CodeHighlighting* highlighting, QWidget* parent = nullptr);

    void appendMarkdown(const QString& chunk);
    void finish();
    // Lays the segments out at the body's current width while hidden (see MessageWidget::layOutAtWidth).
    void layOutSegments();

    // The text a reader sees, segment by segment (prose as rendered, code exactly), joined by newlines.
    QString renderedText() const;
    QList<CodeBlockView*> codeBlocks() const;

private:
    void apply(const QList<MarkdownPiece>& pieces);
    MarkdownTextView* proseView();

    const CodeHighlighting* m_highlighting;
    QVBoxLayout* m_layout;
    MarkdownStreamSplitter m_splitter;
    QList<QWidget*> m_segments;
    MarkdownTextView* m_prose = nullptr;  // the prose segment being written, if the last one is prose
    CodeBlockView* m_code = nullptr;      // the open code block, if any
};

}  // namespace strata::ui
