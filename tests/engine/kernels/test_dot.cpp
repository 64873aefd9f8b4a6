// Dot products, matvec and matmul: every SIMD variant against the scalar reference on the same
// data, the dot against dequantized values, and the row-range functions against each other.
#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "kernel_test_util.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/ggml_type.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/half.hpp"
#include "strata/kernels/matmul.hpp"

using namespace strata::kernels;
using namespace strata::kernels::test;

namespace {

// The float order of the AVX2 and AVX-512 tables' F16/BF16 dots (dot_avx2.cpp), written out: four
// accumulators of 16 lanes over steps of 64, the rest 16 at a time (zero-padded) into the first,
// then (acc0 + acc1) + (acc2 + acc3) per lane and the lanes folded (k, k+8), (k, k+4), (k, k+2),
// (k, k+1).
float sixteenLaneOrderDot(const std::vector<float>& x, const std::vector<float>& y, int64_t n)
{
    float acc[4][16] = {};
    int64_t i = 0;
    for (; i + 64 <= n; i += 64)
        for (int k = 0; k < 4; ++k)
            for (int l = 0; l < 16; ++l)
                acc[k][l] = std::fma(x[size_t(i + 16 * k + l)], y[size_t(i + 16 * k + l)], acc[k][l]);
    for (; i < n; i += 16)
        for (int l = 0; l < 16; ++l) {
            const bool in = i + l < n;
            acc[0][l] = std::fma(in ? x[size_t(i + l)] : 0.0f, in ? y[size_t(i + l)] : 0.0f, acc[0][l]);
        }
    float lanes[16];
    for (int l = 0; l < 16; ++l)
        lanes[l] = (acc[0][l] + acc[1][l]) + (acc[2][l] + acc[3][l]);
    for (int width = 8; width >= 1; width /= 2)
        for (int k = 0; k < width; ++k)
            lanes[k] += lanes[k + width];
    return lanes[0];
}

std::vector<uint8_t> activationsFor(GgmlType weight, const std::vector<float>& x)
{
    std::vector<uint8_t> a(activationRowBytes(weight, int64_t(x.size())));
    quantizeActivations(weight, x.data(), a.data(), int64_t(x.size()));
    return a;
}

// Overwrite every block scale of a row with a power of two (and Q8_K's d likewise) so that every
// partial sum is an exactly representable float: then any summation order gives the same result
// and SIMD must equal scalar bit for bit, which checks the integer parts exactly.
void makeScalesExact(GgmlType t, std::vector<uint8_t>& w)
{
    const uint16_t one = fp32ToFp16(1.0f), quarter = fp32ToFp16(0.25f);
    const auto each = [&w](size_t blockBytes, auto fn) {
        for (size_t off = 0; off + blockBytes <= w.size(); off += blockBytes)
            fn(w.data() + off);
    };
    switch (t) {
    case GgmlType::Q8_0:
    case GgmlType::Q4_0:
        each(t == GgmlType::Q8_0 ? sizeof(BlockQ8_0) : sizeof(BlockQ4_0), [&](uint8_t* b) { std::memcpy(b, &one, 2); });
        break;
    case GgmlType::Q4_K:
    case GgmlType::Q5_K:  // both start with d, dmin
        each(t == GgmlType::Q4_K ? sizeof(BlockQ4_K) : sizeof(BlockQ5_K), [&](uint8_t* b) {
            std::memcpy(b, &one, 2);
            std::memcpy(b + 2, &quarter, 2);
        });
        break;
    case GgmlType::Q6_K:
        each(sizeof(BlockQ6_K), [&](uint8_t* b) { std::memcpy(b + offsetof(BlockQ6_K, d), &one, 2); });
        break;
    default: break;
    }
}

void makeActivationScalesExact(GgmlType weight, std::vector<uint8_t>& a)
{
    const GgmlType at = activationType(weight);
    if (at == GgmlType::Q8_0) {
        const uint16_t half = fp32ToFp16(0.5f);
        for (size_t off = 0; off < a.size(); off += sizeof(BlockQ8_0))
            std::memcpy(a.data() + off, &half, 2);
    } else if (at == GgmlType::Q8_K) {
        const float d = 0.125f;
        for (size_t off = 0; off < a.size(); off += sizeof(BlockQ8_K))
            std::memcpy(a.data() + off, &d, 4);
    }
}

}  // namespace

