// Owns the engine thread and the EngineController that lives on it. Created on the GUI thread;
// its destructor stops any reply and every request still queued, ends the thread and waits for it,
// so the controller (and with it the model) is destroyed on its own thread before the app goes
// away. The wait is bounded (engine_host.cpp says why and what happens past it).
#pragma once

#include <QObject>
#include <QThread>
#include <memory>

namespace strata::app {

class EngineController;

class EngineHost : public QObject {
    Q_OBJECT
public:
    explicit EngineHost(QObject* parent = nullptr);
    ~EngineHost() override;

    EngineController* controller() const { return m_controller; }
    QThread* thread() { return m_thread.get(); }

private:
    std::unique_ptr<QThread> m_thread;  // released, not destroyed, if it outlasts the quit wait
    EngineController* m_controller;
};

}  // namespace strata::app
