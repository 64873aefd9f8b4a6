#include "app/ab/ab_host.hpp"

#include "app/ab/ab_runner.hpp"

namespace strata::app {

AbHost::AbHost(QObject* parent) : QObject(parent), m_runner(new AbRunner)
{
    qRegisterMetaType<domain::AbRequest>();
    qRegisterMetaType<domain::AbRow>();
    m_thread.setObjectName(QStringLiteral("strata-ab"));
    m_runner->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_runner, &QObject::deleteLater);
    m_thread.start();
}

AbHost::~AbHost()
{
    m_runner->requestCancel();
    m_thread.quit();
    m_thread.wait();
}

}  // namespace strata::app
