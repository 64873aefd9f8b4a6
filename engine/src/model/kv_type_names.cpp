#include "strata/model/kv_type_names.hpp"

namespace strata::model {

const char* toString(KvType kv)
{
    switch (kv) {
    case KvType::F16: return "f16";
    case KvType::Q8_0: return "q8_0";
    }
    return "?";
}

std::optional<KvType> kvTypeFromString(std::string_view text)
{
    for (KvType kv : {KvType::F16, KvType::Q8_0})
        if (text == toString(kv))
            return kv;
    return std::nullopt;
}

}  // namespace strata::model
