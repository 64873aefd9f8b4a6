// The AMX prefill panels (Q8_0, Q4_0, Q4_K, Q6_K): on the scalar tile emulation everywhere (indexing, short
// token groups, padding, scaling against the block-sum order written out in scalar code), and on
// the hardware where the CPU and OS allow AMX (against the emulation bit for bit and the AVX-512
// panels within the dot tests' tolerance).
#include <QtTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <span>

#include "engine/src/kernels/amx_tiles_emulated.hpp"
#include "engine/src/kernels/block_sum_order.hpp"
#include "engine/src/kernels/dot_variants.hpp"
#include "engine/src/kernels/gemm_amx_panel.hpp"
#include "engine/src/kernels/gemm_amx_q4_k_panel.hpp"
#include "engine/src/kernels/gemm_amx_q6_k_panel.hpp"
#include "kernel_test_util.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/half.hpp"
#include "strata/kernels/matmul.hpp"

using namespace strata::kernels;
using namespace strata::kernels::test;
using strata::kernels::detail::EmulatedTiles;
using strata::kernels::detail::TileConfig;

namespace {

// kGemmTileRows weight rows and `acts` activation rows of `cols` columns, quantized from Gaussians.
struct PanelData {
    GgmlType type;
    int64_t cols, acts;
    size_t wStride, aStride;
    std::vector<uint8_t> w, a;
};

PanelData makePanelData(GgmlType t, int64_t acts, int64_t cols, uint32_t seed)
{
    PanelData d{t, cols, acts, bytesFor(t, cols), activationRowBytes(t, cols), {}, {}};
    d.w.resize(d.wStride * kGemmTileRows);
    d.a.resize(d.aStride * size_t(acts));
    const auto wx = gaussian(kGemmTileRows * cols, seed);
    const auto ax = gaussian(acts * cols, seed + 1);
    for (int r = 0; r < kGemmTileRows; ++r)
        quantizeRow(t, wx.data() + r * cols, d.w.data() + size_t(r) * d.wStride, cols);
    for (int64_t k = 0; k < acts; ++k)
        quantizeActivations(t, ax.data() + k * cols, d.a.data() + size_t(k) * d.aStride, cols);
    return d;
}

const uint8_t* weightRow(const PanelData& d, int r)
{
    return d.w.data() + size_t(r) * d.wStride;
}
const uint8_t* actRow(const PanelData& d, int64_t k)
{
    return d.a.data() + size_t(k) * d.aStride;
}

// Weight quant e (0..31) of block b as a signed integer, and the block's fp16 scale.
int weightQuant(GgmlType t, const uint8_t* row, int64_t b, int e)
{
    if (t == GgmlType::Q8_0)
        return reinterpret_cast<const BlockQ8_0*>(row)[b].qs[e];
    const BlockQ4_0& x = reinterpret_cast<const BlockQ4_0*>(row)[b];
    return (e < 16 ? x.qs[e] & 0x0F : x.qs[e - 16] >> 4) - 8;
}
uint16_t weightScale(GgmlType t, const uint8_t* row, int64_t b)
{
    return t == GgmlType::Q8_0 ? reinterpret_cast<const BlockQ8_0*>(row)[b].d
                               : reinterpret_cast<const BlockQ4_0*>(row)[b].d;
}

// The block-sum order (block_sum_order.hpp) with exact integer sums from plain loops.
float blockSumOrderReference(const PanelData& d, int r, int64_t k)
{
    const uint8_t* w = weightRow(d, r);
    const auto* y = reinterpret_cast<const BlockQ8_0*>(actRow(d, k));
    return detail::blockSumOrderDot(
        d.cols / kQK,
        [&](int64_t b) {
            int sum = 0;
            for (int e = 0; e < kQK; ++e)
                sum += weightQuant(d.type, w, b, e) * int(y[b].qs[e]);
            return sum;
        },
        [&](int64_t b) { return fp16ToFp32(weightScale(d.type, w, b)) * fp16ToFp32(y[b].d); });
}

// Q6_K in the AMX table's order (dotQ6_KWholeSums, the tile panel) from plain loops over the
// format: per super-block the exact sum of scale * (quant - 32) * activation, converted and added
// with one fused multiply-add of d = dy * dx, super-blocks in order.
float q6KWholeSumReference(const PanelData& d, int r, int64_t k)
{
    const auto* x = reinterpret_cast<const BlockQ6_K*>(weightRow(d, r));
    const auto* y = reinterpret_cast<const BlockQ8_K*>(actRow(d, k));
    float acc = 0.0f;
    for (int64_t b = 0; b < d.cols / kQK_K; ++b) {
        int32_t sum = 0;
        for (int e = 0; e < kQK_K; ++e) {
            const int half = e / 128, j = e % 128;  // ql: 4 bits, qh: 2 bits, 64 and 32 values apart
            const int low = (x[b].ql[64 * half + j % 64] >> (4 * (j / 64))) & 0x0F;
            const int high = (x[b].qh[32 * half + j % 32] >> (2 * (j / 32))) & 0x03;
            sum += int32_t(x[b].scales[e / 16]) * ((low | high << 4) - 32) * int32_t(y[b].qs[e]);
        }
        acc = std::fma(float(sum), y[b].d * fp16ToFp32(x[b].d), acc);
    }
    return acc;
}

// Sum of |w * a| over the pair's dequantized values: the dot tests' tolerance scale.
double magnitude(const PanelData& d, int r, int64_t k)
{
    std::vector<float> w(size_t(d.cols)), a(size_t(d.cols));
    dequantizeRow(d.type, weightRow(d, r), w.data(), d.cols);
    dequantizeRow(activationType(d.type), actRow(d, k), a.data(), d.cols);
    double m = 0;
    for (size_t i = 0; i < w.size(); ++i)
        m += std::fabs(double(w[i]) * double(a[i]));
    return m;
}

constexpr size_t kOutPad = 3;  // outStride = 16 + 3: columns the panel must leave alone
constexpr float kUntouched = -12345.0f;

std::vector<float> runPanel(const PanelData& d, const std::function<void(float*, size_t)>& panel)
{
    const size_t outStride = kGemmTileRows + kOutPad;
    std::vector<float> out(outStride * size_t(d.acts), kUntouched);
    panel(out.data(), outStride);
    return out;
}

// On a new scratch, or on `scratch` as an earlier call left it.
std::vector<float> emulatedPanel(const PanelData& d, std::vector<std::byte>& scratch)
{
    return runPanel(d, [&](float* out, size_t outStride) {
        EmulatedTiles tiles;
        if (d.type == GgmlType::Q8_0)
            detail::amxPanel<detail::Q8_0Weights>(tiles, d.w.data(), d.wStride, d.a.data(), d.aStride, d.acts, d.cols,
                                                  out, outStride, scratch);
        else if (d.type == GgmlType::Q4_K)
            detail::amxPanelQ4_K(tiles, d.w.data(), d.wStride, d.a.data(), d.aStride, d.acts, d.cols, out, outStride,
                                 scratch);
        else if (d.type == GgmlType::Q6_K)
            detail::amxPanelQ6_K(tiles, d.w.data(), d.wStride, d.a.data(), d.aStride, d.acts, d.cols, out, outStride,
                                 scratch);
        else
            detail::amxPanel<detail::Q4_0Weights>(tiles, d.w.data(), d.wStride, d.a.data(), d.aStride, d.acts, d.cols,
                                                  out, outStride, scratch);
    });
}
std::vector<float> emulatedPanel(const PanelData& d)
{
    std::vector<std::byte> scratch;
    return emulatedPanel(d, scratch);
}

std::vector<float> tablePanel(const KernelTable& k, const PanelData& d, std::vector<std::byte>& scratch)
{
    return runPanel(d, [&](float* out, size_t outStride) {
        k.gemmPanel[size_t(d.type)](d.w.data(), d.wStride, d.a.data(), d.aStride, d.acts, d.cols, out, outStride,
                                    scratch);
    });
}
std::vector<float> tablePanel(const KernelTable& k, const PanelData& d)
{
    std::vector<std::byte> scratch;
    return tablePanel(k, d, scratch);
}

QString where(const PanelData& d, int r, int64_t k)
{
    return QString("%1 cols %2 acts %3 row %4 token %5").arg(nameOf(d.type)).arg(d.cols).arg(d.acts).arg(r).arg(k);
}

// Rows for each type and size; column counts a type's blocks do not divide are left out.
void addPanelRows(std::initializer_list<GgmlType> types, std::initializer_list<int64_t> actCounts,
                  std::initializer_list<int64_t> colCounts)
{
    QTest::addColumn<GgmlType>("type");
    QTest::addColumn<int64_t>("acts");
    QTest::addColumn<int64_t>("cols");
    for (GgmlType t : types)
        for (int64_t acts : actCounts)
            for (int64_t cols : colCounts)
                if (cols % int64_t(strata::gguf::ggmlTypeTraits(uint32_t(t))->blockElements) == 0)
                    QTest::addRow("%s acts %lld cols %lld", nameOf(t), (long long)acts, (long long)cols)
                        << t << acts << cols;
}

// The AMX table with emulated tile instructions: its dots and the panels' AVX-512 float steps are
// real (AVX-512 CPUs only). Null where this build has no AMX kernels or the CPU no AVX-512.
const KernelTable* amxTableOnEmulatedTiles()
{
#ifdef STRATA_KERNELS_AMX
    if (!isaSupported(Isa::Avx512, detectCpuFeatures()))
        return nullptr;
    static const KernelTable table = [] {
        KernelTable t = kernelsFor(Isa::Avx512);
        detail::fillAmxDots(t);
        detail::fillAmxGemmOnEmulatedTiles(t);
        return t;
    }();
    return &table;
#else
    return nullptr;
#endif
}

// The AVX2 table's panel and dot for d.type against the block-sum order, bit for bit (a QVERIFY
// helper: call from a test slot and return after it).
void checkAvx2BlockSumOrder(const PanelData& d)
{
    if (!isaSupported(Isa::Avx2, detectCpuFeatures()))
        QSKIP("needs an AVX2 CPU");
    const KernelTable& table = kernelsFor(Isa::Avx2);
    const auto out = tablePanel(table, d);
    const size_t outStride = kGemmTileRows + kOutPad;
    for (int64_t k = 0; k < d.acts; ++k) {
        for (int r = 0; r < kGemmTileRows; ++r) {
            const float want = blockSumOrderReference(d, r, k);
            const float panel = out[size_t(k) * outStride + size_t(r)];
            QVERIFY2(panel == want, qPrintable(where(d, r, k) + QString(": %1 vs %2").arg(panel).arg(want)));
            const float dot = table.dotFor(d.type)(weightRow(d, r), actRow(d, k), d.cols);
            QVERIFY2(dot == want, qPrintable(where(d, r, k) + QString(": dot %1 vs %2").arg(dot).arg(want)));
        }
        for (size_t pad = kGemmTileRows; pad < outStride; ++pad)
            QCOMPARE(out[size_t(k) * outStride + pad], kUntouched);
    }
}

}  // namespace

