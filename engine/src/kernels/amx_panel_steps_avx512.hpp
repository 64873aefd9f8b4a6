// The AMX panels' work around the tiles in AVX-512 (gemm_amx_panel.hpp, gemm_amx_q4_k_panel.hpp):
// repacking weights into B tiles (Q8_0, Q4_0: row loads and transposes; Q4_K: gathers), and the
// float steps after each tile product, each the same bytes and float operations as the scalar
// versions (the panels' portable repacking, EmulatedTiles). Include only from files compiled with
// the AVX-512 flags.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "kernels/block_sum_order.hpp"
#include "kernels/gemm_amx_panel.hpp"
#include "kernels/gemm_amx_q4_k_panel.hpp"
#include "kernels/gemm_amx_q6_k_panel.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

namespace strata::kernels::detail {
namespace {  // internal linkage, as simd_common.hpp

struct Avx512PanelSteps {
    static float toFloat(uint16_t h) { return halfToFloat(h); }

    // repackWeights with row loads and in-register transposes: B tile row k of a block holds dword k
    // of each of the 16 rows. Q8_0: vectors of 2 rows' 8 dwords (rows j, j + 8), transposed 8 x 8
    // within each half; Q4_0: vectors of 4 rows' 4 dwords of nibbles (j, j + 4, j + 8, j + 12),
    // transposed 4 x 4 within each 128-bit lane, each result giving a tile row of low and one of
    // high nibbles. Per block 24 (Q4_0: 8) shuffles where 8 (4) gathers loaded 16 dwords each; the
    // 16 rows' scales still take one gather.
    static constexpr bool kVectorRepack = true;
    template <typename Weights>
    static bool repack(const void* w, size_t wStride, int64_t blocks, const PanelMemory& m)
    {
        using Block = typename Weights::Block;
        if (wStride * (kPanelRows - 1) + sizeof(Block) * size_t(blocks) > size_t(INT32_MAX))
            return false;  // gather offsets are int32
        const __m512i rowOffsets = _mm512_mullo_epi32(
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi32(int(wStride)));
        const auto* base = static_cast<const uint8_t*>(w);
        for (int64_t b = 0; b < blocks; ++b) {
            const uint8_t* block = base + size_t(b) * sizeof(Block);
            const auto quants = [&](int r) { return block + wStride * size_t(r) + offsetof(Block, qs); };
            __m512i* tile = reinterpret_cast<__m512i*>(m.bTiles + b * kBTileBytes);
            if constexpr (std::is_same_v<Weights, Q8_0Weights>) {
                __m512i rows[8];
                for (int j = 0; j < 8; ++j)
                    rows[j] = _mm512_inserti64x4(
                        _mm512_castsi256_si512(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(quants(j)))),
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(quants(j + 8))), 1);
                transpose8x8Halves(rows);
                for (int k = 0; k < kQK / 4; ++k)
                    _mm512_store_si512(tile + k, rows[k]);
            } else {
                static_assert(std::is_same_v<Weights, Q4_0Weights>);
                __m512i rows[4];
                for (int j = 0; j < 4; ++j) {
                    const auto row = [&](int r) {
                        return _mm_loadu_si128(reinterpret_cast<const __m128i*>(quants(r)));
                    };
                    rows[j] = _mm512_inserti32x4(_mm512_castsi128_si512(row(j)), row(j + 4), 1);
                    rows[j] = _mm512_inserti32x4(rows[j], row(j + 8), 2);
                    rows[j] = _mm512_inserti32x4(rows[j], row(j + 12), 3);
                }
                transpose4x4Lanes(rows);
                const __m512i low4 = _mm512_set1_epi8(0x0F), eight = _mm512_set1_epi8(8);
                for (int k = 0; k < kQK / 8; ++k) {
                    _mm512_store_si512(tile + k, _mm512_sub_epi8(_mm512_and_si512(rows[k], low4), eight));
                    _mm512_store_si512(tile + k + kQK / 8,
                                       _mm512_sub_epi8(_mm512_and_si512(_mm512_srli_epi32(rows[k], 4), low4), eight));
                }
            }
            const __m512i halves = _mm512_i32gather_epi32(rowOffsets, block + offsetof(Block, d), 1);
            _mm512_store_ps(m.weightScales + b * kPanelRows, _mm512_cvtph_ps(_mm512_cvtepi32_epi16(halves)));
        }
        return true;
    }

