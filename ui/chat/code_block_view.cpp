#include "ui/chat/code_block_view.hpp"

#include "ui/chat/code_highlighting.hpp"

#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QToolButton>
#include <QVBoxLayout>

namespace strata::ui {

CodeBlockView::CodeBlockView(const QString& language, const CodeHighlighting* highlighting, QWidget* parent)
    : QFrame(parent), m_highlighting(highlighting), m_darkTheme(CodeHighlighting::wantsDarkTheme(palette())),
      m_language(language), m_editor(new QPlainTextEdit(this)), m_copy(new QToolButton(this))
{
    setObjectName(QStringLiteral("codeBlock"));
    setFrameShape(QFrame::StyledPanel);

    auto* languageLabel = new QLabel(language.isEmpty() ? tr("code") : language, this);
    languageLabel->setForegroundRole(QPalette::PlaceholderText);
    m_copy->setObjectName(QStringLiteral("copyCodeButton"));
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy this code"));
    m_copy->setAccessibleName(tr("Copy code"));
    connect(m_copy, &QToolButton::clicked, this, &CodeBlockView::copyToClipboard);

    auto* header = new QHBoxLayout;
    header->addWidget(languageLabel);
    header->addStretch();
    header->addWidget(m_copy);

    m_editor->setObjectName(QStringLiteral("codeText"));
    m_editor->setReadOnly(true);
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_editor->setAccessibleName(tr("Code"));
    m_editor->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    if (highlighting)
        highlighting->highlight(m_editor->document(), language, palette());
    connect(m_editor->horizontalScrollBar(), &QScrollBar::rangeChanged, this, &CodeBlockView::updateHeight);

    // Code streams in at the bottom: the editor, its text and the frame are top-aligned, so growing
    // repaints only the new strip (the frame's old bottom line lies under the grown editor).
    m_editor->setAttribute(Qt::WA_StaticContents);
    m_editor->viewport()->setAttribute(Qt::WA_StaticContents);
    setAttribute(Qt::WA_StaticContents);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 6);
    layout->setSpacing(2);
    layout->addLayout(header);
    layout->addWidget(m_editor);
    updateHeight();
}

void CodeBlockView::appendCode(const QString& text)
{
    m_code += text;
    QTextCursor cursor(m_editor->document());
    cursor.movePosition(QTextCursor::End);
    cursor.insertText(text);
    updateHeight();
}

// The editor's own colours are palette roles and follow by themselves; the highlighter's theme was
// picked for the palette at creation and is switched here when light and dark swap.
void CodeBlockView::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() != QEvent::PaletteChange)
        return;
    const bool dark = CodeHighlighting::wantsDarkTheme(palette());
    if (dark == m_darkTheme)
        return;
    m_darkTheme = dark;
    if (m_highlighting)
        m_highlighting->updateTheme(m_editor->document(), palette());
}

void CodeBlockView::copyToClipboard() const
{
    QGuiApplication::clipboard()->setText(m_code);
}

void CodeBlockView::updateHeight()
{
    const int lines = std::max(1, m_editor->document()->blockCount());
    // Room for the horizontal scroll bar only when a line is too long to fit.
    QScrollBar* horizontal = m_editor->horizontalScrollBar();
    const int scrollBar = horizontal->maximum() > 0 ? horizontal->sizeHint().height() : 0;
    const int height = lines * m_editor->fontMetrics().lineSpacing() + 2 * m_editor->frameWidth()
                       + static_cast<int>(2 * m_editor->document()->documentMargin()) + scrollBar;
    m_editor->setFixedHeight(height);
}

}  // namespace strata::ui