Q_DECLARE_METATYPE(GgmlType)

class TestAmxPanel : public QObject {
    Q_OBJECT

private slots:
    void amxIsaIsNamedAndDetected()
    {
        QCOMPARE(parseIsa("amx"), std::optional<Isa>(Isa::Amx));
        QCOMPARE(isaName(Isa::Amx), std::string_view("amx"));
        const CpuFeatures cpu = detectCpuFeatures();
        QCOMPARE(isaSupported(Isa::Amx, cpu), amxUnavailableReason(cpu).empty());
        QCOMPARE(bestIsa(cpu) == Isa::Amx, isaSupported(Isa::Amx, cpu));
        if (isaSupported(Isa::Amx, cpu))
            QVERIFY(isaSupported(Isa::Avx512, cpu));
        qInfo("AMX: %s", isaSupported(Isa::Amx, cpu) ? "available" : amxUnavailableReason(cpu).data());
    }

    // The emulation against TDPBSSD's definition on odd shapes, loads and stores with strides.
    void tileEmulationFollowsTheInstructions()
    {
        TileConfig c;
        c.rows[0] = 3, c.colBytes[0] = 12;  // A: 3 x 12 bytes (K = 3 dwords)
        c.rows[1] = 3, c.colBytes[1] = 20;  // B: 3 rows of 5 dwords
        c.rows[2] = 3, c.colBytes[2] = 20;  // C: 3 x 5 int32
        std::mt19937 rng(5);
        std::vector<int8_t> a(3 * 40), b(3 * 24);
        for (auto& v : a)
            v = int8_t(rng());
        for (auto& v : b)
            v = int8_t(rng());
        std::vector<int32_t> start(3 * 6), got(3 * 6, -7);
        for (auto& v : start)
            v = int32_t(rng() % 1000) - 500;
        EmulatedTiles tiles;
        QVERIFY_THROWS_EXCEPTION(strata::Error, tiles.zero<0>());  // not configured yet
        tiles.configure(c);
        tiles.load<0>(a.data(), 40);
        tiles.load<1>(b.data(), 24);
        tiles.load<2>(start.data(), 6 * 4);
        tiles.dpbssd<2, 0, 1>();
        tiles.store<2>(got.data(), 6 * 4);
        for (int m = 0; m < 3; ++m)
            for (int n = 0; n < 6; ++n) {
                int32_t want = start[size_t(m * 6 + n)];
                if (n < 5)
                    for (int k = 0; k < 3; ++k)
                        for (int i = 0; i < 4; ++i)
                            want += int32_t(a[size_t(m * 40 + 4 * k + i)]) * int32_t(b[size_t(k * 24 + 4 * n + i)]);
                else
                    want = -7;  // beyond the configured 20 bytes: not stored
                QCOMPARE(got[size_t(m * 6 + n)], want);
            }
        QVERIFY_THROWS_EXCEPTION(strata::Error, (tiles.dpbssd<2, 1, 0>()));  // shapes do not fit
        TileConfig bad;
        bad.rows[0] = 17, bad.colBytes[0] = 64;
        QVERIFY_THROWS_EXCEPTION(strata::Error, tiles.configure(bad));
    }

