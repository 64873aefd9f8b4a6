#include "strata/gguf/file_type.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace strata::gguf {

namespace {
// llama.cpp's enum llama_ftype (include/llama.h); gaps are numbers it retired.
constexpr std::array<std::pair<uint32_t, const char*>, 34> kFileTypes{{
    {0, "ALL_F32"},           {1, "MOSTLY_F16"},     {2, "MOSTLY_Q4_0"},    {3, "MOSTLY_Q4_1"},
    {7, "MOSTLY_Q8_0"},       {8, "MOSTLY_Q5_0"},    {9, "MOSTLY_Q5_1"},    {10, "MOSTLY_Q2_K"},
    {11, "MOSTLY_Q3_K_S"},    {12, "MOSTLY_Q3_K_M"}, {13, "MOSTLY_Q3_K_L"}, {14, "MOSTLY_Q4_K_S"},
    {15, "MOSTLY_Q4_K_M"},    {16, "MOSTLY_Q5_K_S"}, {17, "MOSTLY_Q5_K_M"}, {18, "MOSTLY_Q6_K"},
    {19, "MOSTLY_IQ2_XXS"},   {20, "MOSTLY_IQ2_XS"}, {21, "MOSTLY_Q2_K_S"}, {22, "MOSTLY_IQ3_XS"},
    {23, "MOSTLY_IQ3_XXS"},   {24, "MOSTLY_IQ1_S"},  {25, "MOSTLY_IQ4_NL"}, {26, "MOSTLY_IQ3_S"},
    {27, "MOSTLY_IQ3_M"},     {28, "MOSTLY_IQ2_S"},  {29, "MOSTLY_IQ2_M"},  {30, "MOSTLY_IQ4_XS"},
    {31, "MOSTLY_IQ1_M"},     {32, "MOSTLY_BF16"},   {36, "MOSTLY_TQ1_0"},  {37, "MOSTLY_TQ2_0"},
    {38, "MOSTLY_MXFP4_MOE"}, {1024, "GUESSED"},
}};
}  // namespace

std::string fileTypeName(uint32_t fileType)
{
    for (const auto& [n, name] : kFileTypes)
        if (n == fileType)
            return name;
    return "UNKNOWN_" + std::to_string(fileType);
}

std::optional<uint32_t> fileTypeFor(GgmlType type)
{
    switch (type) {
    case GgmlType::F32: return 0;
    case GgmlType::F16: return 1;
    case GgmlType::Q4_0: return 2;
    case GgmlType::Q4_1: return 3;
    case GgmlType::Q8_0: return 7;
    case GgmlType::Q5_0: return 8;
    case GgmlType::Q5_1: return 9;
    case GgmlType::Q2_K: return 10;
    case GgmlType::Q3_K: return 12;
    // Uniform K-quant files: llama.cpp names its usual mixes after these types.
    case GgmlType::Q4_K: return 15;
    case GgmlType::Q5_K: return 17;
    case GgmlType::Q6_K: return 18;
    case GgmlType::BF16: return 32;
    default: return std::nullopt;
    }
}

std::optional<GgmlType> ggmlTypeFromName(std::string_view name)
{
    std::string upper(name);
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
    for (uint32_t id = 0; id < 64; ++id)
        if (const auto t = ggmlTypeTraits(id); t && t->name == upper)
            return static_cast<GgmlType>(id);
    return std::nullopt;
}

}  // namespace strata::gguf
