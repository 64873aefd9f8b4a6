// The AMX table's Q8_0 and Q4_0 dot products: AVX-512 VNNI in the AMX panels' float order
// (block_sum_order.hpp), so prefill (tiles) and decode (these) give the same logits bit for bit.
// Eight blocks per step: four vpdpbusd vectors of two blocks' lane sums fold into one vector of
// eight whole-block sums (three rounds of two permutes and an add), which are scaled lane by lane
// and added with one fused multiply-add, so lane k collects the blocks b = k (mod 8).
// fillAmxDots also gives the table dot_avx512.cpp's Q6_K dot in its tile panel's order.
#include "kernels/block_sum_order.hpp"
#include "kernels/blocks32_avx512.hpp"
#include "kernels/dot_variants.hpp"
#include "kernels/simd_common.hpp"

#include <cstring>

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

static_assert(kBlockSumLanes == 8, "one 8-lane vector of block sums per step");

// Lane l of the result: the sum of lanes 2l and 2l + 1 of the 32 lanes [a, b].
inline __m512i adjacentLaneSums(__m512i a, __m512i b)
{
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd = _mm512_add_epi32(even, _mm512_set1_epi32(1));
    return _mm512_add_epi32(_mm512_permutex2var_epi32(a, even, b), _mm512_permutex2var_epi32(a, odd, b));
}

// The fp16 scales of 8 consecutive blocks, `stride` bytes apart, as floats.
inline __m256 blockScales(const void* first, int stride)
{
    const __m256i offsets = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(stride));
    const __m256i words = _mm256_i32gather_epi32(static_cast<const int*>(first), offsets, 1);
    return _mm256_cvtph_ps(_mm256_cvtepi32_epi16(words));  // the low half of each dword: the scale
}

// The activation's part of eight blocks: its quants, minus offset * their sums (which turns the
// weights' unsigned bytes back into signed products), and its scales. Shared by all rows.
template <typename Unsigned>
struct ActivationStep {
    __m512i quants[4], minusOffsetSums[4];
    __m256 scales;

    explicit ActivationStep(const BlockQ8_0* y)
    {
        const __m512i offset = _mm512_set1_epi8(char(Unsigned::kOffset));
        for (int p = 0; p < 4; ++p) {
            quants[p] = load2(y[2 * p], y[2 * p + 1]);
            minusOffsetSums[p] = _mm512_sub_epi32(_mm512_setzero_si512(),
                                                  _mm512_dpbusd_epi32(_mm512_setzero_si512(), offset, quants[p]));
        }
        scales = blockScales(y, sizeof(BlockQ8_0));
    }
};

// Eight blocks of x against the activation's, added to acc in the block-sum order.
template <typename Block, typename Unsigned>
inline __m256 eightBlocks(const Block* x, const ActivationStep<Unsigned>& y, __m256 acc)
{
    __m512i lanes[4];
    for (int p = 0; p < 4; ++p)
        lanes[p] = _mm512_dpbusd_epi32(y.minusOffsetSums[p], Unsigned::quants(x[2 * p], x[2 * p + 1]), y.quants[p]);
    // 2 blocks x 8 lanes per vector -> 4 x 4 -> 8 x 2 -> 8 x 1 (the upper 8 lanes zero).
    const __m512i fours = adjacentLaneSums(lanes[0], lanes[1]), fours2 = adjacentLaneSums(lanes[2], lanes[3]);
    const __m512i sums = adjacentLaneSums(adjacentLaneSums(fours, fours2), _mm512_setzero_si512());
    const __m256 scale = _mm256_mul_ps(blockScales(x, sizeof(Block)), y.scales);
    return _mm256_fmadd_ps(_mm256_cvtepi32_ps(_mm512_castsi512_si256(sums)), scale, acc);
}

// The last nb % 8 blocks of a row (or of the activation) followed by zero blocks (sum 0, scale 0):
// adding 0 * 0 leaves each lane unchanged.
template <typename Block>
struct PaddedTail {
    Block blocks[kBlockSumLanes] = {};
    PaddedTail(const Block* first, int64_t count) { std::memcpy(blocks, first, size_t(count) * sizeof(Block)); }
};