    // On the emulation: equal bit for bit to the block-sum order, close to the scalar dot, and
    // nothing written outside the panel's 16 columns. 544 columns: an odd block count (the
    // one-slot tail); token counts below, at and above 16 (short last groups).
    void emulatedPanelFollowsTheBlockSumOrder_data()
    {
        addPanelRows({GgmlType::Q8_0, GgmlType::Q4_0}, {4, 8, 12, 16, 20, 36, 64}, {64, 544, 4096});
        QTest::addRow("Q8_0 acts 512 cols 64") << GgmlType::Q8_0 << int64_t(512) << int64_t(64);
        QTest::addRow("Q4_0 acts 512 cols 96") << GgmlType::Q4_0 << int64_t(512) << int64_t(96);
        QTest::addRow("Q8_0 acts 20 cols 11008") << GgmlType::Q8_0 << int64_t(20) << int64_t(11008);
    }
    void emulatedPanelFollowsTheBlockSumOrder()
    {
        QFETCH(GgmlType, type);
        QFETCH(int64_t, acts);
        QFETCH(int64_t, cols);
        const PanelData d = makePanelData(type, acts, cols, uint32_t(acts * 7 + cols));
        const auto out = emulatedPanel(d);
        const DotFn scalarDot = kernelsFor(Isa::Scalar).dotFor(type);
        const size_t outStride = kGemmTileRows + kOutPad;
        for (int64_t k = 0; k < acts; ++k) {
            for (int r = 0; r < kGemmTileRows; ++r) {
                const float got = out[size_t(k) * outStride + size_t(r)];
                const float want = blockSumOrderReference(d, r, k);
                QVERIFY2(got == want, qPrintable(where(d, r, k) + QString(": %1 vs %2").arg(got).arg(want)));
                const float scalar = scalarDot(weightRow(d, r), actRow(d, k), cols);
                QVERIFY2(std::fabs(double(got) - double(scalar)) <= 1e-5 * magnitude(d, r, k),
                         qPrintable(where(d, r, k) + QString(": %1 vs scalar %2").arg(got).arg(scalar)));
            }
            for (size_t p = 0; p < kOutPad; ++p)
                QCOMPARE(out[size_t(k) * outStride + kGemmTileRows + p], kUntouched);
        }
    }

