#include "app/engine/engine_host.hpp"

#include "app/engine/engine_controller.hpp"

#include <memory>

namespace strata::app {

EngineHost::EngineHost(QObject* parent)
    : QObject(parent), m_thread(QStringLiteral("strata-engine"), std::make_unique<EngineController>())
{
    qRegisterMetaType<ModelLoadOptions>();
    qRegisterMetaType<ChatTurnRequest>();
    qRegisterMetaType<ReplyMetrics>();
}

EngineHost::~EngineHost()
{
    m_thread.worker()->requestStop();  // a reply in progress ends within a token, so stop() does not wait for it
    m_thread.stop();
}

}  // namespace strata::app
