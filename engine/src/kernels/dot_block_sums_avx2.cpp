// The AVX2 table's Q8_0 and Q4_0 dot products in the block-sum order (block_sum_order.hpp), the
// float order of their row-interleaved prefill panels (gemm_q8_0_avx2.cpp, gemm_q4_0_avx2.cpp), so
// prefill and decode give the same logits bit for bit. Eight blocks per step: each block's exact
// integer sum as dotI8 gives it (8 lanes), the eight vectors folded into one vector of whole-block
// sums (block k in lane k), scaled lane by lane and added with one fused multiply-add, so lane k
// collects the blocks b = k (mod 8).
#include "kernels/block_sum_order.hpp"
#include "kernels/dot_variants.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <cstring>

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

static_assert(kBlockSumLanes == 8, "one 8-lane vector of block sums per step");

// Eight vectors of int32 lane sums -> one vector of their totals, vector k's in lane k.
inline __m256i totals8(const __m256i (&v)[8])
{
    // Per 128-bit half: hadd pairs lanes, twice, leaving [v0, v1, v2, v3] of that half's lanes.
    const __m256i h0 = _mm256_hadd_epi32(_mm256_hadd_epi32(v[0], v[1]), _mm256_hadd_epi32(v[2], v[3]));
    const __m256i h1 = _mm256_hadd_epi32(_mm256_hadd_epi32(v[4], v[5]), _mm256_hadd_epi32(v[6], v[7]));
    return _mm256_add_epi32(_mm256_permute2x128_si256(h0, h1, 0x20), _mm256_permute2x128_si256(h0, h1, 0x31));
}

// The fp16 scales of 8 consecutive blocks (the first at `first`, `stride` bytes apart) as floats.
inline __m256 scales8(const uint8_t* first, size_t stride)
{
    const auto at = [&](int k) {
        uint16_t h;
        std::memcpy(&h, first + stride * size_t(k), sizeof h);
        return int(h);
    };
    __m128i h = _mm_cvtsi32_si128(at(0));
    h = _mm_insert_epi16(h, at(1), 1);
    h = _mm_insert_epi16(h, at(2), 2);
    h = _mm_insert_epi16(h, at(3), 3);
    h = _mm_insert_epi16(h, at(4), 4);
    h = _mm_insert_epi16(h, at(5), 5);
    h = _mm_insert_epi16(h, at(6), 6);
    h = _mm_insert_epi16(h, at(7), 7);
    return _mm256_cvtph_ps(h);
}

// A weight block's quants as signed bytes.
inline __m256i quants(const BlockQ8_0& x)
{
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x.qs));
}
inline __m256i quants(const BlockQ4_0& x)
{
    return _mm256_sub_epi8(unpackNibbles(x.qs), _mm256_set1_epi8(8));
}

template <typename Block>
inline __m256 eightBlocks(const Block* x, const BlockQ8_0* y, __m256 acc)
{
    __m256i lanes[8];
    for (int k = 0; k < 8; ++k)
        lanes[k] = dotI8(quants(x[k]), _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[k].qs)));
    // d_w * d_a per block: the same single float product the panel takes lane by lane.
    const __m256 scale = _mm256_mul_ps(scales8(reinterpret_cast<const uint8_t*>(x), sizeof(Block)),
                                       scales8(reinterpret_cast<const uint8_t*>(y), sizeof(BlockQ8_0)));
    return _mm256_fmadd_ps(_mm256_cvtepi32_ps(totals8(lanes)), scale, acc);
}

// The last nb % 8 blocks followed by zero blocks (sum 0, scale 0): adding 0 * 0 leaves a lane as it was.
template <typename Block>
struct PaddedTail {
    Block blocks[kBlockSumLanes] = {};
    PaddedTail(const Block* first, int64_t count) { std::memcpy(blocks, first, size_t(count) * sizeof(Block)); }
};

template <typename Block>
float dotBlockSums(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const Block*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    const int64_t nb = n / kQK;
    __m256 acc = _mm256_setzero_ps();
    int64_t b = 0;
    for (; b + kBlockSumLanes <= nb; b += kBlockSumLanes) {
        prefetchAhead(x + b, sizeof(Block) * kBlockSumLanes);
        acc = eightBlocks(x + b, y + b, acc);
    }
    if (b < nb)
        acc = eightBlocks(PaddedTail<Block>(x + b, nb - b).blocks, PaddedTail<BlockQ8_0>(y + b, nb - b).blocks, acc);
    return hsum(acc);  // (k, k+4), (k, k+2), (k, k+1): foldBlockSumLanes
}

}  // namespace

void fillAvx2BlockSumDots(KernelTable& t)
{
    t.dot[size_t(GgmlType::Q8_0)] = dotBlockSums<BlockQ8_0>;
    t.dot[size_t(GgmlType::Q4_0)] = dotBlockSums<BlockQ4_0>;
    t.dotIsa[size_t(GgmlType::Q8_0)] = t.dotIsa[size_t(GgmlType::Q4_0)] = Isa::Avx2;
}

}  // namespace strata::kernels::detail
