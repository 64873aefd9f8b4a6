#include "app/ab/ab_host.hpp"

#include "app/ab/ab_runner.hpp"
#include "app/thread_quit_wait.hpp"

#include <memory>

namespace strata::app {

AbHost::AbHost(QObject* parent) : QObject(parent), m_thread(QStringLiteral("strata-ab"), std::make_unique<AbRunner>())
{
    qRegisterMetaType<domain::AbRequest>();
    qRegisterMetaType<domain::AbRow>();
}

AbHost::~AbHost()
{
    m_thread.worker()->requestShutdown();  // a run (or one still queued) ends within a token or render step
    m_thread.stopWithin(kQuitWait);
}

}  // namespace strata::app
