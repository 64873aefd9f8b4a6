// Quantization and dequantization of every tensor type: block layouts built by hand, round-trip
// error bounds, edge values, f16/bf16 conversion, and rejection of bad lengths.
#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

#include "kernel_test_util.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/blocks.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/half.hpp"

using namespace strata::kernels;
using namespace strata::kernels::test;

namespace {

double relativeRmse(const std::vector<float>& x, const std::vector<float>& y)
{
    double err = 0, sig = 0;
    for (size_t i = 0; i < x.size(); ++i) {
        err += double(x[i] - y[i]) * double(x[i] - y[i]);
        sig += double(x[i]) * double(x[i]);
    }
    return std::sqrt(err / sig);
}

}  // namespace

class TestQuantize : public QObject {
    Q_OBJECT

private slots:
    void halfConversionsRoundTripEveryPattern()
    {
        for (uint32_t h = 0; h < 65536; ++h) {
            const float f = fp16ToFp32(uint16_t(h));
            if (std::isnan(f)) {
                QVERIFY(std::isnan(fp16ToFp32(fp32ToFp16(f))));  // NaN stays NaN (made quiet)
                continue;
            }
            QCOMPARE(fp32ToFp16(f), uint16_t(h));
            QCOMPARE(fp32ToBf16(bf16ToFp32(uint16_t(h))),
                     uint16_t(std::isnan(bf16ToFp32(uint16_t(h))) ? (h | 0x40) : h));
        }
    }

    void halfRoundsToNearestEven()
    {
        QCOMPARE(fp32ToFp16(1.0f + 1.0f / 2048), uint16_t(0x3c00));      // tie: down to even
        QCOMPARE(fp32ToFp16(1.0f + 3.0f / 2048), uint16_t(0x3c02));      // tie: up to even
        QCOMPARE(fp32ToFp16(65519.0f), uint16_t(0x7bff));                // largest finite
        QCOMPARE(fp32ToFp16(65520.0f), uint16_t(0x7c00));                // overflows to inf
        QCOMPARE(fp32ToFp16(std::ldexp(1.0f, -25)), uint16_t(0x0000));   // half of the smallest: even
        QCOMPARE(fp32ToFp16(std::ldexp(3.0f, -25)), uint16_t(0x0002));   // 1.5 units: up to even
        QCOMPARE(fp32ToFp16(-std::ldexp(1.0f, -24)), uint16_t(0x8001));  // smallest subnormal
        QCOMPARE(fp32ToBf16(1.0f + 1.0f / 256), uint16_t(0x3f80));       // bf16 tie to even
        QCOMPARE(fp32ToBf16(1.0f + 3.0f / 256), uint16_t(0x3f82));
        QCOMPARE(fp32ToBf16(std::ldexp(1.0f, -130)), uint16_t(0x0008));  // subnormal kept
    }

    void q4_0LayoutIsGgmls()
    {
        // d = 0.5, element j = low nibble of byte j, element j+16 = high nibble.
        BlockQ4_0 b{};
        b.d = fp32ToFp16(0.5f);
        for (int j = 0; j < 16; ++j)
            b.qs[j] = uint8_t(j | ((15 - j) << 4));
        float y[32];
        dequantizeRow(GgmlType::Q4_0, &b, y, 32);
        for (int j = 0; j < 16; ++j) {
            QCOMPARE(y[j], float(j - 8) * 0.5f);
            QCOMPARE(y[j + 16], float(15 - j - 8) * 0.5f);
        }
    }

    void q5_0AndQ5_1TakeTheFifthBitFromQh()
    {
        BlockQ5_0 b{};
        b.d = fp32ToFp16(1.0f);
        const uint32_t qh = 0x80000001u;  // element 0 and element 31 have bit 4 set
        std::memcpy(b.qh, &qh, 4);
        float y[32];
        dequantizeRow(GgmlType::Q5_0, &b, y, 32);
        QCOMPARE(y[0], 0.0f);  // 16 - 16
        QCOMPARE(y[1], -16.0f);
        QCOMPARE(y[31], 0.0f);
        BlockQ5_1 c{};
        c.d = fp32ToFp16(1.0f);
        c.m = fp32ToFp16(-2.0f);
        std::memcpy(c.qh, &qh, 4);
        c.qs[0] = 0x3;
        dequantizeRow(GgmlType::Q5_1, &c, y, 32);
        QCOMPARE(y[0], 19.0f - 2.0f);
        QCOMPARE(y[16], -2.0f);
    }

