// A chat app killed with SIGKILL in the middle of a reply leaves a database that passes
// PRAGMA integrity_check and reopens with the question and the reply as far as it was saved
// (the coordinator saves a growing reply every 0.5 s). The child is this executable started
// again with --kill-child: the real Application on the database, the reply streamed through the
// engine's signals by a TokenPlayer (a model would finish at an unpredictable moment).
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "domain/chat/think_tag_splitter.hpp"
#include "domain/storage/chat_store.hpp"
#include "tests/bench/gui/bench_session.hpp"
#include "tests/bench/gui/sample_conversation.hpp"
#include "tests/bench/gui/token_player.hpp"
#include "ui/chat/chat_panel.hpp"

#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <cstring>

using namespace strata;

namespace {

constexpr int kReplyTokens = 100000;  // far more than streams before the kill
constexpr int kTokensPerSecond = 200;
const QString kQuestion = QStringLiteral("Explain everything, with code.");

int runChild(int argc, char** argv)
{
    QApplication qapp(argc, argv);
    bench::BenchSession settings;  // keeps the user's settings out of it
    app::Application application(QString::fromLocal8Bit(argv[2]));
    app::EngineController* engine = application.engine().controller();
    QThread thread;
    bench::TokenPlayer player(engine, bench::splitIntoTokens(bench::sampleStreamedReply(kReplyTokens)),
                              kTokensPerSecond);
    player.moveToThread(&thread);
    thread.start();
    bench::routeChatRequests(application.coordinator(), engine, &player);
    application.show();
    emit application.window().chatPanel()->sendRequested(kQuestion);
    return qapp.exec();  // until killed
}

// The newest assistant message's text as a read-only second connection sees it (a null string
// while there is none). Read-only, so the watcher never races the app's own schema migration.
QString storedReply(const QString& db)
{
    const QString name = QStringLiteral("watcher");
    QString text;
    {
        QSqlDatabase watcher = QSqlDatabase::contains(name)
                                   ? QSqlDatabase::database(name, false)
                                   : QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        if (!watcher.isOpen()) {
            watcher.setDatabaseName(db);
            watcher.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_BUSY_TIMEOUT=1000"));
            if (!QFile::exists(db) || !watcher.open())
                return {};
        }
        QSqlQuery query(watcher);
        if (query.exec(QStringLiteral("SELECT content FROM messages WHERE role = 'assistant' ORDER BY id DESC LIMIT 1"))
            && query.next())
            text = query.value(0).toString();
    }
    return text;
}

void closeWatcher()
{
    QSqlDatabase::database(QStringLiteral("watcher"), false).close();
    QSqlDatabase::removeDatabase(QStringLiteral("watcher"));
}

}  // namespace

class TestChatKill : public QObject {
    Q_OBJECT
private slots:
    void killMidReplyLeavesAConsistentDatabase()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("chats.sqlite"));
        QProcess child;
        child.setProcessChannelMode(QProcess::ForwardedChannels);
        child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--kill-child"), db});
        QVERIFY(child.waitForStarted(10000));

        // Watch the database from outside, like a second process would, until the reply has been
        // saved at least twice (it grows: saved mid-stream, not only at its end).
        QString first;
        QTRY_VERIFY_WITH_TIMEOUT(!(first = storedReply(db)).isEmpty(), 30000);
        QString before;
        QTRY_VERIFY_WITH_TIMEOUT((before = storedReply(db)).size() > first.size(), 10000);
        closeWatcher();
        QCOMPARE(child.state(), QProcess::Running);

        child.kill();  // SIGKILL: no destructor, no final save
        QVERIFY(child.waitForFinished(10000));
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);

        {
            QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("integrity"));
            raw.setDatabaseName(db);
            QVERIFY(raw.open());
            QSqlQuery check(raw);
            QVERIFY(check.exec(QStringLiteral("PRAGMA integrity_check")));
            QVERIFY(check.next());
            QCOMPARE(check.value(0).toString(), QStringLiteral("ok"));
            check.finish();
            raw.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("integrity"));

        domain::ChatStore reopened;
        QVERIFY2(reopened.open(db), qPrintable(reopened.lastError()));
        const QList<domain::ConversationSummary> conversations = reopened.conversations();
        QCOMPARE(conversations.size(), 1);
        const QList<domain::ChatMessage> messages = reopened.messages(conversations.constFirst().id);
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages.at(0).role, domain::ChatRole::User);
        QCOMPARE(messages.at(0).content, kQuestion);
        QCOMPARE(messages.at(1).role, domain::ChatRole::Assistant);
        // Nothing committed is lost, and what is there is exactly the start of the reply.
        const QString partial = messages.at(1).content;
        QVERIFY(partial.size() >= before.size());
        const QString full = domain::splitThinkTags(bench::sampleStreamedReply(kReplyTokens)).answer;
        QVERIFY(full.startsWith(partial));
        QVERIFY(partial.size() < full.size());
        QVERIFY(!messages.at(1).reasoning.isEmpty());
    }
};

int main(int argc, char** argv)
{
    if (argc == 3 && std::strcmp(argv[1], "--kill-child") == 0)
        return runChild(argc, argv);
    QApplication app(argc, argv);
    TestChatKill test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_chat_kill.moc"
