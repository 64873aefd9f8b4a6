// Batches streamed text so the GUI gets at most one update per interval (default 16 ms, ~60/s).
//
// It runs on the engine thread inside the decode loop, where no event loop turns, so it has no
// timer: each new piece either leaves with everything buffered (the interval has passed since the
// last update) or waits for the next piece; take() empties it when the reply ends. While tokens
// keep coming, text therefore waits at most one token's time; at 200 tok/s the GUI sees ~60
// updates/s instead of 200 queued events. Nothing is dropped or reordered.
#pragma once

#include <QString>
#include <chrono>
#include <functional>
#include <optional>

namespace strata::app {

class TokenCoalescer {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;

    explicit TokenCoalescer(std::chrono::milliseconds interval = std::chrono::milliseconds(16),
                            Clock clock = &std::chrono::steady_clock::now);

    // Adds a piece; returns the text to send now, if an update is due.
    std::optional<QString> push(const QString& piece);
    // Everything still buffered (empty when nothing is); call when the reply ends or stops.
    QString take();
    void reset();  // forget the buffer and the last update time (a new reply)

private:
    std::chrono::milliseconds m_interval;
    Clock m_clock;
    QString m_buffer;
    std::optional<std::chrono::steady_clock::time_point> m_lastUpdate;
};

}  // namespace strata::app
