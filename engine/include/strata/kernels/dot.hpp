// Dot products of one weight row with one activation row, the way ggml pairs them: activations are
// quantized once per row to the format the weight type's kernel takes (Q8_0, Q8_1 or Q8_K; f32 for
// F32/F16/BF16 weights), then every weight row is dotted against them.
//
// Kernels come in variants per ISA (scalar reference, AVX2+FMA, AVX-512 with VNNI, AMX: the AVX-512
// set with tile panels for Q8_0/Q4_0/Q4_K); a KernelTable holds one variant's function pointers.
// kernelsFor() gives any variant the CPU runs (tests compare them on the same data);
// defaultKernels() is the best one, capped by the STRATA_KERNEL_ISA environment variable
// ("scalar", "avx2", "avx512", "amx"), read once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "strata/gguf/ggml_type.hpp"
#include "strata/kernels/cpu_features.hpp"

namespace strata::kernels {

struct AttentionHead;
struct AttentionGroup;
struct AttentionScratch;

// The activation format the weight type's dot product takes; nullopt-like GgmlType::F32 for the
// float types. Throws strata::Error for weight types without a dot product.
gguf::GgmlType activationType(gguf::GgmlType weightType);
bool hasDot(gguf::GgmlType weightType);
// Bytes of one activation row of n elements for this weight type.
size_t activationRowBytes(gguf::GgmlType weightType, int64_t n);

// w: one weight row; a: one activation row in activationType(weight) format; n elements.
using DotFn = float (*)(const void* w, const void* a, int64_t n);

// Prefill panel: the dots of kGemmTileRows weight rows (w + r * wStride bytes) with `acts`
// activation rows (a + t * aStride; acts a multiple of kGemmTileActs), written to
// out[t * outStride + r]. Bit-identical to the same table's DotFn (so prefill and decode give
// the same logits; the AMX table's Q8_0/Q4_0 dots take its tile panels' float order for that).
// `scratch` holds unpacked weights (grown as needed; one per thread).
inline constexpr int kGemmTileRows = 16, kGemmTileActs = 4;
using GemmPanelFn = void (*)(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n,
                             float* out, size_t outStride, std::vector<std::byte>& scratch);

// Decode: the dots of kDotRows weight rows (w + r * wStride bytes) with one activation row,
// written to out[0 .. kDotRows-1]; bit-identical to the same table's DotFn for each row.
inline constexpr int kDotRows = 4;
using DotRowsFn = void (*)(const void* w, size_t wStride, const void* a, int64_t n, float* out);

struct KernelTable {
    Isa isa = Isa::Scalar;
    // Plain arrays, not std::array: the SIMD files fill them, and any out-of-line std::array
    // member they instantiated (at -O0) could be shared with scalar code by the linker.
    DotFn dot[40] = {};  // by GgmlType number; null where a type has no dot product
    // Which ISA each entry really is (types without a SIMD variant keep the scalar one).
    Isa dotIsa[40] = {};

    // Register-blocked prefill tiles, where a variant has one for the type (else null: matmul
    // falls back to dot products).
    GemmPanelFn gemmPanel[40] = {};
    // Panels that unpack their weight rows into scratch first: matmul gives them every activation
    // row at once, so the unpacking is paid once per panel. The others get blocks of activation
    // rows that stay in L2 while all weight rows stream past.
    bool gemmPanelUnpacks[40] = {};
    // For unpacking panels: activation rows per call at most about this many bytes, in multiples of
    // 16 rows (0: all rows at once). Set where a panel is fast enough for L3 to be its limit.
    size_t gemmPanelActBytes[40] = {};

    // Several rows against one activation, where a variant has it (else null: one dot per row).
    DotRowsFn dotRows[40] = {};

    DotFn dotFor(gguf::GgmlType t) const { return dot[size_t(t)]; }

    // Vectorised f32 row operations (see ops.hpp for their meaning).
    void (*rmsNorm)(const float* x, const float* weight, float* out, int64_t n, float eps) = nullptr;
    void (*softmax)(float* x, int64_t n, float scale, const float* mask) = nullptr;
    void (*silu)(const float* x, float* out, int64_t n) = nullptr;
    void (*swiglu)(const float* gate, const float* up, float* out, int64_t n) = nullptr;
    // Q8_K activations: n floats (a multiple of 256) to BlockQ8_K, the same bytes on every ISA.
    void (*quantizeQ8_K)(const float* x, void* y, int64_t n) = nullptr;
    // Attention of a query group against an f16 KV head (attention.hpp; call attendGroupF16()).
    void (*attendGroupF16)(const KernelTable& k, const AttentionHead& head, const AttentionGroup& group,
                           AttentionScratch& scratch) = nullptr;
};

// Throws strata::Error if this CPU cannot run `isa`.
const KernelTable& kernelsFor(Isa isa);
const KernelTable& defaultKernels();

// Quantize n activations into dst (activationRowBytes(weightType, n) bytes): ggml's reference
// quantizer for the activation type (or a copy for f32).
void quantizeActivations(gguf::GgmlType weightType, const float* x, void* dst, int64_t n);

}  // namespace strata::kernels
