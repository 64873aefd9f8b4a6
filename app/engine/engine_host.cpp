#include "app/engine/engine_host.hpp"

#include "app/engine/engine_controller.hpp"

namespace strata::app {

EngineHost::EngineHost(QObject* parent) : QObject(parent), m_controller(new EngineController)
{
    qRegisterMetaType<ModelLoadOptions>();
    qRegisterMetaType<ChatTurnRequest>();
    qRegisterMetaType<ReplyMetrics>();
    m_thread.setObjectName(QStringLiteral("strata-engine"));
    m_controller->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_controller, &QObject::deleteLater);
    m_thread.start();
}

EngineHost::~EngineHost()
{
    m_controller->requestStop();
    m_thread.quit();
    m_thread.wait();
}

}  // namespace strata::app