class TestDot : public QObject {
    Q_OBJECT

private slots:
    void detectsAndNamesIsas()
    {
        const auto isas = supportedIsas();
        QVERIFY(!isas.empty() && isas.front() == Isa::Scalar);
        QCOMPARE(defaultKernels().isa <= bestIsa(detectCpuFeatures()), true);
        QCOMPARE(parseIsa("avx2"), std::optional<Isa>(Isa::Avx2));
        QVERIFY(!parseIsa("sse9"));
        qInfo("CPU runs: best %s", isaName(bestIsa(detectCpuFeatures())).data());
        // STRATA_KERNEL_ISA caps the default (ctest also runs this binary with it set to scalar).
        if (const char* cap = std::getenv("STRATA_KERNEL_ISA")) {
            const auto wanted = parseIsa(cap);
            QVERIFY(wanted.has_value());
            QCOMPARE(defaultKernels().isa, std::min(*wanted, bestIsa(detectCpuFeatures())));
        } else {
            QCOMPARE(defaultKernels().isa, bestIsa(detectCpuFeatures()));
        }
    }

    // Each variant vs the scalar reference. Tolerance: the integer part is exact; the float
    // scaling per block and the summation order differ, so allow 1e-5 of the sum of |terms|
    // (about 100 f32 ulps of the row's magnitude).
    void simdMatchesScalar()
    {
        const int64_t n = 4096;
        const auto xw = gaussian(n, 21), xa = gaussian(n, 22);
        const KernelTable& scalar = kernelsFor(Isa::Scalar);
        for (GgmlType t : weightTypes()) {
            const auto w = quantized(t, xw);
            const auto a = activationsFor(t, xa);
            const float want = scalar.dotFor(t)(w.data(), a.data(), n);
            const auto wd = dequantized(t, w, n);
            double magnitude = 0;
            for (int64_t i = 0; i < n; ++i)
                magnitude += std::fabs(double(wd[size_t(i)]) * double(xa[size_t(i)]));
            for (Isa isa : supportedIsas()) {
                const float got = kernelsFor(isa).dotFor(t)(w.data(), a.data(), n);
                QVERIFY2(
                    std::fabs(double(got) - double(want)) <= 1e-5 * magnitude,
                    qPrintable(
                        QString("%1 %2: %3 vs scalar %4").arg(nameOf(t)).arg(isaName(isa).data()).arg(got).arg(want)));
            }
        }
    }

    // Odd block counts exercise the single-block tails of the two-blocks-per-step kernels.
    void oddBlockCountsMatchScalar()
    {
        for (int64_t n : {32, 96, 160}) {
            const auto xw = gaussian(n, 23), xa = gaussian(n, 24);
            for (GgmlType t : {GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q5_0, GgmlType::Q5_1}) {
                const auto w = quantized(t, xw);
                const auto a = activationsFor(t, xa);
                const float want = kernelsFor(Isa::Scalar).dotFor(t)(w.data(), a.data(), n);
                for (Isa isa : supportedIsas())
                    QVERIFY(std::fabs(kernelsFor(isa).dotFor(t)(w.data(), a.data(), n) - want)
                            <= 1e-4f * (1 + std::fabs(want)));
            }
        }
    }

    void simdIntegerPartsAreExact()
    {
        const int64_t n = 2048;
        for (GgmlType t : {GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K}) {
            auto w = quantized(t, gaussian(n, 31));
            auto a = activationsFor(t, gaussian(n, 32));
            makeScalesExact(t, w);
            makeActivationScalesExact(t, a);
            const float want = kernelsFor(Isa::Scalar).dotFor(t)(w.data(), a.data(), n);
            for (Isa isa : supportedIsas())
                QVERIFY2(kernelsFor(isa).dotFor(t)(w.data(), a.data(), n) == want,
                         qPrintable(QString("%1 %2").arg(nameOf(t)).arg(isaName(isa).data())));
        }
    }

