#include "strata/model/architecture.hpp"

#include "architectures/architectures.hpp"
#include "strata/core/error.hpp"

#include <array>
#include <string>

namespace strata::model {

std::span<const Architecture* const> architectures()
{
    static constexpr std::array<const Architecture*, 4> kAll{&arch::kLlama, &arch::kQwen2, &arch::kQwen3,
                                                             &arch::kQwen3moe};
    return kAll;
}

const Architecture* architectureNamed(std::string_view name)
{
    for (const Architecture* a : architectures())
        if (a->name == name)
            return a;
    return nullptr;
}

std::string architectureNames()
{
    std::string names;
    for (const Architecture* a : architectures())
        names += (names.empty() ? "" : ", ") + std::string(a->name);
    return names;
}

const Architecture& findArchitecture(std::string_view name)
{
    if (const Architecture* a = architectureNamed(name))
        return *a;
    throw Error("architecture '" + std::string(name) + "' is not supported (supported: " + architectureNames() + ")");
}

}  // namespace strata::model
