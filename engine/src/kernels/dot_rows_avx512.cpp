// AVX-512 decode kernels that take kDotRows weight rows against one activation row. Decode is a
// matrix-vector product and, on the cores this was tuned on, compute-bound at about the rate one
// core can read memory: one row at a time redoes the activation's loads, the min-term inputs and
// a full horizontal reduction per row. Four rows share the activation work, unpack four rows'
// scales in one register and reduce four accumulators in one shuffle tree.
//
// Each row's float steps are exactly those of dot_avx512.cpp's dot product (integer sums may be
// formed in any order; the float operations per lane are the same), so decode through these
// kernels gives the same bits as the single-row dots and as the prefill panels.
#include "kernels/dot_variants.hpp"
#include "kernels/row_group.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

static_assert(kDotRows == 4, "the shuffle trees below reduce exactly four rows");

// The first 16 bytes of a Q4_K block: d, dmin (f16) and the 12 packed scale bytes.
inline __m128i loadHeader(const BlockQ4_K& b)
{
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(&b));
}

// vpshufb controls: from a register holding one row's 8 int16 scales in every 128-bit lane,
// int16 lanes 0..15 take the scale of group 2j, lanes 16..31 that of group 2j+1 (the quant lanes of
// step j). Byte shuffles of a broadcast row keep these constants in registers: per-row vpermw
// indices were 16 loads of 64 bytes per block, which on Zen 5 took L1 load bandwidth from the
// weight stream.
inline __m512i scaleControl(int j)
{
    const auto pair = [](int group) { return int16_t(group * 2 | (group * 2 + 1) << 8); };
    const __m128i first = _mm_set1_epi16(pair(2 * j)), second = _mm_set1_epi16(pair(2 * j + 1));
    const __m256i lowHalf = _mm256_set_m128i(first, first), highHalf = _mm256_set_m128i(second, second);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lowHalf), highHalf, 1);
}

// Even and odd int32 lanes of each of four accumulators summed: 128-bit quarter r of the result
// holds row r's (even, odd, even, odd) sums, as sumEvenOddLanes gives for one row.
inline __m512i sumEvenOddLanes4(__m512i a, __m512i b, __m512i c, __m512i d)
{
    // Quarter sums of 256-bit halves: AB's low half is a's lanes i + i+8, its high half b's.
    const __m512i ab = _mm512_add_epi32(_mm512_shuffle_i64x2(a, b, _MM_SHUFFLE(1, 0, 1, 0)),
                                        _mm512_shuffle_i64x2(a, b, _MM_SHUFFLE(3, 2, 3, 2)));
    const __m512i cd = _mm512_add_epi32(_mm512_shuffle_i64x2(c, d, _MM_SHUFFLE(1, 0, 1, 0)),
                                        _mm512_shuffle_i64x2(c, d, _MM_SHUFFLE(3, 2, 3, 2)));
    // Then the two quarters of each half: quarter r = row r's four lanes i + i+4 (+8, +12).
    const __m512i x = _mm512_add_epi32(_mm512_shuffle_i32x4(ab, cd, _MM_SHUFFLE(2, 0, 2, 0)),
                                       _mm512_shuffle_i32x4(ab, cd, _MM_SHUFFLE(3, 1, 3, 1)));
    return _mm512_add_epi32(x, _mm512_shuffle_epi32(x, _MM_PERM_DCDC));
}

