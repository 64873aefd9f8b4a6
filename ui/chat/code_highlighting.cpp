#include "ui/chat/code_highlighting.hpp"

#include <QPalette>
#include <QTextDocument>

#ifdef STRATA_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

namespace strata::ui {

#ifdef STRATA_HAVE_KSYNTAXHIGHLIGHTING

CodeHighlighting::CodeHighlighting() : m_repository(std::make_unique<KSyntaxHighlighting::Repository>()) {}
CodeHighlighting::~CodeHighlighting() = default;

bool CodeHighlighting::available() { return true; }

bool CodeHighlighting::highlight(QTextDocument* document, const QString& language,
                                 const QPalette& palette) const
{
    if (language.isEmpty())
        return false;
    // Fence tags are usually file extensions ("py", "rs") or lower-case names ("python", "c++").
    KSyntaxHighlighting::Definition definition =
        m_repository->definitionForFileName(QStringLiteral("code.") + language);
    if (!definition.isValid())
        definition = m_repository->definitionForName(language);
    if (!definition.isValid())
        return false;
    const bool dark = palette.color(QPalette::Base).lightness() < 128;
    auto* highlighter = new KSyntaxHighlighting::SyntaxHighlighter(document);
    highlighter->setTheme(m_repository->defaultTheme(dark ? KSyntaxHighlighting::Repository::DarkTheme
                                                          : KSyntaxHighlighting::Repository::LightTheme));
    highlighter->setDefinition(definition);
    return true;
}

#else

CodeHighlighting::CodeHighlighting() = default;
CodeHighlighting::~CodeHighlighting() = default;

bool CodeHighlighting::available() { return false; }

bool CodeHighlighting::highlight(QTextDocument*, const QString&, const QPalette&) const { return false; }

#endif

}  // namespace strata::ui
