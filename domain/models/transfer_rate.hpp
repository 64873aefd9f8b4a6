// Bytes per second over the last few seconds: a moving window, so the speed and the ETA follow the
// connection without jumping on every packet.
#pragma once

#include <QElapsedTimer>
#include <deque>
#include <utility>

namespace strata::models {

class TransferRate {
public:
    explicit TransferRate(qint64 windowMs = 3000) : windowMs_(windowMs) { clock_.start(); }

    void reset() { samples_.clear(); }
    void add(qint64 bytes)
    {
        const qint64 now = clock_.elapsed();
        samples_.emplace_back(now, bytes);
        while (samples_.size() > 1 && now - samples_.front().first > windowMs_)
            samples_.pop_front();
    }
    double bytesPerSecond() const
    {
        if (samples_.size() < 2)
            return 0.0;
        const qint64 span = samples_.back().first - samples_.front().first;
        if (span <= 0)
            return 0.0;
        qint64 bytes = 0;
        for (auto it = samples_.begin() + 1; it != samples_.end(); ++it)
            bytes += it->second;
        return double(bytes) * 1000.0 / double(span);
    }

private:
    qint64 windowMs_;
    QElapsedTimer clock_;
    std::deque<std::pair<qint64, qint64>> samples_;  // (ms since start, bytes received then)
};

}  // namespace strata::models