template <typename Block, typename Unsigned>
float dotBlockSums(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const Block*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    const int64_t nb = n / kQK;
    __m256 acc = _mm256_setzero_ps();
    int64_t b = 0;
    for (; b + kBlockSumLanes <= nb; b += kBlockSumLanes) {
        prefetchAhead(x + b, sizeof(Block) * kBlockSumLanes);
        acc = eightBlocks<Block>(x + b, ActivationStep<Unsigned>(y + b), acc);
    }
    if (b < nb)
        acc = eightBlocks<Block>(PaddedTail<Block>(x + b, nb - b).blocks,
                                 ActivationStep<Unsigned>(PaddedTail<BlockQ8_0>(y + b, nb - b).blocks), acc);
    return hsum(acc);  // (k, k+4), (k, k+2), (k, k+1): foldBlockSumLanes
}

// Decode on AMX CPUs (all Intel, where a four-row Q8_0 kernel read at 89-100 % of memory against
// ~70 % for one row; see fillAvx512DotRows): kDotRows rows share the activation's step, and each
// row's integer sums and float steps are the single-row dot's, so the bits are the same. The next
// four rows are prefetched by hand, a share of their lines per step, as dot_rows_avx512.cpp does:
// four rows read side by side are short streams the hardware prefetchers lose at every row end.
template <typename Block, typename Unsigned>
void dotRowsBlockSums(const void* w, size_t wStride, const void* a, int64_t n, float* out)
{
    const auto* base = static_cast<const uint8_t*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    const int64_t nb = n / kQK, steps = (nb + kBlockSumLanes - 1) / kBlockSumLanes;
    const Block* x[kDotRows];
    for (int r = 0; r < kDotRows; ++r)
        x[r] = reinterpret_cast<const Block*>(base + size_t(r) * wStride);
    const uint8_t* next = base + kDotRows * wStride;
    const size_t linesPerStep = steps > 0 ? (kDotRows * wStride + size_t(steps) * 64 - 1) / (size_t(steps) * 64) : 0;
    __m256 acc[kDotRows] = {_mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps(), _mm256_setzero_ps()};
    int64_t b = 0, step = 0;
    for (; b + kBlockSumLanes <= nb; b += kBlockSumLanes, ++step) {
        for (size_t l = 0; l < linesPerStep; ++l)
            _mm_prefetch(reinterpret_cast<const char*>(next + (size_t(step) * linesPerStep + l) * 64), _MM_HINT_T0);
        const ActivationStep<Unsigned> act(y + b);
        for (int r = 0; r < kDotRows; ++r)
            acc[r] = eightBlocks<Block>(x[r] + b, act, acc[r]);
    }
    if (b < nb) {
        const ActivationStep<Unsigned> act(PaddedTail<BlockQ8_0>(y + b, nb - b).blocks);
        for (int r = 0; r < kDotRows; ++r)
            acc[r] = eightBlocks<Block>(PaddedTail<Block>(x[r] + b, nb - b).blocks, act, acc[r]);
    }
    for (int r = 0; r < kDotRows; ++r)
        out[r] = hsum(acc[r]);
}

}  // namespace

void fillAmxDots(KernelTable& t)
{
    t.dot[size_t(GgmlType::Q8_0)] = dotBlockSums<BlockQ8_0, Q8_0Unsigned>;
    t.dot[size_t(GgmlType::Q4_0)] = dotBlockSums<BlockQ4_0, Q4_0Unsigned>;
    t.dotIsa[size_t(GgmlType::Q8_0)] = t.dotIsa[size_t(GgmlType::Q4_0)] = Isa::Amx;
    t.dotRows[size_t(GgmlType::Q8_0)] = dotRowsBlockSums<BlockQ8_0, Q8_0Unsigned>;
    t.dotRows[size_t(GgmlType::Q4_0)] = dotRowsBlockSums<BlockQ4_0, Q4_0Unsigned>;
    // Q6_K in the tile panel's order (gemm_amx_q6_k_panel.hpp).
    t.dot[size_t(GgmlType::Q6_K)] = dotQ6_KWholeSums;
    t.dotIsa[size_t(GgmlType::Q6_K)] = Isa::Amx;
}

}  // namespace strata::kernels::detail
