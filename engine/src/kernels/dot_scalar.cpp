// Scalar reference dot products. Quantized types sum integer products per block (or per scale
// group) exactly, then scale in float, block by block, as ggml's generic kernels do; the SIMD
// variants must agree with these within float rounding of that last step.
#include <cstring>

#include "kernels/dot_variants.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/half.hpp"

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

float dotF32(const void* w, const void* a, int64_t n)
{
    const float* x = static_cast<const float*>(w);
    const float* y = static_cast<const float*>(a);
    float sum = 0;
    for (int64_t i = 0; i < n; ++i)
        sum += x[i] * y[i];
    return sum;
}

float dotF16(const void* w, const void* a, int64_t n)
{
    const uint16_t* x = static_cast<const uint16_t*>(w);
    const float* y = static_cast<const float*>(a);
    float sum = 0;
    for (int64_t i = 0; i < n; ++i)
        sum += fp16ToFp32(x[i]) * y[i];
    return sum;
}

float dotBf16(const void* w, const void* a, int64_t n)
{
    const uint16_t* x = static_cast<const uint16_t*>(w);
    const float* y = static_cast<const float*>(a);
    float sum = 0;
    for (int64_t i = 0; i < n; ++i)
        sum += bf16ToFp32(x[i]) * y[i];
    return sum;
}

float dotQ4_0(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK; ++b) {
        int isum = 0;
        for (int j = 0; j < kQK / 2; ++j)
            isum += ((x[b].qs[j] & 0xF) - 8) * y[b].qs[j] + ((x[b].qs[j] >> 4) - 8) * y[b].qs[j + kQK / 2];
        sum += float(isum) * (fp16ToFp32(x[b].d) * fp16ToFp32(y[b].d));
    }
    return sum;
}

float dotQ4_1(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ4_1*>(w);
    const auto* y = static_cast<const BlockQ8_1*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK; ++b) {
        int isum = 0;
        for (int j = 0; j < kQK / 2; ++j)
            isum += (x[b].qs[j] & 0xF) * y[b].qs[j] + (x[b].qs[j] >> 4) * y[b].qs[j + kQK / 2];
        // The min m meets sum(a) = s / d_a, which Q8_1 carries pre-multiplied as s.
        sum += float(isum) * (fp16ToFp32(x[b].d) * fp16ToFp32(y[b].d)) + fp16ToFp32(x[b].m) * fp16ToFp32(y[b].s);
    }
    return sum;
}

uint32_t load32(const uint8_t* p)
{
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

float dotQ5_0(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ5_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK; ++b) {
        const uint32_t qh = load32(x[b].qh);
        int isum = 0;
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = int((x[b].qs[j] & 0xF) | (((qh >> j) & 1) << 4)) - 16;
            const int hi = int((x[b].qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4)) - 16;
            isum += lo * y[b].qs[j] + hi * y[b].qs[j + kQK / 2];
        }
        sum += float(isum) * (fp16ToFp32(x[b].d) * fp16ToFp32(y[b].d));
    }
    return sum;
}

float dotQ5_1(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ5_1*>(w);
    const auto* y = static_cast<const BlockQ8_1*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK; ++b) {
        const uint32_t qh = load32(x[b].qh);
        int isum = 0;
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = int((x[b].qs[j] & 0xF) | (((qh >> j) & 1) << 4));
            const int hi = int((x[b].qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4));
            isum += lo * y[b].qs[j] + hi * y[b].qs[j + kQK / 2];
        }
        sum += float(isum) * (fp16ToFp32(x[b].d) * fp16ToFp32(y[b].d)) + fp16ToFp32(x[b].m) * fp16ToFp32(y[b].s);
    }
    return sum;
}

float dotQ8_0(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ8_0*>(w);
    const auto* y = static_cast<const BlockQ8_0*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK; ++b) {
        int isum = 0;
        for (int j = 0; j < kQK; ++j)
            isum += x[b].qs[j] * y[b].qs[j];
        sum += float(isum) * (fp16ToFp32(x[b].d) * fp16ToFp32(y[b].d));
    }
    return sum;
}

float dotQ2_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ2_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        int mins = 0;
        for (int g = 0; g < 16; ++g)
            mins += (x[b].scales[g] >> 4) * y[b].bsums[g];
        int isum = 0, g = 0;
        const int8_t* q8 = y[b].qs;
        for (int half = 0; half < 2; ++half) {
            const uint8_t* q2 = x[b].qs + 32 * half;
            for (int shift = 0; shift < 8; shift += 2) {
                for (int part = 0; part < 2; ++part, ++g, q8 += 16) {
                    int s = 0;
                    for (int l = 0; l < 16; ++l)
                        s += ((q2[l + 16 * part] >> shift) & 3) * q8[l];
                    isum += (x[b].scales[g] & 0xF) * s;
                }
            }
        }
        sum += y[b].d * (fp16ToFp32(x[b].d) * float(isum) - fp16ToFp32(x[b].dmin) * float(mins));
    }
    return sum;
}

