// Syntax highlighting for fenced code blocks. With KF6 SyntaxHighlighting in the build this owns its
// one long-lived Repository (definitions and themes are loaded once, shared by every code block);
// without it, highlight() does nothing and code blocks stay plain monospace.
#pragma once

#include <QString>
#include <memory>

class QPalette;
class QTextDocument;

#ifdef STRATA_HAVE_KSYNTAXHIGHLIGHTING
namespace KSyntaxHighlighting {
class Repository;
}
#endif

namespace strata::ui {

class CodeHighlighting {
public:
    CodeHighlighting();
    ~CodeHighlighting();
    CodeHighlighting(const CodeHighlighting&) = delete;
    CodeHighlighting& operator=(const CodeHighlighting&) = delete;

    // Attaches a highlighter (owned by `document`) for the fence tag `language` ("cpp", "py",
    // "rust"...). Returns false when the build has no highlighting or no definition matches.
    bool highlight(QTextDocument* document, const QString& language, const QPalette& palette) const;

    // Switches the highlighter that highlight() attached to `document` to the theme for `palette`
    // (a live light/dark switch) and highlights again. False when there is none.
    bool updateTheme(QTextDocument* document, const QPalette& palette) const;
    // Whether code shown on `palette` gets the dark theme (a dark Base).
    static bool wantsDarkTheme(const QPalette& palette);

    static bool available();

private:
#ifdef STRATA_HAVE_KSYNTAXHIGHLIGHTING
    std::unique_ptr<KSyntaxHighlighting::Repository> m_repository;
#endif
};

}  // namespace strata::ui
