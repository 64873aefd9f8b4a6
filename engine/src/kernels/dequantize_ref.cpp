// Reference dequantizers: every block type back to f32, in ggml's element order.
#include <cstring>

#include "kernels/reference.hpp"
#include "strata/kernels/half.hpp"

namespace strata::kernels::ref {

void dequantizeF16(const uint16_t* x, float* y, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        y[i] = fp16ToFp32(x[i]);
}

void dequantizeBf16(const uint16_t* x, float* y, int64_t n)
{
    for (int64_t i = 0; i < n; ++i)
        y[i] = bf16ToFp32(x[i]);
}

void dequantizeQ4_0(const BlockQ4_0* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, y += kQK) {
        const float d = fp16ToFp32(x[b].d);
        for (int j = 0; j < kQK / 2; ++j) {
            y[j] = float((x[b].qs[j] & 0xF) - 8) * d;
            y[j + kQK / 2] = float((x[b].qs[j] >> 4) - 8) * d;
        }
    }
}

void dequantizeQ4_1(const BlockQ4_1* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, y += kQK) {
        const float d = fp16ToFp32(x[b].d), m = fp16ToFp32(x[b].m);
        for (int j = 0; j < kQK / 2; ++j) {
            y[j] = float(x[b].qs[j] & 0xF) * d + m;
            y[j + kQK / 2] = float(x[b].qs[j] >> 4) * d + m;
        }
    }
}

namespace {
uint32_t highBits(const uint8_t qh[4])
{
    uint32_t v;
    std::memcpy(&v, qh, 4);
    return v;
}
}  // namespace

void dequantizeQ5_0(const BlockQ5_0* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, y += kQK) {
        const float d = fp16ToFp32(x[b].d);
        const uint32_t qh = highBits(x[b].qh);
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = int((x[b].qs[j] & 0xF) | (((qh >> j) & 1) << 4)) - 16;
            const int hi = int((x[b].qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4)) - 16;
            y[j] = float(lo) * d;
            y[j + kQK / 2] = float(hi) * d;
        }
    }
}

void dequantizeQ5_1(const BlockQ5_1* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, y += kQK) {
        const float d = fp16ToFp32(x[b].d), m = fp16ToFp32(x[b].m);
        const uint32_t qh = highBits(x[b].qh);
        for (int j = 0; j < kQK / 2; ++j) {
            const int lo = int((x[b].qs[j] & 0xF) | (((qh >> j) & 1) << 4));
            const int hi = int((x[b].qs[j] >> 4) | (((qh >> (j + 16)) & 1) << 4));
            y[j] = float(lo) * d + m;
            y[j + kQK / 2] = float(hi) * d + m;
        }
    }
}

void dequantizeQ8_0(const BlockQ8_0* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, y += kQK) {
        const float d = fp16ToFp32(x[b].d);
        for (int j = 0; j < kQK; ++j)
            y[j] = float(x[b].qs[j]) * d;
    }
}

void dequantizeQ8_1(const BlockQ8_1* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK; ++b, y += kQK) {
        const float d = fp16ToFp32(x[b].d);
        for (int j = 0; j < kQK; ++j)
            y[j] = float(x[b].qs[j]) * d;
    }
}

void dequantizeQ2_K(const BlockQ2_K* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        const float d = fp16ToFp32(x[b].d), dmin = fp16ToFp32(x[b].dmin);
        const uint8_t* q = x[b].qs;
        int is = 0;
        // Each 128 elements use 32 bytes; shift s picks elements [32s/2 .. ] of the half.
        for (int half = 0; half < 2; ++half, q += 32) {
            for (int shift = 0; shift < 8; shift += 2) {
                for (int part = 0; part < 2; ++part) {
                    const uint8_t sc = x[b].scales[is++];
                    const float dl = d * float(sc & 0xF), ml = dmin * float(sc >> 4);
                    for (int l = 0; l < 16; ++l)
                        *y++ = dl * float((q[l + 16 * part] >> shift) & 3) - ml;
                }
            }
        }
    }
}

