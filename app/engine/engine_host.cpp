#include "app/engine/engine_host.hpp"

#include "app/engine/engine_controller.hpp"
#include "app/thread_quit_wait.hpp"

namespace strata::app {

EngineHost::EngineHost(QObject* parent)
    : QObject(parent), m_thread(std::make_unique<QThread>()), m_controller(new EngineController)
{
    qRegisterMetaType<ModelLoadOptions>();
    qRegisterMetaType<ChatTurnRequest>();
    qRegisterMetaType<ReplyMetrics>();
    m_thread->setObjectName(QStringLiteral("strata-engine"));
    m_controller->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, m_controller, &QObject::deleteLater);
    m_thread->start();
}

EngineHost::~EngineHost()
{
    m_controller->requestShutdown();
    m_thread->quit();
    waitForQuitOrAbandon(std::move(m_thread));
}

}  // namespace strata::app
