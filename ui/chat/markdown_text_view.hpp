// Read-only rich text that grows as a reply streams in: finished Markdown blocks are appended
// once; only the unfinished trailing block is removed and rendered again when it changes.
// Its height follows its content, so a chat made of many of them scrolls as one page.
#pragma once

#include <QTextBrowser>

namespace strata::ui {

class MarkdownTextView : public QTextBrowser {
    Q_OBJECT
public:
    explicit MarkdownTextView(QWidget* parent = nullptr);

    void appendFinished(const QString& markdown);
    void setTrailing(const QString& markdown);  // "" removes the trailing render

    // Lays the document out at the view's width and fits the height to it; a no-op until the view
    // has been given a size.
    void updateHeight();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void styleTables(QTextDocument& block) const;
    void removeTrailing();
    void insertMarkdownBlock(const QString& markdown);

    bool m_hasTrailing = false;  // the last undo step is the trailing render
    bool m_empty = true;         // nothing committed or trailing
    bool m_emptyBeforeTrailing = true;
    bool m_editing = false;  // inside one append: the height is measured once at its end
};

}  // namespace strata::ui
