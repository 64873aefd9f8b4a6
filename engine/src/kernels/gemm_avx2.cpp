// AVX2 prefill panels for Q6_K and Q5_K: the AVX2 counterparts of gemm_avx512.cpp, for CPUs without
// AVX-512, which otherwise run prefill as one dot product per (row, token) pair. Q8_0, Q4_0 and Q4_K
// have their own row-interleaved panels (gemm_q8_0_avx2.cpp, gemm_q4_0_avx2.cpp,
// gemm_q4_k_avx2.cpp).
//
// Without VNNI the multiply-accumulate is maddubs (u8 x s8 -> saturating int16 pairs) plus pmaddwd.
// The weights are unpacked once per panel row and super-block into scratch and reused for every
// token; the float steps are the AVX2 dot kernels' own (the same accumulators, the same final sum),
// so a panel's result equals matvec's bit for bit and prefill and decode give the same logits.
#include "kernels/dot_variants.hpp"
#include "kernels/panel_scratch.hpp"
#include "kernels/simd_common.hpp"
#include "strata/kernels/blocks.hpp"

#include <cmath>
#include <vector>

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

template <typename T>
const T* rowAt(const void* base, size_t stride, int i)
{
    return reinterpret_cast<const T*>(static_cast<const uint8_t*>(base) + stride * size_t(i));
}

// K-quants (Q6_K, Q5_K), unpacked once per panel row and super-block: quants as bytes, and each
// 32-quant chunk's group scales as int16 lanes, exactly as the AVX2 dot kernels use them.
struct alignas(32) ChunksK {
    __m256i q[8];  // chunk c: quants 32c..32c+31
    __m256i s[8];  // its scales over the int16 lanes of maddubs
};

// Q6_K: 6-bit quants with the offset of 32 still in; two groups of 16 per chunk (one per 128-bit
// half). The offset is taken from the activations' bsums, spread over the lanes as dotQ6_K does.
struct alignas(32) PackedQ6_K {
    ChunksK c;
    __m256i sc16;  // 16 scales as int16, for the offset term
    float d;

    static void pack(const BlockQ6_K& x, PackedQ6_K& p)
    {
        const __m256i low4 = _mm256_set1_epi8(0x0F);
        const __m256i two = _mm256_set1_epi8(0x03);
        p.sc16 = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x.scales)));
        for (int half = 0; half < 2; ++half) {
            const uint8_t* ql = x.ql + 64 * half;
            const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x.qh + 32 * half));
            const __m256i l0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql));
            const __m256i l1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ql + 32));
            __m256i* q = p.c.q + 4 * half;
            q[0] = _mm256_or_si256(_mm256_and_si256(l0, low4), _mm256_slli_epi16(_mm256_and_si256(qh, two), 4));
            q[1] = _mm256_or_si256(_mm256_and_si256(l1, low4),
                                   _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2), two), 4));
            q[2] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l0, 4), low4),
                                   _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 4), two), 4));
            q[3] = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(l1, 4), low4),
                                   _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 6), two), 4));
            const int8_t* sc = x.scales + 8 * half;
            for (int k = 0; k < 4; ++k)
                p.c.s[4 * half + k] = _mm256_set_m128i(_mm_set1_epi16(sc[2 * k + 1]), _mm_set1_epi16(sc[2 * k]));
        }
        p.d = halfToFloat(x.d);
    }
    static __m256i startSum(const PackedQ6_K& p, const BlockQ8_K& y)
    {
        const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y.bsums));
        return _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_slli_epi32(_mm256_madd_epi16(p.sc16, bsums), 5));
    }
    static constexpr bool kHasMins = false;
    static float addMins(const PackedQ6_K&, const BlockQ8_K&, float sum) { return sum; }
};

// Q5_K: 5-bit quants, one group of 32 per chunk; the mins are a float term per super-block, as
// dotQ5_K keeps it (its integer part from bsums, then scaled and summed apart with one explicit
// fused multiply-add, so no compiler's contraction choice can make the two differ).
struct alignas(32) PackedQ5_K {
    ChunksK c;
    __m128i mins;  // 8 mins as int16
    float d, dmin;

