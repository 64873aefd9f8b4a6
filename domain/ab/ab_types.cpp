#include "domain/ab/ab_types.hpp"

#include "domain/settings/kv_type_text.hpp"

#include <QCoreApplication>

namespace strata::domain {

QString AbConfig::describe() const
{
    const QString threadText = threads > 0
                                   ? QCoreApplication::translate("strata::domain::AbConfig", "threads: %1").arg(threads)
                                   : QCoreApplication::translate("strata::domain::AbConfig", "threads: physical cores");
    return QStringLiteral("%1, %2, KV %3")
        .arg(QString::fromStdString(pool::toString(policy)), threadText, kvTypeText(kvCacheType));
}

}  // namespace strata::domain
