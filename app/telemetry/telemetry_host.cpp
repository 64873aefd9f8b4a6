#include "app/telemetry/telemetry_host.hpp"

#include "app/telemetry/telemetry_worker.hpp"

#include <QMetaObject>

namespace strata::app {

TelemetryHost::TelemetryHost(std::shared_ptr<EngineTelemetryLink> link, QObject* parent)
    : QObject(parent), m_worker(new TelemetryWorker(std::move(link)))
{
    qRegisterMetaType<domain::TelemetryFrame>();
    m_thread.setObjectName(QStringLiteral("strata-telemetry"));
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TelemetryWorker::frameReady, this, &TelemetryHost::frameReady, Qt::QueuedConnection);
    m_thread.start(QThread::LowPriority);
}

TelemetryHost::~TelemetryHost()
{
    m_thread.quit();
    m_thread.wait();
}

void TelemetryHost::setActive(bool active, int intervalMs)
{
    m_active = active;
    if (active)
        QMetaObject::invokeMethod(m_worker, [w = m_worker, intervalMs] { w->start(intervalMs); }, Qt::QueuedConnection);
    else
        QMetaObject::invokeMethod(m_worker, &TelemetryWorker::stop, Qt::QueuedConnection);
}

}  // namespace strata::app
