#include "strata/model/architecture.hpp"

#include "architectures/architectures.hpp"
#include "strata/core/error.hpp"

#include <array>
#include <string>

namespace strata::model {

std::span<const Architecture* const> architectures()
{
    static constexpr std::array<const Architecture*, 4> kAll{
        &arch::llama, &arch::qwen2, &arch::qwen3, &arch::qwen3moe};
    return kAll;
}

const Architecture& findArchitecture(std::string_view name)
{
    std::string known;
    for (const Architecture* a : architectures()) {
        if (a->name == name)
            return *a;
        known += (known.empty() ? "" : ", ") + std::string(a->name);
    }
    throw Error("architecture '" + std::string(name) + "' is not supported (supported: " + known + ")");
}

}  // namespace strata::model