    // One scratch for calls of different sizes, as a matmul worker keeps it: what an earlier call
    // left there reaches no later result. Full and short groups of 2, 5 and 9 blocks (lanes
    // without blocks, lanes of one and two), on the emulation and the AVX-512 steps.
    void panelIgnoresWhatItsScratchHolds()
    {
        const KernelTable* table = amxTableOnEmulatedTiles();
        for (GgmlType type : {GgmlType::Q8_0, GgmlType::Q4_0}) {
            std::vector<std::byte> emulatedScratch, tableScratch;
            for (auto [acts, cols] : {std::pair<int64_t, int64_t>{20, 4096}, {20, 64}, {16, 160}, {36, 288}}) {
                const PanelData d = makePanelData(type, acts, cols, uint32_t(acts * 5 + cols));
                std::vector<std::vector<float>> outs{emulatedPanel(d, emulatedScratch)};
                if (table)
                    outs.push_back(tablePanel(*table, d, tableScratch));
                const size_t outStride = kGemmTileRows + kOutPad;
                for (const auto& out : outs)
                    for (int64_t k = 0; k < acts; ++k)
                        for (int r = 0; r < kGemmTileRows; ++r) {
                            const float got = out[size_t(k) * outStride + size_t(r)];
                            const float want = blockSumOrderReference(d, r, k);
                            QVERIFY2(got == want,
                                     qPrintable(where(d, r, k) + QString(": %1 vs %2").arg(got).arg(want)));
                        }
            }
        }
    }

