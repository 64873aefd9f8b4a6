// Owns the "strata-remote" thread and the RemoteChatClient on it (the chat's engine for a remote
// OpenAI-compatible server). Its destructor ends the thread: the client aborts its request and is
// deleted there with its network manager. Nothing on that thread blocks, so the wait is short.
#pragma once

#include "domain/threading/owned_thread.hpp"

#include <QObject>
#include <memory>

namespace strata::app {

class EngineTelemetryLink;
class RemoteChatClient;

class RemoteHost : public QObject {
    Q_OBJECT
public:
    // `tokenCounter`: where remote replies' tokens are counted for the token-rate panel (the engine's).
    explicit RemoteHost(std::shared_ptr<EngineTelemetryLink> tokenCounter, QObject* parent = nullptr);
    ~RemoteHost() override;

    RemoteChatClient* client() const { return m_thread.worker(); }

private:
    domain::OwnedThread<RemoteChatClient> m_thread;
};

}  // namespace strata::app
