// AVX-512 VNNI panels for prefill (Q8_0, Q4_0, Q6_K): weight rows against many activation rows,
// 4 x 4 at a time. A plain dot product spends most of its instructions unpacking weights (nibbles,
// scales) and on sign handling; a panel does that once per weight row (Q6_K: once for all
// activation rows) and once per activation row, and only the multiply-accumulates are paid per
// pair. Integer parts are exact, so every pair's integer block sums are the ones the dot kernels
// compute; the float accumulation follows the dot kernels' order too (bit-identical results).
// Q4_K has its own row-interleaved panel (gemm_q4_k_avx512.cpp).
#include "kernels/blocks32_avx512.hpp"
#include "kernels/dot_variants.hpp"
#include "kernels/k_quant_lanes.hpp"
#include "kernels/panel_scratch.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <vector>

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

// Tiles of kW rows; a panel (kGemmTileRows rows) runs several of them.
constexpr int kW = 4, kA = kGemmTileActs;
static_assert(kGemmTileRows % kW == 0);

template <typename T>
const T* rowAt(const void* base, size_t stride, int i)
{
    return reinterpret_cast<const T*>(static_cast<const uint8_t*>(base) + stride * size_t(i));
}

inline __m512 scalePair(float lo, float hi)
{
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm256_set1_ps(lo)), _mm256_set1_ps(hi), 1);
}

// Q8_0 / Q4_0 weights of one block pair of one row, unpacked once per panel call: the quants as
// unsigned bytes and both blocks' scales, each over its 8 lanes (as the dot kernel has them).
struct alignas(64) PackedPair32 {
    __m512i u;
    __m512 dw;
};

// Q8_0 / Q4_0 weights x Q8_0 activations. Pairs of blocks per step, as the dot kernel; the last odd
// block (if any) is left to the caller's scalar tail below. `packed` holds kW rows' pairs
// (pair-major), `dy` the kA activation rows' block scales as floats (row t at dy + t * nb).
template <typename Block, typename Unsigned>
void tileBlocks32(const PackedPair32* packed, const void* w, size_t wStride, const void* a, size_t aStride,
                  const float* dy, int64_t n, float* out, size_t outStride)
{
    const int64_t nb = n / kQK;
    __m512 acc[kW][kA];
    for (auto& r : acc)
        for (auto& v : r)
            v = _mm512_setzero_ps();
    const __m512i offset = _mm512_set1_epi8(char(Unsigned::kOffset));
    int64_t b = 0;
    for (; b + 2 <= nb; b += 2) {
        const PackedPair32* x = packed + (b / 2) * kW;
        for (int t = 0; t < kA; ++t) {
            const BlockQ8_0* y = rowAt<BlockQ8_0>(a, aStride, t) + b;
            const __m512i qy = load2(y[0], y[1]);
            const __m512i minusOffsetSum =
                _mm512_sub_epi32(_mm512_setzero_si512(), _mm512_dpbusd_epi32(_mm512_setzero_si512(), offset, qy));
            const __m512 dyPair = scalePair(dy[t * nb + b], dy[t * nb + b + 1]);
            for (int r = 0; r < kW; ++r) {
                // dw * dy lane by lane is the dot kernels' scalar product of the two scales.
                const __m512i sum = _mm512_dpbusd_epi32(minusOffsetSum, x[r].u, qy);
                acc[r][t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sum), _mm512_mul_ps(x[r].dw, dyPair), acc[r][t]);
            }
        }
    }
    for (int r = 0; r < kW; ++r)
        for (int t = 0; t < kA; ++t) {
            float sum = _mm512_reduce_add_ps(acc[r][t]);
            if (b < nb) {  // odd block count: one block, exactly as the dot kernels' tail
                const Block& x = rowAt<Block>(w, wStride, r)[b];
                const BlockQ8_0& y = rowAt<BlockQ8_0>(a, aStride, t)[b];
                int isum = 0;
                if constexpr (Unsigned::kOffset == 128) {
                    for (int i = 0; i < kQK; ++i)
                        isum += int(x.qs[i]) * int(y.qs[i]);
                } else {
                    for (int i = 0; i < kQK / 2; ++i)
                        isum += (int(x.qs[i] & 0x0F) - 8) * int(y.qs[i]) + (int(x.qs[i] >> 4) - 8) * int(y.qs[i + 16]);
                }
                sum += float(isum) * (halfToFloat(x.d) * halfToFloat(y.d));
            }
            out[size_t(t) * outStride + size_t(r)] = sum;
        }
}