    // Q4_K: the panel repeats dotQ4_K's float steps on the same integers, so on the emulation (and,
    // on AVX-512 CPUs, with the AVX-512 repacking and float steps) it equals the AVX-512 dot bit for
    // bit; without AVX-512 it is compared with the scalar dot within the dot tests' tolerance.
    void q4KPanelEqualsTheAvx512Dot_data() { addPanelRows({GgmlType::Q4_K}, {4, 12, 16, 20, 36}, {256, 768, 2048}); }
    void q4KPanelEqualsTheAvx512Dot()
    {
        QFETCH(GgmlType, type);
        QFETCH(int64_t, acts);
        QFETCH(int64_t, cols);
        const PanelData d = makePanelData(type, acts, cols, uint32_t(acts * 17 + cols));
        const bool avx512 = isaSupported(Isa::Avx512, detectCpuFeatures());
        std::vector<std::vector<float>> outs{emulatedPanel(d)};
        if (const KernelTable* table = amxTableOnEmulatedTiles())
            outs.push_back(tablePanel(*table, d));
        const DotFn dot = kernelsFor(avx512 ? Isa::Avx512 : Isa::Scalar).dotFor(type);
        const size_t outStride = kGemmTileRows + kOutPad;
        for (const auto& out : outs)
            for (int64_t k = 0; k < acts; ++k) {
                for (int r = 0; r < kGemmTileRows; ++r) {
                    const float got = out[size_t(k) * outStride + size_t(r)];
                    const float want = dot(weightRow(d, r), actRow(d, k), cols);
                    QVERIFY2(avx512 ? got == want : std::fabs(double(got) - double(want)) <= 1e-5 * magnitude(d, r, k),
                             qPrintable(where(d, r, k) + QString(": %1 vs dot %2").arg(got).arg(want)));
                }
                for (size_t p = 0; p < kOutPad; ++p)
                    QCOMPARE(out[size_t(k) * outStride + kGemmTileRows + p], kUntouched);
            }
    }

    // Q6_K: the panel (on the emulation, and with the AVX-512 repacking and float steps) and the AMX
    // table's dot equal the whole-sum order written out above bit for bit, and the scalar dot
    // within the dot tests' tolerance. Scales and quants at their ends too (-128 and 127, 0 and 63:
    // the digits' and their products' extremes), one scratch across the sizes.
    void q6KPanelFollowsTheWholeSumOrder_data()
    {
        addPanelRows({GgmlType::Q6_K}, {4, 12, 16, 20, 36}, {256, 768, 2048});
        QTest::addRow("Q6_K extremes acts 20 cols 768") << GgmlType::Q6_K << int64_t(-20) << int64_t(768);
    }
    void q6KPanelFollowsTheWholeSumOrder()
    {
        QFETCH(GgmlType, type);
        QFETCH(int64_t, acts);
        QFETCH(int64_t, cols);
        const bool extremes = acts < 0;
        acts = std::abs(acts);
        PanelData d = makePanelData(type, acts, cols, uint32_t(acts * 19 + cols));
        if (extremes) {
            std::mt19937 rng(7);
            constexpr int kScales[] = {-128, 127, -1, 64};
            for (int r = 0; r < kGemmTileRows; ++r)
                for (auto& x : std::span(reinterpret_cast<BlockQ6_K*>(d.w.data() + size_t(r) * d.wStride),
                                         size_t(cols / kQK_K))) {
                    for (auto& sc : x.scales)
                        sc = int8_t(kScales[rng() % 4]);
                    for (auto& q : x.ql)  // nibbles 0 or 15
                        q = uint8_t((rng() % 2 ? 0x0F : 0) | (rng() % 2 ? 0xF0 : 0));
                    for (auto& q : x.qh)
                        q = uint8_t(rng() % 2 ? 0xFF : 0);
                }
        }
        static std::vector<std::byte> emulatedScratch, tableScratch;
        std::vector<std::vector<float>> outs{emulatedPanel(d, emulatedScratch)};
        const KernelTable* table = amxTableOnEmulatedTiles();
        if (table)
            outs.push_back(tablePanel(*table, d, tableScratch));
        const DotFn scalarDot = kernelsFor(Isa::Scalar).dotFor(type);
        const size_t outStride = kGemmTileRows + kOutPad;
        for (const auto& out : outs)
            for (int64_t k = 0; k < acts; ++k) {
                for (int r = 0; r < kGemmTileRows; ++r) {
                    const float got = out[size_t(k) * outStride + size_t(r)];
                    const float want = q6KWholeSumReference(d, r, k);
                    QVERIFY2(got == want, qPrintable(where(d, r, k) + QString(": %1 vs %2").arg(got).arg(want)));
                    const float scalar = scalarDot(weightRow(d, r), actRow(d, k), cols);
                    QVERIFY2(std::fabs(double(got) - double(scalar)) <= 1e-5 * magnitude(d, r, k),
                             qPrintable(where(d, r, k) + QString(": %1 vs scalar %2").arg(got).arg(scalar)));
                    if (table && &out == &outs.front()) {
                        const float dot = table->dotFor(type)(weightRow(d, r), actRow(d, k), cols);
                        QVERIFY2(dot == want,
                                 qPrintable(where(d, r, k) + QString(": dot %1 vs %2").arg(dot).arg(want)));
                    }
                }
                for (size_t p = 0; p < kOutPad; ++p)
                    QCOMPARE(out[size_t(k) * outStride + kGemmTileRows + p], kUntouched);
            }
    }

