#include "app/model_description.hpp"

#include "domain/models/model_entry.hpp"
#include "domain/settings/kv_type_text.hpp"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace strata::app {

QString parameterCountText(qint64 n)
{
    if (n >= 1'000'000'000)
        return QStringLiteral("%1B").arg(QLocale().toString(double(n) / 1e9, 'f', 1));
    if (n >= 1'000'000)
        return QStringLiteral("%1M").arg(QLocale().toString(double(n) / 1e6, 'f', 1));
    return QStringLiteral("%1K").arg(QLocale().toString(double(n) / 1e3, 'f', 1));
}

QString describeModelFacts(const ModelFacts& facts)
{
    QStringList parts;
    parts << (facts.name.isEmpty() ? QCoreApplication::translate("strata::app::ModelDescription", "unnamed model")
                                   : facts.name);
    if (!facts.architecture.isEmpty())
        parts << facts.architecture;
    if (facts.parameters > 0)
        parts << QCoreApplication::translate("strata::app::ModelDescription", "%1 parameters")
                     .arg(parameterCountText(facts.parameters));
    if (!facts.quantization.isEmpty())
        parts << facts.quantization;
    if (facts.contextLength > 0)
        parts << QCoreApplication::translate("strata::app::ModelDescription", "context %1 tokens")
                     .arg(QLocale().toString(facts.contextLength));
    if (facts.kvCacheType)
        parts << QCoreApplication::translate("strata::app::ModelDescription", "KV cache %1")
                     .arg(domain::kvTypeText(*facts.kvCacheType));
    return parts.join(QStringLiteral(" · "));
}

QString describeModelEntry(const domain::models::ModelEntry& entry)
{
    if (!entry.loadable())
        return entry.error;
    return describeModelFacts(
        {entry.displayName, entry.architecture, entry.parameterCount, entry.quantization, entry.contextLength});
}

}  // namespace strata::app
