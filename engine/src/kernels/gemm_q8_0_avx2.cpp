// AVX2 prefill panel for Q8_0 weights x Q8_0 activations, 8 rows interleaved per vector and the
// block-sum float order (block_sum_order.hpp), which the AVX2 table's Q8_0 dot takes too
// (dot_block_sums_avx2.cpp): prefill and decode give the same logits bit for bit.
//
// gemm_q4_0_avx2.cpp's maddubs sums do not fit Q8_0: u8 x s8 pairs reach 2 * 255 * 127 and saturate
// int16. Here the weights are widened to int16 once per panel call and multiplied with pmaddwd
// (exact in int32, no offsets): dword lane r of q[k] is row r's quants 2k and 2k+1, a token's
// matching two activations are broadcast to all rows, and per (8 rows, token, block) that is 16
// pmaddwd and 15 additions, then one convert, multiply and FMA for all 8 pairs. Each loaded weight
// vector serves kTokens tokens.
//
// The blocks are visited lane by lane (all b = 0 mod 8 in order, then b = 1 mod 8, ...), which
// gives each lane's fused multiply-adds in the same order as block by block, but needs one float
// accumulator per token at a time instead of eight.
#include "kernels/block_sum_order.hpp"
#include "kernels/dot_variants.hpp"
#include "kernels/panel_scratch.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace strata::kernels::detail {

namespace {

constexpr int kRows = 8;  // one int32 lane per row
constexpr int kGroups = kGemmTileRows / kRows;
// Per pass over the repacked rows: groups of 8 rows and tokens. On the AMD VM 1 x 4 ran at 198-237
// GFLOP/s (strata-kernelbench matmul, 2 threads, 2048 columns), 2 x 2 at 186-218 (GCC read its
// weight vectors from memory once per token).
constexpr int kPassGroups = 1;
constexpr int kTokens = 4;
constexpr int kPairs = kQK / 2;
static_assert(kBlockSumLanes == 8 && kGemmTileRows % kRows == 0 && kGemmTileActs % kTokens == 0
              && kGroups % kPassGroups == 0);

// One 32-block of 8 weight rows (544 bytes; a panel's 16 rows of 2048 columns: 68 KiB).
struct alignas(32) InterleavedQ8_0 {
    __m256i q[kPairs];  // dword lane r of q[k]: row r's quants 2k and 2k+1 as int16
    __m256 d;           // lane r: row r's scale
};

// One token's 32-block of quants as int16 (pair k at dword k).
struct alignas(32) WideQ8_0 {
    int16_t q[kQK];
};

// Block b's position when the blocks are listed lane by lane: lane b % 8's blocks come after
// those of the lanes before it (lane k holds ceil((nb - k) / 8) blocks).
inline int64_t lanePosition(int64_t b, int64_t nb)
{
    const int64_t lane = b % kBlockSumLanes, perLane = nb / kBlockSumLanes, extra = nb % kBlockSumLanes;
    return lane * perLane + std::min(lane, extra) + b / kBlockSumLanes;
}

// out[k] lane r = in[r] lane k (8 x 8 dwords).
inline void transpose8(const __m256i (&in)[8], __m256i* out)
{
    __m256i t[8], u[8];
    for (int i = 0; i < 4; ++i) {
        t[2 * i] = _mm256_unpacklo_epi32(in[2 * i], in[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi32(in[2 * i], in[2 * i + 1]);
    }
    for (int h = 0; h < 2; ++h) {  // rows 0..3, then 4..7
        const __m256i* s = t + 4 * h;
        u[4 * h + 0] = _mm256_unpacklo_epi64(s[0], s[2]);  // columns 0 | 4
        u[4 * h + 1] = _mm256_unpackhi_epi64(s[0], s[2]);  // 1 | 5
        u[4 * h + 2] = _mm256_unpacklo_epi64(s[1], s[3]);  // 2 | 6
        u[4 * h + 3] = _mm256_unpackhi_epi64(s[1], s[3]);  // 3 | 7
    }
    for (int k = 0; k < 4; ++k) {
        out[k] = _mm256_permute2x128_si256(u[k], u[4 + k], 0x20);
        out[k + 4] = _mm256_permute2x128_si256(u[k], u[4 + k], 0x31);
    }
}

inline const BlockQ8_0* rowBlocks(const void* w, size_t wStride, int row)
{
    return reinterpret_cast<const BlockQ8_0*>(static_cast<const uint8_t*>(w) + wStride * size_t(row));
}

// packed[lanePosition(b) * kGroups + g]: block b of rows 8g..8g+7.
void interleave(const void* w, size_t wStride, int64_t nb, InterleavedQ8_0* packed)
{
    for (int64_t b = 0; b < nb; ++b)
        for (int g = 0; g < kGroups; ++g) {
            InterleavedQ8_0& p = packed[lanePosition(b, nb) * kGroups + g];
            __m256i low[kRows], high[kRows];
            alignas(32) float d[kRows];
            for (int r = 0; r < kRows; ++r) {
                const BlockQ8_0& x = rowBlocks(w, wStride, g * kRows + r)[b];
                low[r] = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x.qs)));
                high[r] = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x.qs + 16)));
                d[r] = halfToFloat(x.d);
            }
            transpose8(low, p.q);
            transpose8(high, p.q + 8);
            p.d = _mm256_load_ps(d);
        }
}

