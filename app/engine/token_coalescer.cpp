#include "app/engine/token_coalescer.hpp"

namespace strata::app {

TokenCoalescer::TokenCoalescer(std::chrono::milliseconds interval, Clock clock)
    : m_interval(interval), m_clock(std::move(clock))
{}

std::optional<QString> TokenCoalescer::push(const QString& piece)
{
    m_buffer += piece;
    if (m_buffer.isEmpty())
        return std::nullopt;
    const auto now = m_clock();
    // The first piece of a reply goes out at once: time to first token is what users notice most.
    if (m_lastUpdate && now - *m_lastUpdate < m_interval)
        return std::nullopt;
    m_lastUpdate = now;
    return std::exchange(m_buffer, QString());
}

QString TokenCoalescer::take()
{
    if (!m_buffer.isEmpty())
        m_lastUpdate = m_clock();
    return std::exchange(m_buffer, QString());
}

void TokenCoalescer::reset()
{
    m_buffer.clear();
    m_lastUpdate.reset();
}

}  // namespace strata::app
