#include "domain/ab/ab_types.hpp"

#include "domain/settings/kv_type_text.hpp"

#include <QCoreApplication>

namespace strata::domain {

QString AbConfig::describe() const
{
    const QString threadText = threads > 0
                                   ? QCoreApplication::translate("strata::domain::AbConfig", "threads: %1").arg(threads)
                                   : QCoreApplication::translate("strata::domain::AbConfig", "threads: physical cores");
    const QString common =
        QStringLiteral("%1, %2, KV %3")
            .arg(QString::fromStdString(pool::toString(policy)), threadText, kvTypeText(kvCacheType));
    if (gpu < 0)
        return common;
    QString expertText;
    switch (experts) {
    case model::ExpertPlacement::Gpu:
        expertText = QCoreApplication::translate("strata::domain::AbConfig", "experts: all in VRAM");
        break;
    case model::ExpertPlacement::Cache:
        expertText =
            QCoreApplication::translate("strata::domain::AbConfig", "experts: VRAM cache %1 MiB").arg(expertBudgetMiB);
        break;
    case model::ExpertPlacement::CpuLayers:
        expertText = QCoreApplication::translate("strata::domain::AbConfig", "experts: first %1 layers' on the CPU")
                         .arg(cpuExpertLayers);
        break;
    }
    return QStringLiteral("%1, GPU %2, %3").arg(common).arg(gpu).arg(expertText);
}

}  // namespace strata::domain
