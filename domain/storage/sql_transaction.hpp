// One transaction as a scope: rolled back unless commit() succeeded.
#pragma once

#include <QSqlDatabase>
#include <QString>

namespace strata::domain {

class SqlTransaction {
public:
    explicit SqlTransaction(QSqlDatabase db);
    ~SqlTransaction();
    SqlTransaction(const SqlTransaction&) = delete;
    SqlTransaction& operator=(const SqlTransaction&) = delete;

    bool commit();
    // What went wrong with BEGIN or COMMIT (empty when nothing did), ready to append to a message.
    QString error() const { return m_error; }

private:
    QSqlDatabase m_db;
    bool m_begun = false;
    bool m_done = false;
    QString m_error;
};

}  // namespace strata::domain