    // v[j] dword i of each 128-bit lane -> v[i] dword j of that lane (four 4 x 4 transposes).
    static void transpose4x4Lanes(__m512i v[4])
    {
        const __m512i t0 = _mm512_unpacklo_epi32(v[0], v[1]), t1 = _mm512_unpackhi_epi32(v[0], v[1]);
        const __m512i t2 = _mm512_unpacklo_epi32(v[2], v[3]), t3 = _mm512_unpackhi_epi32(v[2], v[3]);
        v[0] = _mm512_unpacklo_epi64(t0, t2);
        v[1] = _mm512_unpackhi_epi64(t0, t2);
        v[2] = _mm512_unpacklo_epi64(t1, t3);
        v[3] = _mm512_unpackhi_epi64(t1, t3);
    }

    // v[j] dword i of each 256-bit half -> v[i] dword j of that half (two 8 x 8 transposes): 4 x 4
    // within lanes for v[0..3] and v[4..7], then their 128-bit lanes regrouped by dword.
    static void transpose8x8Halves(__m512i v[8])
    {
        transpose4x4Lanes(v);
        transpose4x4Lanes(v + 4);
        // v[i] (i < 4), by 128-bit lane: rows 0-3 dword i, rows 0-3 dword i + 4, rows 8-11 dword i,
        // rows 8-11 dword i + 4; v[i + 4] the same for rows 4-7 and 12-15.
        const __m512i first = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
        const __m512i second = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
        __m512i out[8];
        for (int i = 0; i < 4; ++i) {
            out[i] = _mm512_permutex2var_epi64(v[i], first, v[i + 4]);
            out[i + 4] = _mm512_permutex2var_epi64(v[i], second, v[i + 4]);
        }
        for (int i = 0; i < 8; ++i)
            v[i] = out[i];
    }