    // AVX-512 CPUs: the AMX table's dots and the panels' AVX-512 float steps (tiles emulated) equal
    // the block-sum order bit for bit.
    void avx512StepsFollowTheBlockSumOrder_data()
    {
        addPanelRows({GgmlType::Q8_0, GgmlType::Q4_0}, {4, 12, 20, 64}, {64, 544, 4096});
    }
    void avx512StepsFollowTheBlockSumOrder()
    {
        const KernelTable* table = amxTableOnEmulatedTiles();
        if (!table)
            QSKIP("needs an AVX-512 CPU and a build with the AMX kernels");
        QFETCH(GgmlType, type);
        QFETCH(int64_t, acts);
        QFETCH(int64_t, cols);
        const PanelData d = makePanelData(type, acts, cols, uint32_t(acts * 11 + cols));
        const auto out = tablePanel(*table, d);
        const size_t outStride = kGemmTileRows + kOutPad;
        for (int64_t k = 0; k < acts; ++k)
            for (int r = 0; r < kGemmTileRows; ++r) {
                const float want = blockSumOrderReference(d, r, k);
                const float panel = out[size_t(k) * outStride + size_t(r)];
                QVERIFY2(panel == want, qPrintable(where(d, r, k) + QString(": %1 vs %2").arg(panel).arg(want)));
                const float dot = table->dotFor(type)(weightRow(d, r), actRow(d, k), cols);
                QVERIFY2(dot == want, qPrintable(where(d, r, k) + QString(": dot %1 vs %2").arg(dot).arg(want)));
            }
    }

    // AVX2 CPUs: the AVX2 table's Q8_0 and Q4_0 dots and their row-interleaved panels
    // (gemm_q8_0_avx2.cpp, gemm_q4_0_avx2.cpp) equal the block-sum order bit for bit; 2, 17, 19 and
    // 128 blocks: no whole step of 8 (lanes without blocks), tails of 1 and 3, and none.
    void avx2BlockSumPanelsFollowTheOrder_data()
    {
        addPanelRows({GgmlType::Q8_0, GgmlType::Q4_0}, {4, 12, 64}, {64, 544, 608, 4096});
    }
    void avx2BlockSumPanelsFollowTheOrder()
    {
        QFETCH(GgmlType, type);
        QFETCH(int64_t, acts);
        QFETCH(int64_t, cols);
        checkAvx2BlockSumOrder(makePanelData(type, acts, cols, uint32_t(acts * 13 + cols)));
    }

    // The same with Q8_0 quants at the ends of their range (weights -128, -127, 127; activations
    // +-127), whole blocks of equal signs among them (block sums up to 32 * 128 * 127): maddubs on
    // the activations + 128 would clip its pairs (2 * 255 * 128), and an int16 sum of more than two
    // products would overflow.
    void avx2Q8ZeroIsExactAtTheExtremes_data() { addPanelRows({GgmlType::Q8_0}, {4, 12}, {544, 4096}); }
    void avx2Q8ZeroIsExactAtTheExtremes()
    {
        QFETCH(GgmlType, type);
        QFETCH(int64_t, acts);
        QFETCH(int64_t, cols);
        PanelData d = makePanelData(type, acts, cols, uint32_t(acts * 7 + cols));
        std::mt19937 rng(uint32_t(cols + acts));
        const auto fill = [&](uint8_t* row, std::initializer_list<int> values) {
            for (auto& x : std::span(reinterpret_cast<BlockQ8_0*>(row), size_t(cols / kQK))) {
                const int mode = int(rng() % 3);  // all the first value, all the last, or mixed
                for (auto& q : x.qs)
                    q = int8_t(mode == 0   ? *values.begin()
                               : mode == 1 ? *(values.end() - 1)
                                           : *(values.begin() + rng() % values.size()));
            }
        };
        for (int r = 0; r < kGemmTileRows; ++r)
            fill(d.w.data() + size_t(r) * d.wStride, {-128, -127, 127});
        for (int64_t k = 0; k < acts; ++k)
            fill(d.a.data() + size_t(k) * d.aStride, {-127, 127});
        checkAvx2BlockSumOrder(d);
    }

