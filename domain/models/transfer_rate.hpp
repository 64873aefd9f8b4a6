// Bytes per second over the last few seconds: a moving window, so the speed and the ETA follow the
// connection without jumping on every packet.
#pragma once

#include <QElapsedTimer>
#include <deque>
#include <utility>

namespace strata::domain::models {

class TransferRate {
public:
    explicit TransferRate(qint64 windowMs = 3000) : m_windowMs(windowMs) { m_clock.start(); }

    void reset() { m_samples.clear(); }
    void add(qint64 bytes)
    {
        const qint64 now = m_clock.elapsed();
        m_samples.emplace_back(now, bytes);
        while (m_samples.size() > 1 && now - m_samples.front().first > m_windowMs)
            m_samples.pop_front();
    }
    double bytesPerSecond() const
    {
        if (m_samples.size() < 2)
            return 0.0;
        const qint64 span = m_samples.back().first - m_samples.front().first;
        if (span <= 0)
            return 0.0;
        qint64 bytes = 0;
        for (auto it = m_samples.begin() + 1; it != m_samples.end(); ++it)
            bytes += it->second;
        return double(bytes) * 1000.0 / double(span);
    }

private:
    qint64 m_windowMs;
    QElapsedTimer m_clock;
    std::deque<std::pair<qint64, qint64>> m_samples;  // (ms since start, bytes received then)
};

}  // namespace strata::domain::models
