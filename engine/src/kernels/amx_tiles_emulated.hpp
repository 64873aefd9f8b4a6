// The AMX tile operations in scalar code, one instruction's semantics each, for tests on any
// CPU: the AMX panels run on them exactly as on the hardware (gemm_amx_panel.hpp), and shapes the
// hardware would fault on (#UD) throw here. scaleAdd and fold are the scalar twins of the hardware
// backend's AVX-512 steps: the same float operations, so both give the same bits.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "kernels/amx_tiles.hpp"
#include "kernels/block_sum_order.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/half.hpp"

namespace strata::kernels::detail {

class EmulatedTiles {
public:
    void configure(const TileConfig& config)
    {
        if (config.palette != 1)
            throw Error("amx emulation: palette must be 1");
        for (int t = 0; t < kTileCount; ++t)
            if (config.rows[t] > kTileMaxRows || config.colBytes[t] > kTileMaxColBytes
                || (config.rows[t] == 0) != (config.colBytes[t] == 0))
                throw Error("amx emulation: tile shape out of range");
        config_ = config;
        std::memset(data_, 0, sizeof data_);  // LDTILECFG zeroes every tile
        configured_ = true;
    }
    void release()
    {
        configured_ = false;
        std::memset(data_, 0, sizeof data_);
    }

    template <int T>
    void load(const void* base, size_t stride)
    {
        check(T);
        std::memset(data_[T], 0, sizeof data_[T]);
        for (int r = 0; r < config_.rows[T]; ++r)
            std::memcpy(data_[T][r], static_cast<const uint8_t*>(base) + size_t(r) * stride, config_.colBytes[T]);
    }
    template <int T>
    void zero()
    {
        check(T);
        std::memset(data_[T], 0, sizeof data_[T]);
    }
    template <int T>
    void store(void* base, size_t stride) const
    {
        check(T);
        for (int r = 0; r < config_.rows[T]; ++r)
            std::memcpy(static_cast<uint8_t*>(base) + size_t(r) * stride, data_[T][r], config_.colBytes[T]);
    }

    template <int C, int A, int B>
    void dpbssd()
    {
        check(C), check(A), check(B);
        const int m = config_.rows[A], k = config_.colBytes[A] / 4, n = config_.colBytes[C] / 4;
        if (config_.rows[C] != m || config_.rows[B] != k || config_.colBytes[B] != config_.colBytes[C]
            || config_.colBytes[A] % 4 != 0 || config_.colBytes[C] % 4 != 0 || C == A || C == B || A == B)
            throw Error("amx emulation: tdpbssd shapes do not fit");
        for (int i = 0; i < m; ++i)
            for (int j = 0; j < n; ++j) {
                int32_t sum;
                std::memcpy(&sum, data_[C][i] + 4 * j, 4);
                for (int kk = 0; kk < k; ++kk)
                    for (int e = 0; e < 4; ++e)
                        sum += int32_t(int8_t(data_[A][i][4 * kk + e])) * int32_t(int8_t(data_[B][kk][4 * j + e]));
                std::memcpy(data_[C][i] + 4 * j, &sum, 4);
            }
    }

    static float toFloat(uint16_t h) { return fp16ToFp32(h); }

    // out[b * 16 + t] = the fp16 scale at scales + t * aStride + b * sizeof(BlockQ8_0) as a float, for
    // b < blocks and t < rows (block b's scale of token t, its Q8_0 row aStride bytes on).
    static void actScales(float* out, const uint8_t* scales, size_t aStride, int64_t blocks, int rows)
    {
        for (int64_t b = 0; b < blocks; ++b)
            for (int t = 0; t < rows; ++t) {
                uint16_t h;
                std::memcpy(&h, scales + size_t(t) * aStride + size_t(b) * sizeof(BlockQ8_0), 2);
                out[b * 16 + t] = toFloat(h);
            }
    }

    // acc[t * 16 + r] = fma(float(c[t * 16 + r]), dw[r] * da[t], acc[t * 16 + r]) for t < rows.
    static void scaleAdd(float* acc, const int32_t* c, const float* dw, const float* da, int rows)
    {
        for (int t = 0; t < rows; ++t)
            for (int r = 0; r < 16; ++r)
                acc[t * 16 + r] = std::fma(float(c[t * 16 + r]), dw[r] * da[t], acc[t * 16 + r]);
    }

    // scaleAdd for all 16 tokens into a lane held apart from the lanes in memory (the hardware
    // backend keeps it in registers): zeroLane, then scaleAddLane per block, then storeLane.
    struct Lane {
        float acc[kTileMaxRows * 16];
    };
    static void zeroLane(Lane& lane) { std::memset(lane.acc, 0, sizeof lane.acc); }
    static void scaleAddLane(Lane& lane, const int32_t* c, const float* dw, const float* da)
    {
        scaleAdd(lane.acc, c, dw, da, kTileMaxRows);
    }
    static void storeLane(const Lane& lane, float* out) { std::memcpy(out, lane.acc, sizeof lane.acc); }

