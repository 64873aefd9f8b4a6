// The float order of the AMX table's Q8_0 and Q4_0 products. A tile multiply gives whole 32-block
// integer sums, not the per-lane partial sums the AVX-512 dots scale, so the AMX table has its own
// dots (dot_block_sums_avx512.cpp) that take the panels' order and prefill and decode still agree
// bit for bit: each block's exact integer sum, scaled by d_w * d_a (one float multiply), goes into
// lane b % kBlockSumLanes with one fused multiply-add; the lanes are then added pairwise, (k, k+4),
// (k, k+2), (k, k+1).
#pragma once

#include <cmath>
#include <cstdint>

namespace strata::kernels::detail {

inline constexpr int kBlockSumLanes = 8;

// lanes[0] after the pairwise additions (lanes is overwritten).
inline float foldBlockSumLanes(float* lanes)
{
    for (int width = kBlockSumLanes / 2; width >= 1; width /= 2)
        for (int k = 0; k < width; ++k)
            lanes[k] += lanes[k + width];
    return lanes[0];
}

// The order written out in scalar code, for the tests: blockSum(b) is block b's exact integer sum,
// scale(b) the float product of its two scales.
template <typename BlockSum, typename Scale>
float blockSumOrderDot(int64_t blocks, BlockSum blockSum, Scale scale)
{
    float lanes[kBlockSumLanes] = {};
    for (int64_t b = 0; b < blocks; ++b) {
        float& lane = lanes[b % kBlockSumLanes];
        lane = std::fma(float(blockSum(b)), scale(b), lane);
    }
    return foldBlockSumLanes(lanes);
}

}  // namespace strata::kernels::detail
