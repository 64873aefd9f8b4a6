#include "app/ab/ab_host.hpp"

#include "app/ab/ab_runner.hpp"
#include "app/thread_quit_wait.hpp"

namespace strata::app {

AbHost::AbHost(QObject* parent) : QObject(parent), m_thread(std::make_unique<QThread>()), m_runner(new AbRunner)
{
    qRegisterMetaType<domain::AbRequest>();
    qRegisterMetaType<domain::AbRow>();
    m_thread->setObjectName(QStringLiteral("strata-ab"));
    m_runner->moveToThread(m_thread.get());
    connect(m_thread.get(), &QThread::finished, m_runner, &QObject::deleteLater);
    m_thread->start();
}

AbHost::~AbHost()
{
    m_runner->requestShutdown();
    m_thread->quit();
    waitForQuitOrAbandon(std::move(m_thread));
}

}  // namespace strata::app
