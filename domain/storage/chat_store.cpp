#include "domain/storage/chat_store.hpp"

#include "domain/storage/chat_schema.hpp"
#include "domain/storage/sql_transaction.hpp"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>
#include <atomic>

namespace strata::domain {

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QString toJsonText(const QJsonObject& object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QJsonObject fromJsonText(const QString& text)
{
    return QJsonDocument::fromJson(text.toUtf8()).object();  // a damaged field reads as empty
}

// LIKE pattern for "contains text", with the wildcards in the text itself escaped.
QString containsPattern(QString text)
{
    text.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    text.replace(QLatin1Char('%'), QLatin1String("\\%"));
    text.replace(QLatin1Char('_'), QLatin1String("\\_"));
    return QLatin1Char('%') + text + QLatin1Char('%');
}

// Qt binds a null QString as SQL NULL; the text columns are NOT NULL, so "no text" is stored as ''.
QString text(const QString& value)
{
    return value.isNull() ? QStringLiteral("") : value;
}

// What PRAGMA quick_check finds wrong (its first lines), or empty when the file is sound. It reads
// every page once, at open: 21-88 ms for a 2.3 MB chat file under ASan on a busy 2-core machine
// (test_chat_store, soundFileIsCheckedQuickly).
QString damageIn(QSqlDatabase& db)
{
    QSqlQuery check(db);
    if (!check.exec(QStringLiteral("PRAGMA quick_check(5)")))
        return check.lastError().text();
    QStringList problems;
    while (check.next())
        problems << check.value(0).toString();
    if (problems == QStringList{QStringLiteral("ok")})
        return {};
    return problems.isEmpty() ? QStringLiteral("quick_check gave no answer") : problems.join(QStringLiteral("; "));
}

// Copies a damaged database (and its WAL, which may hold the newest chats) next to it, under a
// name with the time, before anything else touches it. Returns the copy's path, or empty.
QString backUpDamaged(const QString& path)
{
    const QString copy =
        path + QStringLiteral(".damaged-") + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss"));
    if (!QFile::copy(path, copy))
        return {};
    if (QFile::exists(path + QStringLiteral("-wal")))
        QFile::copy(path + QStringLiteral("-wal"), copy + QStringLiteral("-wal"));
    return copy;
}

}  // namespace

ChatStore::ChatStore()
{
    static std::atomic<quint64> counter{0};
    m_connectionName = QStringLiteral("strata-chat-store-%1").arg(++counter);
}

ChatStore::~ChatStore()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connectionName, false);
        if (db.isValid())
            db.close();
    }  // the handle must be gone before the connection is removed
    if (QSqlDatabase::contains(m_connectionName))
        QSqlDatabase::removeDatabase(m_connectionName);
}

QSqlDatabase ChatStore::database() const
{
    return QSqlDatabase::database(m_connectionName, false);
}

bool ChatStore::fail(const QString& what, const QString& detail)
{
    m_lastError = tr("%1: %2: %3").arg(m_path, what, detail);
    return false;
}

bool ChatStore::open(const QString& path)
{
    m_path = path;
    m_open = false;
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return fail(tr("cannot open the chat database"), tr("Qt's SQLite driver (QSQLITE) is not installed"));
    QSqlDatabase db = QSqlDatabase::contains(m_connectionName)
                          ? QSqlDatabase::database(m_connectionName, false)
                          : QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connectionName);
    db.close();
    db.setDatabaseName(path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=2000"));
    if (!db.open())
        return fail(tr("cannot open the chat database"), db.lastError().text());

    // The first statements read the file header: a file that is not SQLite fails here, readably.
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !query.next()) {
        const QString detail = query.lastError().text();
        db.close();
        return fail(tr("not a usable chat database"), detail);
    }
    // SQLite answers with the mode it is in: a file system without the shared memory WAL needs
    // (some network file systems) keeps the rollback journal, and then only synchronous=FULL
    // makes a commit survive a power cut.
    m_journalMode = query.value(0).toString().toLower();
    const bool wal = m_journalMode == QLatin1String("wal");
    const QString synchronous =
        wal ? QStringLiteral("PRAGMA synchronous = NORMAL") : QStringLiteral("PRAGMA synchronous = FULL");
    for (const QString& pragma : {synchronous, QStringLiteral("PRAGMA foreign_keys = ON")}) {
        if (!query.exec(pragma)) {
            const QString detail = query.lastError().text();
            db.close();
            return fail(tr("not a usable chat database"), detail);
        }
    }
    if (const QString damage = damageIn(db); !damage.isEmpty()) {
        const QString backup = backUpDamaged(path);  // before closing, which may checkpoint into it
        db.close();
        return fail(tr("the chat database is damaged"),
                    backup.isEmpty() ? tr("%1. Making a copy of it failed too.").arg(damage)
                                     : tr("%1. A copy of it was kept as %2.").arg(damage, backup));
    }
    QString error;
    if (!migrateChatSchema(db, error)) {
        db.close();
        return fail(tr("not a usable chat database"), error);
    }
    // The first write of a connection starts a new WAL file: SQLite writes its header and syncs it
    // and the folder (2-11 ms measured, up to 17 ms under ASan). Done here, while the app starts,
    // instead of in the first message sent: rewriting the schema version with its own value
    // changes nothing but is a write (page 1 goes to the WAL).
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next()
        || !query.exec(QStringLiteral("PRAGMA user_version = %1").arg(query.value(0).toInt()))) {
        const QString detail = query.lastError().text();
        db.close();
        return fail(tr("cannot write the chat database"), detail);
    }
    // A reply that was streaming when the app ended (a crash, a kill) was saved without metrics:
    // it is marked as cut off, so it never passes for a finished answer. Streaming saves write
    // '{}'; a finished or failed reply always has its finish_reason.
    query.prepare(
        QStringLiteral("UPDATE messages SET metrics_json = ? WHERE role = 'assistant' AND metrics_json = '{}'"));
    query.addBindValue(toJsonText(QJsonObject{{QStringLiteral("finish_reason"), interruptedFinishReason()}}));
    if (!query.exec()) {
        const QString detail = query.lastError().text();
        db.close();
        return fail(tr("cannot write the chat database"), detail);
    }
    m_open = true;
    m_lastError.clear();
    return true;
}

