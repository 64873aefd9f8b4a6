// The KV cache type as Qt text, in its one spelling: model::toString / model::kvTypeFromString.
#pragma once

#include "strata/model/kv_type_names.hpp"

#include <QString>
#include <optional>

namespace strata::domain {

inline QString kvTypeText(model::KvType kv)
{
    return QString::fromLatin1(model::toString(kv));
}

inline std::optional<model::KvType> kvTypeFromText(const QString& text)
{
    return model::kvTypeFromString(text.toStdString());
}

}  // namespace strata::domain
