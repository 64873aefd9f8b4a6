// Which x86 vector extensions this CPU and OS support, detected once with cpuid and xgetbv, and the
// kernel ISA levels built on them.
#pragma once

#include <optional>
#include <string_view>

namespace strata::kernels {

struct CpuFeatures {
    bool avx2 = false, fma = false, f16c = false;
    bool avx512f = false, avx512bw = false, avx512vl = false, avx512dq = false;
    bool avx512vnni = false, avx512bf16 = false, avxvnni = false;
    // AMX: the CPU's tile and int8 units, a tile palette of at least 8 tiles of 16 rows x 64 bytes
    // (CPUID 0x1D/0x1E: what the kernels configure), the OS saving tile state (XCR0 bits 17, 18),
    // and Linux granting this process the tile data (arch_prctl ARCH_REQ_XCOMP_PERM, asked once per
    // detection).
    bool amxTile = false, amxInt8 = false, amxPalette = false, amxOsState = false, amxPermitted = false;
};

// What the CPU reports, masked by what the OS saves on context switch (XCR0 via xgetbv).
CpuFeatures detectCpuFeatures();

// Kernel variants, lowest first. Avx2 needs AVX2+FMA+F16C; Avx512 needs AVX-512 F/BW/VL/DQ and VNNI
// (Ice Lake, Zen 4 and later; older AVX-512 parts run the Avx2 variant); Amx needs Avx512 plus
// AMX-TILE and AMX-INT8 with the OS's permission (Sapphire Rapids and later Xeons).
enum class Isa { Scalar = 0, Avx2 = 1, Avx512 = 2, Amx = 3 };

bool isaSupported(Isa isa, const CpuFeatures& cpu);
Isa bestIsa(const CpuFeatures& cpu);
std::string_view isaName(Isa isa);
std::optional<Isa> parseIsa(std::string_view name);  // "scalar", "avx2", "avx512", "amx"

// Why this CPU runs no AMX kernels ("" when it does): for logs and strata-info.
std::string_view amxUnavailableReason(const CpuFeatures& cpu);

}  // namespace strata::kernels
