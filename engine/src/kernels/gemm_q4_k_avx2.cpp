// AVX2 prefill panel for Q4_K weights x Q8_K activations, rows interleaved: the AVX2 counterpart of
// gemm_q4_k_avx512.cpp, for CPUs without AVX-512 (most desktop x86 CPUs), which otherwise run
// prefill as one dot product per (row, token) pair.
//
// A ymm holds 4 weight rows x 8 consecutive quants; one token's 8 matching activation bytes are
// broadcast to all rows. maddubs gives int16 pair sums; a group's 4 chunks add up in int16 (|sum|
// <= 8 * 15 * 127 < 2^15), one pmaddwd applies the group scale and leaves 2 int32 lanes per row, and
// one convert + multiply-add finishes 4 (row, token) pairs per super-block. The AVX2 dotQ4_K splits
// its integer sums into the same two halves and repeats these float steps, so the results are equal
// bit for bit.
#include "kernels/dot_variants.hpp"
#include "kernels/panel_scratch.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <cstring>
#include <vector>

namespace strata::kernels::detail {

namespace {

constexpr int kRowsPerVector = 4;  // 4 rows x 8 bytes = one ymm
constexpr int kVectors = kGemmTileRows / kRowsPerVector;
constexpr int kChunk = 8;
constexpr int kChunks = kQK_K / kChunk;
constexpr int kChunksPerGroup = 32 / kChunk;
// 4 rows x 4 tokens: 4 group sums, 4 super-block sums, the weights' vector and a broadcast (strata-
// kernelbench, AVX2 matmul, 2 threads, the AMD VM: 392-399 GFLOP/s against 361-375 for 8 rows x 2
// tokens and 357-378 for 16 rows x 1 token).
constexpr int kTileVectors = 1, kTileActs = 4;
static_assert(kVectors % kTileVectors == 0 && kGemmTileActs % kTileActs == 0);

// One super-block of 4 weight rows. Row k owns bytes 8k..8k+7 of each q vector, int16 lanes
// 4k..4k+3 after maddubs and int32 lanes 2k (quants 0..3 of each 8), 2k+1 (4..7) after pmaddwd.
struct alignas(32) InterleavedQ4_K {
    __m256i q[kChunks];  // quants as bytes 0..15, chunk c = elements 8c..8c+7
    __m256i scale[8];    // group g: row k's scale in int16 lanes 4k..4k+3
    __m256i mins[2];     // row k's mins of groups 4h..4h+3 in int16 lanes 4k..4k+3
    __m256 d, dmin;      // row k's in float lanes 2k, 2k+1
};

void interleave(const BlockQ4_K* const rows[kRowsPerVector], InterleavedQ4_K& p)
{
    auto* q = reinterpret_cast<uint8_t*>(p.q);
    auto* scale = reinterpret_cast<int16_t*>(p.scale);
    auto* mins = reinterpret_cast<int16_t*>(p.mins);
    alignas(32) float d[8], dmin[8];
    const __m256i low4 = _mm256_set1_epi8(0x0F);
    for (int k = 0; k < kRowsPerVector; ++k) {
        const BlockQ4_K& x = *rows[k];
        // Element order: the 32 bytes of qs[32j..] hold elements 64j.. (low nibbles) and 64j+32..
        // (high nibbles).
        alignas(32) uint8_t u[kQK_K];
        for (int j = 0; j < 4; ++j) {
            const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x.qs + 32 * j));
            _mm256_store_si256(reinterpret_cast<__m256i*>(u + 64 * j), _mm256_and_si256(raw, low4));
            _mm256_store_si256(reinterpret_cast<__m256i*>(u + 64 * j + 32),
                               _mm256_and_si256(_mm256_srli_epi16(raw, 4), low4));
        }
        for (int c = 0; c < kChunks; ++c)
            std::memcpy(q + 32 * c + kChunk * k, u + kChunk * c, kChunk);
        alignas(16) uint8_t sm[16];
        unpackScaleMinK4(x.scales, sm);
        for (int g = 0; g < 8; ++g) {
            for (int l = 0; l < 4; ++l)
                scale[16 * g + 4 * k + l] = sm[g];
            mins[16 * (g / 4) + 4 * k + g % 4] = sm[8 + g];
        }
        d[2 * k] = d[2 * k + 1] = halfToFloat(x.d);
        dmin[2 * k] = dmin[2 * k + 1] = halfToFloat(x.dmin);
    }
    p.d = _mm256_load_ps(d);
    p.dmin = _mm256_load_ps(dmin);
}