void dotRowsQ4_K(const void* w, size_t wStride, const void* a, int64_t n, float* out)
{
    const int64_t blocks = n / kQK_K;
    const RowGroup<BlockQ4_K> rows(w, wStride, blocks);
    const auto& x = rows.row;
    const auto* y = static_cast<const BlockQ8_K*>(a);
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i nibbleShift = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(4), 1);
    // unpackScaleMinK4Vec on each quarter, shifted by the 4 bytes of d and dmin in front.
    const __m512i lowMask = _mm512_broadcast_i32x4(_mm_setr_epi32(0x3f3f3f3f, 0x0f0f0f0f, 0x3f3f3f3f, 0x0f0f0f0f));
    const __m512i lowShift = _mm512_broadcast_i32x4(_mm_setr_epi32(0, 0, 0, 4));
    const __m512i topMask = _mm512_broadcast_i32x4(_mm_setr_epi32(0, 0x30303030, 0, 0x30303030));
    const __m512i evenQwords = _mm512_setr_epi64(0, 2, 4, 6, 0, 2, 4, 6);
    const __m512i oddQwords = _mm512_setr_epi64(1, 3, 5, 7, 1, 3, 5, 7);
    const __m512i dminDwords = _mm512_setr_epi32(0, 0, 4, 4, 8, 8, 12, 12, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m512i control[4] = {scaleControl(0), scaleControl(1), scaleControl(2), scaleControl(3)};

    __m512 acc = _mm512_setzero_ps();  // quarter r, lanes 0 and 1: row r's two float accumulators
    for (int64_t b = 0; b < blocks; ++b) {
        rows.prefetch(b);
        __m512i head = _mm512_castsi128_si512(loadHeader(x[0][b]));
        head = _mm512_inserti32x4(head, loadHeader(x[1][b]), 1);
        head = _mm512_inserti32x4(head, loadHeader(x[2][b]), 2);
        head = _mm512_inserti32x4(head, loadHeader(x[3][b]), 3);
        const __m512i lowBits =
            _mm512_and_si512(_mm512_srlv_epi32(_mm512_shuffle_epi32(head, _MM_PERM_DCDB), lowShift), lowMask);
        const __m512i topBits =
            _mm512_and_si512(_mm512_srli_epi32(_mm512_shuffle_epi32(head, _MM_PERM_CCBB), 2), topMask);
        const __m512i sm = _mm512_or_si512(lowBits, topBits);  // per quarter: 8 scales, 8 mins
        const __m512i sc = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(_mm512_permutexvar_epi64(evenQwords, sm)));
        const __m512i mins = _mm512_cvtepu8_epi16(_mm512_castsi512_si256(_mm512_permutexvar_epi64(oddQwords, sm)));

        // Min term per row, as in the single-row dot: lanes 0, 1 of quarter r = row r's minSum.
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums));
        const __m128i bs2 = _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[b].bsums + 8)));
        const __m512i min4 = _mm512_madd_epi16(_mm512_broadcast_i32x4(bs2), mins);
        const __m512i minSum = _mm512_add_epi32(min4, _mm512_shuffle_epi32(min4, _MM_PERM_DCDC));

        // Row r's scales in every 128-bit lane.
        const __m512i rowScales[kDotRows] = {_mm512_shuffle_i32x4(sc, sc, 0x00), _mm512_shuffle_i32x4(sc, sc, 0x55),
                                             _mm512_shuffle_i32x4(sc, sc, 0xAA), _mm512_shuffle_i32x4(sc, sc, 0xFF)};
        __m512i isum[kDotRows] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                                  _mm512_setzero_si512()};
        const int8_t* q8 = y[b].qs;
        for (int j = 0; j < 4; ++j) {
            const __m512i act = _mm512_loadu_si512(q8 + 64 * j);
            for (int r = 0; r < kDotRows; ++r) {
                const __m512i raw =
                    _mm512_broadcast_i64x4(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(x[r][b].qs + 32 * j)));
                const __m512i qx = _mm512_and_si512(_mm512_srlv_epi16(raw, nibbleShift), low4);
                isum[r] = _mm512_dpwssd_epi32(isum[r], _mm512_maddubs_epi16(qx, act),
                                              _mm512_shuffle_epi8(rowScales[r], control[j]));
            }
        }
        // d and dmin of each row times the activation's scale: quarter r = (d_r, dmin_r, d_r, dmin_r) * d_y.
        const __m512 factors =
            _mm512_mul_ps(_mm512_cvtph_ps(_mm512_castsi512_si256(_mm512_permutexvar_epi32(dminDwords, head))),
                          _mm512_set1_ps(y[b].d));
        const __m512 dFactor = _mm512_shuffle_ps(factors, factors, _MM_SHUFFLE(0, 0, 0, 0));
        const __m512 minFactor = _mm512_shuffle_ps(factors, factors, _MM_SHUFFLE(1, 1, 1, 1));
        const __m512i sums = sumEvenOddLanes4(isum[0], isum[1], isum[2], isum[3]);
        const __m512 block =
            _mm512_fnmadd_ps(_mm512_cvtepi32_ps(minSum), minFactor, _mm512_mul_ps(_mm512_cvtepi32_ps(sums), dFactor));
        acc = _mm512_add_ps(acc, block);
    }
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, acc);
    for (int r = 0; r < kDotRows; ++r)
        out[r] = lanes[4 * r] + lanes[4 * r + 1];
}

}  // namespace

void fillAvx512DotRows(KernelTable& t)
{
    t.dotRows[size_t(GgmlType::Q4_K)] = dotRowsQ4_K;
    // No Q8_0 kernel: a four-row one (e42b3ea) read at 89-100 % of memory on a Xeon guest but at
    // 70-73 % on the AMD Zen 5 VM, where the one-row dot with prefetchAhead reads at 78-83 %.
}

}  // namespace strata::kernels::detail
