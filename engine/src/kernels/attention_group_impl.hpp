// The body of attendGroupF16, written once with GCC/Clang vector extensions (one lane per query of
// the group) and compiled per ISA: attention_group.cpp (baseline), _avx2.cpp, _avx512.cpp. Each
// file passes its own f16 row conversion and f16 rounding (F16C where the ISA has it: the scalar
// bit manipulation was ~40 % of this function). Include only from those files.
#pragma once

#include "strata/kernels/attention.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/half.hpp"

#include <algorithm>

namespace strata::kernels::detail {
namespace {  // internal linkage: every ISA file keeps its own copy (see simd_common.hpp)

constexpr int kLanes = kAttentionGroup;
// Unaligned, aliasing view of kLanes floats: loads and stores through it need no memcpy.
typedef float LanesU __attribute__((vector_size(sizeof(float) * kLanes), aligned(4), may_alias));
typedef float Lanes __attribute__((vector_size(sizeof(float) * kLanes)));

constexpr int64_t kRowChunk = 64;  // value rows converted to f32 at a time (64 x 512 floats at most)

// ConvertRow: n f16 values (n a multiple of 16) to f32. RoundRow: x[0..n) rounded to the nearest
// f16 in place (to nearest even, as fp32ToFp16), any n.
template <void (*ConvertRow)(const uint16_t* src, float* dst, int64_t n), void (*RoundRow)(float* x, int64_t n)>
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

    // Scores, lane i = query i: four keys per pass give four independent accumulator chains.
    for (int64_t j0 = 0; j0 < maxKeys; j0 += 4) {
        const int m = int(std::min<int64_t>(4, maxKeys - j0));
        for (int r = 0; r < 4; ++r) {
            if (r < m)
                ConvertRow(head.keys + size_t(j0 + r) * head.stride, rows + r * dHead, dHead);
            else
                std::fill(rows + r * dHead, rows + (r + 1) * dHead, 0.0f);
        }
        Lanes acc0 = {}, acc1 = {}, acc2 = {}, acc3 = {};
        for (int64_t d = 0; d < dHead; ++d) {
            const Lanes q = *reinterpret_cast<const LanesU*>(qt + d * kLanes);
            acc0 += rows[d] * q;
            acc1 += rows[dHead + d] * q;
            acc2 += rows[2 * dHead + d] * q;
            acc3 += rows[3 * dHead + d] * q;
        }
        const Lanes acc[4] = {acc0, acc1, acc2, acc3};
        for (int r = 0; r < m; ++r)
            *reinterpret_cast<LanesU*>(sc + (j0 + r) * kLanes) = acc[r];
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
                Lanes a0 = *reinterpret_cast<const LanesU*>(o + d0);
                Lanes a1 = *reinterpret_cast<const LanesU*>(o + d0 + kLanes);
                Lanes a2 = *reinterpret_cast<const LanesU*>(o + d0 + 2 * kLanes);
                Lanes a3 = *reinterpret_cast<const LanesU*>(o + d0 + 3 * kLanes);
                for (int64_t j = c0; j < end; ++j) {
                    const float p = sc[j * kLanes + i];
                    const float* v = rows + (j - c0) * dHead + d0;
                    a0 += p * *reinterpret_cast<const LanesU*>(v);
                    a1 += p * *reinterpret_cast<const LanesU*>(v + kLanes);
                    a2 += p * *reinterpret_cast<const LanesU*>(v + 2 * kLanes);
                    a3 += p * *reinterpret_cast<const LanesU*>(v + 3 * kLanes);
                }
                *reinterpret_cast<LanesU*>(o + d0) = a0;
                *reinterpret_cast<LanesU*>(o + d0 + kLanes) = a1;
                *reinterpret_cast<LanesU*>(o + d0 + 2 * kLanes) = a2;
                *reinterpret_cast<LanesU*>(o + d0 + 3 * kLanes) = a3;
            }
            for (; d0 < dHead; d0 += kLanes) {
                Lanes a = *reinterpret_cast<const LanesU*>(o + d0);
                for (int64_t j = c0; j < end; ++j)
                    a += sc[j * kLanes + i] * *reinterpret_cast<const LanesU*>(rows + (j - c0) * dHead + d0);
                *reinterpret_cast<LanesU*>(o + d0) = a;
            }
        }
    }
}

}  // namespace
}  // namespace strata::kernels::detail