    // The AMX table's four-row decode dots against its one-row dots, bit for bit, with block counts
    // that leave 0, 1 and 7 blocks for the zero-padded last step.
    void amxTableDotRowsEqualTheDot()
    {
        const KernelTable* table = amxTableOnEmulatedTiles();
        if (!table)
            QSKIP("needs an AVX-512 CPU and a build with the AMX kernels");
        for (GgmlType t : {GgmlType::Q8_0, GgmlType::Q4_0})
            for (int64_t cols : {int64_t(256), int64_t(288), int64_t(480), int64_t(4096)}) {
                const size_t stride = bytesFor(t, cols);
                std::vector<uint8_t> w(stride * kDotRows);
                const auto wx = gaussian(kDotRows * cols, 91);
                for (int r = 0; r < kDotRows; ++r)
                    quantizeRow(t, wx.data() + r * cols, w.data() + size_t(r) * stride, cols);
                std::vector<uint8_t> a(activationRowBytes(t, cols));
                quantizeActivations(t, gaussian(cols, 92).data(), a.data(), cols);
                QVERIFY(table->dotRows[size_t(t)]);
                float rows[kDotRows];
                table->dotRows[size_t(t)](w.data(), stride, a.data(), cols, rows);
                for (int r = 0; r < kDotRows; ++r)
                    QVERIFY2(rows[r] == table->dotFor(t)(w.data() + size_t(r) * stride, a.data(), cols),
                             qPrintable(QString("%1 cols %2 row %3").arg(nameOf(t)).arg(cols).arg(r)));
            }
    }

    // matmul with the AMX table (tiles emulated where the CPU has none) against matvec, bit for
    // bit: ragged rows and tokens, split over 3 workers, as test_kernels_dot's
    // matmulEqualsMatvecPerRow does for every table the CPU runs. 400 tokens of 4096 columns
    // (1.7 MiB) exceed the panels' activation budget: matmul hands them over in blocks of 240.
    void amxTableMatmulEqualsMatvec_data()
    {
        QTest::addColumn<GgmlType>("type");
        QTest::addColumn<int64_t>("cols");
        QTest::addColumn<int64_t>("tokens");
        QTest::addColumn<int64_t>("rows");
        for (auto [t, cols] : {std::pair{GgmlType::Q8_0, int64_t(512)},
                               {GgmlType::Q8_0, 544},
                               {GgmlType::Q4_0, 512},
                               {GgmlType::Q4_0, 544},
                               {GgmlType::Q4_K, 512},
                               {GgmlType::Q4_K, 768},
                               {GgmlType::Q6_K, 512},
                               {GgmlType::Q6_K, 768}})
            for (int64_t tokens : {int64_t(1), int64_t(4), int64_t(9), int64_t(20), int64_t(37)})
                QTest::addRow("%s cols %lld tokens %lld", nameOf(t), (long long)cols, (long long)tokens)
                    << t << cols << tokens << int64_t(2 * kGemmTileRows + 5);
        for (GgmlType t : {GgmlType::Q8_0, GgmlType::Q4_K, GgmlType::Q6_K})
            QTest::addRow("%s cols 4096 tokens 400", nameOf(t))
                << t << int64_t(4096) << int64_t(400) << int64_t(kGemmTileRows + 5);
    }
    void amxTableMatmulEqualsMatvec()
    {
        const KernelTable* table = amxTableOnEmulatedTiles();
        if (!table)
            QSKIP("needs an AVX-512 CPU and a build with the AMX kernels");
        QFETCH(GgmlType, type);
        QFETCH(int64_t, cols);
        QFETCH(int64_t, tokens);
        QFETCH(int64_t, rows);
        const auto wx = gaussian(rows * cols, 81);
        const size_t stride = bytesFor(type, cols);
        std::vector<uint8_t> w(stride * size_t(rows));
        for (int64_t r = 0; r < rows; ++r)
            quantizeRow(type, wx.data() + r * cols, w.data() + size_t(r) * stride, cols);
        const WeightMatrix m{type, w.data(), stride, cols};
        const size_t aStride = activationRowBytes(type, cols);
        std::vector<uint8_t> acts(aStride * size_t(tokens));
        const auto ax = gaussian(tokens * cols, 82);
        for (int64_t k = 0; k < tokens; ++k)
            quantizeActivations(type, ax.data() + k * cols, acts.data() + size_t(k) * aStride, cols);
        std::vector<float> mm(size_t(tokens * rows), -1.0f);
        for (int part = 0; part < 3; ++part) {
            const RowRange rr = splitRows(rows, 3, part, kGemmTileRows);
            matmul(*table, m, rr.begin, rr.end, acts.data(), aStride, tokens, mm.data(), size_t(rows));
        }
        for (int64_t k = 0; k < tokens; ++k) {
            std::vector<float> mv(size_t(rows), -2.0f);
            matvec(*table, m, 0, rows, acts.data() + size_t(k) * aStride, mv.data());
            for (int64_t r = 0; r < rows; ++r)
                QVERIFY2(mm[size_t(k * rows + r)] == mv[size_t(r)],
                         qPrintable(QString("row %1 token %2: %3 vs %4")
                                        .arg(r)
                                        .arg(k)
                                        .arg(double(mm[size_t(k * rows + r)]))
                                        .arg(double(mv[size_t(r)]))));
        }
    }

