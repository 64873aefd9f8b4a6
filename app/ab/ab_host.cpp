#include "app/ab/ab_host.hpp"

#include "app/ab/ab_runner.hpp"

#include <memory>

namespace strata::app {

AbHost::AbHost(QObject* parent) : QObject(parent), m_thread(QStringLiteral("strata-ab"), std::make_unique<AbRunner>())
{
    qRegisterMetaType<domain::AbRequest>();
    qRegisterMetaType<domain::AbRow>();
}

AbHost::~AbHost()
{
    m_thread.worker()->requestCancel();  // a run in progress ends within a token, so stop() does not wait for it
    m_thread.stop();
}

}  // namespace strata::app