// kTokens tokens' blocks widened, in lanePosition order: wide[pos * kTokens + t], and their scales
// (dy, the same index).
void widenTokens(const void* a, size_t aStride, int64_t nb, WideQ8_0* wide, float* dy)
{
    int64_t pos = 0;
    for (int lane = 0; lane < kBlockSumLanes; ++lane)
        for (int64_t b = lane; b < nb; b += kBlockSumLanes, ++pos)
            for (int t = 0; t < kTokens; ++t) {
                const BlockQ8_0& y =
                    reinterpret_cast<const BlockQ8_0*>(static_cast<const uint8_t*>(a) + aStride * size_t(t))[b];
                const int64_t i = pos * kTokens + t;
                const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y.qs));
                const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y.qs + 16));
                _mm256_store_si256(reinterpret_cast<__m256i*>(wide[i].q), _mm256_cvtepi8_epi16(lo));
                _mm256_store_si256(reinterpret_cast<__m256i*>(wide[i].q + 16), _mm256_cvtepi8_epi16(hi));
                dy[i] = halfToFloat(y.d);
            }
}

// The next pass's activation rows into L2, a few lines per block step of this pass. Each row is a
// short stream (2-6 KiB) that the hardware prefetchers did not follow: widening waited on its loads
// (15 % of a dense Q8_0 pp512 profile on the AMD VM, 10 % with this prefetch).
class NextTokens {
public:
    NextTokens(const uint8_t* rows, size_t stride, size_t bytes, int64_t count)
        : rows_(rows), stride_(stride), bytes_(bytes), count_(count)
    {}
    void step()
    {
        constexpr size_t kLine = 64;
        for (int k = 0; k < 2 && row_ < count_; ++k) {
            const uint8_t* start = rows_ + stride_ * size_t(row_);
            _mm_prefetch(reinterpret_cast<const char*>(start + offset_), _MM_HINT_T1);
            offset_ += kLine;
            if (offset_ >= bytes_ + kLine - 1) {  // the row's last line, also where it starts mid-line
                offset_ = 0;
                ++row_;
            }
        }
    }

private:
    const uint8_t* rows_;
    size_t stride_, bytes_, offset_ = 0;
    int64_t count_, row_ = 0;
};

inline __m256i broadcastPair(const int16_t* p)
{
    int32_t v;
    std::memcpy(&v, p, sizeof v);
    return _mm256_set1_epi32(v);
}

// s + v, kept in this order: left to itself GCC regrouped a block's 16 additions into a tree, with all
// 64 products of the 4 tokens computed first and most of them spilled to the stack (the panel ran
// slower than the one it replaced).
inline __m256i addInOrder(__m256i s, __m256i v)
{
    s = _mm256_add_epi32(s, v);
    __asm__("" : "+x"(s));
    return s;
}

