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

bool CodeHighlighting::wantsDarkTheme(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

#ifdef STRATA_HAVE_KSYNTAXHIGHLIGHTING

CodeHighlighting::CodeHighlighting() : m_repository(std::make_unique<KSyntaxHighlighting::Repository>()) {}
CodeHighlighting::~CodeHighlighting() = default;

bool CodeHighlighting::available()
{
    return true;
}

bool CodeHighlighting::highlight(QTextDocument* document, const QString& language, const QPalette& palette) const
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
    auto* highlighter = new KSyntaxHighlighting::SyntaxHighlighter(document);
    highlighter->setTheme(m_repository->defaultTheme(wantsDarkTheme(palette)
                                                         ? KSyntaxHighlighting::Repository::DarkTheme
                                                         : KSyntaxHighlighting::Repository::LightTheme));
    highlighter->setDefinition(definition);
    return true;
}

bool CodeHighlighting::updateTheme(QTextDocument* document, const QPalette& palette) const
{
    auto* highlighter = document->findChild<KSyntaxHighlighting::SyntaxHighlighter*>();
    if (!highlighter)
        return false;
    highlighter->setTheme(m_repository->defaultTheme(wantsDarkTheme(palette)
                                                         ? KSyntaxHighlighting::Repository::DarkTheme
                                                         : KSyntaxHighlighting::Repository::LightTheme));
    highlighter->rehighlight();
    return true;
}

#else

CodeHighlighting::CodeHighlighting() = default;
CodeHighlighting::~CodeHighlighting() = default;

bool CodeHighlighting::available()
{
    return false;
}

bool CodeHighlighting::highlight(QTextDocument*, const QString&, const QPalette&) const
{
    return false;
}

bool CodeHighlighting::updateTheme(QTextDocument*, const QPalette&) const
{
    return false;
}

#endif

}  // namespace strata::ui
