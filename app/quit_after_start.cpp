#include "app/quit_after_start.hpp"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>
#include <QWindow>
#include <cstdio>

namespace strata::app {

namespace {

bool isShown(const QWidget& window)
{
    const QWindow* handle = window.windowHandle();
    return window.isVisible() && handle != nullptr && handle->isExposed();
}

}  // namespace

void quitOnceShown(QWidget& window, std::chrono::milliseconds deadline)
{
    // Polled rather than caught from an Expose event: the window may already be exposed when this
    // runs, and a 20 ms poll costs nothing next to the start itself.
    auto* poll = new QTimer(&window);
    QElapsedTimer clock;
    clock.start();
    QObject::connect(poll, &QTimer::timeout, &window, [poll, clock, &window, deadline] {
        if (isShown(window)) {
            std::fputs("strata: the main window is shown; quitting (--quit-after-start)\n", stderr);
            poll->stop();
            // Queued, so the first paint of the window has run before the event loop ends.
            QTimer::singleShot(0, qApp, [] { QCoreApplication::exit(0); });
        } else if (clock.elapsed() > deadline.count()) {
            std::fprintf(stderr, "strata: the main window was not shown within %lld ms (--quit-after-start)\n",
                         static_cast<long long>(deadline.count()));
            poll->stop();
            QCoreApplication::exit(1);
        }
    });
    poll->start(20);
}

}  // namespace strata::app
