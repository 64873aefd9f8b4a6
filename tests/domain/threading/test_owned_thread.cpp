// OwnedThread: the worker runs on a thread of the given name, is deleted on that thread, and
// stop() returns only after a running job ended and the worker is gone.
#include "domain/threading/owned_thread.hpp"

#include <QAtomicInt>
#include <QMetaObject>
#include <QSemaphore>
#include <QTest>

#include <atomic>
#include <memory>

namespace {

struct Record {
    QString constructedOn;
    QString jobRanOn;
    QString deletedOn;
    std::atomic<bool> jobDone{false};
    std::atomic<int> deletions{0};
};

class Worker : public QObject {
public:
    explicit Worker(Record& record) : m_record(record)
    {
        m_record.constructedOn = QThread::currentThread()->objectName();
    }
    ~Worker() override
    {
        m_record.deletedOn = QThread::currentThread()->objectName();
        ++m_record.deletions;
    }
    // Tells `started` it runs, then takes long enough that a stop() issued meanwhile must wait.
    void slowJob(QSemaphore* started)
    {
        m_record.jobRanOn = QThread::currentThread()->objectName();
        started->release();
        QThread::msleep(200);
        m_record.jobDone = true;
    }

private:
    Record& m_record;
};

}  // namespace

class TestOwnedThread : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QThread::currentThread()->setObjectName(QStringLiteral("test-main")); }

    void workerRunsOnItsNamedThreadAndIsDeletedThere()
    {
        Record record;
        {
            strata::domain::OwnedThread<Worker> owned(QStringLiteral("strata-test-worker"),
                                                      std::make_unique<Worker>(record), QThread::LowPriority);
            QCOMPARE(owned.thread()->objectName(), QStringLiteral("strata-test-worker"));
            QVERIFY(owned.thread()->isRunning());
            QCOMPARE(owned.worker()->thread(), owned.thread());
            QCOMPARE(owned.thread()->priority(), QThread::LowPriority);
            QSemaphore started;
            QMetaObject::invokeMethod(
                owned.worker(), [w = owned.worker(), s = &started] { w->slowJob(s); }, Qt::QueuedConnection);
            QVERIFY(started.tryAcquire(1, 5000));
        }  // the destructor waits for the running job, then for the worker's deletion
        QCOMPARE(record.constructedOn, QStringLiteral("test-main"));
        QCOMPARE(record.jobRanOn, QStringLiteral("strata-test-worker"));
        QVERIFY(record.jobDone);
        QCOMPARE(record.deletions.load(), 1);
        QCOMPARE(record.deletedOn, QStringLiteral("strata-test-worker"));
    }

    void stopEndsTheThreadOnceAndClearsTheWorker()
    {
        Record record;
        strata::domain::OwnedThread<Worker> owned(QStringLiteral("strata-test-stop"), std::make_unique<Worker>(record));
        QThread* thread = owned.thread();
        owned.stop();
        QVERIFY(thread->isFinished());
        QCOMPARE(owned.worker(), nullptr);
        QCOMPARE(record.deletions.load(), 1);
        owned.stop();  // harmless, and so is the destructor after it
        QCOMPARE(record.deletions.load(), 1);
    }
};

QTEST_GUILESS_MAIN(TestOwnedThread)
#include "test_owned_thread.moc"
