#include "strata/kernels/cpu_features.hpp"

#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define STRATA_X86 1
#endif
#if defined(STRATA_X86) && defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
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

// Linux (5.16+) leaves the 8 KiB of tile data out of a thread's saved state until the process
// asks for it; the first tile instruction without that permission kills the process. The grant
// covers every thread of the process, so asking once, before any kernel runs, is enough.
bool requestAmxPermission()
{
#ifdef __linux__
    constexpr long kArchGetXcompPerm = 0x1022, kArchReqXcompPerm = 0x1023, kXfeatureXtiledata = 18;
    if (syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtiledata) != 0)
        return false;
    unsigned long granted = 0;
    return syscall(SYS_arch_prctl, kArchGetXcompPerm, &granted) == 0 && (granted & (1ul << kXfeatureXtiledata));
#else
    return false;  // other systems: not wired up (Windows grants it differently)
#endif
}

// Palette 1 (CPUID 0x1D.1) and the TMUL unit (0x1E.0) fit the kernels' tiles: 8 tiles of 16 rows of
// 64 bytes, products over 16 dword rows of B and 16 int32 columns. Where a hypervisor leaves the
// leaves out (zeros), palette 1 is the one every AMX CPU so far has: only smaller numbers refuse.
bool amxPaletteFits()
{
    const unsigned maxLeaf = __get_cpuid_max(0, nullptr);
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (maxLeaf >= 0x1d) {
        __cpuid_count(0x1d, 1, a, b, c, d);
        const unsigned bytesPerRow = b & 0xffff, tiles = b >> 16, maxRows = c & 0xffff;
        if (b != 0 && (bytesPerRow < 64 || tiles < 8 || maxRows < 16))
            return false;
    }
    if (maxLeaf >= 0x1e) {
        __cpuid_count(0x1e, 0, a, b, c, d);
        const unsigned maxK = b & 0xff, maxN = (b >> 8) & 0xffff;
        if (b != 0 && (maxK < 16 || maxN < 64))
            return false;
    }
    return true;
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
    f.amxTile = d & (1u << 24);
    f.amxInt8 = f.amxTile && (d & (1u << 25));
    f.amxPalette = f.amxInt8 && amxPaletteFits();
    f.amxOsState = (xcr0 & 0x60000) == 0x60000;  // XTILECFG and XTILEDATA
    f.amxPermitted = f.amxPalette && f.amxOsState && requestAmxPermission();
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
    case Isa::Amx: return amxUnavailableReason(cpu).empty();
    }
    return false;
}

std::string_view amxUnavailableReason(const CpuFeatures& cpu)
{
#ifndef STRATA_KERNELS_AMX
    (void)cpu;
    return "this build has no AMX kernels (compiler without -mamx-int8)";
#else
    if (!cpu.amxTile || !cpu.amxInt8)
        return "the CPU has no AMX-TILE/AMX-INT8";
    if (!isaSupported(Isa::Avx512, cpu))
        return "the CPU lacks the AVX-512 kernels' extensions";
    if (!cpu.amxPalette)
        return "the CPU's tile palette is smaller than 8 tiles of 16 x 64 bytes";
    if (!cpu.amxOsState)
        return "the OS does not save tile state (XCR0)";
    if (!cpu.amxPermitted)
        return "the kernel refused the tile data permission (arch_prctl ARCH_REQ_XCOMP_PERM)";
    return {};
#endif
}

Isa bestIsa(const CpuFeatures& cpu)
{
    if (isaSupported(Isa::Amx, cpu))
        return Isa::Amx;
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
    case Isa::Amx: return "amx";
    }
    return "?";
}

std::optional<Isa> parseIsa(std::string_view name)
{
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512, Isa::Amx})
        if (isaName(isa) == name)
            return isa;
    return std::nullopt;
}

}  // namespace strata::kernels