    void kQuantScalesUnpackLikeGetScaleMinK4()
    {
        // Q4_K with scales 1..8 and mins 9..16 written into the 6-bit packing by hand.
        BlockQ4_K b{};
        b.d = fp32ToFp16(1.0f);
        b.dmin = fp32ToFp16(1.0f);
        const int sc[8] = {1, 2, 3, 4, 40, 50, 60, 63}, mn[8] = {9, 10, 11, 12, 33, 47, 0, 62};
        for (int j = 0; j < 4; ++j) {
            b.scales[j] = uint8_t(sc[j] | ((sc[j + 4] >> 4) << 6));
            b.scales[j + 4] = uint8_t(mn[j] | ((mn[j + 4] >> 4) << 6));
            b.scales[j + 8] = uint8_t((sc[j + 4] & 0xF) | ((mn[j + 4] & 0xF) << 4));
        }
        for (int i = 0; i < 128; ++i)
            b.qs[i] = 0x21;  // low nibble 1, high nibble 2
        std::vector<float> y(256);
        dequantizeRow(GgmlType::Q4_K, &b, y.data(), 256);
        for (int g = 0; g < 8; ++g) {
            const float q = (g % 2 == 0) ? 1.0f : 2.0f;
            QCOMPARE(y[size_t(32 * g + 5)], float(sc[g]) * q - float(mn[g]));
        }
    }

    void q6_KLayoutIsGgmls()
    {
        BlockQ6_K b{};
        b.d = fp32ToFp16(0.25f);
        for (int g = 0; g < 16; ++g)
            b.scales[g] = int8_t(g - 8);
        // Element 70 of the first half: low nibble from ql[6] >> 4, high bits from qh[6] >> 4.
        b.ql[6] = 0x50;
        b.qh[6] = 0x30;  // bits 4..5 = 3 -> q = 5 | 48 = 53, minus 32 = 21
        std::vector<float> y(256);
        dequantizeRow(GgmlType::Q6_K, &b, y.data(), 256);
        QCOMPARE(y[70], 0.25f * float(b.scales[4]) * 21.0f);
        QCOMPARE(y[6], 0.25f * float(b.scales[0]) * float(0 - 32));
    }

    // Error of quantize -> dequantize on Gaussian data, relative RMSE. Bounds are the measured
    // values (1M elements, seed 7) plus ~10% margin: Q8_0 0.54%, Q4_0 8.6%, Q4_1 7.8%, Q5_0 4.3%,
    // Q5_1 3.8%, Q2_K 29.6%, Q3_K 15.1%, Q4_K 7.1%, Q5_K 3.6%, Q6_K 1.8%, Q8_K 0.69%. These match
    // ggml's quantize-stats figures for the same algorithms; a regression in a fit shows up here.
    void roundTripErrorWithinBounds_data()
    {
        QTest::addColumn<int>("type");
        QTest::addColumn<double>("bound");
        const auto row = [](GgmlType t, double b) { QTest::newRow(nameOf(t)) << int(t) << b; };
        row(GgmlType::F32, 0.0);
        row(GgmlType::F16, 0.0003);
        row(GgmlType::BF16, 0.0020);
        row(GgmlType::Q8_0, 0.0060);
        row(GgmlType::Q8_1, 0.0060);
        row(GgmlType::Q4_0, 0.095);
        row(GgmlType::Q4_1, 0.086);
        row(GgmlType::Q5_0, 0.047);
        row(GgmlType::Q5_1, 0.042);
        row(GgmlType::Q2_K, 0.33);
        row(GgmlType::Q3_K, 0.166);
        row(GgmlType::Q4_K, 0.079);
        row(GgmlType::Q5_K, 0.040);
        row(GgmlType::Q6_K, 0.020);
        row(GgmlType::Q8_K, 0.0077);
    }
    void roundTripErrorWithinBounds()
    {
        QFETCH(int, type);
        QFETCH(double, bound);
        const auto t = GgmlType(type);
        const auto x = gaussian(1 << 16, 7);
        const double err = relativeRmse(x, dequantized(t, quantized(t, x), int64_t(x.size())));
        QVERIFY2(err <= bound, qPrintable(QString("rmse %1 > %2").arg(err).arg(bound)));
        // Each type must also do clearly better than the next coarser one would: a sanity floor.
        if (bound > 0)
            QVERIFY(err > bound / 4);
    }

    // Quantizing values that are already on the grid gives back the same blocks (the fits find
    // the exact scale), which pins down rounding and packing together.
    void requantizingDequantizedBlocksIsStable()
    {
        for (GgmlType t : {GgmlType::Q8_0, GgmlType::Q4_0, GgmlType::F16, GgmlType::BF16}) {
            const auto x = gaussian(4096, 11);
            const auto q = quantized(t, x);
            const auto y = dequantized(t, q, 4096);
            QCOMPARE(quantized(t, y), q);
        }
    }

