// Shared helpers for the kernel tests: typed quantization into byte buffers, and seeded data.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "strata/gguf/ggml_type.hpp"
#include "strata/kernels/cpu_features.hpp"
#include "strata/kernels/quantize.hpp"

namespace strata::kernels::test {

using gguf::GgmlType;

inline size_t bytesFor(GgmlType t, int64_t n)
{
    return size_t(gguf::rowBytes(*gguf::ggmlTypeTraits(uint32_t(t)), uint64_t(n)));
}

inline std::vector<uint8_t> quantized(GgmlType t, const std::vector<float>& x)
{
    std::vector<uint8_t> q(bytesFor(t, int64_t(x.size())));
    quantizeRow(t, x.data(), q.data(), int64_t(x.size()));
    return q;
}

inline std::vector<float> dequantized(GgmlType t, const std::vector<uint8_t>& q, int64_t n)
{
    std::vector<float> y(static_cast<size_t>(n));
    dequantizeRow(t, q.data(), y.data(), n);
    return y;
}

// Seeded Gaussian values (trained weights are roughly Gaussian per row).
inline std::vector<float> gaussian(int64_t n, uint32_t seed, float sigma = 1.0f)
{
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, sigma);
    std::vector<float> x(static_cast<size_t>(n));
    for (float& v : x)
        v = normal(rng);
    return x;
}

inline const std::vector<GgmlType>& weightTypes()
{
    static const std::vector<GgmlType> types{
        GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1,
        GgmlType::Q8_0, GgmlType::Q2_K, GgmlType::Q3_K, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};
    return types;
}

// Every kernel variant this CPU can run, scalar first.
inline std::vector<Isa> supportedIsas()
{
    std::vector<Isa> out;
    const CpuFeatures cpu = detectCpuFeatures();
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512, Isa::Amx})
        if (isaSupported(isa, cpu))
            out.push_back(isa);
    return out;
}

inline const char* nameOf(GgmlType t)
{
    return gguf::ggmlTypeTraits(uint32_t(t))->name.data();
}

}  // namespace strata::kernels::test