    // Float weight types at lengths that are not a multiple of any vector width (tails).
    void floatTypesHandleTails()
    {
        for (int64_t n : {1, 7, 15, 33, 100}) {
            const auto xw = gaussian(n, 41), xa = gaussian(n, 42);
            for (GgmlType t : {GgmlType::F32, GgmlType::F16, GgmlType::BF16}) {
                const auto w = quantized(t, xw);
                const auto wd = dequantized(t, w, n);
                double want = 0, mag = 0;
                for (int64_t i = 0; i < n; ++i) {
                    want += double(wd[size_t(i)]) * double(xa[size_t(i)]);
                    mag += std::fabs(double(wd[size_t(i)]) * double(xa[size_t(i)]));
                }
                for (Isa isa : supportedIsas())
                    QVERIFY(std::fabs(kernelsFor(isa).dotFor(t)(w.data(), xa.data(), n) - want) <= 1e-6 * mag + 1e-30);
            }
        }
    }

    // F16/BF16 dots of the AVX2 and AVX-512 tables in one float order, bit for bit: F16 models are
    // held to a tight tolerance against llama.cpp, and AVX2's own 8-lane order once moved a log p
    // by its whole width. Lengths: whole steps of 64, tails of 16 and of 1..15, none at all.
    void halfDotsFollowTheSixteenLaneOrder()
    {
        int checked = 0;
        for (int64_t n : {1, 15, 16, 100, 896, 2048 + 37, 4096}) {
            const auto xw = gaussian(n, 51 + uint32_t(n)), y = gaussian(n, 52 + uint32_t(n));
            for (GgmlType t : {GgmlType::F16, GgmlType::BF16}) {
                const auto w = quantized(t, xw);
                const float want = sixteenLaneOrderDot(dequantized(t, w, n), y, n);
                for (Isa isa : supportedIsas()) {
                    if (isa != Isa::Avx2 && isa != Isa::Avx512)
                        continue;
                    const float got = kernelsFor(isa).dotFor(t)(w.data(), y.data(), n);
                    QVERIFY2(got == want, qPrintable(QString("%1 %2 n %3: %4 vs %5")
                                                         .arg(nameOf(t))
                                                         .arg(isaName(isa).data())
                                                         .arg(n)
                                                         .arg(double(got), 0, 'g', 9)
                                                         .arg(double(want), 0, 'g', 9)));
                    ++checked;
                }
            }
        }
        if (!isaSupported(Isa::Avx2, detectCpuFeatures()))
            QSKIP("needs an AVX2 CPU");
        QVERIFY(checked > 0);
    }

    // The quantized dot equals the float dot of the dequantized weights and activations: this ties
    // the dot kernels to the (independent) dequantizers, so a layout mistake in either shows.
    void dotAgreesWithDequantizedValues()
    {
        const int64_t n = 1024;
        const auto xw = gaussian(n, 51), xa = gaussian(n, 52);
        for (GgmlType t : weightTypes()) {
            const auto w = quantized(t, xw);
            const auto wd = dequantized(t, w, n);
            const auto a = activationsFor(t, xa);
            std::vector<float> ad(static_cast<size_t>(n));
            dequantizeRow(activationType(t), a.data(), ad.data(), n);
            double want = 0, mag = 0;
            for (int64_t i = 0; i < n; ++i) {
                want += double(wd[size_t(i)]) * double(ad[size_t(i)]);
                mag += std::fabs(double(wd[size_t(i)]) * double(ad[size_t(i)]));
            }
            const float got = kernelsFor(Isa::Scalar).dotFor(t)(w.data(), a.data(), n);
            QVERIFY2(std::fabs(double(got) - want) <= 2e-5 * mag,
                     qPrintable(QString("%1: %2 vs %3").arg(nameOf(t)).arg(got).arg(want)));
        }
    }

