// AVX2 decode kernel that takes kDotRows Q4_K weight rows against one activation row (as
// dot_rows_avx512.cpp does for AVX-512). At one thread the one-row AVX2 dot was compute-bound: on
// the Zen 5 VM it read at 67-76 % of what a matrix-vector loop can read. Four rows share the
// activation loads and the min-term inputs, take their scales from registers by byte shuffles
// instead of one broadcast load per 32 quants, reduce their integer sums in one shuffle tree and do
// their float steps in one register.
//
// Each row's float steps are exactly those of dot_avx2.cpp's dotQ4_K (integer sums may be formed in
// any order; the float operations per lane are the same), so decode through this kernel gives the
// same bits as the one-row dot and as the prefill panel (gemm_q4_k_avx2.cpp).
#include "kernels/dot_variants.hpp"
#include "kernels/row_group.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

static_assert(kDotRows == 4, "the shuffle trees below reduce exactly four rows");

// Two rows' first 16 bytes (d, dmin, the 12 packed scale bytes) as the two 128-bit lanes.
inline __m256i loadHeaders(const BlockQ4_K& low, const BlockQ4_K& high)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(&low))),
                                   _mm_loadu_si128(reinterpret_cast<const __m128i*>(&high)), 1);
}

// unpackScaleMinK4Vec on each 128-bit lane of loadHeaders (dwords shifted by the 4 bytes of d and
// dmin in front): bytes 0..7 the lane's row's scales, 8..15 its mins.
inline __m256i unpackScaleMins(__m256i head)
{
    const __m256i lowShift = _mm256_setr_epi32(0, 0, 0, 4, 0, 0, 0, 4);
    const __m256i lowMask = _mm256_setr_epi32(0x3f3f3f3f, 0x0f0f0f0f, 0x3f3f3f3f, 0x0f0f0f0f, 0x3f3f3f3f, 0x0f0f0f0f,
                                              0x3f3f3f3f, 0x0f0f0f0f);
    const __m256i topMask = _mm256_setr_epi32(0, 0x30303030, 0, 0x30303030, 0, 0x30303030, 0, 0x30303030);
    const __m256i low =
        _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi32(head, _MM_SHUFFLE(3, 2, 3, 1)), lowShift), lowMask);
    const __m256i top =
        _mm256_and_si256(_mm256_srli_epi32(_mm256_shuffle_epi32(head, _MM_SHUFFLE(2, 2, 1, 1)), 2), topMask);
    return _mm256_or_si256(low, top);
}

// vpshufb controls that turn two rows' unpacked scale bytes (one row per 128-bit lane) into dwords
// holding scale g as an int16 pair (s, s), for g = 0..3 and 4..7: madd(p, (s, s)) = s * (p_even + p_odd),
// the lanes madd(p, s) gives with s in every int16. Stored once per block, each is then broadcast
// from memory, which costs a load and no shuffle.
inline __m256i scalePairControl(int firstGroup)
{
    const auto pair = [firstGroup](int k) { return char(firstGroup + k); };
    const char z = char(0x80);
    return _mm256_setr_epi8(pair(0), z, pair(0), z, pair(1), z, pair(1), z, pair(2), z, pair(2), z, pair(3), z, pair(3),
                            z, pair(0), z, pair(0), z, pair(1), z, pair(1), z, pair(2), z, pair(2), z, pair(3), z,
                            pair(3), z);
}

// Even and odd int32 lanes of four rows' accumulators summed, in the layout of the float steps:
// lanes 0..3 = rows 0 and 2 (even, odd each), lanes 4..7 = rows 1 and 3.
inline __m256i sumEvenOddLanes4(__m256i r0, __m256i r1, __m256i r2, __m256i r3)
{
    const __m256i r02 = _mm256_add_epi32(_mm256_unpacklo_epi64(r0, r2), _mm256_unpackhi_epi64(r0, r2));
    const __m256i r13 = _mm256_add_epi32(_mm256_unpacklo_epi64(r1, r3), _mm256_unpackhi_epi64(r1, r3));
    return _mm256_add_epi32(_mm256_permute2x128_si256(r02, r13, 0x20), _mm256_permute2x128_si256(r02, r13, 0x31));
}

