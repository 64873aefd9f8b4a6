// Overflow-checked arithmetic for sizes read from untrusted files.
#pragma once

#include <cstdint>
#include <optional>

namespace strata::gguf::detail {

inline std::optional<uint64_t> checkedMul(uint64_t a, uint64_t b)
{
    uint64_t r;
    if (__builtin_mul_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

inline std::optional<uint64_t> checkedAdd(uint64_t a, uint64_t b)
{
    uint64_t r;
    if (__builtin_add_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

// `v` rounded up to a multiple of the power of two `align`.
inline std::optional<uint64_t> alignUp(uint64_t v, uint64_t align)
{
    const auto r = checkedAdd(v, align - 1);
    if (!r)
        return std::nullopt;
    return *r & ~(align - 1);
}

}  // namespace strata::gguf::detail