int ChatStore::schemaVersion() const
{
    if (!m_open)
        return -1;
    QSqlQuery query(database());
    return query.exec(QStringLiteral("PRAGMA user_version")) && query.next() ? query.value(0).toInt() : -1;
}

std::optional<qint64> ChatStore::createConversation(const QString& title, const ConversationSettings& settings)
{
    if (!m_open)
        return std::nullopt;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("INSERT INTO conversations (title, created_ms, updated_ms, system_prompt, "
                                 "sampling_json) VALUES (?, ?, ?, ?, ?)"));
    const qint64 now = nowMs();
    query.addBindValue(text(title));
    query.addBindValue(now);
    query.addBindValue(now);
    query.addBindValue(text(settings.systemPrompt));
    query.addBindValue(toJsonText(settings.sampling.toJson()));
    if (!query.exec() || !transaction.commit()) {
        fail(tr("cannot create a conversation"), query.lastError().text() + transaction.error());
        return std::nullopt;
    }
    return query.lastInsertId().toLongLong();
}

bool ChatStore::renameConversation(qint64 id, const QString& title)
{
    if (!m_open)
        return false;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE conversations SET title = ?, updated_ms = ? WHERE id = ?"));
    query.addBindValue(text(title));
    query.addBindValue(nowMs());
    query.addBindValue(id);
    if (!query.exec() || query.numRowsAffected() != 1 || !transaction.commit())
        return fail(tr("cannot rename conversation %1").arg(id), query.lastError().text() + transaction.error());
    return true;
}

bool ChatStore::deleteConversation(qint64 id)
{
    if (!m_open)
        return false;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("DELETE FROM messages WHERE conversation_id = ?"));
    query.addBindValue(id);
    bool ok = query.exec();
    if (ok) {
        query.prepare(QStringLiteral("DELETE FROM conversations WHERE id = ?"));
        query.addBindValue(id);
        ok = query.exec() && query.numRowsAffected() == 1;
    }
    if (!ok || !transaction.commit())
        return fail(tr("cannot delete conversation %1").arg(id), query.lastError().text() + transaction.error());
    return true;
}

bool ChatStore::setConversationSettings(qint64 id, const ConversationSettings& settings)
{
    if (!m_open)
        return false;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE conversations SET system_prompt = ?, sampling_json = ? WHERE id = ?"));
    query.addBindValue(text(settings.systemPrompt));
    query.addBindValue(toJsonText(settings.sampling.toJson()));
    query.addBindValue(id);
    if (!query.exec() || query.numRowsAffected() != 1 || !transaction.commit())
        return fail(tr("cannot save the settings of conversation %1").arg(id),
                    query.lastError().text() + transaction.error());
    return true;
}

bool ChatStore::setConversationModel(qint64 id, const QString& modelPath)
{
    if (!m_open)
        return false;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE conversations SET model_path = ? WHERE id = ?"));
    query.addBindValue(text(modelPath));
    query.addBindValue(id);
    if (!query.exec() || query.numRowsAffected() != 1 || !transaction.commit())
        return fail(tr("cannot save the model of conversation %1").arg(id),
                    query.lastError().text() + transaction.error());
    return true;
}

std::optional<Conversation> ChatStore::conversation(qint64 id)
{
    if (!m_open)
        return std::nullopt;
    QSqlQuery query(database());
    query.prepare(QStringLiteral("SELECT id, title, created_ms, updated_ms, system_prompt, sampling_json, "
                                 "model_path FROM conversations WHERE id = ?"));
    query.addBindValue(id);
    if (!query.exec() || !query.next())
        return std::nullopt;
    Conversation c;
    c.summary = {query.value(0).toLongLong(), query.value(1).toString(), query.value(2).toLongLong(),
                 query.value(3).toLongLong()};
    c.settings.systemPrompt = query.value(4).toString();
    c.settings.sampling = SamplingSettings::fromJson(fromJsonText(query.value(5).toString()));
    c.modelPath = query.value(6).toString();
    return c;
}

