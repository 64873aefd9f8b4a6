// One fenced code block in a reply: a header with the language and a Copy button, and the code in a
// framed monospace view (highlighted when the build has KF6 SyntaxHighlighting). Code is appended
// as it streams; copy() always gives the exact code between the fences.
#pragma once

#include <QFrame>

class QPlainTextEdit;
class QToolButton;

namespace strata::ui {

class CodeHighlighting;

class CodeBlockView : public QFrame {
    Q_OBJECT
public:
    CodeBlockView(const QString& language, const CodeHighlighting* highlighting, QWidget* parent = nullptr);

    void appendCode(const QString& text);
    const QString& code() const { return m_code; }
    const QString& language() const { return m_language; }
    // The highlighting theme follows the palette (set at creation, switched on a palette change).
    bool usesDarkTheme() const { return m_darkTheme; }

public slots:
    void copyToClipboard() const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void updateHeight();

    const CodeHighlighting* m_highlighting;
    bool m_darkTheme;
    QString m_language;
    QString m_code;
    QPlainTextEdit* m_editor;
    QToolButton* m_copy;
};

}  // namespace strata::ui
