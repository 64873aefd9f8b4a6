// Builds one KernelTable per ISA (the scalar set overlaid with each SIMD file's entries) and picks
// the default one once.
#include <cstdlib>
#include <string>

#include "kernels/dot_variants.hpp"
#include "kernels/quantize_activations.hpp"
#include "kernels/reference.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/half.hpp"
#include "strata/kernels/quantize.hpp"

namespace strata::kernels {

using gguf::GgmlType;

GgmlType activationType(GgmlType weightType)
{
    switch (weightType) {
    case GgmlType::F32:
    case GgmlType::F16:
    case GgmlType::BF16: return GgmlType::F32;
    case GgmlType::Q4_0:
    case GgmlType::Q5_0:
    case GgmlType::Q8_0: return GgmlType::Q8_0;
    case GgmlType::Q4_1:
    case GgmlType::Q5_1: return GgmlType::Q8_1;
    case GgmlType::Q2_K:
    case GgmlType::Q3_K:
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:
    case GgmlType::Q6_K: return GgmlType::Q8_K;
    default: break;
    }
    const auto traits = gguf::ggmlTypeTraits(uint32_t(weightType));
    throw Error("kernels: no dot product for weight type "
                + (traits ? std::string(traits->name) : std::to_string(uint32_t(weightType))));
}

bool hasDot(GgmlType weightType)
{
    try {
        activationType(weightType);
        return true;
    } catch (const Error&) {
        return false;
    }
}

size_t activationRowBytes(GgmlType weightType, int64_t n)
{
    const auto traits = gguf::ggmlTypeTraits(uint32_t(activationType(weightType)));
    return size_t(gguf::rowBytes(*traits, uint64_t(n)));
}

void quantizeActivations(GgmlType weightType, const float* x, void* dst, int64_t n)
{
    const GgmlType act = activationType(weightType);
    if (act == GgmlType::Q8_0 || act == GgmlType::Q8_1) {
        if (n % kQK != 0)
            throw Error("kernels: a Q8_0/Q8_1 activation row needs a multiple of 32 values");
        if (act == GgmlType::Q8_0)
            detail::quantizeActivationsQ8_0(x, static_cast<BlockQ8_0*>(dst), n);
        else
            detail::quantizeActivationsQ8_1(x, static_cast<BlockQ8_1*>(dst), n);
        return;
    }
    // Q8_K: llama.cpp's x86 backend runs the reference quantizer (its repacked path has the same
    // formula); the SIMD variants give the same bytes, so the best one serves every table.
    if (act == GgmlType::Q8_K) {
        if (n % kQK_K != 0)
            throw Error("kernels: a Q8_K activation row needs a multiple of 256 values");
        defaultKernels().quantizeQ8_K(x, dst, n);
        return;
    }
    quantizeRow(act, x, dst, n);
    // ggml converts activations to the weight's own type for F16/BF16 matrices (their vec_dot
    // type); keep f32 storage but the same rounding, so results agree with llama.cpp.
    float* out = static_cast<float*>(dst);
    if (weightType == GgmlType::F16)
        for (int64_t i = 0; i < n; ++i)
            out[i] = fp16ToFp32(fp32ToFp16(out[i]));
    else if (weightType == GgmlType::BF16)
        for (int64_t i = 0; i < n; ++i)
            out[i] = bf16ToFp32(fp32ToBf16(out[i]));
}

namespace {

KernelTable buildTable(Isa isa)
{
    KernelTable t;
    t.isa = isa;
    detail::fillScalarDots(t);
    t.quantizeQ8_K = [](const float* x, void* y, int64_t n) { ref::quantizeQ8_K(x, static_cast<BlockQ8_K*>(y), n); };
    detail::fillScalarOps(t);
    detail::fillScalarAttention(t);
#ifdef STRATA_KERNELS_X86
    if (isa >= Isa::Avx2) {
        detail::fillAvx2Dots(t);
        detail::fillAvx2DotRows(t);
        detail::fillAvx2Gemm(t);
        detail::fillAvx2GemmQ4_K(t);
        detail::fillAvx2BlockSumDots(t);
        detail::fillAvx2GemmQ8_0(t);
        detail::fillAvx2GemmQ4_0(t);
        detail::fillAvx2Quantize(t);
        detail::fillAvx2Ops(t);
        detail::fillAvx2Attention(t);
    }
    if (isa >= Isa::Avx512) {
        detail::fillAvx512Dots(t);
        detail::fillAvx512DotRows(t);
        detail::fillAvx512Gemm(t);
        detail::fillAvx512GemmQ4_K(t);
        detail::fillAvx512Quantize(t);
        detail::fillAvx512Attention(t);
        // A panel repeats its own table's dot kernel's float steps (prefill and decode agree bit for
        // bit); AVX-512 has its own Q5_K dot but no Q5_K panel, so the AVX2 one must not stay.
        t.gemmPanel[size_t(GgmlType::Q5_K)] = nullptr;
        t.gemmPanelUnpacks[size_t(GgmlType::Q5_K)] = false;
    }
#ifdef STRATA_KERNELS_AMX
    if (isa >= Isa::Amx) {
        // Tile panels for Q8_0, Q4_0, Q4_K and Q6_K; Q8_0/Q4_0 dots in their panels' float order
        // (block_sum_order.hpp), Q6_K's in its panel's (one sum per super-block); the Q4_K panel
        // keeps the AVX-512 dot's.
        detail::fillAmxDots(t);
        detail::fillAmxGemm(t);
    }
#endif
#endif
    return t;
}

const CpuFeatures& cpu()
{
    static const CpuFeatures features = detectCpuFeatures();
    return features;
}

}  // namespace

const KernelTable& kernelsFor(Isa isa)
{
    // Immutable after first use: built once per ISA, safe to share between threads.
    static const KernelTable scalar = buildTable(Isa::Scalar);
    if (!isaSupported(isa, cpu()))
        throw Error("kernels: this CPU cannot run the " + std::string(isaName(isa)) + " kernels");
    switch (isa) {
    case Isa::Scalar: return scalar;
    case Isa::Avx2: {
        static const KernelTable avx2 = buildTable(Isa::Avx2);
        return avx2;
    }
    case Isa::Avx512: {
        static const KernelTable avx512 = buildTable(Isa::Avx512);
        return avx512;
    }
    case Isa::Amx: {
        static const KernelTable amx = buildTable(Isa::Amx);
        return amx;
    }
    }
    return scalar;
}

const KernelTable& defaultKernels()
{
    static const KernelTable& chosen = []() -> const KernelTable& {
        Isa isa = bestIsa(cpu());
        // STRATA_KERNEL_ISA caps the choice (tests, benchmarks, bug reports): the one variable kernels read.
        if (const char* cap = std::getenv("STRATA_KERNEL_ISA")) {
            const auto wanted = parseIsa(cap);
            if (!wanted)
                throw Error(std::string("kernels: STRATA_KERNEL_ISA=") + cap + " is not scalar, avx2, avx512 or amx");
            if (*wanted < isa)
                isa = *wanted;
        }
        return kernelsFor(isa);
    }();
    return chosen;
}

}  // namespace strata::kernels