    static void pack(const BlockQ5_K& x, PackedQ5_K& p)
    {
        const __m256i low4 = _mm256_set1_epi8(0x0F), one = _mm256_set1_epi8(1);
        alignas(16) uint8_t sm[16];
        unpackScaleMinK4(x.scales, sm);
        const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x.qh));
        for (int j = 0; j < 4; ++j) {
            const __m256i raw = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x.qs + 32 * j));
            const __m256i h0 = _mm256_and_si256(_mm256_srl_epi16(qh, _mm_cvtsi32_si128(2 * j)), one);
            const __m256i h1 = _mm256_and_si256(_mm256_srl_epi16(qh, _mm_cvtsi32_si128(2 * j + 1)), one);
            p.c.q[2 * j] = _mm256_or_si256(_mm256_and_si256(raw, low4), _mm256_slli_epi16(h0, 4));
            p.c.q[2 * j + 1] =
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(raw, 4), low4), _mm256_slli_epi16(h1, 4));
            p.c.s[2 * j] = _mm256_set1_epi16(sm[2 * j]);
            p.c.s[2 * j + 1] = _mm256_set1_epi16(sm[2 * j + 1]);
        }
        p.mins = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sm + 8)));
        p.d = halfToFloat(x.d);
        p.dmin = halfToFloat(x.dmin);
    }
    static __m256i startSum(const PackedQ5_K&, const BlockQ8_K&) { return _mm256_setzero_si256(); }
    static constexpr bool kHasMins = true;
    static float addMins(const PackedQ5_K& p, const BlockQ8_K& y, float sum)
    {
        const __m128i bs = _mm_loadu_si128(reinterpret_cast<const __m128i*>(y.bsums));
        const __m128i bs2 = _mm_hadd_epi16(bs, _mm_loadu_si128(reinterpret_cast<const __m128i*>(y.bsums + 8)));
        return std::fma(y.d * p.dmin, float(hsumI32x4(_mm_madd_epi16(bs2, p.mins))), sum);
    }
};

// 4 rows x 2 tokens: 8 integer sums in registers; the float accumulators are touched once per
// super-block, so it costs little when the compiler keeps some of them in memory.
constexpr int kWK = 4, kAK = 2;
static_assert(kGemmTileRows % kWK == 0 && kGemmTileActs % kAK == 0);

template <typename Packed>
void tileK(const Packed* packed, int64_t blocks, const void* a, size_t aStride, float* out, size_t outStride)
{
    __m256 acc[kWK][kAK];
    float mins[kWK][kAK] = {};
    for (auto& row : acc)
        for (auto& v : row)
            v = _mm256_setzero_ps();
    for (int64_t b = 0; b < blocks; ++b) {
        const Packed* x = packed + b * kWK;
        const BlockQ8_K* y[kAK];
        __m256i isum[kWK][kAK];
        for (int t = 0; t < kAK; ++t) {
            y[t] = rowAt<BlockQ8_K>(a, aStride, t) + b;
            for (int r = 0; r < kWK; ++r)
                isum[r][t] = Packed::startSum(x[r], *y[t]);
        }
        for (int c = 0; c < 8; ++c)
            for (int t = 0; t < kAK; ++t) {
                const __m256i q8 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[t]->qs + 32 * c));
                for (int r = 0; r < kWK; ++r)
                    isum[r][t] = _mm256_add_epi32(
                        isum[r][t], _mm256_madd_epi16(_mm256_maddubs_epi16(x[r].c.q[c], q8), x[r].c.s[c]));
            }
        for (int t = 0; t < kAK; ++t)
            for (int r = 0; r < kWK; ++r) {
                acc[r][t] =
                    _mm256_fmadd_ps(_mm256_cvtepi32_ps(isum[r][t]), _mm256_set1_ps(y[t]->d * x[r].d), acc[r][t]);
                if constexpr (Packed::kHasMins)
                    mins[r][t] = Packed::addMins(x[r], *y[t], mins[r][t]);
            }
    }
    for (int r = 0; r < kWK; ++r)
        for (int t = 0; t < kAK; ++t)
            out[size_t(t) * outStride + size_t(r)] = Packed::kHasMins ? hsum(acc[r][t]) - mins[r][t] : hsum(acc[r][t]);
}

// kWK rows at a time unpacked into `scratch` (block-major, ~0.6 KiB per row and super-block, in
// L1/L2) and reused for every pair of activation rows.
template <typename Block, typename Packed>
void panelK(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
            size_t outStride, std::vector<std::byte>& scratch)
{
    const int64_t blocks = n / kQK_K;
    auto* packed = scratchArray<Packed>(scratch, size_t(blocks) * kWK);
    const int64_t steps = kGemmTileRows / kWK * (acts / kAK);
    int64_t step = 0;
    for (int r0 = 0; r0 < kGemmTileRows; r0 += kWK) {
        for (int64_t b = 0; b < blocks; ++b)
            for (int r = 0; r < kWK; ++r)
                Packed::pack(rowAt<Block>(w, wStride, r0 + r)[b], packed[b * kWK + r]);
        for (int64_t t = 0; t < acts; t += kAK, ++step) {
            prefetchNextPanel(w, wStride, step, steps);
            tileK<Packed>(packed, blocks, static_cast<const uint8_t*>(a) + size_t(t) * aStride, aStride,
                          out + size_t(t) * outStride + size_t(r0), outStride);
        }
    }
}

}  // namespace

void fillAvx2Gemm(KernelTable& t)
{
    t.gemmPanel[size_t(GgmlType::Q6_K)] = panelK<BlockQ6_K, PackedQ6_K>;
    t.gemmPanel[size_t(GgmlType::Q5_K)] = panelK<BlockQ5_K, PackedQ5_K>;
    t.gemmPanelUnpacks[size_t(GgmlType::Q6_K)] = true;
    t.gemmPanelUnpacks[size_t(GgmlType::Q5_K)] = true;
}

}  // namespace strata::kernels::detail
