// AVX-512 VNNI prefill panel for Q4_K weights x Q8_K activations, rows interleaved.
//
// A row-per-vector panel pays, for every (weight row, token) pair and super-block, a float
// epilogue (convert, scale, multiply-add) and a min term next to its 8 multiply instructions.
// Here a vector holds 8 weight rows side by side, 8 consecutive quants each; one token's 8
// matching activation bytes are broadcast to all rows. dpbusd over a group's 4 chunks leaves 2
// int32 lanes per row small enough for one dpwssd to apply the group scale, and one convert and
// multiply-add finish 8 pairs at once: ~6 instructions per pair and super-block instead of ~13.
//
// The integer sums are exact; the AVX-512 dotQ4_K splits them into the same two halves and does
// the same float steps in the same order, so panel and dot product agree bit for bit.
#include "kernels/dot_variants.hpp"
#include "kernels/panel_scratch.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <cstring>
#include <vector>

namespace strata::kernels::detail {

namespace {

constexpr int kRowsPerVector = 8;  // 8 rows x 8 bytes = one zmm
constexpr int kVectors = kGemmTileRows / kRowsPerVector;
constexpr int kChunk = 8;                     // quants per row per vector
constexpr int kChunks = kQK_K / kChunk;       // 32 per super-block
constexpr int kChunksPerGroup = 32 / kChunk;  // a Q4_K group has 32 quants
static_assert(kGemmTileRows % kRowsPerVector == 0);

// One super-block of 8 weight rows. Row k owns bytes 8k..8k+7 of each q vector, hence int32 lanes
// 2k (quants 0..3 of each 8) and 2k+1 (quants 4..7) after dpbusd; scales, mins and the float
// factors are laid out to match.
struct alignas(64) InterleavedQ4_K {
    __m512i q[kChunks];  // quants as bytes 0..15, chunk c = elements 8c..8c+7
    __m512i scale[8];    // group g: row k's 6-bit scale in int16 lanes 4k and 4k+2 (zero in 4k+1, 4k+3)
    __m512i mins[2];     // row k's mins of groups 4h..4h+3 in int16 lanes 4k..4k+3
    __m512 d, dmin;      // row k's in float lanes 2k, 2k+1
};

// vpermt2w indices that gather one int16 per row from 8 rows x 8 values (lane 8k + i) into
// lanes 4k..4k+3: value g of every row (scales), or values 4h..4h+3 (mins).
struct SpreadIndices {
    alignas(64) int16_t scale[8][32];
    alignas(64) int16_t mins[2][32];
};
constexpr SpreadIndices makeSpreadIndices()
{
    SpreadIndices t{};
    for (int k = 0; k < kRowsPerVector; ++k)
        for (int l = 0; l < 4; ++l) {
            for (int g = 0; g < 8; ++g)
                t.scale[g][4 * k + l] = int16_t(8 * k + g);
            for (int h = 0; h < 2; ++h)
                t.mins[h][4 * k + l] = int16_t(8 * k + 4 * h + l);
        }
    return t;
}
alignas(64) constexpr SpreadIndices kSpreadIndices = makeSpreadIndices();

// Chunks out[i] = qword i of each of the 8 rows in[k] (an 8 x 8 transpose of 64-bit elements).
void transposeQwords(const __m512i in[8], __m512i out[8])
{
    __m512i t[8];
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm512_unpacklo_epi64(in[k], in[k + 1]);      // lane m: qword 2m of rows k, k+1
        t[k + 1] = _mm512_unpackhi_epi64(in[k], in[k + 1]);  // lane m: qword 2m+1
    }
    for (int e = 0; e < 2; ++e) {
        const __m512i lowLanes01 = _mm512_shuffle_i64x2(t[e], t[2 + e], _MM_SHUFFLE(1, 0, 1, 0));
        const __m512i highLanes01 = _mm512_shuffle_i64x2(t[e], t[2 + e], _MM_SHUFFLE(3, 2, 3, 2));
        const __m512i lowLanes23 = _mm512_shuffle_i64x2(t[4 + e], t[6 + e], _MM_SHUFFLE(1, 0, 1, 0));
        const __m512i highLanes23 = _mm512_shuffle_i64x2(t[4 + e], t[6 + e], _MM_SHUFFLE(3, 2, 3, 2));
        out[0 + e] = _mm512_shuffle_i64x2(lowLanes01, lowLanes23, _MM_SHUFFLE(2, 0, 2, 0));
        out[2 + e] = _mm512_shuffle_i64x2(lowLanes01, lowLanes23, _MM_SHUFFLE(3, 1, 3, 1));
        out[4 + e] = _mm512_shuffle_i64x2(highLanes01, highLanes23, _MM_SHUFFLE(2, 0, 2, 0));
        out[6 + e] = _mm512_shuffle_i64x2(highLanes01, highLanes23, _MM_SHUFFLE(3, 1, 3, 1));
    }
}

void interleave(const BlockQ4_K* const rows[kRowsPerVector], InterleavedQ4_K& p)
{
    // Quants: the 32 bytes of qs[32j..] hold elements 64j.. (low nibbles) and 64j+32.. (high), so
    // one row's nibbles split into a 64-byte vector are its elements 64j..64j+63 in order.
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i nibbleShift = _mm512_inserti64x4(_mm512_setzero_si512(), _mm256_set1_epi16(4), 1);
    for (int j = 0; j < 4; ++j) {
        __m512i elements[kRowsPerVector];
        for (int k = 0; k < kRowsPerVector; ++k) {
            const __m512i raw =
                _mm512_broadcast_i64x4(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[k]->qs + 32 * j)));
            elements[k] = _mm512_and_si512(_mm512_srlv_epi16(raw, nibbleShift), low4);
        }
        transposeQwords(elements, p.q + 8 * j);
    }
    // Scales and mins: 8 bytes per row side by side, widened, then spread to each row's lanes.
    alignas(64) uint8_t scales[64], mins[64];
    alignas(64) float d[16], dmin[16];
    for (int k = 0; k < kRowsPerVector; ++k) {
        alignas(16) uint8_t sm[16];
        unpackScaleMinK4(rows[k]->scales, sm);
        std::memcpy(scales + 8 * k, sm, 8);
        std::memcpy(mins + 8 * k, sm + 8, 8);
        d[2 * k] = d[2 * k + 1] = halfToFloat(rows[k]->d);
        dmin[2 * k] = dmin[2 * k + 1] = halfToFloat(rows[k]->dmin);
    }
    const auto widen = [](const uint8_t* bytes, __m512i& rows0to3, __m512i& rows4to7) {
        rows0to3 = _mm512_cvtepu8_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(bytes)));
        rows4to7 = _mm512_cvtepu8_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(bytes + 32)));
    };
    __m512i lo, hi;
    widen(scales, lo, hi);
    for (int g = 0; g < 8; ++g)  // the low int16 of each int32 lane
        p.scale[g] = _mm512_maskz_permutex2var_epi16(0x55555555u, lo, _mm512_load_si512(kSpreadIndices.scale[g]), hi);
    widen(mins, lo, hi);
    for (int h = 0; h < 2; ++h)
        p.mins[h] = _mm512_permutex2var_epi16(lo, _mm512_load_si512(kSpreadIndices.mins[h]), hi);
    p.d = _mm512_load_ps(d);
    p.dmin = _mm512_load_ps(dmin);
}

