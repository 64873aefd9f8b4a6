#include "domain/models/model_entry.hpp"

namespace strata::domain::models {

QString fileTypeName(quint32 fileType)
{
    // llama_ftype numbers as written in general.file_type; 4..6 were removed formats.
    static const char* const names[] = {
        "F32",    "F16",    "Q4_0",   "Q4_1",    nullptr,  nullptr,  nullptr,  "Q8_0",   "Q5_0",  "Q5_1",
        "Q2_K",   "Q3_K_S", "Q3_K_M", "Q3_K_L",  "Q4_K_S", "Q4_K_M", "Q5_K_S", "Q5_K_M", "Q6_K",  "IQ2_XXS",
        "IQ2_XS", "Q2_K_S", "IQ3_XS", "IQ3_XXS", "IQ1_S",  "IQ4_NL", "IQ3_S",  "IQ3_M",  "IQ2_S", "IQ2_M",
        "IQ4_XS", "IQ1_M",  "BF16",   nullptr,   nullptr,  nullptr,  "TQ1_0",  "TQ2_0",  "MXFP4",
    };
    if (fileType >= std::size(names) || !names[fileType])
        return {};
    return QString::fromLatin1(names[fileType]);
}

}  // namespace strata::domain::models
