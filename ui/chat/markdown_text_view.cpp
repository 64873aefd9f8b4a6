#include "ui/chat/markdown_text_view.hpp"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocumentFragment>
#include <QTextFrame>
#include <QTextTable>

namespace strata::ui {

MarkdownTextView::MarkdownTextView(QWidget* parent) : QTextBrowser(parent)
{
    setOpenExternalLinks(true);
    setFrameShape(QFrame::NoFrame);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setTextInteractionFlags(Qt::TextBrowserInteraction | Qt::TextSelectableByKeyboard);
    document()->setDocumentMargin(2);
    document()->setUndoRedoEnabled(true);
    // The document is drawn from the top and never scrolls here (the view is as tall as it): when the
    // height grows, only the new strip needs painting; the text's own changes repaint their blocks.
    setAttribute(Qt::WA_StaticContents);
    viewport()->setAttribute(Qt::WA_StaticContents);
    connect(document(), &QTextDocument::contentsChanged, this, &MarkdownTextView::updateHeight);
}

// Each append undoes the trailing render and inserts again: two document changes. Measuring the
// height after each would lay the document out twice per streamed update (the guibench profile
// showed the layout as the largest cost of an update), so the height is measured once at the end.
void MarkdownTextView::appendFinished(const QString& markdown)
{
    m_editing = true;
    removeTrailing();
    insertMarkdownBlock(markdown);
    document()->clearUndoRedoStacks();  // only the trailing render is ever undone
    m_editing = false;
    updateHeight();
}

void MarkdownTextView::setTrailing(const QString& markdown)
{
    m_editing = true;
    removeTrailing();
    if (!markdown.isEmpty()) {
        m_emptyBeforeTrailing = m_empty;
        insertMarkdownBlock(markdown);
        m_hasTrailing = true;
    }
    m_editing = false;
    updateHeight();
}

// Undo restores the document exactly, block formats and list membership included, which deleting
// the trailing text does not (the last finished block would take over the trailing block's format).
void MarkdownTextView::removeTrailing()
{
    if (!m_hasTrailing)
        return;
    document()->undo();
    document()->clearUndoRedoStacks();
    m_hasTrailing = false;
    m_empty = m_emptyBeforeTrailing;
}

// Qt's Markdown tables come with no cell padding and a raised double border, which looks cramped
// next to the prose: give them room and a thin line in the palette's colour.
void MarkdownTextView::styleTables(QTextDocument& block) const
{
    const QList<QTextFrame*> frames = block.rootFrame()->childFrames();
    for (QTextFrame* frame : frames) {
        auto* table = qobject_cast<QTextTable*>(frame);
        if (!table)
            continue;
        QTextTableFormat format = table->format();
        format.setCellPadding(4);
        format.setCellSpacing(0);
        format.setBorder(1);
        format.setBorderCollapse(true);
        format.setBorderStyle(QTextFrameFormat::BorderStyle_Solid);
        format.setBorderBrush(palette().color(QPalette::Mid));
        table->setFormat(format);
    }
}

// Appending a parsed block as a fragment keeps it identical to what rendering the whole text at once
// gives: a paragraph needs a new block first, while a list or table fragment brings its own.
void MarkdownTextView::insertMarkdownBlock(const QString& markdown)
{
    QTextDocument block;
    block.setMarkdown(markdown);
    styleTables(block);
    QTextCursor probe(&block);
    bool bringsOwnBlock = probe.currentList() != nullptr;
    if (block.begin().text().isEmpty() && probe.movePosition(QTextCursor::NextCharacter))
        bringsOwnBlock = bringsOwnBlock || probe.currentTable() != nullptr;

    QTextCursor cursor(document());
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();  // one undo step
    if (!m_empty && !bringsOwnBlock)
        cursor.insertBlock(QTextBlockFormat(), QTextCharFormat());
    const int firstBlockAt = cursor.position();
    cursor.insertFragment(QTextDocumentFragment(&block));
    // The fragment's first block merges into the block at the cursor and would lose its own block
    // format (a heading's level, a quote's indent): give it back.
    if (!bringsOwnBlock) {
        QTextCursor first(document()->findBlock(firstBlockAt));
        first.setBlockFormat(block.begin().blockFormat());
    }
    cursor.endEditBlock();
    m_empty = false;
}

// Measured only once the view has a size (from its layout, shown or not): before that a stored
// message would be laid out at a made-up width and again at the real one. The width is the view's
// contents (no frame, no scroll bars), valid before a hidden view's resize event. It is set only when
// it changed, because QTextDocument::setTextWidth lays the whole document out again even at the
// same width: per streamed update that re-laid the growing reply's prose from its start (the
// longest updates in the guibench profile).
void MarkdownTextView::updateHeight()
{
    if (m_editing || !testAttribute(Qt::WA_Resized))
        return;
    const int width = contentsRect().width();
    if (document()->textWidth() != width)
        document()->setTextWidth(width);
    const int height = static_cast<int>(document()->size().height()) + frameWidth() * 2;
    if (height != this->height())
        setFixedHeight(height);
}

// QTextEdit's resize handling lays the whole document out again, even when only the height
// changed. The height changes with nearly every streamed update (it follows the content), and a
// message built off screen gets its first resize event when shown, already laid out at its width:
// neither needs it. The viewport follows the new size either way (QAbstractScrollArea::event).
void MarkdownTextView::resizeEvent(QResizeEvent* event)
{
    if (document()->textWidth() != contentsRect().width())
        QTextBrowser::resizeEvent(event);
    updateHeight();
}

QSize MarkdownTextView::sizeHint() const
{
    return {QTextBrowser::sizeHint().width(), height()};
}

QSize MarkdownTextView::minimumSizeHint() const
{
    return {50, height()};
}

}  // namespace strata::ui
