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
};

// What the CPU reports, masked by what the OS saves on context switch (XCR0 via xgetbv).
CpuFeatures detectCpuFeatures();

// Kernel variants, lowest first. Avx2 needs AVX2+FMA+F16C; Avx512 needs AVX-512 F/BW/VL/DQ and VNNI
// (Ice Lake, Zen 4 and later; older AVX-512 parts run the Avx2 variant).
enum class Isa { Scalar = 0, Avx2 = 1, Avx512 = 2 };

bool isaSupported(Isa isa, const CpuFeatures& cpu);
Isa bestIsa(const CpuFeatures& cpu);
std::string_view isaName(Isa isa);
std::optional<Isa> parseIsa(std::string_view name);  // "scalar", "avx2", "avx512"

}  // namespace strata::kernels