    // The real tiles (where the CPU and OS allow AMX): bit for bit the emulation; Q8_0/Q4_0 within
    // the tolerance of the AVX-512 panels and the AMX table's dots bit for bit the block-sum order;
    // Q4_K bit for bit the AVX-512 panel (below 64 tokens the hardware path is that panel, 84
    // tokens end on a short tile group); Q6_K bit for bit the whole-sum order (below 16 tokens the
    // hardware path is the AMX table's dot) and within the tolerance of the AVX-512 panel.
    void hardwarePanelMatchesEmulationAndAvx512_data()
    {
        addPanelRows({GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::Q4_K, GgmlType::Q6_K}, {4, 8, 12, 16, 20, 64, 84, 512},
                     {64, 256, 4096, 11008});
    }
    void hardwarePanelMatchesEmulationAndAvx512()
    {
        if (!isaSupported(Isa::Amx, detectCpuFeatures()))
            QSKIP(qPrintable(QString("no AMX here: ") + amxUnavailableReason(detectCpuFeatures()).data()));
        QFETCH(GgmlType, type);
        QFETCH(int64_t, acts);
        QFETCH(int64_t, cols);
        const PanelData d = makePanelData(type, acts, cols, uint32_t(acts * 13 + cols));
        const KernelTable& amx = kernelsFor(Isa::Amx);
        QVERIFY(amx.gemmPanel[size_t(type)]);
        const auto hw = tablePanel(amx, d);
        const auto emu = emulatedPanel(d);
        const auto avx512 = tablePanel(kernelsFor(Isa::Avx512), d);
        const size_t outStride = kGemmTileRows + kOutPad;
        for (int64_t k = 0; k < acts; ++k)
            for (int r = 0; r < kGemmTileRows; ++r) {
                const size_t i = size_t(k) * outStride + size_t(r);
                QVERIFY2(hw[i] == emu[i],
                         qPrintable(where(d, r, k) + QString(": %1 vs emulated %2").arg(hw[i]).arg(emu[i])));
                if (type == GgmlType::Q4_K) {  // the AVX-512 panel's float steps: equal
                    QVERIFY2(hw[i] == avx512[i],
                             qPrintable(where(d, r, k) + QString(": %1 vs avx512 %2").arg(hw[i]).arg(avx512[i])));
                    continue;
                }
                const bool sampled = (k * kGemmTileRows + r) % 7 == 0;  // the magnitude is slow in long rows
                if (type == GgmlType::Q6_K && sampled) {
                    QVERIFY2(hw[i] == q6KWholeSumReference(d, r, k), qPrintable(where(d, r, k) + " (whole-sum order)"));
                    QVERIFY2(amx.dotFor(type)(weightRow(d, r), actRow(d, k), cols) == hw[i],
                             qPrintable(where(d, r, k) + " (AMX table dot)"));
                }
                if (sampled)
                    QVERIFY2(std::fabs(double(hw[i]) - double(avx512[i])) <= 1e-5 * magnitude(d, r, k),
                             qPrintable(where(d, r, k) + QString(": %1 vs avx512 %2").arg(hw[i]).arg(avx512[i])));
                if (sampled && type != GgmlType::Q6_K) {
                    const float dot = amx.dotFor(type)(weightRow(d, r), actRow(d, k), cols);
                    QVERIFY2(dot == blockSumOrderReference(d, r, k), qPrintable(where(d, r, k) + " (AMX table dot)"));
                }
            }
        for (int64_t k = 0; k < acts; ++k)
            for (size_t p = 0; p < kOutPad; ++p)
                QCOMPARE(hw[size_t(k) * outStride + kGemmTileRows + p], kUntouched);
    }
};

QTEST_APPLESS_MAIN(TestAmxPanel)
#include "test_amx_panel.moc"