// kGemmTileRows interleaved rows against kGemmTileActs activation rows; out[t * outStride + r].
void tile(const InterleavedQ4_K* packed, int64_t blocks, const uint8_t* a, size_t aStride, float* out, size_t outStride)
{
    constexpr int kA = kGemmTileActs;
    __m512 acc[kVectors][kA];
    for (auto& row : acc)
        for (auto& v : row)
            v = _mm512_setzero_ps();
    for (int64_t b = 0; b < blocks; ++b) {
        const InterleavedQ4_K* x = packed + b * kVectors;
        const BlockQ8_K* y[kA];
        for (int t = 0; t < kA; ++t)
            y[t] = reinterpret_cast<const BlockQ8_K*>(a + size_t(t) * aStride) + b;
        __m512i isum[kVectors][kA];
        for (auto& row : isum)
            for (auto& v : row)
                v = _mm512_setzero_si512();
        for (int g = 0; g < 8; ++g) {
            // A group's 4 chunks in int32 lanes (16 products each: |sum| <= 16 * 15 * 127 < 2^15),
            // then times the group scale by dpwssd on their low int16 halves.
            __m512i group[kVectors][kA];
            for (auto& row : group)
                for (auto& v : row)
                    v = _mm512_setzero_si512();
            for (int cc = 0; cc < kChunksPerGroup; ++cc) {
                const int c = g * kChunksPerGroup + cc;
                for (int t = 0; t < kA; ++t) {
                    const __m512i q8 = _mm512_set1_epi64(q8KChunk(*y[t], c));
                    for (int v = 0; v < kVectors; ++v)
                        group[v][t] = _mm512_dpbusd_epi32(group[v][t], x[v].q[c], q8);
                }
            }
            for (int v = 0; v < kVectors; ++v)
                for (int t = 0; t < kA; ++t)
                    isum[v][t] = _mm512_dpwssd_epi32(isum[v][t], group[v][t], x[v].scale[g]);
        }
        for (int t = 0; t < kA; ++t) {
            // The activation's 8 group sums (Q8_K keeps sums of 16), 4 groups per broadcast.
            const __m128i bs = _mm_hadd_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(y[t]->bsums)),
                                              _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[t]->bsums + 8)));
            const __m512i bsLow = _mm512_broadcastq_epi64(bs);
            const __m512i bsHigh = _mm512_broadcastq_epi64(_mm_unpackhi_epi64(bs, bs));
            const __m512 dy = _mm512_set1_ps(y[t]->d);
            for (int v = 0; v < kVectors; ++v) {
                const __m512i minSum =
                    _mm512_dpwssd_epi32(_mm512_madd_epi16(x[v].mins[0], bsLow), x[v].mins[1], bsHigh);
                const __m512 block =
                    _mm512_fnmadd_ps(_mm512_cvtepi32_ps(minSum), _mm512_mul_ps(x[v].dmin, dy),
                                     _mm512_mul_ps(_mm512_cvtepi32_ps(isum[v][t]), _mm512_mul_ps(x[v].d, dy)));
                acc[v][t] = _mm512_add_ps(acc[v][t], block);
            }
        }
    }
    for (int v = 0; v < kVectors; ++v)
        for (int t = 0; t < kA; ++t) {
            alignas(64) float lanes[16];
            _mm512_store_ps(lanes, acc[v][t]);
            for (int k = 0; k < kRowsPerVector; ++k)
                out[size_t(t) * outStride + size_t(v * kRowsPerVector + k)] = lanes[2 * k] + lanes[2 * k + 1];
        }
}

void panel(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
           size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t blocks = n / kQK_K;
    const InterleavedQ4_K* packed =
        interleaveQ4_KRows<InterleavedQ4_K, kRowsPerVector, interleave>(w, wStride, blocks, scratch);
    const auto* acts8 = static_cast<const uint8_t*>(a);
    for (int64_t t = 0; t < acts; t += kGemmTileActs)
        tile(packed, blocks, acts8 + size_t(t) * aStride, aStride, out + size_t(t) * outStride, outStride);
}

}  // namespace

void gemmPanelQ4_KAvx512(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n,
                         float* out, size_t outStride, std::vector<std::byte>& scratch)
{
    panel(w, wStride, a, aStride, acts, n, out, outStride, scratch);
}

void fillAvx512GemmQ4_K(KernelTable& t)
{
    t.gemmPanel[size_t(gguf::GgmlType::Q4_K)] = panel;
    t.gemmPanelUnpacks[size_t(gguf::GgmlType::Q4_K)] = true;
}

}  // namespace strata::kernels::detail