QList<ConversationSummary> ChatStore::summaries(const QString& sql, const QVariantList& bindings)
{
    QList<ConversationSummary> list;
    if (!m_open)
        return list;
    QSqlQuery query(database());
    query.setForwardOnly(true);
    query.prepare(sql);
    for (const QVariant& value : bindings)
        query.addBindValue(value);
    if (!query.exec()) {
        fail(tr("cannot list conversations"), query.lastError().text());
        return list;
    }
    while (query.next())
        list.append({query.value(0).toLongLong(), query.value(1).toString(), query.value(2).toLongLong(),
                     query.value(3).toLongLong()});
    return list;
}

QList<ConversationSummary> ChatStore::conversations()
{
    return summaries(QStringLiteral("SELECT id, title, created_ms, updated_ms FROM conversations "
                                    "ORDER BY updated_ms DESC, id DESC"),
                     {});
}

QList<ConversationSummary> ChatStore::search(const QString& text)
{
    if (text.trimmed().isEmpty())
        return conversations();
    const QString pattern = containsPattern(text.trimmed());
    return summaries(QStringLiteral("SELECT id, title, created_ms, updated_ms FROM conversations c "
                                    "WHERE c.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM messages m "
                                    "WHERE m.conversation_id = c.id AND m.content LIKE ? ESCAPE '\\') "
                                    "ORDER BY updated_ms DESC, id DESC"),
                     {pattern, pattern});
}

bool ChatStore::touchConversation(qint64 id, qint64 now)
{
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE conversations SET updated_ms = ? WHERE id = ?"));
    query.addBindValue(now);
    query.addBindValue(id);
    return query.exec() && query.numRowsAffected() == 1;
}

std::optional<qint64> ChatStore::addMessage(qint64 conversationId, const ChatMessage& message)
{
    if (!m_open)
        return std::nullopt;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("INSERT INTO messages (conversation_id, role, content, reasoning, created_ms, "
                                 "metrics_json, model) VALUES (?, ?, ?, ?, ?, ?, ?)"));
    const qint64 now = message.createdMs != 0 ? message.createdMs : nowMs();
    query.addBindValue(conversationId);
    query.addBindValue(chatRoleName(message.role));
    query.addBindValue(text(message.content));
    query.addBindValue(text(message.reasoning));
    query.addBindValue(now);
    query.addBindValue(toJsonText(message.metrics));
    query.addBindValue(text(message.model));
    if (!query.exec() || !touchConversation(conversationId, nowMs()) || !transaction.commit()) {
        fail(tr("cannot save a message in conversation %1").arg(conversationId),
             query.lastError().text() + transaction.error());
        return std::nullopt;
    }
    return query.lastInsertId().toLongLong();
}

bool ChatStore::updateMessage(qint64 messageId, const QString& content, const QString& reasoning,
                              const QJsonObject& metrics)
{
    if (!m_open)
        return false;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("UPDATE messages SET content = ?, reasoning = ?, metrics_json = ? WHERE id = ?"));
    query.addBindValue(text(content));
    query.addBindValue(text(reasoning));
    query.addBindValue(toJsonText(metrics));
    query.addBindValue(messageId);
    if (!query.exec() || query.numRowsAffected() != 1 || !transaction.commit())
        return fail(tr("cannot save message %1").arg(messageId), query.lastError().text() + transaction.error());
    return true;
}

QList<ChatMessage> ChatStore::messages(qint64 conversationId)
{
    QList<ChatMessage> list;
    if (!m_open)
        return list;
    QSqlQuery query(database());
    query.setForwardOnly(true);
    query.prepare(QStringLiteral("SELECT id, role, content, reasoning, created_ms, metrics_json, model FROM messages "
                                 "WHERE conversation_id = ? ORDER BY id"));
    query.addBindValue(conversationId);
    if (!query.exec()) {
        fail(tr("cannot read conversation %1").arg(conversationId), query.lastError().text());
        return list;
    }
    while (query.next()) {
        ChatMessage message;
        message.id = query.value(0).toLongLong();
        message.role = chatRoleFromName(query.value(1).toString());
        message.content = query.value(2).toString();
        message.reasoning = query.value(3).toString();
        message.createdMs = query.value(4).toLongLong();
        message.metrics = fromJsonText(query.value(5).toString());
        message.model = query.value(6).toString();
        list.append(message);
    }
    return list;
}

bool ChatStore::deleteMessagesFrom(qint64 conversationId, qint64 messageId)
{
    if (!m_open)
        return false;
    SqlTransaction transaction(database());
    QSqlQuery query(database());
    query.prepare(QStringLiteral("DELETE FROM messages WHERE conversation_id = ? AND id >= ?"));
    query.addBindValue(conversationId);
    query.addBindValue(messageId);
    if (!query.exec() || !touchConversation(conversationId, nowMs()) || !transaction.commit())
        return fail(tr("cannot delete messages of conversation %1").arg(conversationId),
                    query.lastError().text() + transaction.error());
    return true;
}

}  // namespace strata::domain
