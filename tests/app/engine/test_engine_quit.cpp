// Quitting while the engine thread is busy with something the stop flag cannot reach (a model being
// opened: Model::open reads the file with no stop check) gives up after kQuitWait and the process
// still ends normally (app/thread_quit_wait.hpp, OwnedThread::stopWithin).
//
// The child is this executable started again with --abandon-child: an EngineHost whose thread is
// held inside loadModel, where Model::open would run, by a direct connection to loadProgress(0.1)
// (the slot runs on the engine thread). It destroys the host, prints how long that took and returns
// from main with the engine thread still held, as the app does when the window closes mid-load.
#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_host.hpp"
#include "app/thread_quit_wait.hpp"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <thread>

using namespace strata;

namespace {

// Far longer than the parent waits for the child: a child that waited for its engine thread would
// fail the test by timing out, not pass late.
constexpr std::chrono::minutes kHeldFor{5};
constexpr int kChildLimitMs = 60000;

// Static, not on main's stack: the held engine thread still refers to it after main returns.
std::atomic<bool> g_loadHeld{false};

int runAbandonChild(int argc, char** argv)
{
    QCoreApplication qapp(argc, argv);
    auto host = std::make_unique<app::EngineHost>();
    app::EngineController* engine = host->controller();
    QObject::connect(
        engine, &app::EngineController::loadProgress, engine,
        [](double fraction) {
            if (fraction != 0.1)  // 0.1: Model::open is next
                return;
            g_loadHeld = true;
            std::this_thread::sleep_for(kHeldFor);
        },
        Qt::DirectConnection);
    const QString path = QString::fromLocal8Bit(argv[2]);
    QMetaObject::invokeMethod(
        engine, [engine, path] { engine->loadModel(path, app::ModelLoadOptions{}); }, Qt::QueuedConnection);
    const QDeadlineTimer deadline(kChildLimitMs);
    while (!g_loadHeld && !deadline.hasExpired())
        QThread::msleep(5);
    if (!g_loadHeld) {
        std::fprintf(stderr, "the engine thread never reached Model::open\n");
        return 2;
    }
    QElapsedTimer quitting;
    quitting.start();
    host.reset();
    std::printf("EngineHost destroyed in %lld ms\n", static_cast<long long>(quitting.elapsed()));
    std::fflush(stdout);
    return 0;
}

}  // namespace

class TestEngineQuit : public QObject {
    Q_OBJECT
private slots:
    void quitWhileAModelOpensGivesUpAfterTheWaitAndExits()
    {
        QTemporaryDir dir;
        const QString model = dir.filePath(QStringLiteral("big.gguf"));  // never read: the load is held before
        QFile file(model);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write("GGUF") == 4);
        file.close();

        QProcess child;
        // The child leaves its engine thread, the controller and the QThread to the end of the
        // process on purpose (OwnedThread::stopWithin releases them): not a leak to report.
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const QString asan = env.value(QStringLiteral("ASAN_OPTIONS"));
        env.insert(QStringLiteral("ASAN_OPTIONS"),
                   asan + (asan.isEmpty() ? "" : ":") + QStringLiteral("detect_leaks=0"));
        child.setProcessEnvironment(env);
        QElapsedTimer elapsed;
        elapsed.start();
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--abandon-child"), model});
        QVERIFY(child.waitForStarted(kChildLimitMs));
        const bool finished = child.waitForFinished(kChildLimitMs);
        const QString out = QString::fromLocal8Bit(child.readAllStandardOutput());
        const QString err = QString::fromLocal8Bit(child.readAllStandardError());
        if (!finished)
            child.kill();
        QVERIFY2(finished,
                 qPrintable(QStringLiteral("the child still runs after %1 ms: %2").arg(kChildLimitMs).arg(err)));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QVERIFY2(child.exitCode() == 0, qPrintable(QStringLiteral("exit code %1: %2").arg(child.exitCode()).arg(err)));

        const QRegularExpressionMatch match = QRegularExpression(QStringLiteral("destroyed in (\\d+) ms")).match(out);
        QVERIFY2(match.hasMatch(), qPrintable(out + err));
        const qint64 ms = match.captured(1).toLongLong();
        qInfo("EngineHost destroyed in %lld ms with the engine thread held in loadModel; the child ran %lld ms", ms,
              elapsed.elapsed());
        // It waited out kQuitWait (the thread really was busy; 100 ms for the timers' rounding), then gave up.
        QVERIFY2(ms >= app::kQuitWait.count() - 100, qPrintable(QString::number(ms)));
        QVERIFY2(ms < app::kQuitWait.count() + 1000, qPrintable(QString::number(ms)));
        QVERIFY2(err.contains(QStringLiteral("strata-engine is still busy")), qPrintable(err));
    }
};

int main(int argc, char** argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--abandon-child") == 0)
        return runAbandonChild(argc, argv);
    QCoreApplication app(argc, argv);
    TestEngineQuit test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_engine_quit.moc"