    // Every SIMD table has a prefill panel for these types (AVX2: gemm_avx2.cpp, gemm_q8_0_avx2.cpp,
    // gemm_q4_0_avx2.cpp and gemm_q4_k_avx2.cpp), so matmulEqualsMatvecPerRow below compares panels,
    // not only dots.
    void simdTablesHavePanels()
    {
        for (Isa isa : supportedIsas()) {
            if (isa == Isa::Scalar)
                continue;
            for (GgmlType t : {GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::Q4_K, GgmlType::Q6_K})
                QVERIFY2(kernelsFor(isa).gemmPanel[size_t(t)],
                         qPrintable(QString("%1 %2").arg(nameOf(t)).arg(isaName(isa).data())));
        }
        if (isaSupported(Isa::Avx2, detectCpuFeatures()))
            QVERIFY(kernelsFor(Isa::Avx2).gemmPanel[size_t(GgmlType::Q5_K)]);
    }

    // Prefill panels against the dot kernels: the same integer sums and the same float steps in
    // the same order, so equal bit for bit (prefill and decode give the same logits).
    void matmulEqualsMatvecPerRow_data()
    {
        QTest::addColumn<int64_t>("tokens");
        QTest::newRow("1 token") << int64_t(1);  // no whole panel: matvec only
        QTest::newRow("4 tokens") << int64_t(kGemmTileActs);
        QTest::newRow("9 tokens") << int64_t(9);  // two panels' worth and a ragged token
    }

    void matmulEqualsMatvecPerRow()
    {
        QFETCH(int64_t, tokens);
        // 37 rows: two whole panels of 16 rows, ragged edges on both sides. 544 columns give the
        // 32-blocks types an odd block count (the tiles' tail path); 768 and 1280 an odd count of
        // K-quant super-blocks.
        const int64_t rows = 2 * kGemmTileRows + 5;
        for (auto [t, cols] : {std::pair{GgmlType::Q4_K, int64_t(512)},
                               {GgmlType::Q8_0, 512},
                               {GgmlType::Q8_0, 544},
                               {GgmlType::Q4_0, 512},
                               {GgmlType::Q4_0, 544},
                               {GgmlType::F16, 512},
                               {GgmlType::Q6_K, 768},
                               {GgmlType::Q6_K, 1280},
                               {GgmlType::Q5_K, 768}}) {
            const auto wx = gaussian(rows * cols, 61);
            const size_t stride = bytesFor(t, cols);
            std::vector<uint8_t> w(stride * size_t(rows));
            for (int64_t r = 0; r < rows; ++r)
                quantizeRow(t, wx.data() + r * cols, w.data() + size_t(r) * stride, cols);
            const WeightMatrix m{t, w.data(), stride, cols};
            const size_t aStride = activationRowBytes(t, cols);
            std::vector<uint8_t> acts(aStride * size_t(tokens));
            const auto ax = gaussian(tokens * cols, 62);
            for (int64_t k = 0; k < tokens; ++k)
                quantizeActivations(t, ax.data() + k * cols, acts.data() + size_t(k) * aStride, cols);
            for (Isa isa : supportedIsas()) {
                const KernelTable& kt = kernelsFor(isa);
                std::vector<float> mm(static_cast<size_t>(tokens * rows), -1.0f);
                // Split over 3 "workers" to check the ranges tile the matrix.
                for (int part = 0; part < 3; ++part) {
                    const RowRange rr = splitRows(rows, 3, part, kGemmTileRows);
                    matmul(kt, m, rr.begin, rr.end, acts.data(), aStride, tokens, mm.data(), size_t(rows));
                }
                for (int64_t k = 0; k < tokens; ++k) {
                    std::vector<float> mv(static_cast<size_t>(rows), -2.0f);
                    matvec(kt, m, 0, rows, acts.data() + size_t(k) * aStride, mv.data());
                    for (int64_t r = 0; r < rows; ++r)
                        QVERIFY2(mm[size_t(k * rows + r)] == mv[size_t(r)],
                                 qPrintable(QString("%1 %2 row %3 token %4: %5 vs %6")
                                                .arg(nameOf(t))
                                                .arg(isaName(isa).data())
                                                .arg(r)
                                                .arg(k)
                                                .arg(double(mm[size_t(k * rows + r)]))
                                                .arg(double(mv[size_t(r)]))));
                }
            }
        }
    }

