// Tensor element types as GGUF files number them (ggml's `ggml_type`), with their block layout.
// The numbers are part of the file format: never renumber.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace strata::gguf {

enum class GgmlType : uint32_t {
    F32 = 0,
    F16 = 1,
    Q4_0 = 2,
    Q4_1 = 3,
    // 4 and 5 were Q4_2 / Q4_3, removed from ggml long ago.
    Q5_0 = 6,
    Q5_1 = 7,
    Q8_0 = 8,
    Q8_1 = 9,
    Q2_K = 10,
    Q3_K = 11,
    Q4_K = 12,
    Q5_K = 13,
    Q6_K = 14,
    Q8_K = 15,
    IQ2_XXS = 16,
    IQ2_XS = 17,
    IQ3_XXS = 18,
    IQ1_S = 19,
    IQ4_NL = 20,
    IQ3_S = 21,
    IQ2_S = 22,
    IQ4_XS = 23,
    I8 = 24,
    I16 = 25,
    I32 = 26,
    I64 = 27,
    F64 = 28,
    IQ1_M = 29,
    BF16 = 30,
    // 31..33 were the Q4_0_4_4 family (repacked at load time since), 36..38 IQ4_NL_4_x.
    TQ1_0 = 34,
    TQ2_0 = 35,
    MXFP4 = 39,
};

struct GgmlTypeTraits {
    std::string_view name;   // "Q4_K", as llama.cpp prints it
    uint32_t blockElements;  // elements per block (1 for plain types)
    uint32_t blockBytes;     // bytes per block
};

// Layout of a type the format defines; nullopt for numbers no ggml version assigns.
std::optional<GgmlTypeTraits> ggmlTypeTraits(uint32_t type);

// Bytes of a row of n elements (n must be a multiple of blockElements).
inline constexpr uint64_t rowBytes(const GgmlTypeTraits& t, uint64_t n)
{
    return n / t.blockElements * t.blockBytes;
}

}  // namespace strata::gguf
