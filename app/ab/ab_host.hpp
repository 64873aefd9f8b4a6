// Owns the A/B thread ("strata-ab") and the AbRunner that lives on it. Created on the GUI thread;
// its destructor cancels a run, ends the thread and waits, so the runner (and the models it
// opened) go away on their own thread before the app does.
#pragma once

#include "domain/threading/owned_thread.hpp"

#include <QObject>

namespace strata::app {

class AbRunner;

class AbHost : public QObject {
    Q_OBJECT
public:
    explicit AbHost(QObject* parent = nullptr);
    ~AbHost() override;

    AbRunner* runner() const { return m_thread.worker(); }

private:
    domain::OwnedThread<AbRunner> m_thread;
};

}  // namespace strata::app
