#include "app/engine/engine_host.hpp"

#include "app/engine/engine_controller.hpp"
#include "app/thread_quit_wait.hpp"

#include <memory>

namespace strata::app {

EngineHost::EngineHost(QObject* parent)
    : QObject(parent), m_thread(QStringLiteral("strata-engine"), std::make_unique<EngineController>())
{
    qRegisterMetaType<ModelLoadOptions>();
    qRegisterMetaType<ChatTurnRequest>();
    qRegisterMetaType<ReplyMetrics>();
    qRegisterMetaType<model::ExpertWakeAhead>();
}

EngineHost::~EngineHost()
{
    // Stops the running request and any still queued: a reply ends within a token, a template's
    // render within a few steps, so the wait is milliseconds unless a model is being opened.
    m_thread.worker()->requestShutdown();
    m_thread.stopWithin(kQuitWait);
}

}  // namespace strata::app
