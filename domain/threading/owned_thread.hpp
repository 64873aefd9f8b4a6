// One worker QObject on one QThread, both owned by the object that holds the OwnedThread: the one
// way Strata's thread-owning classes (EngineHost, AbHost, TelemetryHost, ModelLibrary,
// DownloadManager) start and end their threads.
//
// The constructor names the thread after what it serves, moves the worker onto it and starts it.
// stop() (and the destructor) ends the thread's event loop and waits for it; the worker is deleted
// on its own thread as the thread finishes, so whatever it created there (a model, a network
// manager, NVML) goes away on the thread that made it. Calls queued to the worker but not started
// by then are dropped: an owner whose worker must finish something, or must be interrupted mid-job,
// says so before stop() (e.g. EngineController::requestStop, a blocking-queued shutdown).
// stopWithin() bounds the wait (the app's quit: app/thread_quit_wait.hpp): a thread still busy then
// is left running, released rather than destroyed (destroying a running QThread aborts).
#pragma once

#include <QDeadlineTimer>
#include <QObject>
#include <QString>
#include <QThread>

#include <chrono>
#include <memory>

namespace strata::domain {

template <class Worker>
class OwnedThread {
public:
    OwnedThread(const QString& threadName, std::unique_ptr<Worker> worker,
                QThread::Priority priority = QThread::InheritPriority)
        : m_thread(std::make_unique<QThread>()), m_worker(worker.release())
    {
        m_thread->setObjectName(threadName);
        m_worker->moveToThread(m_thread.get());
        QObject::connect(m_thread.get(), &QThread::finished, m_worker, &QObject::deleteLater);
        m_thread->start(priority);
    }
    ~OwnedThread() { stop(); }

    OwnedThread(const OwnedThread&) = delete;
    OwnedThread& operator=(const OwnedThread&) = delete;

    // Null once stop() has run: the worker is gone then.
    Worker* worker() const { return m_worker; }
    QThread* thread() { return m_thread.get(); }

    // Ends the thread and waits for it; the worker has been deleted (on its thread) when this
    // returns. A second call does nothing.
    void stop()
    {
        if (!m_worker)
            return;
        m_thread->quit();
        m_thread->wait();
        m_worker = nullptr;
    }

    // stop(), waiting at most `limit`. Returns false when the thread was still busy: it and the
    // worker are then left to finish on their own (or end with the process); worker() is null.
    bool stopWithin(std::chrono::milliseconds limit)
    {
        if (!m_worker)
            return true;
        m_thread->quit();
        m_worker = nullptr;
        if (m_thread->wait(QDeadlineTimer(limit.count())))
            return true;
        qWarning("%s is still busy %lld ms after it was told to stop; it is left to end with the process",
                 qPrintable(m_thread->objectName()), static_cast<long long>(limit.count()));
        (void)m_thread.release();  // deliberately kept: destroying a running QThread aborts
        return false;
    }

private:
    std::unique_ptr<QThread> m_thread;  // released, not destroyed, when stopWithin() gives up
    Worker* m_worker;                   // lives on m_thread; deleted there by QThread::finished -> deleteLater
};

}  // namespace strata::domain
