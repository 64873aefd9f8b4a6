#include "strata/kernels/cpu_features.hpp"

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define STRATA_X86 1
#endif

namespace strata::kernels {

namespace {
#ifdef STRATA_X86
uint64_t readXcr0()
{
    uint32_t lo = 0, hi = 0;
    // xgetbv without the intrinsic, so this file needs no -mxsave.
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t(hi) << 32) | lo;
}
#endif
}  // namespace

CpuFeatures detectCpuFeatures()
{
    CpuFeatures f;
#ifdef STRATA_X86
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return f;
    const bool osxsave = c & (1u << 27);
    if (!osxsave)
        return f;
    const uint64_t xcr0 = readXcr0();
    const bool osAvx = (xcr0 & 0x6) == 0x6;                // XMM and YMM state
    const bool osAvx512 = osAvx && (xcr0 & 0xe0) == 0xe0;  // opmask, ZMM_Hi256, Hi16_ZMM
    const bool avx = (c & (1u << 28)) && osAvx;
    f.fma = avx && (c & (1u << 12));
    f.f16c = avx && (c & (1u << 29));
    if (__get_cpuid_max(0, nullptr) < 7)
        return f;
    __cpuid_count(7, 0, a, b, c, d);
    f.avx2 = avx && (b & (1u << 5));
    f.avx512f = osAvx512 && (b & (1u << 16));
    f.avx512dq = f.avx512f && (b & (1u << 17));
    f.avx512bw = f.avx512f && (b & (1u << 30));
    f.avx512vl = f.avx512f && (b & (1u << 31));
    f.avx512vnni = f.avx512f && (c & (1u << 11));
    __cpuid_count(7, 1, a, b, c, d);
    f.avxvnni = avx && (a & (1u << 4));
    f.avx512bf16 = f.avx512f && (a & (1u << 5));
#endif
    return f;
}

bool isaSupported(Isa isa, const CpuFeatures& cpu)
{
    switch (isa) {
    case Isa::Scalar: return true;
    case Isa::Avx2: return cpu.avx2 && cpu.fma && cpu.f16c;
    case Isa::Avx512:
        return isaSupported(Isa::Avx2, cpu) && cpu.avx512f && cpu.avx512bw && cpu.avx512vl && cpu.avx512dq
               && cpu.avx512vnni;
    }
    return false;
}

Isa bestIsa(const CpuFeatures& cpu)
{
    if (isaSupported(Isa::Avx512, cpu))
        return Isa::Avx512;
    if (isaSupported(Isa::Avx2, cpu))
        return Isa::Avx2;
    return Isa::Scalar;
}

std::string_view isaName(Isa isa)
{
    switch (isa) {
    case Isa::Scalar: return "scalar";
    case Isa::Avx2: return "avx2";
    case Isa::Avx512: return "avx512";
    }
    return "?";
}

std::optional<Isa> parseIsa(std::string_view name)
{
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512})
        if (isaName(isa) == name)
            return isa;
    return std::nullopt;
}

}  // namespace strata::kernels
