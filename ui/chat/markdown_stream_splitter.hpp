// Cuts a streamed Markdown reply into pieces the chat view can render incrementally:
// finished prose blocks (rendered once and never again), the unfinished trailing prose block
// (re-rendered as it grows) and fenced code blocks (streamed as plain text into a code view).
// A prose block ends at a blank line or at a code fence; a code block at its closing fence.
#pragma once

#include <QList>
#include <QString>

namespace strata::ui {

struct MarkdownPiece {
    enum class Kind {
        ProseFinished,  // text: a complete prose block; replaces any trailing render
        ProseTrailing,  // text: the unfinished prose block so far; replaces the previous trailing render
        CodeStarted,    // text: the fence's language tag ("" when none)
        CodeAppended,   // text: more code, exactly as written (no trailing newline before the fence)
        CodeFinished,   // text: empty
    };
    Kind kind;
    QString text;
    bool operator==(const MarkdownPiece&) const = default;
};

class MarkdownStreamSplitter {
public:
    QList<MarkdownPiece> feed(const QString& chunk);
    QList<MarkdownPiece> finish();  // the reply ended: close what is open

private:
    void takeLine(const QString& line, QList<MarkdownPiece>& out);
    void appendCode(const QString& text, QList<MarkdownPiece>& out);
    void emitPartial(QList<MarkdownPiece>& out);

    QString m_line;          // the current, unfinished line
    QString m_prose;         // finished lines of the current prose block
    QString m_lastTrailing;  // last ProseTrailing text sent, to skip repeats
    bool m_inCode = false;
    QChar m_fenceChar;
    qsizetype m_fenceLength = 0;
    qsizetype m_codeLines = 0;   // finished code lines in this block
    qsizetype m_lineSent = 0;    // characters of m_line already sent as code
    bool m_lineStarted = false;  // the separator before the current code line was sent
};

}  // namespace strata::ui
