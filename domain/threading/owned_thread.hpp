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
#pragma once

#include <QObject>
#include <QString>
#include <QThread>

#include <memory>

namespace strata::domain {

template <class Worker>
class OwnedThread {
public:
    OwnedThread(const QString& threadName, std::unique_ptr<Worker> worker,
                QThread::Priority priority = QThread::InheritPriority)
        : m_worker(worker.release())
    {
        m_thread.setObjectName(threadName);
        m_worker->moveToThread(&m_thread);
        QObject::connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
        m_thread.start(priority);
    }
    ~OwnedThread() { stop(); }

    OwnedThread(const OwnedThread&) = delete;
    OwnedThread& operator=(const OwnedThread&) = delete;

    // Null once stop() has run: the worker is gone then.
    Worker* worker() const { return m_worker; }
    QThread* thread() { return &m_thread; }

    // Ends the thread and waits for it; the worker has been deleted (on its thread) when this
    // returns. A second call does nothing.
    void stop()
    {
        if (!m_worker)
            return;
        m_thread.quit();
        m_thread.wait();
        m_worker = nullptr;
    }

private:
    QThread m_thread;
    Worker* m_worker;  // lives on m_thread; deleted there by QThread::finished -> deleteLater
};

}  // namespace strata::domain
