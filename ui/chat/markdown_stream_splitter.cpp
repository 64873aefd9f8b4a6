#include "ui/chat/markdown_stream_splitter.hpp"

#include <QRegularExpression>

namespace strata::ui {

namespace {

// CommonMark: up to three spaces, then at least three backticks or tildes, then an info string.
const QRegularExpression& openingFence()
{
    static const QRegularExpression re(QStringLiteral("^ {0,3}(`{3,}|~{3,})\\s*([^\\s`]*)[^`]*$"));
    return re;
}

bool isClosingFence(const QString& line, QChar fenceChar, qsizetype fenceLength)
{
    qsizetype i = 0;
    while (i < line.size() && i < 3 && line[i] == QLatin1Char(' '))
        ++i;
    qsizetype run = 0;
    while (i < line.size() && line[i] == fenceChar) {
        ++i;
        ++run;
    }
    if (run < fenceLength)
        return false;
    return QStringView(line).mid(i).trimmed().isEmpty();
}

// True while a partial line could still turn into a closing fence (so it must not be shown as code yet).
bool couldBecomeFence(const QString& partial, QChar fenceChar)
{
    qsizetype i = 0;
    while (i < partial.size() && i < 3 && partial[i] == QLatin1Char(' '))
        ++i;
    qsizetype run = 0;
    while (i < partial.size() && partial[i] == fenceChar) {
        ++i;
        ++run;
    }
    // "```  " is still a fence; spaces after fewer fence characters are not.
    return i == partial.size() || (run >= 3 && QStringView(partial).mid(i).trimmed().isEmpty());
}

bool looksLikeFenceStart(const QString& partial)
{
    const QString t = partial.trimmed();
    return t.startsWith(QLatin1String("```")) || t.startsWith(QLatin1String("~~~"));
}

}  // namespace

QList<MarkdownPiece> MarkdownStreamSplitter::feed(const QString& chunk)
{
    QList<MarkdownPiece> out;
    m_line += chunk;
    qsizetype newline;
    while ((newline = m_line.indexOf(QLatin1Char('\n'))) >= 0) {
        QString line = m_line.left(newline);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        takeLine(line, out);
        m_line.remove(0, newline + 1);
        m_lineSent = 0;
    }
    emitPartial(out);
    return out;
}

QList<MarkdownPiece> MarkdownStreamSplitter::finish()
{
    QList<MarkdownPiece> out;
    if (!m_line.isEmpty()) {
        takeLine(m_line, out);
        m_line.clear();
        m_lineSent = 0;
    }
    if (m_inCode) {
        out.append({MarkdownPiece::Kind::CodeFinished, {}});
        m_inCode = false;
    }
    if (!m_prose.isEmpty()) {
        out.append({MarkdownPiece::Kind::ProseFinished, m_prose});
        m_prose.clear();
    }
    m_lastTrailing.clear();
    return out;
}

void MarkdownStreamSplitter::takeLine(const QString& line, QList<MarkdownPiece>& out)
{
    if (m_inCode) {
        if (isClosingFence(line, m_fenceChar, m_fenceLength)) {
            out.append({MarkdownPiece::Kind::CodeFinished, {}});
            m_inCode = false;
            return;
        }
        appendCode(line.mid(m_lineSent), out);
        ++m_codeLines;
        m_lineStarted = false;
        return;
    }
    const QRegularExpressionMatch fence = openingFence().match(line);
    if (fence.hasMatch() || line.trimmed().isEmpty()) {
        if (!m_prose.isEmpty())
            out.append({MarkdownPiece::Kind::ProseFinished, m_prose});
        m_prose.clear();
        m_lastTrailing.clear();
        if (fence.hasMatch()) {
            m_inCode = true;
            m_fenceChar = fence.captured(1).front();
            m_fenceLength = fence.captured(1).size();
            m_codeLines = 0;
            m_lineStarted = false;
            out.append({MarkdownPiece::Kind::CodeStarted, fence.captured(2)});
        }
        return;
    }
    m_prose += line + QLatin1Char('\n');
}

void MarkdownStreamSplitter::appendCode(const QString& text, QList<MarkdownPiece>& out)
{
    QString piece;
    if (!m_lineStarted) {
        if (m_codeLines > 0)
            piece = QStringLiteral("\n");
        m_lineStarted = true;
    }
    piece += text;
    if (piece.isEmpty())
        return;
    if (!out.isEmpty() && out.back().kind == MarkdownPiece::Kind::CodeAppended)
        out.back().text += piece;
    else
        out.append({MarkdownPiece::Kind::CodeAppended, piece});
}

void MarkdownStreamSplitter::emitPartial(QList<MarkdownPiece>& out)
{
    if (m_inCode) {
        if (m_line.size() > m_lineSent && !couldBecomeFence(m_line, m_fenceChar)) {
            appendCode(m_line.mid(m_lineSent), out);
            m_lineSent = m_line.size();
        }
        return;
    }
    QString trailing = m_prose;
    if (!looksLikeFenceStart(m_line))
        trailing += m_line;
    if (trailing != m_lastTrailing) {
        m_lastTrailing = trailing;
        out.append({MarkdownPiece::Kind::ProseTrailing, trailing});
    }
}

}  // namespace strata::ui