// Q6_K, packed likewise: 6-bit quants as bytes (offset 32 still in), scales spread per maddubs lane.
struct alignas(64) PackedQ6_K {
    __m512i q[4];  // half 0: A, B; half 1: A, B (as dotQ6_K)
    __m512i s[4];
    __m256i sc16;  // 16 scales as int16, for the offset term
    float d;
};

void packQ6_K(const BlockQ6_K& x, PackedQ6_K& p)
{
    const __m512i low4 = _mm512_set1_epi8(0x0F);
    const __m512i two = _mm512_set1_epi8(0x03);
    p.sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x.scales)));
    const __m512i sc = _mm512_castsi256_si512(p.sc16);
    for (int half = 0; half < 2; ++half) {
        const __m512i ql = _mm512_loadu_si512(x.ql + 64 * half);
        const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x.qh + 32 * half));
        const __m512i hA = join(qh, _mm256_srli_epi16(qh, 2));
        const __m512i hB = join(_mm256_srli_epi16(qh, 4), _mm256_srli_epi16(qh, 6));
        p.q[2 * half] = _mm512_or_si512(_mm512_and_si512(ql, low4), _mm512_slli_epi16(_mm512_and_si512(hA, two), 4));
        p.q[2 * half + 1] = _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi16(ql, 4), low4),
                                            _mm512_slli_epi16(_mm512_and_si512(hB, two), 4));
        p.s[2 * half] = _mm512_permutexvar_epi16(_mm512_load_si512(kSpread[2 * half]), sc);
        p.s[2 * half + 1] = _mm512_permutexvar_epi16(_mm512_load_si512(kSpread[2 * half + 1]), sc);
    }
    p.d = halfToFloat(x.d);
}

void tileQ6_K(const PackedQ6_K* packed, int64_t blocks, const void* a, size_t aStride, float* out, size_t outStride)
{
    __m512 acc[kW][kA];
    for (auto& row : acc)
        for (auto& v : row)
            v = _mm512_setzero_ps();
    for (int64_t b = 0; b < blocks; ++b) {
        const PackedQ6_K* x = packed + b * kW;
        __m512i isum[kW][kA];
        for (int t = 0; t < kA; ++t) {
            const __m256i bsums =
                _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rowAt<BlockQ8_K>(a, aStride, t)[b].bsums));
            for (int r = 0; r < kW; ++r)  // the offset of 32, as dotQ6_K subtracts it
                isum[r][t] = _mm512_zextsi256_si512(_mm256_sub_epi32(
                    _mm256_setzero_si256(), _mm256_slli_epi32(_mm256_madd_epi16(x[r].sc16, bsums), 5)));
        }
        for (int k = 0; k < 4; ++k)
            for (int t = 0; t < kA; ++t) {
                const __m512i q8 = _mm512_loadu_si512(rowAt<BlockQ8_K>(a, aStride, t)[b].qs + 64 * k);
                for (int r = 0; r < kW; ++r)
                    isum[r][t] = _mm512_dpwssd_epi32(isum[r][t], _mm512_maddubs_epi16(x[r].q[k], q8), x[r].s[k]);
            }
        for (int t = 0; t < kA; ++t) {
            const float dy = rowAt<BlockQ8_K>(a, aStride, t)[b].d;
            for (int r = 0; r < kW; ++r)
                acc[r][t] = _mm512_fmadd_ps(_mm512_cvtepi32_ps(isum[r][t]), _mm512_set1_ps(dy * x[r].d), acc[r][t]);
        }
    }
    for (int r = 0; r < kW; ++r)
        for (int t = 0; t < kA; ++t)
            out[size_t(t) * outStride + size_t(r)] = _mm512_reduce_add_ps(acc[r][t]);
}

