// ChatStore: conversations and messages survive reopening; search; bad files give readable errors.
#include "domain/storage/chat_schema.hpp"
#include "domain/storage/chat_store.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using strata::domain::ChatMessage;
using strata::domain::ChatRole;
using strata::domain::ChatStore;

namespace {
ChatMessage message(ChatRole role, const QString& content, const QString& reasoning = {})
{
    ChatMessage m;
    m.role = role;
    m.content = content;
    m.reasoning = reasoning;
    return m;
}
}  // namespace

class TestChatStore : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString path(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private slots:
    void createsSchemaAndPersistsAcrossReopen()
    {
        const QString file = path("persist.sqlite");
        qint64 id = 0;
        strata::domain::ConversationSettings settings;
        settings.systemPrompt = QStringLiteral("Be brief.");
        settings.sampling.temperature = 0.25;
        settings.sampling.topK = 7;
        {
            ChatStore store;
            QVERIFY2(store.open(file), qPrintable(store.lastError()));
            QCOMPARE(store.schemaVersion(), strata::domain::currentChatSchemaVersion());
            id = store.createConversation(QStringLiteral("First"), settings).value();
            QVERIFY2(store.addMessage(id, message(ChatRole::User, QStringLiteral("Hello\n\n```c\nx\n```"))),
                     qPrintable(store.lastError()));
            const qint64 reply = store.addMessage(id, message(ChatRole::Assistant, QString())).value();
            QVERIFY(store.updateMessage(reply, QStringLiteral("Hi *there*"), QStringLiteral("think"),
                                        QJsonObject{{QStringLiteral("generated_tokens"), 3}}));
            QVERIFY(store.setConversationModel(id, QStringLiteral("/m/model.gguf")));
        }
        ChatStore store;
        QVERIFY2(store.open(file), qPrintable(store.lastError()));
        const auto conversation = store.conversation(id);
        QVERIFY(conversation);
        QCOMPARE(conversation->summary.title, QStringLiteral("First"));
        QCOMPARE(conversation->settings, settings);
        QCOMPARE(conversation->modelPath, QStringLiteral("/m/model.gguf"));
        const QList<ChatMessage> messages = store.messages(id);
        QCOMPARE(messages.size(), 2);
        QCOMPARE(messages[0].role, ChatRole::User);
        QCOMPARE(messages[0].content, QStringLiteral("Hello\n\n```c\nx\n```"));  // byte-exact
        QCOMPARE(messages[1].role, ChatRole::Assistant);
        QCOMPARE(messages[1].content, QStringLiteral("Hi *there*"));
        QCOMPARE(messages[1].reasoning, QStringLiteral("think"));
        QCOMPARE(messages[1].metrics.value(QStringLiteral("generated_tokens")).toInt(), 3);

        {
            // WAL mode is recorded in the file: a fresh connection sees it.
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("walcheck"));
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery wal(db);
            QVERIFY(wal.exec(QStringLiteral("PRAGMA journal_mode")) && wal.next());
            QCOMPARE(wal.value(0).toString(), QStringLiteral("wal"));
            wal.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("walcheck"));
    }

    void renameDeleteAndOrder()
    {
        ChatStore store;
        QVERIFY(store.open(path("crud.sqlite")));
        const qint64 a = store.createConversation(QStringLiteral("A")).value();
        QTest::qWait(2);
        const qint64 b = store.createConversation(QStringLiteral("B")).value();
        QCOMPARE(store.conversations().constFirst().id, b);  // newest first
        QTest::qWait(2);
        QVERIFY(store.addMessage(a, message(ChatRole::User, QStringLiteral("bump"))));
        QCOMPARE(store.conversations().constFirst().id, a);  // a message moves it up

        QVERIFY(store.renameConversation(b, QStringLiteral("Renamed")));
        QCOMPARE(store.conversation(b)->summary.title, QStringLiteral("Renamed"));
        QVERIFY(!store.renameConversation(9999, QStringLiteral("x")));
        QVERIFY(store.lastError().contains(QStringLiteral("9999")));

        QVERIFY(store.deleteConversation(a));
        QVERIFY(!store.conversation(a));
        QVERIFY(store.messages(a).isEmpty());
        QCOMPARE(store.conversations().size(), 1);
    }

    void deleteMessagesFromCutsTheTail()
    {
        ChatStore store;
        QVERIFY(store.open(path("tail.sqlite")));
        const qint64 c = store.createConversation(QStringLiteral("c")).value();
        QList<qint64> ids;
        for (int i = 0; i < 4; ++i)
            ids << store.addMessage(c, message(i % 2 ? ChatRole::Assistant : ChatRole::User, QString::number(i)))
                       .value();
        QVERIFY(store.deleteMessagesFrom(c, ids[2]));
        const QList<ChatMessage> left = store.messages(c);
        QCOMPARE(left.size(), 2);
        QCOMPARE(left[1].content, QStringLiteral("1"));
    }

    void searchFindsTitlesAndContentLiterally()
    {
        ChatStore store;
        QVERIFY(store.open(path("search.sqlite")));
        const qint64 cooking = store.createConversation(QStringLiteral("Cooking pasta")).value();
        const qint64 rust = store.createConversation(QStringLiteral("Untitled")).value();
        const qint64 percent = store.createConversation(QStringLiteral("Stats")).value();
        QVERIFY(store.addMessage(rust, message(ChatRole::User, QStringLiteral("How do Rust lifetimes work?"))));
        QVERIFY(store.addMessage(percent, message(ChatRole::User, QStringLiteral("what is 50% of 10"))));

        auto ids = [&store](const QString& text) {
            QList<qint64> found;
            for (const auto& s : store.search(text))
                found << s.id;
            std::sort(found.begin(), found.end());
            return found;
        };
        QCOMPARE(ids(QStringLiteral("pasta")), QList<qint64>{cooking});
        QCOMPARE(ids(QStringLiteral("LIFETIMES")), QList<qint64>{rust});  // case-insensitive
        QCOMPARE(ids(QStringLiteral("50%")), QList<qint64>{percent});     // % is literal, not a wildcard
        QCOMPARE(ids(QStringLiteral("%")), QList<qint64>{percent});
        QCOMPARE(ids(QStringLiteral("nothing like this")), QList<qint64>{});
        QCOMPARE(ids(QString()).size(), 3);
    }

    void corruptFileGivesReadableError()
    {
        const QString file = path("corrupt.sqlite");
        QFile garbage(file);
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        QByteArray bytes(8192, '\0');
        for (int i = 0; i < bytes.size(); ++i)
            bytes[i] = static_cast<char>((i * 131 + 7) & 0xff);
        garbage.write(bytes);
        garbage.close();

        ChatStore store;
        QVERIFY(!store.open(file));
        QVERIFY(!store.isOpen());
        QVERIFY2(store.lastError().contains(file), qPrintable(store.lastError()));
        QVERIFY2(store.lastError().contains(QStringLiteral("not a database"), Qt::CaseInsensitive),
                 qPrintable(store.lastError()));
        // Everything afterwards fails cleanly.
        QVERIFY(!store.createConversation(QStringLiteral("x")));
        QVERIFY(store.conversations().isEmpty());
    }

    // A file that SQLite opens but whose pages are damaged (a bad disk, a copy cut short) is found
    // at open, reported, and copied before anything writes to it. Issue 18, finding 6.
    void damagedFileIsReportedAndCopied()
    {
        const QString file = path("damaged.sqlite");
        {
            ChatStore store;
            QVERIFY(store.open(file));
            const std::optional<qint64> c = store.createConversation(QStringLiteral("long"));
            QVERIFY(c);
            for (int i = 0; i < 400; ++i)
                QVERIFY(store.addMessage(*c, message(ChatRole::User, QString(500, QLatin1Char('a' + i % 26)))));
        }  // closed: the WAL is checkpointed into the file
        QFile damaged(file);
        const qint64 size = damaged.size();
        QVERIFY2(size > 16 * 4096, qPrintable(QString::number(size)));
        QVERIFY(damaged.open(QIODevice::ReadWrite));
        QVERIFY(damaged.seek(8 * 4096));  // a whole b-tree page of the messages table or its index
        QByteArray garbage(4096, '\0');
        for (int i = 0; i < garbage.size(); ++i)
            garbage[i] = static_cast<char>((i * 37 + 11) & 0xff);
        damaged.write(garbage);
        damaged.close();
        const QByteArray before = [&] {
            QFile f(file);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();

        ChatStore store;
        QElapsedTimer timer;
        timer.start();
        QVERIFY(!store.open(file));
        qInfo("a damaged %lld KiB chat file found in %lld ms", size / 1024, timer.elapsed());
        QVERIFY2(store.lastError().contains(QStringLiteral("damaged")), qPrintable(store.lastError()));
        QStringList copies = QDir(m_dir.path()).entryList({QStringLiteral("damaged.sqlite.damaged-*")}, QDir::Files);
        copies.removeIf([](const QString& name) { return name.endsWith(QLatin1String("-wal")); });  // its WAL, if any
        QCOMPARE(copies.size(), 1);
        QVERIFY2(store.lastError().contains(copies[0]), qPrintable(store.lastError()));
        QFile copy(m_dir.filePath(copies[0]));
        QVERIFY(copy.open(QIODevice::ReadOnly));
        QCOMPARE(copy.readAll(), before);
        QVERIFY(!store.createConversation(QStringLiteral("x")));
    }

    void soundFileIsCheckedQuickly()
    {
        const QString file = path("sound.sqlite");
        {
            ChatStore store;
            QVERIFY(store.open(file));
            const std::optional<qint64> c = store.createConversation(QStringLiteral("long"));
            for (int i = 0; i < 4000; ++i)
                QVERIFY(store.addMessage(*c, message(ChatRole::User, QString(500, QLatin1Char('a' + i % 26)))));
        }
        ChatStore store;
        QElapsedTimer timer;
        timer.start();
        QVERIFY2(store.open(file), qPrintable(store.lastError()));
        qInfo("a sound %lld KiB chat file opened (with its check) in %lld ms", QFile(file).size() / 1024,
              timer.elapsed());
    }

    // Where SQLite cannot use WAL it keeps another journal; a commit must then sync fully.
    // ":memory:" is such a database (its journal is "memory"). Issue 18, finding 6.
    void withoutWalCommitsSyncFully()
    {
        ChatStore store;
        QVERIFY(store.open(QStringLiteral(":memory:")));
        QStringList names;
        for (const QString& name : QSqlDatabase::connectionNames())
            if (name.startsWith(QStringLiteral("strata-chat-store-")))
                names << name;
        QCOMPARE(names.size(), 1);
        QSqlQuery query(QSqlDatabase::database(names[0], false));
        QVERIFY(query.exec(QStringLiteral("PRAGMA journal_mode")) && query.next());
        QCOMPARE(query.value(0).toString(), QStringLiteral("memory"));
        QVERIFY(query.exec(QStringLiteral("PRAGMA synchronous")) && query.next());
        QCOMPARE(query.value(0).toInt(), 2);  // FULL
    }

    // The app streams a reply into the store with empty metrics and writes them when it ends; a
    // crash leaves the empty ones. Reopened, the reply says it was cut off. Issue 18, finding 6.
    void replyCutOffByACrashIsMarkedInterrupted()
    {
        const QString file = path("crash.sqlite");
        qint64 conversation = 0;
        {
            ChatStore store;
            QVERIFY(store.open(file));
            conversation = *store.createConversation(QStringLiteral("c"));
            QVERIFY(store.addMessage(conversation, message(ChatRole::User, QStringLiteral("q"))));
            const std::optional<qint64> done = store.addMessage(conversation, message(ChatRole::Assistant, QString()));
            QVERIFY(store.updateMessage(*done, QStringLiteral("whole"), {},
                                        {{QStringLiteral("finish_reason"), QStringLiteral("stop")}}));
            QVERIFY(store.addMessage(conversation, message(ChatRole::User, QStringLiteral("q2"))));
            const std::optional<qint64> cut = store.addMessage(conversation, message(ChatRole::Assistant, QString()));
            QVERIFY(store.updateMessage(*cut, QStringLiteral("half an ans"), {}, {}));
        }
        ChatStore store;
        QVERIFY(store.open(file));
        const QList<ChatMessage> messages = store.messages(conversation);
        QCOMPARE(messages.size(), 4);
        QCOMPARE(messages[1].metrics.value(QStringLiteral("finish_reason")).toString(), QStringLiteral("stop"));
        QCOMPARE(messages[3].metrics.value(QStringLiteral("finish_reason")).toString(), QStringLiteral("interrupted"));
        QCOMPARE(messages[3].content, QStringLiteral("half an ans"));
        QVERIFY(messages[0].metrics.isEmpty());  // questions are left alone
    }

    void newerSchemaIsRefused()
    {
        const QString file = path("future.sqlite");
        {
            ChatStore store;
            QVERIFY(store.open(file));
        }
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version = 99"));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
        ChatStore store;
        QVERIFY(!store.open(file));
        QVERIFY2(store.lastError().contains(QStringLiteral("newer")), qPrintable(store.lastError()));
    }

    void versionZeroDatabaseIsMigrated()
    {
        // An empty SQLite file (user_version 0, as an interrupted first start leaves it) is brought up to date.
        const QString file = path("v0.sqlite");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v0"));
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("CREATE TABLE unrelated (x)")));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v0"));
        ChatStore store;
        QVERIFY2(store.open(file), qPrintable(store.lastError()));
        QCOMPARE(store.schemaVersion(), strata::domain::currentChatSchemaVersion());
        QVERIFY(store.createConversation(QStringLiteral("ok")));
    }

    void versionOneDatabaseIsMigratedKeepingItsChats()
    {
        // A database written by the previous schema (version 1: no model per message), built from
        // version 1's own statements, with a conversation in it.
        const QString file = path("v1.sqlite");
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
            db.setDatabaseName(file);
            QVERIFY(db.open());
            QSqlQuery query(db);
            QVERIFY(strata::domain::currentChatSchemaVersion() >= 2);
            for (const QString& statement : strata::domain::chatSchemaMigrations().at(0))
                QVERIFY2(query.exec(statement), qPrintable(statement));
            QVERIFY(query.exec(QStringLiteral("PRAGMA user_version = 1")));
            QVERIFY(query.exec(QStringLiteral("INSERT INTO conversations (id, title, created_ms, updated_ms) "
                                              "VALUES (7, 'Old chat', 1, 2)")));
            QVERIFY(query.exec(QStringLiteral("INSERT INTO messages (conversation_id, role, content, created_ms) "
                                              "VALUES (7, 'assistant', 'old reply', 3)")));
            query.finish();
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v1"));

        ChatStore store;
        QVERIFY2(store.open(file), qPrintable(store.lastError()));
        QCOMPARE(store.schemaVersion(), strata::domain::currentChatSchemaVersion());
        QList<ChatMessage> old = store.messages(7);
        QCOMPARE(old.size(), 1);
        QCOMPARE(old[0].content, QStringLiteral("old reply"));
        QCOMPARE(old[0].model, QString());
        ChatMessage reply = message(ChatRole::Assistant, QStringLiteral("new reply"));
        reply.model = QStringLiteral("/models/qwen3-0.6b-q8_0.gguf");
        QVERIFY(store.addMessage(7, reply));
        QCOMPARE(store.messages(7).at(1).model, reply.model);
    }

    // A streamed reply is rewritten every 0.5 s on the GUI thread: one update must stay far below a frame.
    void streamedReplyUpdateIsCheap()
    {
        ChatStore store;
        QVERIFY(store.open(path("timing.sqlite")));
        const qint64 c = store.createConversation(QStringLiteral("t")).value();
        const qint64 reply = store.addMessage(c, message(ChatRole::Assistant, QString())).value();
        QString text;
        QList<qint64> ns;
        for (int i = 0; i < 100; ++i) {
            text += QStringLiteral("a few more words of the reply, ");
            QElapsedTimer timer;
            timer.start();
            QVERIFY(store.updateMessage(reply, text, {}, {}));
            ns << timer.nsecsElapsed();
        }
        std::sort(ns.begin(), ns.end());
        qInfo("update of a growing reply (up to %lld chars): median %.3f ms, worst %.3f ms",
              static_cast<long long>(text.size()), ns[ns.size() / 2] / 1e6, ns.back() / 1e6);
        // Generous bounds: ASan build on a shared 2-core machine.
        QVERIFY2(ns[ns.size() / 2] < 5'000'000, "the median update took more than 5 ms");
        QVERIFY2(ns.back() < 100'000'000, "one update took more than 100 ms");
        QCOMPARE(store.messages(c).constFirst().content, text);
    }

    // Opening starts the WAL (header written and synced) so that the first message sent after the
    // app starts does not: reopened, the database already has frames in its WAL before any change.
    void openStartsTheWriteAheadLog()
    {
        const QString file = path("wal.sqlite");
        {
            ChatStore store;
            QVERIFY(store.open(file));
            QVERIFY(store.createConversation(QStringLiteral("t")));
        }  // closing checkpoints the WAL into the file and removes it
        QVERIFY(!QFile::exists(file + QStringLiteral("-wal")) || QFile(file + QStringLiteral("-wal")).size() == 0);
        ChatStore store;
        QVERIFY(store.open(file));
        QVERIFY2(QFile(file + QStringLiteral("-wal")).size() > 0, "the WAL is still empty after opening");
        QCOMPARE(store.schemaVersion(), strata::domain::currentChatSchemaVersion());
        QCOMPARE(store.conversations().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestChatStore)
#include "test_chat_store.moc"
