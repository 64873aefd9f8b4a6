// Applies the theme preference to the whole application through its palette: "light" and "dark"
// set a palette of their own, "system" puts back the palette the platform gave at start.
// (Qt 6.4 has no colour-scheme API; the palette is what every widget, and the code highlighting
// that follows it, already reads.)
#pragma once

#include <QPalette>
#include <QString>

namespace strata::app {

class ThemeApplier {
public:
    ThemeApplier();  // remembers the platform's palette; GUI thread, after QApplication exists

    void apply(const QString& theme);

    static QPalette lightPalette();
    static QPalette darkPalette();

private:
    QPalette m_system;
};

}  // namespace strata::app
