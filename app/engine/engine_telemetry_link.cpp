#include "app/engine/engine_telemetry_link.hpp"

#include "strata/model/backend.hpp"
#include "strata/pool/worker_pool.hpp"

namespace strata::app {

void EngineTelemetryLink::attach(pool::WorkerPool& pool, const model::Backend& backend)
{
    std::lock_guard lock(m_mutex);
    m_pool = &pool;
    m_backend = &backend;
    if (m_policy)
        m_pool->setPolicy(*m_policy);
}

void EngineTelemetryLink::detach()
{
    std::lock_guard lock(m_mutex);
    m_pool = nullptr;
    m_backend = nullptr;
}

std::optional<pool::PoolTelemetry> EngineTelemetryLink::poolTelemetry() const
{
    std::lock_guard lock(m_mutex);
    if (!m_pool)
        return std::nullopt;
    return m_pool->telemetry();
}

std::optional<model::ExpertTelemetry> EngineTelemetryLink::expertTelemetry() const
{
    std::lock_guard lock(m_mutex);
    if (!m_backend)
        return std::nullopt;
    return m_backend->expertTelemetry();
}

void EngineTelemetryLink::setPolicy(const pool::WaitPolicy& policy)
{
    std::lock_guard lock(m_mutex);
    m_policy = policy;
    if (m_pool)
        m_pool->setPolicy(policy);
}

EngineTokenCounts EngineTelemetryLink::tokenCounts() const
{
    return {m_prefilled.load(std::memory_order_relaxed), m_decoded.load(std::memory_order_relaxed)};
}

}  // namespace strata::app