    // EmulatedTiles::actScales with one gather per block: its scales of the group's tokens, the
    // activation rows apart (`out` is 64-byte aligned; lanes of missing tokens get 0).
    static void actScales(float* out, const uint8_t* scales, size_t aStride, int64_t blocks, int rows)
    {
        if (aStride * (kTileMaxRows - 1) > size_t(INT32_MAX)) {  // gather offsets are int32
            for (int64_t b = 0; b < blocks; ++b)
                for (int t = 0; t < rows; ++t) {
                    uint16_t h;
                    std::memcpy(&h, scales + size_t(t) * aStride + size_t(b) * sizeof(BlockQ8_0), 2);
                    out[b * 16 + t] = halfToFloat(h);
                }
            return;
        }
        const __m512i tokenOffsets = _mm512_mullo_epi32(
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi32(int(aStride)));
        const __mmask16 tokens = __mmask16((1u << rows) - 1);
        for (int64_t b = 0; b < blocks; ++b) {
            const __m512i halves = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), tokens, tokenOffsets,
                                                               scales + size_t(b) * sizeof(BlockQ8_0), 1);
            _mm512_store_ps(out + b * 16, _mm512_cvtph_ps(_mm512_cvtepi32_epi16(halves)));
        }
    }

    // EmulatedTiles::scaleAdd with 16 rows per vector: the same multiply, then one fused multiply-add.
    static void scaleAdd(float* acc, const int32_t* c, const float* dw, const float* da, int rows)
    {
        const __m512 w = _mm512_load_ps(dw);
        for (int t = 0; t < rows; ++t) {
            const __m512 scale = _mm512_mul_ps(w, _mm512_set1_ps(da[t]));
            const __m512 sums = _mm512_cvtepi32_ps(_mm512_load_si512(c + 16 * t));
            _mm512_store_ps(acc + 16 * t, _mm512_fmadd_ps(sums, scale, _mm512_load_ps(acc + 16 * t)));
        }
    }

    // EmulatedTiles::scaleAddLane and the rest, a token per vector: the lane in 16 registers (the
    // panel's calls inline, the loops unroll), so each token takes a conversion from the stored
    // sums, a multiply by its broadcast scale and a fused multiply-add, the same operations.
    struct Lane {
        __m512 acc[kTileMaxRows];
    };
    static void zeroLane(Lane& lane)
    {
#pragma GCC unroll 16
        for (int t = 0; t < kTileMaxRows; ++t)
            lane.acc[t] = _mm512_setzero_ps();
    }
    static void scaleAddLane(Lane& lane, const int32_t* c, const float* dw, const float* da)
    {
        const __m512 w = _mm512_load_ps(dw);
#pragma GCC unroll 16
        for (int t = 0; t < kTileMaxRows; ++t)
            lane.acc[t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(_mm512_load_si512(c + 16 * t)),
                                          _mm512_mul_ps(w, _mm512_set1_ps(da[t])), lane.acc[t]);
    }
    static void storeLane(const Lane& lane, float* out)
    {
#pragma GCC unroll 16
        for (int t = 0; t < kTileMaxRows; ++t)
            _mm512_store_ps(out + 16 * t, lane.acc[t]);
    }

    // repackQ4_K with gathers: per super-block, the 16 rows' scales and mins (unpacked once into a
    // small table), d and dmin, and per 4 bytes of quants one gather that gives a tile row of low
    // and one of high nibbles. A vector holds dword r = 4 quants of row r, so byte products with
    // the rows' scale parts are 16-bit multiplies, even and odd bytes apart.
    static constexpr bool kVectorRepackQ4K = true;
    static bool repackQ4_K(const void* w, size_t wStride, int64_t superBlocks, const Q4KPanelMemory& m)
    {
        if (wStride * (kQ4KRows - 1) + sizeof(BlockQ4_K) * size_t(superBlocks) > size_t(INT32_MAX))
            return false;  // gather offsets are int32
        const __m512i rows = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        const __m512i rowOffsets = _mm512_mullo_epi32(rows, _mm512_set1_epi32(int(wStride)));
        const __m512i tableOffsets = _mm512_slli_epi32(rows, 4);
        const __m512i byte0 = _mm512_set1_epi32(0xFF), low4 = _mm512_set1_epi8(0x0F), low3 = _mm512_set1_epi8(0x07);
        const __m512i evenBytes = _mm512_set1_epi16(0x00FF);
        const auto mulBytes = [&](__m512i q, __m512i s) {  // q * s < 128 per byte
            const __m512i even = _mm512_and_si512(_mm512_mullo_epi16(q, s), evenBytes);
            const __m512i odd = _mm512_mullo_epi16(_mm512_srli_epi16(q, 8), _mm512_srli_epi16(s, 8));
            return _mm512_or_si512(even, _mm512_slli_epi16(odd, 8));
        };
        alignas(64) uint8_t scaleMins[kQ4KRows * 16 + 16];  // row r: 8 scales, 8 mins (+ slack for gathers)
        const auto* base = static_cast<const uint8_t*>(w);
        for (int64_t b = 0; b < superBlocks; ++b) {
            const uint8_t* block = base + size_t(b) * sizeof(BlockQ4_K);
            for (int r = 0; r < kQ4KRows; ++r)
                _mm_store_si128(reinterpret_cast<__m128i*>(scaleMins + 16 * r),
                                unpackScaleMinK4Vec(block + wStride * size_t(r) + offsetof(BlockQ4_K, scales)));
            __m512i lo[8], hi[8];  // group g's scale parts, each row's byte in its 4 bytes
            for (int g = 0; g < 8; ++g) {
                const __m512i sc = _mm512_and_si512(_mm512_i32gather_epi32(tableOffsets, scaleMins + g, 1), byte0);
                const __m512i spread = _mm512_mullo_epi32(sc, _mm512_set1_epi32(0x01010101));
                lo[g] = _mm512_and_si512(spread, low3);
                hi[g] = _mm512_and_si512(_mm512_srli_epi16(spread, 3), low3);
            }
            for (int p = 0; p < 4; ++p) {
                const __m512i mins = _mm512_i32gather_epi32(tableOffsets, scaleMins + 8 + 2 * p, 1);
                const __m512i pair =
                    _mm512_or_si512(_mm512_and_si512(mins, byte0),
                                    _mm512_slli_epi32(_mm512_and_si512(mins, _mm512_set1_epi32(0xFF00)), 8));
                _mm512_store_si512(m.minPairs + (b * 4 + p) * kQ4KRows, pair);
            }
            const __m512i halves = _mm512_i32gather_epi32(rowOffsets, block, 1);  // d, dmin
            _mm512_store_ps(m.d + b * kQ4KRows, _mm512_cvtph_ps(_mm512_cvtepi32_epi16(halves)));
            _mm512_store_ps(m.dmin + b * kQ4KRows,
                            _mm512_cvtph_ps(_mm512_cvtepi32_epi16(_mm512_srli_epi32(halves, 16))));
            const uint8_t* qs = block + offsetof(BlockQ4_K, qs);
            for (int chunk = 0; chunk < kQ4KChunks; ++chunk)
                for (int j = 0; j < 8; ++j) {
                    const __m512i v = _mm512_i32gather_epi32(rowOffsets, qs + 32 * chunk + 4 * j, 1);
                    const __m512i nibbles[2] = {_mm512_and_si512(v, low4),
                                                _mm512_and_si512(_mm512_srli_epi32(v, 4), low4)};
                    for (int h = 0; h < 2; ++h) {  // tile row j: low nibbles (group 2 chunk); 8 + j: high
                        const int dword = 8 * h + j, g = 2 * chunk + h, half = dword % 2;
                        const auto row = [&](int variant) {
                            return reinterpret_cast<__m512i*>(q4KTile(m, b, chunk, variant) + dword * kTileMaxColBytes);
                        };
                        _mm512_store_si512(row(half), mulBytes(nibbles[h], lo[g]));
                        _mm512_store_si512(row(2 + half), mulBytes(nibbles[h], hi[g]));
                        _mm512_store_si512(row(1 - half), _mm512_setzero_si512());
                        _mm512_store_si512(row(3 - half), _mm512_setzero_si512());
                    }
                }
        }
        return true;
    }

    // EmulatedTiles::scaleAddQ4_K, 16 rows per vector: the same integers (min terms by vpdpwssd on
    // the int16 pairs), then dotQ4_K's multiply, fused negative multiply-add and add.
    static void scaleAddQ4_K(float* acc, const int32_t* sums, const float* d, const float* dmin,
                             const int32_t* minPairs, const uint8_t* act, size_t aStride, int rows)
    {
        constexpr int kTile = 256;
        const __m512 vd = _mm512_load_ps(d), vdmin = _mm512_load_ps(dmin);
        const __m512i m01 = _mm512_load_si512(minPairs), m23 = _mm512_load_si512(minPairs + 16),
                      m45 = _mm512_load_si512(minPairs + 32), m67 = _mm512_load_si512(minPairs + 48);
        for (int t = 0; t < rows; ++t) {
            const uint8_t* y = act + size_t(t) * aStride;
            float dy;
            std::memcpy(&dy, y + offsetof(BlockQ8_K, d), 4);
            const auto* bsums = reinterpret_cast<const __m128i*>(y + offsetof(BlockQ8_K, bsums));
            const __m128i groupSums = _mm_hadd_epi16(_mm_loadu_si128(bsums), _mm_loadu_si128(bsums + 1));
            const __m512i p0 = _mm512_broadcastd_epi32(groupSums);
            const __m512i p1 = _mm512_broadcastd_epi32(_mm_bsrli_si128(groupSums, 4));
            const __m512i p2 = _mm512_broadcastd_epi32(_mm_bsrli_si128(groupSums, 8));
            const __m512i p3 = _mm512_broadcastd_epi32(_mm_bsrli_si128(groupSums, 12));
            const __m512i zero = _mm512_setzero_si512();
            const __m512i minFirst = _mm512_dpwssd_epi32(_mm512_dpwssd_epi32(zero, m01, p0), m45, p2);
            const __m512i minSecond = _mm512_dpwssd_epi32(_mm512_dpwssd_epi32(zero, m23, p1), m67, p3);
            const int32_t* s = sums + 16 * t;
            const __m512i first =
                _mm512_add_epi32(_mm512_load_si512(s), _mm512_slli_epi32(_mm512_load_si512(s + 2 * kTile), 3));
            const __m512i second =
                _mm512_add_epi32(_mm512_load_si512(s + kTile), _mm512_slli_epi32(_mm512_load_si512(s + 3 * kTile), 3));
            const __m512 dyv = _mm512_set1_ps(dy);
            const __m512 ddy = _mm512_mul_ps(vd, dyv), mdy = _mm512_mul_ps(vdmin, dyv);
            float* a0 = acc + 16 * t;
            float* a1 = acc + kTile + 16 * t;
            _mm512_store_ps(
                a0, _mm512_add_ps(_mm512_load_ps(a0), _mm512_fnmadd_ps(_mm512_cvtepi32_ps(minFirst), mdy,
                                                                       _mm512_mul_ps(_mm512_cvtepi32_ps(first), ddy))));
            _mm512_store_ps(a1, _mm512_add_ps(_mm512_load_ps(a1),
                                              _mm512_fnmadd_ps(_mm512_cvtepi32_ps(minSecond), mdy,
                                                               _mm512_mul_ps(_mm512_cvtepi32_ps(second), ddy))));
        }
    }

    static void foldQ4_K(const float* acc, int rows, float* out, size_t outStride)
    {
        for (int t = 0; t < rows; ++t)
            _mm512_storeu_ps(out + size_t(t) * outStride,
                             _mm512_add_ps(_mm512_load_ps(acc + 16 * t), _mm512_load_ps(acc + 256 + 16 * t)));
    }

    // repackQ6_K with gathers: per half super-block and 4 bytes, one gather of low/high nibbles (ql)
    // serves both of its chunks, one of high bits (qh) four dwords; each quant (minus 32) times its
    // group's four scale digits, bytes multiplied in 16-bit lanes (even and odd bytes apart; the low
    // byte of each product is exact, as every digit product fits a signed byte).
    static constexpr bool kVectorRepackQ6K = true;
    static bool repackQ6_K(const void* w, size_t wStride, int64_t superBlocks, const Q6KPanelMemory& m)
    {
        if (wStride * (kQ6KRows - 1) + sizeof(BlockQ6_K) * size_t(superBlocks) > size_t(INT32_MAX))
            return false;  // gather offsets are int32
        const __m512i rowOffsets = _mm512_mullo_epi32(
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi32(int(wStride)));
        const __m512i low4 = _mm512_set1_epi8(0x0F), low2 = _mm512_set1_epi8(0x03), two = _mm512_set1_epi8(2);
        const __m512i offset = _mm512_set1_epi8(32), evenBytes = _mm512_set1_epi16(0x00FF);
        const auto mulBytes = [&](__m512i q, __m512i s) {
            const __m512i even = _mm512_and_si512(_mm512_mullo_epi16(q, s), evenBytes);
            const __m512i odd = _mm512_mullo_epi16(_mm512_srli_epi16(q, 8), _mm512_srli_epi16(s, 8));
            return _mm512_or_si512(even, _mm512_slli_epi16(odd, 8));
        };
        const auto* base = static_cast<const uint8_t*>(w);
        for (int64_t b = 0; b < superBlocks; ++b) {
            const uint8_t* block = base + size_t(b) * sizeof(BlockQ6_K);
            // d is the block's last two bytes: gather the dword that ends with it.
            const __m512i ends = _mm512_i32gather_epi32(rowOffsets, block + offsetof(BlockQ6_K, d) - 2, 1);
            _mm512_store_ps(m.d + b * kQ6KRows, _mm512_cvtph_ps(_mm512_cvtepi32_epi16(_mm512_srli_epi32(ends, 16))));
            __m512i scales[4];  // dword j: groups 4j..4j+3 of each row
            for (int j = 0; j < 4; ++j)
                scales[j] = _mm512_i32gather_epi32(rowOffsets, block + offsetof(BlockQ6_K, scales) + 4 * j, 1);
            for (int half = 0; half < 2; ++half) {
                __m512i ql[16], qh[8];
                for (int k = 0; k < 16; ++k)
                    ql[k] = _mm512_i32gather_epi32(rowOffsets, block + offsetof(BlockQ6_K, ql) + 64 * half + 4 * k, 1);
                for (int k = 0; k < 8; ++k)
                    qh[k] = _mm512_i32gather_epi32(rowOffsets, block + offsetof(BlockQ6_K, qh) + 32 * half + 4 * k, 1);
                for (int parity = 0; parity < 2; ++parity) {
                    const int chunk = 2 * half + parity;
                    for (int k = 0; k < 16; ++k) {
                        const int group = 4 * chunk + k / 4;
                        const __m512i sc =
                            _mm512_mullo_epi32(_mm512_and_si512(_mm512_srli_epi32(scales[group / 4], 8 * (group % 4)),
                                                                _mm512_set1_epi32(0xFF)),
                                               _mm512_set1_epi32(0x01010101));
                        const __m512i digits[kQ6KDigits] = {
                            _mm512_and_si512(sc, low2), _mm512_and_si512(_mm512_srli_epi32(sc, 2), low2),
                            _mm512_and_si512(_mm512_srli_epi32(sc, 4), low2),
                            _mm512_sub_epi8(_mm512_xor_si512(_mm512_and_si512(_mm512_srli_epi32(sc, 6), low2), two),
                                            two)};
                        const __m512i lowBits = _mm512_and_si512(_mm512_srli_epi32(ql[k], 4 * parity), low4);
                        const __m512i highBits =
                            _mm512_and_si512(_mm512_srli_epi32(qh[k % 8], unsigned(2 * (2 * parity + k / 8))), low2);
                        const __m512i q =
                            _mm512_sub_epi8(_mm512_or_si512(lowBits, _mm512_slli_epi32(highBits, 4)), offset);
                        for (int digit = 0; digit < kQ6KDigits; ++digit)
                            _mm512_store_si512(
                                reinterpret_cast<__m512i*>(q6KTile(m, b, chunk, digit) + k * kTileMaxColBytes),
                                mulBytes(q, digits[digit]));
                    }
                }
            }
        }
        return true;
    }

    // EmulatedTiles::scaleAddQ6_K, 16 rows per vector: the same integers, multiply and fused
    // multiply-add.
    static void scaleAddQ6_K(float* acc, const int32_t* sums, const float* d, const uint8_t* act, size_t aStride,
                             int rows)
    {
        constexpr int kTile = 256;
        const __m512 vd = _mm512_load_ps(d);
        for (int t = 0; t < rows; ++t) {
            float dy;
            std::memcpy(&dy, act + size_t(t) * aStride + offsetof(BlockQ8_K, d), 4);
            const int32_t* s = sums + 16 * t;
            const __m512i sum = _mm512_add_epi32(
                _mm512_add_epi32(_mm512_load_si512(s), _mm512_slli_epi32(_mm512_load_si512(s + kTile), 2)),
                _mm512_add_epi32(_mm512_slli_epi32(_mm512_load_si512(s + 2 * kTile), 4),
                                 _mm512_slli_epi32(_mm512_load_si512(s + 3 * kTile), 6)));
            float* a = acc + 16 * t;
            _mm512_store_ps(
                a, _mm512_fmadd_ps(_mm512_cvtepi32_ps(sum), _mm512_mul_ps(_mm512_set1_ps(dy), vd), _mm512_load_ps(a)));
        }
    }

    // EmulatedTiles::fold, 16 rows per vector: the same pairwise additions.
    static void fold(const float* lanes, int rows, float* out, size_t outStride)
    {
        constexpr int kLaneStride = kTileMaxRows * kPanelRows;
        for (int t = 0; t < rows; ++t) {
            __m512 l[kBlockSumLanes];
            for (int k = 0; k < kBlockSumLanes; ++k)
                l[k] = _mm512_load_ps(lanes + k * kLaneStride + 16 * t);
            for (int width = kBlockSumLanes / 2; width >= 1; width /= 2)
                for (int k = 0; k < width; ++k)
                    l[k] = _mm512_add_ps(l[k], l[k + width]);
            _mm512_storeu_ps(out + size_t(t) * outStride, l[0]);
        }
    }
};

}  // namespace
}  // namespace strata::kernels::detail