void dequantizeQ3_K(const BlockQ3_K* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        const float d = fp16ToFp32(x[b].d);
        int8_t scales[16];
        unpackQ3KScales(x[b].scales, scales);
        const uint8_t* q = x[b].qs;
        const uint8_t* hm = x[b].hmask;
        uint8_t m = 1;
        int is = 0;
        for (int half = 0; half < 2; ++half, q += 32) {
            for (int shift = 0; shift < 8; shift += 2, m = uint8_t(m << 1)) {
                for (int part = 0; part < 2; ++part) {
                    const float dl = d * float(scales[is++]);
                    for (int l = 16 * part; l < 16 * part + 16; ++l)
                        *y++ = dl * float(((q[l] >> shift) & 3) - ((hm[l] & m) ? 0 : 4));
                }
            }
        }
    }
}

void dequantizeQ4_K(const BlockQ4_K* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        const float d = fp16ToFp32(x[b].d), dmin = fp16ToFp32(x[b].dmin);
        const uint8_t* q = x[b].qs;
        for (int j = 0; j < 8; j += 2, q += 32) {
            uint8_t sc, m;
            scaleMinK4(j, x[b].scales, sc, m);
            const float d1 = d * sc, m1 = dmin * m;
            scaleMinK4(j + 1, x[b].scales, sc, m);
            const float d2 = d * sc, m2 = dmin * m;
            for (int l = 0; l < 32; ++l)
                *y++ = d1 * float(q[l] & 0xF) - m1;
            for (int l = 0; l < 32; ++l)
                *y++ = d2 * float(q[l] >> 4) - m2;
        }
    }
}

void dequantizeQ5_K(const BlockQ5_K* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        const float d = fp16ToFp32(x[b].d), dmin = fp16ToFp32(x[b].dmin);
        const uint8_t* ql = x[b].qs;
        const uint8_t* qh = x[b].qh;
        uint8_t u1 = 1, u2 = 2;
        for (int j = 0; j < 8; j += 2, ql += 32, u1 = uint8_t(u1 << 2), u2 = uint8_t(u2 << 2)) {
            uint8_t sc, m;
            scaleMinK4(j, x[b].scales, sc, m);
            const float d1 = d * sc, m1 = dmin * m;
            scaleMinK4(j + 1, x[b].scales, sc, m);
            const float d2 = d * sc, m2 = dmin * m;
            for (int l = 0; l < 32; ++l)
                *y++ = d1 * float((ql[l] & 0xF) + ((qh[l] & u1) ? 16 : 0)) - m1;
            for (int l = 0; l < 32; ++l)
                *y++ = d2 * float((ql[l] >> 4) + ((qh[l] & u2) ? 16 : 0)) - m2;
        }
    }
}

void dequantizeQ6_K(const BlockQ6_K* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK_K; ++b) {
        const float d = fp16ToFp32(x[b].d);
        const uint8_t* ql = x[b].ql;
        const uint8_t* qh = x[b].qh;
        const int8_t* sc = x[b].scales;
        for (int half = 0; half < 2; ++half, y += 128, ql += 64, qh += 32, sc += 8) {
            for (int l = 0; l < 32; ++l) {
                const int is = l / 16;
                const int q1 = int((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
                const int q2 = int((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
                const int q3 = int((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
                const int q4 = int((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
                y[l] = d * float(sc[is]) * float(q1);
                y[l + 32] = d * float(sc[is + 2]) * float(q2);
                y[l + 64] = d * float(sc[is + 4]) * float(q3);
                y[l + 96] = d * float(sc[is + 6]) * float(q4);
            }
        }
    }
}

void dequantizeQ8_K(const BlockQ8_K* x, float* y, int64_t n)
{
    for (int64_t b = 0; b < n / kQK_K; ++b, y += kQK_K)
        for (int j = 0; j < kQK_K; ++j)
            y[j] = x[b].d * float(x[b].qs[j]);
}

}  // namespace strata::kernels::ref
