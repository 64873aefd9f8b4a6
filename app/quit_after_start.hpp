// `strata --quit-after-start`: the app exits by itself, with status 0, once its main window has been
// shown. CI runs the README's app command this way on a fresh machine (QT_QPA_PLATFORM=offscreen),
// so "the app starts" is checked, not assumed.
#pragma once

#include <chrono>

class QWidget;

namespace strata::app {

// Quits the application (exit status 0) as soon as `window` is visible and exposed by the window
// system, after printing one line on stderr. If that has not happened within `deadline`, quits with
// status 1 and says so: a window that never appears is a failed start.
void quitOnceShown(QWidget& window, std::chrono::milliseconds deadline);

}  // namespace strata::app
