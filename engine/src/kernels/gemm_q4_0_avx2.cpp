// AVX2 prefill panel for Q4_0 weights x Q8_0 activations, 8 rows interleaved per vector and the
// block-sum float order (block_sum_order.hpp), which the AVX2 table's Q4_0 dot takes too
// (dot_block_sums_avx2.cpp): prefill and decode give the same logits bit for bit.
//
// The older panel repeated the AVX2 dot's float steps (8 lanes per (row, token) pair and block):
// sign, maddubs, pmaddwd, convert, multiply and FMA per pair and 32-block. Here a vector holds 8 rows'
// whole-block sums: dword lane r of q[k] is row r's quants 4k..4k+3, one token's matching 4
// activation bytes are broadcast to all rows, and per (8 rows, token, block) that is 8 maddubs (int16
// sums, exact: |8 * 2 * 255 * 8| < 2^15), one pmaddwd, one subtraction, and one convert, multiply
// and FMA for all 8 pairs. maddubs takes its unsigned operand from the activations (+128, per token
// once) and its signed one from the weights (q - 8); the +128 comes back off as 128 * the sum of the
// block's weights, computed at repacking.
#include "kernels/block_sum_order.hpp"
#include "kernels/dot_variants.hpp"
#include "kernels/panel_scratch.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <cstring>
#include <vector>

namespace strata::kernels::detail {

namespace {

constexpr int kRows = 8;  // one int32 lane per row
constexpr int kGroups = kGemmTileRows / kRows;
static_assert(kBlockSumLanes == 8 && kGemmTileRows % kRows == 0);

// One 32-block of 8 weight rows (320 bytes; a panel's 16 rows of 2048 columns: 40 KiB).
struct alignas(32) InterleavedQ4_0 {
    __m256i q[8];    // dword lane r of q[k]: row r's quants 4k..4k+3, as q - 8
    __m256i offset;  // lane r: 128 * the sum of row r's q - 8
    __m256 d;        // lane r: row r's scale
};

void interleave(const void* w, size_t wStride, int64_t nb, InterleavedQ4_0* packed)
{
    const __m256i eight = _mm256_set1_epi8(8), onesU8 = _mm256_set1_epi8(1), ones = _mm256_set1_epi16(1);
    for (int g = 0; g < kGroups; ++g)
        for (int64_t b = 0; b < nb; ++b) {
            alignas(32) int8_t q[kRows][kQK];
            alignas(32) int32_t offset[kRows];
            alignas(32) float d[kRows];
            for (int r = 0; r < kRows; ++r) {
                const auto& x = reinterpret_cast<const BlockQ4_0*>(static_cast<const uint8_t*>(w)
                                                                   + wStride * size_t(g * kRows + r))[b];
                const __m256i v = _mm256_sub_epi8(unpackNibbles(x.qs), eight);
                _mm256_store_si256(reinterpret_cast<__m256i*>(q[r]), v);
                offset[r] = 128 * hsumI32(_mm256_madd_epi16(_mm256_maddubs_epi16(onesU8, v), ones));
                d[r] = halfToFloat(x.d);
            }
            InterleavedQ4_0& p = packed[g * nb + b];
            auto* bytes = reinterpret_cast<uint8_t*>(p.q);
            for (int k = 0; k < 8; ++k)
                for (int r = 0; r < kRows; ++r)
                    std::memcpy(bytes + 32 * k + 4 * r, q[r] + 4 * k, 4);
            p.offset = _mm256_load_si256(reinterpret_cast<const __m256i*>(offset));
            p.d = _mm256_load_ps(d);
        }
}

inline __m256i broadcast4(const uint8_t* p)
{
    int32_t v;
    std::memcpy(&v, p, sizeof v);
    return _mm256_set1_epi32(v);
}

// One token (its quants + 128 at yq, 32 per block; its scales at dy) against one group of 8 rows;
// out[r] for the group's rows r. Block b goes into accumulator b % 8 (block_sum_order.hpp).
inline void tokenGroup(const InterleavedQ4_0* x, const uint8_t* yq, const float* dy, int64_t nb, float* out)
{
    __m256 acc[kBlockSumLanes];
    for (auto& v : acc)
        v = _mm256_setzero_ps();
    const __m256i ones = _mm256_set1_epi16(1);
    const auto step = [&](int64_t b, __m256& a) {
        const InterleavedQ4_0& p = x[b];
        const uint8_t* q = yq + size_t(kQK) * size_t(b);
        __m256i s = _mm256_maddubs_epi16(broadcast4(q), p.q[0]);
        for (int k = 1; k < 8; ++k)
            s = _mm256_add_epi16(s, _mm256_maddubs_epi16(broadcast4(q + 4 * k), p.q[k]));
        const __m256i sums = _mm256_sub_epi32(_mm256_madd_epi16(s, ones), p.offset);
        a = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sums), _mm256_mul_ps(p.d, _mm256_set1_ps(dy[b])), a);
    };
    int64_t b = 0;
    for (; b + kBlockSumLanes <= nb; b += kBlockSumLanes)
        for (int k = 0; k < kBlockSumLanes; ++k)
            step(b + k, acc[k]);
    for (int k = 0; b < nb; ++b, ++k)
        step(b, acc[k]);
    // (k, k+4), (k, k+2), (k, k+1): foldBlockSumLanes, each row in its own lane.
    const __m256 even = _mm256_add_ps(_mm256_add_ps(acc[0], acc[4]), _mm256_add_ps(acc[2], acc[6]));
    const __m256 odd = _mm256_add_ps(_mm256_add_ps(acc[1], acc[5]), _mm256_add_ps(acc[3], acc[7]));
    _mm256_storeu_ps(out, _mm256_add_ps(even, odd));
}

void panel(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
           size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t nb = n / kQK;
    // The repacked rows, then one token's quants + 128 and scales (reused token after token).
    const size_t tokenBytes = size_t(nb) * (kQK + sizeof(float));
    auto* packed = scratchArray<InterleavedQ4_0>(
        scratch, size_t(kGroups * nb) + (tokenBytes + sizeof(InterleavedQ4_0) - 1) / sizeof(InterleavedQ4_0));
    interleave(w, wStride, nb, packed);
    auto* yq = reinterpret_cast<uint8_t*>(packed + kGroups * nb);
    auto* dy = reinterpret_cast<float*>(yq + size_t(kQK) * size_t(nb));
    const __m256i flip = _mm256_set1_epi8(char(0x80));
    for (int64_t t = 0; t < acts; ++t) {
        prefetchNextPanel(w, wStride, t, acts);
        const auto* y = reinterpret_cast<const BlockQ8_0*>(static_cast<const uint8_t*>(a) + aStride * size_t(t));
        for (int64_t b = 0; b < nb; ++b) {
            const __m256i q = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[b].qs));
            _mm256_store_si256(reinterpret_cast<__m256i*>(yq + size_t(kQK) * size_t(b)), _mm256_xor_si256(q, flip));
            dy[b] = halfToFloat(y[b].d);
        }
        for (int g = 0; g < kGroups; ++g)
            tokenGroup(packed + g * nb, yq, dy, nb, out + size_t(t) * outStride + size_t(g * kRows));
    }
}

}  // namespace

void fillAvx2GemmQ4_0(KernelTable& t)
{
    t.gemmPanel[size_t(gguf::GgmlType::Q4_0)] = panel;
    t.gemmPanelUnpacks[size_t(gguf::GgmlType::Q4_0)] = true;
}

}  // namespace strata::kernels::detail
