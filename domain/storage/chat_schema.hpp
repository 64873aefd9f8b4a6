// The chat database's schema as a list of forward migrations. PRAGMA user_version holds the number
// of migrations applied; opening a database applies the missing ones, each in its own transaction.
#pragma once

#include <QString>
#include <QStringList>

class QSqlDatabase;

namespace strata::domain {

// Version N is reached by running migration N-1's statements.
const QList<QStringList>& chatSchemaMigrations();
int currentChatSchemaVersion();

// Brings `db` up to the current version. On failure returns false and a readable `error`;
// a database written by a newer Strata (higher version) is refused, never downgraded.
bool migrateChatSchema(QSqlDatabase& db, QString& error);

}  // namespace strata::domain
