// Owns the engine thread and the EngineController that lives on it. Created on the GUI thread;
// its destructor stops any reply, ends the thread and waits for it, so the controller (and with it
// the model) is destroyed on its own thread before the app goes away.
#pragma once

#include "domain/threading/owned_thread.hpp"

#include <QObject>
#include <QThread>

namespace strata::app {

class EngineController;

class EngineHost : public QObject {
    Q_OBJECT
public:
    explicit EngineHost(QObject* parent = nullptr);
    ~EngineHost() override;

    EngineController* controller() const { return m_thread.worker(); }
    QThread* thread() { return m_thread.thread(); }

private:
    domain::OwnedThread<EngineController> m_thread;
};

}  // namespace strata::app
