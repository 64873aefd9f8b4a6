// Owns the "strata-remote" thread and the RemoteChatClient on it (the chat's engine for a remote
// OpenAI-compatible server). Its destructor ends the thread: the client aborts its request and is
// deleted there with its network manager. Nothing on that thread blocks, so the wait is short.
#pragma once

#include "domain/threading/owned_thread.hpp"

#include <QObject>

namespace strata::app {

class RemoteChatClient;

class RemoteHost : public QObject {
    Q_OBJECT
public:
    explicit RemoteHost(QObject* parent = nullptr);
    ~RemoteHost() override;

    RemoteChatClient* client() const { return m_thread.worker(); }

private:
    domain::OwnedThread<RemoteChatClient> m_thread;
};

}  // namespace strata::app