    void edgeValues()
    {
        // All zeros: every type gives zeros back (and no NaN from a 0/0 scale).
        for (GgmlType t : weightTypes()) {
            const std::vector<float> zeros(512, 0.0f);
            const auto y = dequantized(t, quantized(t, zeros), 512);
            for (float v : y)
                QCOMPARE(v, 0.0f);
        }
        // Largest magnitudes the f16 scales can carry: the block extremes come back within a step.
        for (GgmlType t : weightTypes()) {
            std::vector<float> x(512);
            for (size_t i = 0; i < x.size(); ++i)
                x[i] = (i % 3 == 0 ? -1.0f : 1.0f) * 60000.0f * float(i % 17) / 16.0f;
            const auto y = dequantized(t, quantized(t, x), 512);
            for (size_t i = 0; i < x.size(); ++i)
                QVERIFY2(std::isfinite(y[i]) && std::fabs(y[i] - x[i]) <= 0.35f * 60000.0f,
                         qPrintable(QString("%1 at %2: %3 vs %4").arg(nameOf(t)).arg(i).arg(y[i]).arg(x[i])));
        }
        // Tiny values (f32 subnormals): quantized types may flush them to zero, never to NaN/inf.
        for (GgmlType t : weightTypes()) {
            std::vector<float> x(512);
            for (size_t i = 0; i < x.size(); ++i)
                x[i] = std::ldexp(float(int(i % 7) - 3), -140);
            const auto y = dequantized(t, quantized(t, x), 512);
            for (float v : y)
                QVERIFY(std::isfinite(v) && std::fabs(v) < 1e-30f);
        }
        // NaN handling: F32/F16/BF16 keep NaN; block types make no promise about the values of a
        // block holding NaN (as in ggml) but must not crash or trip the sanitizers.
        std::vector<float> x(256, 1.0f);
        x[3] = std::numeric_limits<float>::quiet_NaN();
        for (GgmlType t : weightTypes()) {
            const auto y = dequantized(t, quantized(t, x), 256);
            if (t == GgmlType::F32 || t == GgmlType::F16 || t == GgmlType::BF16)
                QVERIFY(std::isnan(y[3]));
        }
    }

    // A model file's NaN or infinite weights reach the activations; quantizing them must not
    // convert NaN to int (undefined: the fuzzer's UBSan report, issue 18). Values are garbage, as
    // in ggml, but the sanitizers stay quiet and the row stays readable.
    void activationsWithNanOrInfinityAreDefined()
    {
        for (GgmlType w : {GgmlType::Q4_0, GgmlType::Q4_1, GgmlType::Q4_K, GgmlType::Q6_K}) {
            for (float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity()}) {
                std::vector<float> x(256, 0.5f);
                x[7] = bad;
                std::vector<std::byte> dst(strata::kernels::activationRowBytes(w, 256));
                strata::kernels::quantizeActivations(w, x.data(), dst.data(), 256);
            }
        }
    }

    void rejectsPartialBlocksAndUnsupportedTypes()
    {
        std::vector<float> x(48);
        std::vector<uint8_t> q(1024);
        QVERIFY_THROWS_EXCEPTION(strata::Error, quantizeRow(GgmlType::Q4_0, x.data(), q.data(), 48));
        QVERIFY_THROWS_EXCEPTION(strata::Error, dequantizeRow(GgmlType::Q4_K, q.data(), x.data(), 32));
        QVERIFY(!canQuantize(GgmlType::IQ2_XXS));
        QVERIFY_THROWS_EXCEPTION(strata::Error, quantizeRow(GgmlType::IQ2_XXS, x.data(), q.data(), 256));
        QVERIFY(canQuantize(GgmlType::Q6_K) && canDequantize(GgmlType::Q3_K));
    }

    // Q8_K activations: every ISA's quantizer writes the reference quantizer's bytes, including a
    // block whose largest magnitude appears with both signs (the first one sets the scale's sign),
    // an all-zero block and rounding ties.
    void q8KActivationsAreTheReferenceBytesOnEveryIsa()
    {
        const int64_t n = 5 * 256;
        auto x = gaussian(n, 71);
        x[300] = -7.5f;  // block 1: -7.5 first, then +7.5
        x[400] = 7.5f;
        std::fill(x.begin() + 512, x.begin() + 768, 0.0f);  // block 2: zeros
        for (int i = 0; i < 256; ++i)                       // block 3: many exact .5 products
            x[size_t(768 + i)] = float(i % 255 - 127) * 0.5f;
        x[1000] = 127.f;
        std::vector<uint8_t> want(sizeof(BlockQ8_K) * 5);
        quantizeRow(GgmlType::Q8_K, x.data(), want.data(), n);
        for (Isa isa : supportedIsas()) {
            std::vector<uint8_t> got(want.size(), 0xAB);
            kernelsFor(isa).quantizeQ8_K(x.data(), got.data(), n);
            QVERIFY2(got == want, isaName(isa).data());
        }
        const auto* block1 = reinterpret_cast<const BlockQ8_K*>(want.data()) + 1;
        // The first of the two sets the sign: max = -7.5, iscale = -127 / max > 0, so -7.5 -> -127
        // (had +7.5 come first, both quants would flip).
        QCOMPARE(block1->qs[300 - 256], int8_t(-127));
        QCOMPARE(block1->qs[400 - 256], int8_t(127));
    }
};

QTEST_APPLESS_MAIN(TestQuantize)
#include "test_quantize.moc"
