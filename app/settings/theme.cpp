#include "app/settings/theme.hpp"

#include <QApplication>

namespace strata::app {

namespace {

struct Colours {
    QColor window, text, base, alternateBase, button, highlight, highlightedText, link, disabledText;
};

QPalette paletteFrom(const Colours& c)
{
    QPalette p;
    p.setColor(QPalette::Window, c.window);
    p.setColor(QPalette::WindowText, c.text);
    p.setColor(QPalette::Base, c.base);
    p.setColor(QPalette::AlternateBase, c.alternateBase);
    p.setColor(QPalette::ToolTipBase, c.base);
    p.setColor(QPalette::ToolTipText, c.text);
    p.setColor(QPalette::PlaceholderText, c.disabledText);
    p.setColor(QPalette::Text, c.text);
    p.setColor(QPalette::Button, c.button);
    p.setColor(QPalette::ButtonText, c.text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Highlight, c.highlight);
    p.setColor(QPalette::HighlightedText, c.highlightedText);
    p.setColor(QPalette::Link, c.link);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, c.disabledText);
    return p;
}

}  // namespace

ThemeApplier::ThemeApplier() : m_system(QApplication::palette()) {}

QPalette ThemeApplier::lightPalette()
{
    return paletteFrom({QColor(0xef, 0xef, 0xef), QColor(0x1e, 0x1e, 0x1e), Qt::white, QColor(0xf5, 0xf5, 0xf5),
                        QColor(0xe4, 0xe4, 0xe4), QColor(0x30, 0x8c, 0xc6), Qt::white, QColor(0x1a, 0x5f, 0xb4),
                        QColor(0x90, 0x90, 0x90)});
}

QPalette ThemeApplier::darkPalette()
{
    return paletteFrom({QColor(0x2b, 0x2b, 0x2b), QColor(0xe6, 0xe6, 0xe6), QColor(0x1e, 0x1e, 0x1e),
                        QColor(0x26, 0x26, 0x26), QColor(0x35, 0x35, 0x35), QColor(0x3d, 0x8e, 0xc9), Qt::white,
                        QColor(0x6c, 0xb4, 0xee), QColor(0x80, 0x80, 0x80)});
}

void ThemeApplier::apply(const QString& theme)
{
    if (theme == QLatin1String("light"))
        QApplication::setPalette(lightPalette());
    else if (theme == QLatin1String("dark"))
        QApplication::setPalette(darkPalette());
    else
        QApplication::setPalette(m_system);
}

}  // namespace strata::app