// kTokens tokens against kPassGroups groups of 8 rows (x: the first group's first block); out[t *
// outStride + 8g + r] for group g's rows r.
void tokensGroups(const InterleavedQ8_0* x, const WideQ8_0* y, const float* dy, int64_t nb, float* out,
                  size_t outStride, NextTokens& next)
{
    __m256 lanes[kPassGroups][kTokens][kBlockSumLanes];
    int64_t pos = 0;
    for (int lane = 0; lane < kBlockSumLanes; ++lane) {
        __m256 acc[kPassGroups][kTokens];
        for (auto& row : acc)
            for (auto& v : row)
                v = _mm256_setzero_ps();
        for (int64_t end = pos + (nb - lane + kBlockSumLanes - 1) / kBlockSumLanes; pos < end; ++pos) {
            next.step();
            const InterleavedQ8_0* p = x + pos * kGroups;
            const WideQ8_0* yt = y + pos * kTokens;
            const float* dt = dy + pos * kTokens;
            __m256i s[kPassGroups][kTokens];
            for (int t = 0; t < kTokens; ++t) {
                const __m256i b = broadcastPair(yt[t].q);
                for (int g = 0; g < kPassGroups; ++g)
                    s[g][t] = _mm256_madd_epi16(p[g].q[0], b);
            }
#pragma GCC unroll 16
            for (int k = 1; k < kPairs; ++k)
                for (int t = 0; t < kTokens; ++t) {
                    const __m256i b = broadcastPair(yt[t].q + 2 * k);
                    for (int g = 0; g < kPassGroups; ++g)
                        s[g][t] = addInOrder(s[g][t], _mm256_madd_epi16(p[g].q[k], b));
                }
            for (int t = 0; t < kTokens; ++t) {
                const __m256 d = _mm256_set1_ps(dt[t]);
                for (int g = 0; g < kPassGroups; ++g)
                    acc[g][t] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s[g][t]), _mm256_mul_ps(p[g].d, d), acc[g][t]);
            }
        }
        for (int g = 0; g < kPassGroups; ++g)
            for (int t = 0; t < kTokens; ++t)
                lanes[g][t][lane] = acc[g][t];
    }
    for (int g = 0; g < kPassGroups; ++g)
        for (int t = 0; t < kTokens; ++t) {
            // (k, k+4), (k, k+2), (k, k+1): foldBlockSumLanes, each row in its own lane.
            const __m256* l = lanes[g][t];
            const __m256 even = _mm256_add_ps(_mm256_add_ps(l[0], l[4]), _mm256_add_ps(l[2], l[6]));
            const __m256 odd = _mm256_add_ps(_mm256_add_ps(l[1], l[5]), _mm256_add_ps(l[3], l[7]));
            _mm256_storeu_ps(out + size_t(t) * outStride + size_t(g * kRows), _mm256_add_ps(even, odd));
        }
}

void panel(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
           size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t nb = n / kQK;
    // The repacked rows, then kTokens tokens' widened blocks and scales (reused pass after pass).
    const size_t wideBytes = size_t(nb) * kTokens * (sizeof(WideQ8_0) + sizeof(float));
    auto* packed = scratchArray<InterleavedQ8_0>(
        scratch, size_t(kGroups * nb) + (wideBytes + sizeof(InterleavedQ8_0) - 1) / sizeof(InterleavedQ8_0));
    interleave(w, wStride, nb, packed);
    auto* wide = reinterpret_cast<WideQ8_0*>(packed + kGroups * nb);
    auto* dy = reinterpret_cast<float*>(wide + nb * kTokens);
    const auto* rows = static_cast<const uint8_t*>(a);
    for (int64_t t = 0; t < acts; t += kTokens) {
        prefetchNextPanel(w, wStride, t / kTokens, acts / kTokens);
        widenTokens(rows + aStride * size_t(t), aStride, nb, wide, dy);
        NextTokens next(rows + aStride * size_t(t + kTokens), aStride, size_t(nb) * sizeof(BlockQ8_0),
                        std::min<int64_t>(kTokens, acts - t - kTokens));
        for (int g = 0; g < kGroups; g += kPassGroups)
            tokensGroups(packed + g, wide, dy, nb, out + size_t(t) * outStride + size_t(g * kRows), outStride, next);
    }
}

}  // namespace

void fillAvx2GemmQ8_0(KernelTable& t)
{
    t.gemmPanel[size_t(gguf::GgmlType::Q8_0)] = panel;
    t.gemmPanelUnpacks[size_t(gguf::GgmlType::Q8_0)] = true;
}

}  // namespace strata::kernels::detail