void dotRowsQ4_K(const void* w, size_t wStride, const void* a, int64_t n, float* out)
{
    const int64_t blocks = n / kQK_K;
    const RowGroup<BlockQ4_K> rows(w, wStride, blocks);
    const auto& x = rows.row;
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i controlLow = scalePairControl(0), controlHigh = scalePairControl(4);

    __m256 acc = _mm256_setzero_ps();  // lanes (0, 1): row 0's two float accumulators, (2, 3) row 2's,
                                       // (4, 5) row 1's, (6, 7) row 3's
    for (int64_t b = 0; b < blocks; ++b) {
        rows.prefetch(b);
        const __m256i head01 = loadHeaders(x[0][b], x[1][b]), head23 = loadHeaders(x[2][b], x[3][b]);
        const __m256i sm01 = unpackScaleMins(head01), sm23 = unpackScaleMins(head23);

        // Min term per row, as in the one-row dot: lanes 0, 1 of each 128-bit half of minSum.
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums));
        const __m256i bs2 = _mm256_broadcastsi128_si256(
            _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums + 8))));
        const __m256i min01 = _mm256_madd_epi16(bs2, _mm256_unpackhi_epi8(sm01, zero));
        const __m256i min23 = _mm256_madd_epi16(bs2, _mm256_unpackhi_epi8(sm23, zero));
        const __m256i minSum =
            _mm256_add_epi32(_mm256_unpacklo_epi64(min01, min23), _mm256_unpackhi_epi64(min01, min23));

        // Row r's scale g as (s, s) at pairs[2 * (r / 2) + g / 4][4 * (r % 2) + g % 4].
        alignas(32) int32_t pairs[4][8];
        _mm256_store_si256(reinterpret_cast<__m256i*>(pairs[0]), _mm256_shuffle_epi8(sm01, controlLow));
        _mm256_store_si256(reinterpret_cast<__m256i*>(pairs[1]), _mm256_shuffle_epi8(sm01, controlHigh));
        _mm256_store_si256(reinterpret_cast<__m256i*>(pairs[2]), _mm256_shuffle_epi8(sm23, controlLow));
        _mm256_store_si256(reinterpret_cast<__m256i*>(pairs[3]), _mm256_shuffle_epi8(sm23, controlHigh));
        const auto scale = [&pairs](int r, int group) {
            return _mm256_set1_epi32(pairs[2 * (r / 2) + group / 4][4 * (r % 2) + group % 4]);
        };
        __m256i isum[kDotRows] = {zero, zero, zero, zero};
        const int8_t* q8 = y[b].qs;
        for (int j = 0; j < 4; ++j) {
            const __m256i actLow = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q8 + 64 * j));
            const __m256i actHigh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q8 + 64 * j + 32));
            for (int r = 0; r < kDotRows; ++r) {
                const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[r][b].qs + 32 * j));
                const __m256i p0 = _mm256_maddubs_epi16(_mm256_and_si256(raw, low4), actLow);
                const __m256i p1 = _mm256_maddubs_epi16(_mm256_and_si256(_mm256_srli_epi16(raw, 4), low4), actHigh);
                isum[r] = _mm256_add_epi32(isum[r], _mm256_add_epi32(_mm256_madd_epi16(p0, scale(r, 2 * j)),
                                                                     _mm256_madd_epi16(p1, scale(r, 2 * j + 1))));
            }
        }
        // d and dmin of rows 0, 2, 1, 3 (the lanes' order) times the activation's scale.
        const __m256i dwords = _mm256_shuffle_epi32(_mm256_unpacklo_epi64(head01, head23), _MM_SHUFFLE(2, 0, 2, 0));
        const __m256 factors = _mm256_mul_ps(
            _mm256_cvtph_ps(_mm256_castsi256_si128(_mm256_permute4x64_epi64(dwords, _MM_SHUFFLE(2, 0, 2, 0)))),
            _mm256_set1_ps(y[b].d));
        const __m256 dFactor = _mm256_shuffle_ps(factors, factors, _MM_SHUFFLE(2, 2, 0, 0));
        const __m256 minFactor = _mm256_shuffle_ps(factors, factors, _MM_SHUFFLE(3, 3, 1, 1));
        const __m256i sums = sumEvenOddLanes4(isum[0], isum[1], isum[2], isum[3]);
        const __m256 block =
            _mm256_fnmadd_ps(_mm256_cvtepi32_ps(minSum), minFactor, _mm256_mul_ps(_mm256_cvtepi32_ps(sums), dFactor));
        acc = _mm256_add_ps(acc, block);
    }
    alignas(32) float lanes[8];
    _mm256_store_ps(lanes, acc);
    out[0] = lanes[0] + lanes[1];
    out[2] = lanes[2] + lanes[3];
    out[1] = lanes[4] + lanes[5];
    out[3] = lanes[6] + lanes[7];
}

}  // namespace

void fillAvx2DotRows(KernelTable& t)
{
    t.dotRows[size_t(GgmlType::Q4_K)] = dotRowsQ4_K;
}

}  // namespace strata::kernels::detail
