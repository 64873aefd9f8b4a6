// The AMX table's prefill panels for Q8_0 and Q4_0 (gemm_amx_panel.hpp), Q4_K
// (gemm_amx_q4_k_panel.hpp) and Q6_K (gemm_amx_q6_k_panel.hpp) on the hardware tiles.
// Compiled with -mamx-tile -mamx-int8 and the AVX-512 flags; only called once detection found AMX
// and Linux granted the tile data (cpu_features.cpp).
#include "kernels/amx_panel_steps_avx512.hpp"
#include "kernels/amx_tiles_emulated.hpp"
#include "kernels/amx_tiles_hardware.hpp"
#include "kernels/dot_variants.hpp"
#include "kernels/gemm_amx_panel.hpp"
#include "kernels/gemm_amx_q4_k_panel.hpp"
#include "kernels/gemm_amx_q6_k_panel.hpp"

#include <cstdlib>
#include <string_view>
#include <type_traits>
#include <utility>

namespace strata::kernels::detail {

namespace {

using gguf::GgmlType;

// The hardware backend: tile instructions and AVX-512 steps.
struct HardwareTiles : HardwareTileOps, Avx512PanelSteps {};

// The tile operations emulated, the repacking and float steps the hardware backend's: tests run
// everything but the tile instructions on AVX-512 CPUs without AMX.
struct EmulatedTilesHardwareSteps : EmulatedTiles, Avx512PanelSteps {
    using Avx512PanelSteps::actScales;
    using Avx512PanelSteps::fold;
    using Avx512PanelSteps::foldQ4_K;
    using Avx512PanelSteps::scaleAdd;
    using Avx512PanelSteps::scaleAddLane;
    using Avx512PanelSteps::scaleAddQ4_K;
    using Avx512PanelSteps::scaleAddQ6_K;
    using Avx512PanelSteps::storeLane;
    using Avx512PanelSteps::toFloat;
    using Avx512PanelSteps::zeroLane;
    using Lane = Avx512PanelSteps::Lane;
};

template <typename Tiles, typename Weights>
void panelOn(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
             size_t outStride, std::vector<std::byte>& scratch)
{
    Tiles tiles;
    amxPanel<Weights>(tiles, w, wStride, a, aStride, acts, n, out, outStride, scratch);
}

// Below this many tokens the hardware takes the AVX-512 Q4_K panel: the same float steps on the
// same integers (the same bits), and cheaper than repacking 16 KiB of B tiles per super-block
// for a few token groups (estimated break-even: 3-4 groups; not measured on AMX hardware).
constexpr int64_t kQ4KTileMinTokens = 64;

template <typename Tiles>
void panelQ4_KOn(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
                 size_t outStride, std::vector<std::byte>& scratch)
{
    if constexpr (std::is_same_v<Tiles, HardwareTiles>)  // the emulated tiles stay on the tile path
        if (acts < kQ4KTileMinTokens)
            return gemmPanelQ4_KAvx512(w, wStride, a, aStride, acts, n, out, outStride, scratch);
    Tiles tiles;
    amxPanelQ4_K(tiles, w, wStride, a, aStride, acts, n, out, outStride, scratch);
}

// Below this many tokens the hardware takes the AMX table's Q6_K dot per row and token (the same
// bits): repacking a super-block's 16 KiB of B tiles costs about as much as ~8 tokens' dots
// (estimated from instruction counts, not measured).
constexpr int64_t kQ6KTileMinTokens = 16;

template <typename Tiles>
void panelQ6_KOn(const void* w, size_t wStride, const void* a, size_t aStride, int64_t acts, int64_t n, float* out,
                 size_t outStride, std::vector<std::byte>& scratch)
{
    if constexpr (std::is_same_v<Tiles, HardwareTiles>)
        if (acts < kQ6KTileMinTokens) {
            const auto* weights = static_cast<const uint8_t*>(w);
            const auto* tokens = static_cast<const uint8_t*>(a);
            for (int64_t t = 0; t < acts; ++t)
                for (int r = 0; r < kQ6KRows; ++r)
                    out[size_t(t) * outStride + size_t(r)] =
                        dotQ6_KWholeSums(weights + size_t(r) * wStride, tokens + size_t(t) * aStride, n);
            return;
        }
    Tiles tiles;
    amxPanelQ6_K(tiles, w, wStride, a, aStride, acts, n, out, outStride, scratch);
}

// The tile Q4_K panel is not the hardware table's default: on the H200 host's Sapphire Rapids-class
// Xeon (pp512 of 1B Q4_K files, session 14) it read 0.85x the AVX-512 panel's speed dense and
// 0.84-0.91x MoE, at t = 8 and 15 (4 tile products per 64-quant chunk and 16 KiB of repacked B tiles
// per super-block: L2-bound). STRATA_AMX_Q4_K=1 selects it, to measure it again.
bool tileQ4KRequested()
{
    const char* v = std::getenv("STRATA_AMX_Q4_K");
    return v && std::string_view(v) == "1";
}

template <typename Tiles>
void fillPanels(KernelTable& t, bool q4k)
{
    for (auto [type, panel] : {std::pair<GgmlType, GemmPanelFn>{GgmlType::Q8_0, panelOn<Tiles, Q8_0Weights>},
                               std::pair<GgmlType, GemmPanelFn>{GgmlType::Q4_0, panelOn<Tiles, Q4_0Weights>},
                               std::pair<GgmlType, GemmPanelFn>{GgmlType::Q4_K, panelQ4_KOn<Tiles>},
                               std::pair<GgmlType, GemmPanelFn>{GgmlType::Q6_K, panelQ6_KOn<Tiles>}}) {
        if (type == GgmlType::Q4_K && !q4k)
            continue;
        t.gemmPanel[size_t(type)] = panel;
        // The repacked B tiles serve every activation row of the call (see gemm_amx_panel.hpp).
        t.gemmPanelUnpacks[size_t(type)] = true;
        // But a call's activations should stay in L2 (2 MiB per core on Sapphire Rapids and later),
        // beside the B tiles: A tiles read ~1 byte per 16 multiply-adds, which at tile speed is more
        // than a core's share of L3 gives (estimated, not measured: e.g. a 5632-column Q8_0 matrix's
        // 512 tokens are 3 MiB; they go in blocks of 160 tokens, the weights repacked 4 times).
        t.gemmPanelActBytes[size_t(type)] = 1024 * 1024;
    }
}

}  // namespace

void fillAmxGemm(KernelTable& t)
{
    fillPanels<HardwareTiles>(t, tileQ4KRequested());
}

void fillAmxGemmOnEmulatedTiles(KernelTable& t)
{
    fillPanels<EmulatedTilesHardwareSteps>(t, true);
}

}  // namespace strata::kernels::detail