    // out[t * outStride + r] = the lanes' fold (block_sum_order.hpp) of lanes[k * 256 + t * 16 + r].
    static void fold(const float* lanes, int rows, float* out, size_t outStride)
    {
        for (int t = 0; t < rows; ++t)
            for (int r = 0; r < 16; ++r) {
                float l[kBlockSumLanes];
                for (int k = 0; k < kBlockSumLanes; ++k)
                    l[k] = lanes[k * 256 + t * 16 + r];
                out[size_t(t) * outStride + size_t(r)] = foldBlockSumLanes(l);
            }
    }

    // Q4_K (gemm_amx_q4_k_panel.hpp), for t < rows and r < 16, with sums[v * 256 + t * 16 + r] the
    // four C tiles (lo first, lo second, hi first, hi second) and y token t's Q8_K block at
    // act + t * aStride: the two halves' integer sums and min terms, then dotQ4_K's float steps
    // into acc[t * 16 + r] (first half) and acc[256 + t * 16 + r] (second).
    static void scaleAddQ4_K(float* acc, const int32_t* sums, const float* d, const float* dmin,
                             const int32_t* minPairs, const uint8_t* act, size_t aStride, int rows)
    {
        constexpr int kTile = 256;
        for (int t = 0; t < rows; ++t) {
            const uint8_t* y = act + size_t(t) * aStride;
            float dy;
            std::memcpy(&dy, y + offsetof(BlockQ8_K, d), 4);
            int16_t bsums[16];
            std::memcpy(bsums, y + offsetof(BlockQ8_K, bsums), sizeof bsums);
            int32_t groupSums[8];
            for (int g = 0; g < 8; ++g)
                groupSums[g] = int16_t(bsums[2 * g] + bsums[2 * g + 1]);  // as phaddw: 16-bit
            for (int r = 0; r < 16; ++r) {
                const int32_t* s = sums + t * 16 + r;
                const int32_t first = s[0] + 8 * s[2 * kTile], second = s[kTile] + 8 * s[3 * kTile];
                int32_t mins[2] = {0, 0};
                for (int p = 0; p < 4; ++p) {
                    const auto pair = uint32_t(minPairs[p * 16 + r]);
                    mins[p % 2] +=
                        int16_t(pair & 0xFFFF) * groupSums[2 * p] + int16_t(pair >> 16) * groupSums[2 * p + 1];
                }
                const float ddy = d[r] * dy, mdy = dmin[r] * dy;
                float& a0 = acc[t * 16 + r];
                float& a1 = acc[kTile + t * 16 + r];
                a0 = a0 + std::fma(-float(mins[0]), mdy, float(first) * ddy);
                a1 = a1 + std::fma(-float(mins[1]), mdy, float(second) * ddy);
            }
        }
    }

    // out[t * outStride + r] = first + second half's accumulator.
    static void foldQ4_K(const float* acc, int rows, float* out, size_t outStride)
    {
        for (int t = 0; t < rows; ++t)
            for (int r = 0; r < 16; ++r)
                out[size_t(t) * outStride + size_t(r)] = acc[t * 16 + r] + acc[256 + t * 16 + r];
    }

    // Q6_K (gemm_amx_q6_k_panel.hpp), for t < rows and r < 16, with sums[k * 256 + t * 16 + r] the
    // four digits' C tiles and token t's Q8_K block at act + t * aStride: the super-block's sum,
    // then dotQ6_KWholeSums' float step into acc[t * 16 + r].
    static void scaleAddQ6_K(float* acc, const int32_t* sums, const float* d, const uint8_t* act, size_t aStride,
                             int rows)
    {
        constexpr int kTile = 256;
        for (int t = 0; t < rows; ++t) {
            float dy;
            std::memcpy(&dy, act + size_t(t) * aStride + offsetof(BlockQ8_K, d), 4);
            for (int r = 0; r < 16; ++r) {
                const int32_t* s = sums + t * 16 + r;
                const int32_t sum = s[0] + 4 * s[kTile] + 16 * s[2 * kTile] + 64 * s[3 * kTile];
                acc[t * 16 + r] = std::fma(float(sum), dy * d[r], acc[t * 16 + r]);
            }
        }
    }

private:
    void check(int t) const
    {
        if (!configured_ || config_.rows[t] == 0)
            throw Error("amx emulation: tile used without a configuration");
    }

    TileConfig config_;
    bool configured_ = false;
    alignas(64) uint8_t data_[kTileCount][kTileMaxRows][kTileMaxColBytes] = {};
};

}  // namespace strata::kernels::detail
