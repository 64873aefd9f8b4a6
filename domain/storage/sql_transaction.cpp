#include "domain/storage/sql_transaction.hpp"

#include <QSqlError>

namespace strata::domain {

SqlTransaction::SqlTransaction(QSqlDatabase db) : m_db(std::move(db))
{
    m_begun = m_db.transaction();
    if (!m_begun)
        m_error = QStringLiteral(" (begin: %1)").arg(m_db.lastError().text());
}

SqlTransaction::~SqlTransaction()
{
    if (m_begun && !m_done)
        m_db.rollback();
}

bool SqlTransaction::commit()
{
    if (!m_begun)
        return false;
    m_done = m_db.commit();
    if (!m_done)
        m_error = QStringLiteral(" (commit: %1)").arg(m_db.lastError().text());
    return m_done;
}

}  // namespace strata::domain