float dotQ3_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ3_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        int8_t scales[16];
        unpackQ3KScales(x[b].scales, scales);
        int isum = 0, g = 0;
        const int8_t* q8 = y[b].qs;
        uint8_t m = 1;
        for (int half = 0; half < 2; ++half) {
            const uint8_t* q3 = x[b].qs + 32 * half;
            for (int shift = 0; shift < 8; shift += 2, m = uint8_t(m << 1)) {
                for (int part = 0; part < 2; ++part, ++g, q8 += 16) {
                    int s = 0;
                    for (int l = 16 * part; l < 16 * part + 16; ++l)
                        s += (((q3[l] >> shift) & 3) - ((x[b].hmask[l] & m) ? 0 : 4)) * q8[l - 16 * part];
                    isum += scales[g] * s;
                }
            }
        }
        sum += y[b].d * fp16ToFp32(x[b].d) * float(isum);
    }
    return sum;
}

// Q4_K and Q5_K: value = d*sc*q - dmin*m per 32-element group; the min term uses Q8_K's bsums.
template <bool FiveBit, typename Block>
float dotScaleMinK(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const Block*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        int isum = 0, mins = 0;
        const uint8_t* q = x[b].qs;
        const int8_t* q8 = y[b].qs;
        for (int j = 0; j < 8; ++j, q8 += 32) {
            uint8_t sc, m;
            scaleMinK4(j, x[b].scales, sc, m);
            mins += m * (y[b].bsums[2 * j] + y[b].bsums[2 * j + 1]);
            const uint8_t* qj = q + 32 * (j / 2);
            int s = 0;
            for (int l = 0; l < 32; ++l) {
                int v = (j % 2 == 0) ? (qj[l] & 0xF) : (qj[l] >> 4);
                if constexpr (FiveBit)
                    v += ((x[b].qh[l] >> j) & 1) << 4;
                s += v * q8[l];
            }
            isum += sc * s;
        }
        sum += y[b].d * (fp16ToFp32(x[b].d) * float(isum) - fp16ToFp32(x[b].dmin) * float(mins));
    }
    return sum;
}

float dotQ6_K(const void* w, const void* a, int64_t n)
{
    const auto* x = static_cast<const BlockQ6_K*>(w);
    const auto* y = static_cast<const BlockQ8_K*>(a);
    float sum = 0;
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        int isum = 0;
        for (int half = 0; half < 2; ++half) {
            const uint8_t* ql = x[b].ql + 64 * half;
            const uint8_t* qh = x[b].qh + 32 * half;
            const int8_t* sc = x[b].scales + 8 * half;
            const int8_t* q8 = y[b].qs + 128 * half;
            for (int l = 0; l < 32; ++l) {
                const int is = l / 16;
                const int q1 = int((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
                const int q2 = int((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                const int q3 = int((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                const int q4 = int((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                isum += sc[is] * q1 * q8[l] + sc[is + 2] * q2 * q8[l + 32] + sc[is + 4] * q3 * q8[l + 64]
                        + sc[is + 6] * q4 * q8[l + 96];
            }
        }
        sum += y[b].d * fp16ToFp32(x[b].d) * float(isum);
    }
    return sum;
}

}  // namespace

void fillScalarDots(KernelTable& t)
{
    const auto set = [&t](GgmlType type, DotFn fn) {
        t.dot[size_t(type)] = fn;
        t.dotIsa[size_t(type)] = Isa::Scalar;
    };
    set(GgmlType::F32, dotF32);
    set(GgmlType::F16, dotF16);
    set(GgmlType::BF16, dotBf16);
    set(GgmlType::Q4_0, dotQ4_0);
    set(GgmlType::Q4_1, dotQ4_1);
    set(GgmlType::Q5_0, dotQ5_0);
    set(GgmlType::Q5_1, dotQ5_1);
    set(GgmlType::Q8_0, dotQ8_0);
    set(GgmlType::Q2_K, dotQ2_K);
    set(GgmlType::Q3_K, dotQ3_K);
    set(GgmlType::Q4_K, dotScaleMinK<false, BlockQ4_K>);
    set(GgmlType::Q5_K, dotScaleMinK<true, BlockQ5_K>);
    set(GgmlType::Q6_K, dotQ6_K);
}

}  // namespace strata::kernels::detail
