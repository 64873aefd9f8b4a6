#include "domain/storage/chat_schema.hpp"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

namespace strata::domain {

const QList<QStringList>& chatSchemaMigrations()
{
    // Append new migrations; never edit one that has shipped.
    static const QList<QStringList> migrations = {
        // 1: conversations with their settings; messages with reasoning and metrics.
        {QStringLiteral("CREATE TABLE conversations ("
                        " id INTEGER PRIMARY KEY,"
                        " title TEXT NOT NULL,"
                        " created_ms INTEGER NOT NULL,"
                        " updated_ms INTEGER NOT NULL,"
                        " system_prompt TEXT NOT NULL DEFAULT '',"
                        " sampling_json TEXT NOT NULL DEFAULT '{}',"
                        " model_path TEXT NOT NULL DEFAULT '')"),
         QStringLiteral("CREATE TABLE messages ("
                        " id INTEGER PRIMARY KEY,"
                        " conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,"
                        " role TEXT NOT NULL CHECK (role IN ('system', 'user', 'assistant')),"
                        " content TEXT NOT NULL,"
                        " reasoning TEXT NOT NULL DEFAULT '',"
                        " created_ms INTEGER NOT NULL,"
                        " metrics_json TEXT NOT NULL DEFAULT '{}')"),
         QStringLiteral("CREATE INDEX messages_by_conversation ON messages(conversation_id, id)"),
         QStringLiteral("CREATE INDEX conversations_by_update ON conversations(updated_ms DESC)")},
        // 2: which model file wrote each reply (a conversation can switch models between replies).
        {QStringLiteral("ALTER TABLE messages ADD COLUMN model TEXT NOT NULL DEFAULT ''")},
    };
    return migrations;
}

int currentChatSchemaVersion()
{
    return static_cast<int>(chatSchemaMigrations().size());
}

bool migrateChatSchema(QSqlDatabase& db, QString& error)
{
    QSqlQuery query(db);
    if (!query.exec(QStringLiteral("PRAGMA user_version")) || !query.next()) {
        error = query.lastError().text();
        return false;
    }
    const int version = query.value(0).toInt();
    if (version > currentChatSchemaVersion()) {
        error = QCoreApplication::translate("ChatStore", "the chat database has schema version %1, but this Strata "
                                                         "knows only up to %2; it was written by a newer Strata")
                    .arg(version)
                    .arg(currentChatSchemaVersion());
        return false;
    }
    for (int next = version; next < currentChatSchemaVersion(); ++next) {
        if (!db.transaction()) {
            error = db.lastError().text();
            return false;
        }
        QStringList statements = chatSchemaMigrations().at(next);
        statements << QStringLiteral("PRAGMA user_version = %1").arg(next + 1);
        for (const QString& statement : statements) {
            if (!query.exec(statement)) {
                error = QCoreApplication::translate("ChatStore", "migration to schema version %1 failed: %2")
                            .arg(next + 1)
                            .arg(query.lastError().text());
                query.finish();
                db.rollback();
                return false;
            }
        }
        if (!db.commit()) {
            error = db.lastError().text();
            return false;
        }
    }
    return true;
}

}  // namespace strata::domain
