#include "app/telemetry/telemetry_worker.hpp"

#include "app/engine/engine_telemetry_link.hpp"
#include "strata/telemetry/system_sampler.hpp"

#include <QTimer>

namespace strata::app {

TelemetryWorker::TelemetryWorker(std::shared_ptr<EngineTelemetryLink> link) : m_link(std::move(link))
{
    setObjectName(QStringLiteral("telemetryWorker"));
}

TelemetryWorker::~TelemetryWorker() = default;

void TelemetryWorker::start(int intervalMs)
{
    if (!m_sampler)
        m_sampler = std::make_unique<telemetry::SystemSampler>();
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setTimerType(Qt::CoarseTimer);  // a few ms of slack lets the kernel batch wake-ups
        connect(m_timer, &QTimer::timeout, this, &TelemetryWorker::sampleNow);
    }
    m_timer->start(intervalMs);
    sampleNow();
}

void TelemetryWorker::stop()
{
    if (m_timer)
        m_timer->stop();
}

void TelemetryWorker::sampleNow()
{
    if (!m_sampler)
        return;
    m_sampler->sample(m_snapshot);
    emit frameReady(
        m_builder.build(m_snapshot, m_link->poolTelemetry(), m_link->tokenCounts(), m_link->expertTelemetry()));
}

}  // namespace strata::app