// Panels: kGemmTileRows weight rows, kW at a time, against `acts` activation rows (a multiple of
// kA). Q6_K unpacks kW rows into `scratch` once (block-major, kW rows per block: ~1.2 KiB per
// block, in L1/L2) and reuses them for every group of kA activation rows.
template <typename Block, typename Packed, void (*Pack)(const Block&, Packed&),
          void (*Tile)(const Packed*, int64_t, const void*, size_t, float*, size_t)>
void panelPacked(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
                 size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t blocks = n / kQK_K;
    auto* packed = scratchArray<Packed>(scratch, size_t(blocks) * kW);
    for (int r0 = 0; r0 < kGemmTileRows; r0 += kW) {
        for (int64_t b = 0; b < blocks; ++b)
            for (int r = 0; r < kW; ++r)
                Pack(rowAt<Block>(w, wStride, r0 + r)[b], packed[b * kW + r]);
        for (int64_t t = 0; t < acts; t += kA)
            Tile(packed, blocks, static_cast<const uint8_t*>(a) + size_t(t) * aStride, aStride,
                 out + size_t(t) * outStride + size_t(r0), outStride);
    }
}

// Q8_0 / Q4_0 panels: kW rows' quants and scales unpacked once (pair-major, 128 bytes per row and
// block pair: 16 KiB for 4 rows of 2048 columns, in L1) and the activations' scales converted once,
// then reused for every group of kA activation rows. Unpacked per tile instead, the scalar scale
// conversions and the unpacking cost more than the multiply-adds (Q8_0 prefill at ~128 GFLOP/s on
// two threads of the Xeon host against ~790 for the Q4_K panel; session 19).
template <typename Block, typename Unsigned>
void panelBlocks32(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
                   size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t nb = n / kQK, pairs = nb / 2;
    auto* packed = scratchArray<PackedPair32>(scratch, size_t(pairs) * kW + size_t(acts * nb + 15) / 16);
    auto* dy = reinterpret_cast<float*>(packed + pairs * kW);
    for (int64_t t = 0; t < acts; ++t)
        for (int64_t b = 0; b < nb; ++b)
            dy[t * nb + b] = halfToFloat(rowAt<BlockQ8_0>(a, aStride, int(t))[b].d);
    for (int r0 = 0; r0 < kGemmTileRows; r0 += kW) {
        const auto* rows = static_cast<const uint8_t*>(w) + size_t(r0) * wStride;
        for (int64_t p = 0; p < pairs; ++p)
            for (int r = 0; r < kW; ++r) {
                const Block* x = rowAt<Block>(rows, wStride, r) + 2 * p;
                packed[p * kW + r] = {Unsigned::quants(x[0], x[1]),
                                      scalePair(halfToFloat(x[0].d), halfToFloat(x[1].d))};
            }
        for (int64_t t = 0; t < acts; t += kA)
            tileBlocks32<Block, Unsigned>(packed, rows, wStride, static_cast<const uint8_t*>(a) + size_t(t) * aStride,
                                          aStride, dy + t * nb, n, out + size_t(t) * outStride + size_t(r0), outStride);
    }
}

}  // namespace

void fillAvx512Gemm(KernelTable& t)
{
    t.gemmPanel[size_t(GgmlType::Q8_0)] = panelBlocks32<BlockQ8_0, Q8_0Unsigned>;
    t.gemmPanel[size_t(GgmlType::Q4_0)] = panelBlocks32<BlockQ4_0, Q4_0Unsigned>;
    t.gemmPanel[size_t(GgmlType::Q6_K)] = panelPacked<BlockQ6_K, PackedQ6_K, packQ6_K, tileQ6_K>;
    t.gemmPanelUnpacks[size_t(GgmlType::Q6_K)] = true;
    // The Q8_0 panel takes blocks of activation rows that stay in L2, as before the AVX2 table (filled
    // first) got an unpacking Q8_0 panel whose flag would otherwise stay.
    t.gemmPanelUnpacks[size_t(GgmlType::Q8_0)] = false;
}

}  // namespace strata::kernels::detail
