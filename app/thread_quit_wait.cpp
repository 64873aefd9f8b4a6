#include "app/thread_quit_wait.hpp"

#include <QDeadlineTimer>
#include <QtGlobal>

namespace strata::app {

bool waitForQuitOrAbandon(std::unique_ptr<QThread> thread)
{
    if (thread->wait(QDeadlineTimer(kQuitWait.count())))
        return true;
    qWarning("%s is still busy %lld ms after it was told to stop (an operation that cannot be cancelled); "
             "leaving it to end with the process",
             qPrintable(thread->objectName()), static_cast<long long>(kQuitWait.count()));
    (void)thread.release();  // deliberately kept: it and the object living on it end with the process
    return false;
}

}  // namespace strata::app