// kTileVectors consecutive interleaved vectors (from x0; kVectors per super-block) against
// kTileActs activation rows, written to out[t * outStride + row].
void tile(const InterleavedQ4_K* x0, int64_t blocks, const uint8_t* a, size_t aStride, float* out, size_t outStride)
{
    __m256 acc[kTileVectors][kTileActs];
    for (auto& row : acc)
        for (auto& v : row)
            v = _mm256_setzero_ps();
    for (int64_t b = 0; b < blocks; ++b) {
        const InterleavedQ4_K* x = x0 + b * kVectors;
        const BlockQ8_K* y[kTileActs];
        for (int t = 0; t < kTileActs; ++t)
            y[t] = reinterpret_cast<const BlockQ8_K*>(a + size_t(t) * aStride) + b;
        __m256i isum[kTileVectors][kTileActs];
        for (auto& row : isum)
            for (auto& v : row)
                v = _mm256_setzero_si256();
        for (int g = 0; g < 8; ++g) {
            __m256i group[kTileVectors][kTileActs];
            for (auto& row : group)
                for (auto& v : row)
                    v = _mm256_setzero_si256();
            for (int cc = 0; cc < kChunksPerGroup; ++cc) {
                const int c = g * kChunksPerGroup + cc;
                for (int t = 0; t < kTileActs; ++t) {
                    const __m256i q8 = _mm256_set1_epi64x(q8KChunk(*y[t], c));
                    for (int v = 0; v < kTileVectors; ++v)
                        group[v][t] = _mm256_add_epi16(group[v][t], _mm256_maddubs_epi16(x[v].q[c], q8));
                }
            }
            for (int v = 0; v < kTileVectors; ++v)
                for (int t = 0; t < kTileActs; ++t)
                    isum[v][t] = _mm256_add_epi32(isum[v][t], _mm256_madd_epi16(group[v][t], x[v].scale[g]));
        }
        for (int t = 0; t < kTileActs; ++t) {
            const __m128i bs = _mm_hadd_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(y[t]->bsums)),
                                              _mm_loadu_si128(reinterpret_cast<const __m128i*>(y[t]->bsums + 8)));
            const __m256i bsLow = _mm256_broadcastq_epi64(bs);
            const __m256i bsHigh = _mm256_broadcastq_epi64(_mm_unpackhi_epi64(bs, bs));
            const __m256 dy = _mm256_set1_ps(y[t]->d);
            for (int v = 0; v < kTileVectors; ++v) {
                const __m256i minSum =
                    _mm256_add_epi32(_mm256_madd_epi16(x[v].mins[0], bsLow), _mm256_madd_epi16(x[v].mins[1], bsHigh));
                const __m256 block =
                    _mm256_fnmadd_ps(_mm256_cvtepi32_ps(minSum), _mm256_mul_ps(x[v].dmin, dy),
                                     _mm256_mul_ps(_mm256_cvtepi32_ps(isum[v][t]), _mm256_mul_ps(x[v].d, dy)));
                acc[v][t] = _mm256_add_ps(acc[v][t], block);
            }
        }
    }
    for (int v = 0; v < kTileVectors; ++v)
        for (int t = 0; t < kTileActs; ++t) {
            alignas(32) float lanes[8];
            _mm256_store_ps(lanes, acc[v][t]);
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
    const int64_t steps = kVectors / kTileVectors * (acts / kTileActs);
    int64_t step = 0;
    // Tokens outside: a tile's few activation rows stay in L1 for all of the panel's rows, whose
    // repacked blocks (16 rows of 5632 columns: ~124 KiB) come from L2; rows outside would stream
    // every token's row from L3 once per 4 rows.
    for (int64_t t = 0; t < acts; t += kTileActs)
        for (int v = 0; v < kVectors; v += kTileVectors) {
            prefetchNextPanel(w, wStride, step++, steps);
            tile(packed + v, blocks, acts8 + size_t(t) * aStride, aStride,
                 out + size_t(t) * outStride + size_t(v * kRowsPerVector), outStride);
        }
}

}  // namespace

void fillAvx2GemmQ4_K(KernelTable& t)
{
    t.gemmPanel[size_t(gguf::GgmlType::Q4_K)] = panel;
    t.gemmPanelUnpacks[size_t(gguf::GgmlType::Q4_K)] = true;
}

}  // namespace strata::kernels::detail
