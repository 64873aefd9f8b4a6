#include "ui/ab/ab_types.hpp"

#include <QCoreApplication>

namespace strata::ui {

QString AbConfig::describe() const
{
    const QString threadText = threads > 0
                                   ? QCoreApplication::translate("strata::ui::AbConfig", "threads: %1").arg(threads)
                                   : QCoreApplication::translate("strata::ui::AbConfig", "threads: physical cores");
    return QStringLiteral("%1, %2, KV %3").arg(QString::fromStdString(pool::toString(policy)), threadText, kvCacheType);
}

}  // namespace strata::ui
