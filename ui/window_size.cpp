#include "ui/window_size.hpp"

#include <algorithm>

namespace strata::ui {

namespace {
// What the window manager adds above the window's contents (a title bar), so the whole window fits.
constexpr int kTitleBarAllowance = 32;
constexpr int kLargestLaptopWidth = 1440;
}  // namespace

QSize defaultWindowSize(const QSize& available)
{
    if (available.isEmpty())
        return {1100, 720};
    if (available.width() <= kLargestLaptopWidth)
        return {available.width(), available.height() - kTitleBarAllowance};
    return {std::min(available.width() * 4 / 5, 1800), std::min(available.height() * 4 / 5, 1100)};
}

}  // namespace strata::ui
