#include "app/telemetry/telemetry_host.hpp"

#include "app/telemetry/telemetry_worker.hpp"

#include <QMetaObject>
#include <memory>

namespace strata::app {

TelemetryHost::TelemetryHost(std::shared_ptr<EngineTelemetryLink> link, QObject* parent)
    : QObject(parent), m_thread(QStringLiteral("strata-telemetry"), std::make_unique<TelemetryWorker>(std::move(link)),
                                QThread::LowPriority)
{
    qRegisterMetaType<domain::TelemetryFrame>();
    connect(worker(), &TelemetryWorker::frameReady, this, &TelemetryHost::frameReady, Qt::QueuedConnection);
}

TelemetryHost::~TelemetryHost()
{
    m_thread.stop();
}

void TelemetryHost::setActive(bool active, int intervalMs)
{
    m_active = active;
    if (active)
        QMetaObject::invokeMethod(
            worker(), [w = worker(), intervalMs] { w->start(intervalMs); }, Qt::QueuedConnection);
    else
        QMetaObject::invokeMethod(worker(), &TelemetryWorker::stop, Qt::QueuedConnection);
}

}  // namespace strata::app
