// Per-ISA dot product sets. Each dot_<isa>.cpp is compiled with its own -m flags and fills in the
// entries it implements; kernel_table.cpp merges them over the scalar set.
#pragma once

#include "strata/kernels/dot.hpp"

namespace strata::kernels::detail {

void fillScalarDots(KernelTable& table);
void fillAvx2Dots(KernelTable& table);
void fillAvx2DotRows(KernelTable& table);
void fillAvx2Gemm(KernelTable& table);
void fillAvx2GemmQ4_K(KernelTable& table);
// Q8_0 and Q4_0 in the block-sum order (block_sum_order.hpp): their dots and row-interleaved panels.
void fillAvx2BlockSumDots(KernelTable& table);
void fillAvx2GemmQ8_0(KernelTable& table);
void fillAvx2GemmQ4_0(KernelTable& table);
void fillAvx2Quantize(KernelTable& table);
void fillAvx512Dots(KernelTable& table);
void fillAvx512DotRows(KernelTable& table);
void fillAvx512Gemm(KernelTable& table);
void fillAvx512GemmQ4_K(KernelTable& table);
// The AVX-512 Q4_K panel (GemmPanelFn), for the AMX table's few-token calls.
void gemmPanelQ4_KAvx512(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n,
                         float* out, size_t outStride, std::vector<std::byte>& scratch);
void fillAvx512Quantize(KernelTable& table);
// Q6_K in the AMX Q6_K panel's float order: each super-block's exact integer sum, converted and
// scaled by one fused multiply-add per super-block, in order (gemm_amx_q6_k_panel.hpp).
float dotQ6_KWholeSums(const void* w, const void* a, int64_t n);
void fillAmxDots(KernelTable& table);
void fillAmxGemm(KernelTable& table);
// fillAmxGemm's panels on emulated tiles (tests on AVX-512 CPUs without AMX).
void fillAmxGemmOnEmulatedTiles(KernelTable& table);
void fillScalarOps(KernelTable& table);
void fillAvx2Ops(KernelTable& table);
void fillScalarAttention(KernelTable& table);
void fillAvx2Attention(KernelTable& table);
void fillAvx512Attention(KernelTable& table);

}  // namespace strata::kernels::detail