    // Decode's multi-row kernels against one dot product per row: bit for bit, for every type
    // and ISA that has them, with a range that starts off a multiple of kDotRows and ends ragged.
    void multiRowDotsEqualSingleRowDots()
    {
        const int64_t rows = 3 * kDotRows + 3;
        int checked = 0;
        for (Isa isa : supportedIsas()) {
            const KernelTable& kt = kernelsFor(isa);
            for (uint32_t id = 0; id < 40; ++id) {
                const auto t = GgmlType(id);
                if (!kt.dotRows[id])
                    continue;
                // 288 columns: an odd count of 32-element blocks (the kernels' tail path).
                for (int64_t cols : {int64_t(256), int64_t(1280), int64_t(288)}) {
                    if (cols % int64_t(strata::gguf::ggmlTypeTraits(id)->blockElements) != 0)
                        continue;
                    const auto wx = gaussian(rows * cols, 71 + uint32_t(cols));
                    const size_t stride = bytesFor(t, cols);
                    std::vector<uint8_t> w(stride * size_t(rows));
                    for (int64_t r = 0; r < rows; ++r)
                        quantizeRow(t, wx.data() + r * cols, w.data() + size_t(r) * stride, cols);
                    const auto a = activationsFor(t, gaussian(cols, 72));
                    const WeightMatrix m{t, w.data(), stride, cols};
                    std::vector<float> got(static_cast<size_t>(rows), -1.0f);
                    matvec(kt, m, 1, rows, a.data(), got.data());
                    for (int64_t r = 1; r < rows; ++r) {
                        const float want = kt.dotFor(t)(w.data() + size_t(r) * stride, a.data(), cols);
                        QVERIFY2(got[size_t(r)] == want, qPrintable(QString("%1 %2 cols %3 row %4: %5 vs %6")
                                                                        .arg(nameOf(t))
                                                                        .arg(isaName(isa).data())
                                                                        .arg(cols)
                                                                        .arg(r)
                                                                        .arg(double(got[size_t(r)]))
                                                                        .arg(double(want))));
                    }
                    QCOMPARE(got[0], -1.0f);  // outside the range: untouched
                    ++checked;
                }
            }
        }
        if (kernelsFor(supportedIsas().back()).isa == Isa::Avx512)
            QVERIFY(checked > 0);  // this CPU has multi-row kernels: they were compared
    }

    void splitRowsCoversEveryRowOnce()
    {
        for (int64_t rows : {0, 1, 5, 64, 4097})
            for (int parts : {1, 2, 3, 7})
                for (int64_t granule : {1, 4, 16}) {
                    int64_t next = 0;
                    for (int p = 0; p < parts; ++p) {
                        const RowRange r = splitRows(rows, parts, p, granule);
                        QCOMPARE(r.begin, next);
                        QVERIFY(r.end >= r.begin);
                        if (r.end < rows)
                            QCOMPARE(r.end % granule, int64_t(0));
                        next = r.end;
                    }
                    QCOMPARE(next, rows);
                }
        QVERIFY_THROWS_EXCEPTION(strata::Error, splitRows(10, 2, 2));
    }

    void rejectsTypesWithoutDot()
    {
        QVERIFY(!hasDot(GgmlType::IQ2_XXS));
        QVERIFY_THROWS_EXCEPTION(strata::Error, activationType(GgmlType::I32));
        QCOMPARE(activationType(GgmlType::Q5_1), GgmlType::Q8_1);
        QCOMPARE(activationType(GgmlType::Q3_K), GgmlType::Q8_K);
    }
};

QTEST_APPLESS_MAIN(TestDot)
#include "test_dot.moc"
