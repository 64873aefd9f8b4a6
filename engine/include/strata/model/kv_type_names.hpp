// The KV cache type's one text form ("f16", "q8_0"): what settings, command lines, exports and
// model descriptions spell. The enum itself is model::KvType (backend.hpp).
#pragma once

#include "strata/model/backend.hpp"

#include <optional>
#include <string_view>

namespace strata::model {

const char* toString(KvType kv);
// Exactly what toString writes; nullopt for anything else.
std::optional<KvType> kvTypeFromString(std::string_view text);

}  // namespace strata::model
