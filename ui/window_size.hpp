// The main window's size on first start (a saved geometry replaces it), chosen from the screen:
// laptops' screens (1280x800, 1366x768) get all of their free area, since the chat, the sidebar
// and the panels' right column (~430 px of figures) need it; larger screens get four fifths.
// tests/ui/test_main_window (textFitsAtCommonScreenSizes) checks that no text is cut at these sizes.
#pragma once

#include <QSize>

namespace strata::ui {

// `available`: the screen's area without task bars (QScreen::availableSize); empty: no screen known.
QSize defaultWindowSize(const QSize& available);

}  // namespace strata::ui
