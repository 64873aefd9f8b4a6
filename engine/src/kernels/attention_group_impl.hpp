// The body of attendGroupF16, written once with GCC/Clang vector extensions (one lane per query of
// the group) and compiled per ISA: attention_group.cpp (baseline), _avx2.cpp, _avx512.cpp. Each
// file passes its own f16 row conversion and f16 rounding (F16C where the ISA has it: the scalar
// bit manipulation was ~40 % of this function). Include only from those files.
#pragma once

#include "strata/kernels/attention.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/half.hpp"

#include <algorithm>
#include <cstring>

namespace strata::kernels::detail {
namespace {  // internal linkage: every ISA file keeps its own copy (see simd_common.hpp)

constexpr int kLanes = kAttentionGroup;

// The float vector each ISA file passes in: one register of its ISA. A group's kLanes queries span
// kLanes / width of them. One 16-float vector everywhere was lowered by GCC through the stack
// where registers are narrower: with AVX2 this function then ran at ~12 GFLOP/s, ~37 % of a pp512
// profile (dense 1B Q4_K, STRATA_KERNEL_ISA=avx2). Lanes are independent queries, so the width
// changes no result.
typedef float Floats4 __attribute__((vector_size(sizeof(float) * 4)));
typedef float Floats8 __attribute__((vector_size(sizeof(float) * 8)));
typedef float Floats16 __attribute__((vector_size(sizeof(float) * 16)));

constexpr int64_t kRowChunk = 64;  // value rows converted to f32 at a time (64 x 512 floats at most)

// V: Floats4, 8 or 16. ConvertRow: n f16 values (n a multiple of 16) to f32.
// RoundRow: x[0..n) rounded to the nearest f16 in place (to nearest even, as fp32ToFp16), any n.
template <typename V, void (*ConvertRow)(const uint16_t* src, float* dst, int64_t n),
          void (*RoundRow)(float* x, int64_t n)>
void attendGroupF16Impl(const KernelTable& k, const AttentionHead& head, const AttentionGroup& g, AttentionScratch& s)
{
    const int64_t dHead = head.headDim;
    const int n = g.count;
    int64_t maxKeys = 0;
    for (int i = 0; i < n; ++i)
        maxKeys = std::max(maxKeys, g.keys[i]);
    s.queriesT.assign(size_t(dHead) * kLanes, 0.0f);
    if (s.scores.size() < size_t(maxKeys) * kLanes)
        s.scores.resize(size_t(maxKeys) * kLanes);
    s.rows.resize(size_t(std::max<int64_t>(kRowChunk, 4)) * size_t(dHead));
    if (s.row.size() < size_t(std::max(maxKeys, dHead)))
        s.row.resize(size_t(std::max(maxKeys, dHead)));
    float* qt = s.queriesT.data();
    float* sc = s.scores.data();
    float* rows = s.rows.data();

    // Queries rounded to f16 (ggml converts them to the cache's type first), transposed so that
    // lane i holds query i.
    float* row = s.row.data();
    for (int i = 0; i < n; ++i) {
        std::copy(g.query[i], g.query[i] + dHead, row);
        RoundRow(row, dHead);
        for (int64_t d = 0; d < dHead; ++d)
            qt[d * kLanes + i] = row[d];
    }

    constexpr int kWidth = int(sizeof(V) / sizeof(float)), kParts = kLanes / kWidth;
    static_assert(kLanes % kWidth == 0);
    // Unaligned (memcpy compiles to one unaligned load or store).
    const auto load = [](const float* p) {
        V v;
        std::memcpy(&v, p, sizeof v);
        return v;
    };
    const auto store = [](float* p, const V& v) { std::memcpy(p, &v, sizeof v); };

    // Scores, lane i = query i: four keys per pass give four independent accumulator chains.
    for (int64_t j0 = 0; j0 < maxKeys; j0 += 4) {
        const int m = int(std::min<int64_t>(4, maxKeys - j0));
        for (int r = 0; r < 4; ++r) {
            if (r < m)
                ConvertRow(head.keys + size_t(j0 + r) * head.stride, rows + r * dHead, dHead);
            else
                std::fill(rows + r * dHead, rows + (r + 1) * dHead, 0.0f);
        }
        V acc[4][kParts] = {};
        for (int64_t d = 0; d < dHead; ++d)
            for (int p = 0; p < kParts; ++p) {
                const V q = load(qt + d * kLanes + p * kWidth);
                for (int r = 0; r < 4; ++r)
                    acc[r][p] += rows[r * dHead + d] * q;
            }
        for (int r = 0; r < m; ++r)
            for (int p = 0; p < kParts; ++p)
                store(sc + (j0 + r) * kLanes + p * kWidth, acc[r][p]);
    }

    // Softmax per query over the keys it sees; probabilities rounded to f16 as ggml rounds them
    // for an f16 V.
    for (int i = 0; i < n; ++i) {
        const int64_t keys = g.keys[i];
        for (int64_t j = 0; j < keys; ++j)
            row[j] = sc[j * kLanes + i];
        k.softmax(row, keys, head.scale, nullptr);
        RoundRow(row, keys);
        for (int64_t j = 0; j < keys; ++j)
            sc[j * kLanes + i] = row[j];
    }

    // Weighted sums of value rows, converted a chunk at a time; per query, four 16-float column
    // blocks at once (independent chains), the remaining blocks one by one.
    for (int i = 0; i < n; ++i)
        std::fill(g.out[i], g.out[i] + dHead, 0.0f);
    for (int64_t c0 = 0; c0 < maxKeys; c0 += kRowChunk) {
        const int64_t c1 = std::min(maxKeys, c0 + kRowChunk);
        for (int64_t j = c0; j < c1; ++j)
            ConvertRow(head.values + size_t(j) * head.stride, rows + (j - c0) * dHead, dHead);
        for (int i = 0; i < n; ++i) {
            const int64_t end = std::min(c1, g.keys[i]);
            float* o = g.out[i];
            int64_t d0 = 0;
            for (; d0 + 4 * kLanes <= dHead; d0 += 4 * kLanes) {
                V a[4 * kParts];
                for (int b = 0; b < 4 * kParts; ++b)
                    a[b] = load(o + d0 + b * kWidth);
                for (int64_t j = c0; j < end; ++j) {
                    const float p = sc[j * kLanes + i];
                    const float* v = rows + (j - c0) * dHead + d0;
                    for (int b = 0; b < 4 * kParts; ++b)
                        a[b] += p * load(v + b * kWidth);
                }
                for (int b = 0; b < 4 * kParts; ++b)
                    store(o + d0 + b * kWidth, a[b]);
            }
            for (; d0 < dHead; d0 += kLanes) {
                V a[kParts];
                for (int b = 0; b < kParts; ++b)
                    a[b] = load(o + d0 + b * kWidth);
                for (int64_t j = c0; j < end; ++j)
                    for (int b = 0; b < kParts; ++b)
                        a[b] += sc[j * kLanes + i] * load(rows + (j - c0) * dHead + d0 + b * kWidth);
                for (int b = 0; b < kParts; ++b)
                    store(o + d0 + b * kWidth, a[b]);
            }
        }
    }
}

}  // namespace
}  // namespace strata::kernels::detail
