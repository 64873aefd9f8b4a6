#include "app/remote/remote_host.hpp"

#include "app/engine/engine_requests.hpp"
#include "app/remote/remote_chat_client.hpp"
#include "app/thread_quit_wait.hpp"

#include <memory>

namespace strata::app {

RemoteHost::RemoteHost(std::shared_ptr<EngineTelemetryLink> tokenCounter, QObject* parent)
    : QObject(parent),
      m_thread(QStringLiteral("strata-remote"), std::make_unique<RemoteChatClient>(std::move(tokenCounter)))
{
    qRegisterMetaType<ChatTurnRequest>();
    qRegisterMetaType<ReplyMetrics>();
}

RemoteHost::~RemoteHost()
{
    m_thread.stopWithin(kQuitWait);
}

}  // namespace strata::app
