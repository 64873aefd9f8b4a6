// Every CUDA kernel against the CPU engine on the same data: int8 activations (byte for byte the
// CPU's), matrix products for every weight type over odd and large shapes (against the exact
// product of the CPU-dequantized weights, within the bound that activation rounding allows),
// embedding rows (exactly the CPU's dequantization),
// RMSNorm, RoPE (both styles, with and without YaRN) and causal attention over an f16 cache.
#include "cuda_test_support.hpp"
#include "engine/src/cuda/cuda_kernels.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/half.hpp"
#include "strata/kernels/ops.hpp"
#include "strata/kernels/quantize.hpp"

#include <cmath>
#include <cstring>
#include <random>

using namespace strata;
using gguf::GgmlType;
using test::randomFloats;

Q_DECLARE_METATYPE(gguf::GgmlType)

namespace {

// A matrix quantized by the CPU engine, and the weights the CPU reads back from it.
struct HostMatrix {
    std::vector<std::byte> bytes;
    std::vector<float> dequantized;
    size_t rowStride = 0;
};

HostMatrix quantizeMatrix(GgmlType type, int64_t rows, int64_t cols, uint64_t seed)
{
    HostMatrix m;
    m.rowStride = gguf::rowBytes(*gguf::ggmlTypeTraits(uint32_t(type)), uint64_t(cols));
    m.bytes.resize(m.rowStride * size_t(rows));
    m.dequantized.resize(size_t(rows * cols));
    const auto src = randomFloats(size_t(rows * cols), seed, 0.5f);
    for (int64_t r = 0; r < rows; ++r) {
        kernels::quantizeRow(type, src.data() + r * cols, m.bytes.data() + size_t(r) * m.rowStride, cols);
        kernels::dequantizeRow(type, m.bytes.data() + size_t(r) * m.rowStride, m.dequantized.data() + r * cols, cols);
    }
    return m;
}

const GgmlType kTypes[] = {GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q8_0,
                           GgmlType::Q4_0, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};

bool kQuant(GgmlType t)
{
    return t == GgmlType::Q4_K || t == GgmlType::Q5_K || t == GgmlType::Q6_K;
}

}  // namespace

class TestCudaKernels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const QByteArray why = test::cudaUnavailableReason();
        if (!why.isEmpty())
            QSKIP(why.constData());
    }

    void matmulMatchesCpu_data()
    {
        QTest::addColumn<GgmlType>("type");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("cols");
        QTest::addColumn<int>("tokens");
        struct Shape {
            int rows, cols, tokens;
        };
        // One row; odd row counts; a batch that is not a multiple of the 8 tokens of one pass; a
        // long row (the 8B shape's FFN down projection); a shape with more rows than one grid row.
        // Decode shares a row between 2 or 4 warps from 64 / 128 sub-blocks on. Batches above 8
        // tokens run on tensor cores (64 x 64 tiles): one full tile, partial tiles in rows and
        // tokens over several tiles of each, a long row.
        const Shape shapes[] = {{1, 256, 1},    {7, 512, 3},     {67, 768, 9},  {5, 14336, 1},
                                {1031, 256, 2}, {33, 1024, 17},  {9, 2048, 1},  {130, 4096, 1},
                                {64, 512, 64},  {130, 1536, 70}, {3, 14336, 33}};
        for (GgmlType t : kTypes) {
            const QByteArray name(gguf::ggmlTypeTraits(uint32_t(t))->name.data());
            for (const Shape& s : shapes)
                QTest::newRow(name + " " + QByteArray::number(s.rows) + "x" + QByteArray::number(s.cols) + " T"
                              + QByteArray::number(s.tokens))
                    << t << s.rows << s.cols << s.tokens;
            if (!kQuant(t))  // row lengths that are odd multiples of the 32-value block
                for (int tokens : {2, 12})
                    QTest::newRow(name + " 3x96 T" + QByteArray::number(tokens)) << t << 3 << 96 << tokens;
        }
    }

    void matmulMatchesCpu()
    {
        QFETCH(GgmlType, type);
        QFETCH(int, rows);
        QFETCH(int, cols);
        QFETCH(int, tokens);
        const HostMatrix m = quantizeMatrix(type, rows, cols, 11);
        const auto x = randomFloats(size_t(tokens) * cols, 12);

        test::DeviceVector<std::byte> w(m.bytes);
        test::DeviceVector<float> xd(x);
        test::DeviceVector<int8_t> q(size_t(tokens) * cols);
        test::DeviceVector<float> scales(size_t(tokens) * cols / 32), sums(size_t(tokens) * cols / 32);
        // The product is added to y (the residual connection): start from 0.5 everywhere.
        test::DeviceVector<float> y(std::vector<float>(size_t(tokens) * rows, 0.5f));
        const cuda::Q8Activations act{q.get(), scales.get(), sums.get()};
        const cuda::DeviceMatrix dm{type, w.get(), rows, cols, m.rowStride};
        if (cuda::usesQ8Activations(type))
            cuda::quantizeQ8(xd.get(), tokens, cols, cuda::q8FormatFor(type), act, nullptr);
        cuda::matmul(dm, xd.get(), act, tokens, y.get(), rows, true, nullptr);
        const auto got = y.read();

        for (int t = 0; t < tokens; ++t)
            for (int r = 0; r < rows; ++r) {
                const float* wr = m.dequantized.data() + size_t(r) * cols;
                const float* xr = x.data() + size_t(t) * cols;
                // Activation rounding moves each x by at most half a step, amax / 254 of its block
                // (32 values for Q8_0, 256 for Q8_K); a Q8_0 scale is also rounded to f16 (2^-11).
                const int block = cuda::q8FormatFor(type) == cuda::Q8Format::Q8_K ? 256 : 32;
                double exact = 0, magnitude = 0, roundingBound = 0;
                for (int b = 0; b < cols; b += block) {
                    double amax = 0, wAbs = 0;
                    for (int i = b; i < b + block; ++i) {
                        exact += double(wr[i]) * xr[i];
                        magnitude += std::abs(double(wr[i]) * xr[i]);
                        amax = std::max(amax, std::abs(double(xr[i])));
                        wAbs += std::abs(double(wr[i]));
                    }
                    roundingBound += amax / 254.0 * wAbs;
                }
                if (block == 32)
                    roundingBound += 4.9e-4 * magnitude;
                // F16/BF16 matrices see activations rounded to their own type, as on the CPU.
                if (type == GgmlType::F16 || type == GgmlType::BF16)
                    roundingBound = (type == GgmlType::F16 ? 4.9e-4 : 3.9e-3) * magnitude;
                const double tol = roundingBound + 1e-5 * magnitude + 1e-5;
                const double diff = std::abs(double(got[size_t(t) * rows + r]) - 0.5 - exact);
                if (diff > tol)
                    QFAIL(qPrintable(QString("token %1 row %2: GPU %3, CPU %4 (tolerance %5)")
                                         .arg(t)
                                         .arg(r)
                                         .arg(got[size_t(t) * rows + r] - 0.5)
                                         .arg(exact)
                                         .arg(tol)));
            }
    }

    // The int8 activations are byte for byte the CPU backend's (so integer dot products can agree).
    void activationQuantizationIsTheCpus_data()
    {
        QTest::addColumn<GgmlType>("type");
        QTest::newRow("Q8_0 (for Q8_0, Q4_0)") << GgmlType::Q8_0;
        QTest::newRow("Q8_K (for the K-quants)") << GgmlType::Q4_K;
    }

    void activationQuantizationIsTheCpus()
    {
        QFETCH(GgmlType, type);
        const int rows = 3, cols = 1024;
        auto x = randomFloats(size_t(rows) * cols, 61);
        x[5] = 0;
        for (int i = 256; i < 512; ++i)  // an all-zero super-block, and a tie for the largest magnitude
            x[size_t(i)] = 0;
        x[600] = 3.0f, x[601] = -3.0f;
        test::DeviceVector<float> xd(x);
        test::DeviceVector<int8_t> q(x.size());
        test::DeviceVector<float> scales(x.size() / 32), sums(x.size() / 32);
        const auto format = cuda::q8FormatFor(type);
        cuda::quantizeQ8(xd.get(), rows, cols, format, {q.get(), scales.get(), sums.get()}, nullptr);
        const auto gq = q.read();
        const auto gs = scales.read();
        std::vector<std::byte> cpu(kernels::activationRowBytes(type, cols));
        for (int r = 0; r < rows; ++r) {
            kernels::quantizeActivations(type, x.data() + size_t(r) * cols, cpu.data(), cols);
            for (int b = 0; b < cols / 32; ++b) {
                float d;
                const int8_t* qs;
                if (format == cuda::Q8Format::Q8_0) {  // {f16 d; int8 qs[32]}
                    uint16_t h;
                    std::memcpy(&h, cpu.data() + size_t(b) * 34, 2);
                    d = kernels::fp16ToFp32(h);
                    qs = reinterpret_cast<const int8_t*>(cpu.data() + size_t(b) * 34 + 2);
                } else {  // {f32 d; int8 qs[256]; int16 bsums[16]}
                    const std::byte* block = cpu.data() + size_t(b / 8) * 292;
                    std::memcpy(&d, block, 4);
                    qs = reinterpret_cast<const int8_t*>(block + 4) + (b % 8) * 32;
                }
                const size_t at = size_t(r) * cols / 32 + size_t(b);
                QVERIFY2(gs[at] == d,
                         qPrintable(QString("row %1 block %2: scale %3, CPU %4").arg(r).arg(b).arg(gs[at]).arg(d)));
                for (int i = 0; i < 32; ++i)
                    QVERIFY2(gq[at * 32 + size_t(i)] == qs[i],
                             qPrintable(QString("row %1 block %2 value %3: %4, CPU %5")
                                            .arg(r)
                                            .arg(b)
                                            .arg(i)
                                            .arg(gq[at * 32 + size_t(i)])
                                            .arg(qs[i])));
            }
        }
    }

    void embeddingRowsAreTheCpuDequantization_data()
    {
        QTest::addColumn<GgmlType>("type");
        for (GgmlType t : kTypes)
            QTest::newRow(gguf::ggmlTypeTraits(uint32_t(t))->name.data()) << t;
    }

    void embeddingRowsAreTheCpuDequantization()
    {
        QFETCH(GgmlType, type);
        const int rows = 9, cols = 768;
        const HostMatrix m = quantizeMatrix(type, rows, cols, 21);
        const std::vector<int32_t> ids = {8, 0, 3, 3};
        test::DeviceVector<std::byte> w(m.bytes);
        test::DeviceVector<int32_t> idd(ids);
        test::DeviceVector<float> out(ids.size() * cols);
        cuda::embedRows({type, w.get(), rows, cols, m.rowStride}, idd.get(), int(ids.size()), out.get(), nullptr);
        const auto got = out.read();
        for (size_t t = 0; t < ids.size(); ++t)
            for (int i = 0; i < cols; ++i) {
                const float want = m.dequantized[size_t(ids[t]) * cols + i];
                QVERIFY2(std::abs(got[t * cols + i] - want) <= 1e-6f * std::abs(want) + 1e-7f,
                         qPrintable(
                             QString("token %1 element %2: %3 vs %4").arg(t).arg(i).arg(got[t * cols + i]).arg(want)));
            }
    }

    void rmsNormMatchesCpu()
    {
        for (int n : {64, 256, 4096, 5000}) {
            const int rows = 3;
            const auto x = randomFloats(size_t(rows) * n, 31, 2.0f);
            const auto weight = randomFloats(size_t(n), 32);
            test::DeviceVector<float> xd(x), wd(weight), out(size_t(rows) * n);
            cuda::rmsNorm(xd.get(), wd.get(), out.get(), rows, n, 1e-6f, nullptr);
            const auto got = out.read();
            std::vector<float> want(static_cast<size_t>(n));
            for (int r = 0; r < rows; ++r) {
                kernels::rmsNorm(x.data() + size_t(r) * n, weight.data(), want.data(), n, 1e-6f);
                for (int i = 0; i < n; ++i)
                    QVERIFY2(std::abs(got[size_t(r) * n + i] - want[size_t(i)])
                                 <= 1e-5f * (1 + std::abs(want[size_t(i)])),
                             qPrintable(QString("n %1 row %2 element %3").arg(n).arg(r).arg(i)));
            }
        }
    }

    // The fused kernels give exactly what their unfused pairs give.
    void fusedKernelsEqualTheirParts_data()
    {
        QTest::addColumn<int>("format");
        QTest::newRow("Q8_0") << int(cuda::Q8Format::Q8_0);
        QTest::newRow("Q8_K") << int(cuda::Q8Format::Q8_K);
    }

    void fusedKernelsEqualTheirParts()
    {
        QFETCH(int, format);
        const auto f = cuda::Q8Format(format);
        const int rows = 3, n = 1536;
        const auto x = randomFloats(size_t(rows) * n, 71, 3.0f), weight = randomFloats(size_t(n), 72);
        const auto up = randomFloats(size_t(rows) * n, 73);
        test::DeviceVector<float> xd(x), wd(weight), upd(up), a(x.size()), b(x.size());
        test::DeviceVector<int8_t> qa(x.size()), qb(x.size());
        test::DeviceVector<float> sa(x.size() / 32), sb(x.size() / 32), ua(x.size() / 32), ub(x.size() / 32);
        const cuda::Q8Activations actA{qa.get(), sa.get(), ua.get()}, actB{qb.get(), sb.get(), ub.get()};

        cuda::rmsNormQuantize(xd.get(), wd.get(), a.get(), rows, n, 1e-5f, f, actA, nullptr);
        cuda::rmsNorm(xd.get(), wd.get(), b.get(), rows, n, 1e-5f, nullptr);
        cuda::quantizeQ8(b.get(), rows, n, f, actB, nullptr);
        QVERIFY(a.read() == b.read());
        QVERIFY(qa.read() == qb.read());
        QVERIFY(sa.read() == sb.read());
        QVERIFY(ua.read() == ub.read());

        cuda::swigluQuantize(xd.get(), upd.get(), a.get(), rows, n, f, actA, nullptr);
        cuda::swiglu(xd.get(), upd.get(), b.get(), int64_t(rows) * n, nullptr);
        cuda::quantizeQ8(b.get(), rows, n, f, actB, nullptr);
        QVERIFY(a.read() == b.read());
        QVERIFY(qa.read() == qb.read());
        QVERIFY(sa.read() == sb.read());
    }

    void ropeStoreKvEqualsRopeThenStore()
    {
        const int qHeads = 8, kvHeads = 2, headDim = 128, tokens = 3, start = 17, capacity = 32;
        const int64_t qWidth = qHeads * headDim, kvWidth = kvHeads * headDim;
        cuda::RopeDeviceParams p;
        p.nDims = 64;  // half the head rotated: the rest must pass through into the cache
        p.neox = true;
        p.thetaScale = std::pow(10000.0f, -2.0f / 64.0f);
        const auto q = randomFloats(size_t(tokens * qWidth), 81), k = randomFloats(size_t(tokens * kvWidth), 82);
        const auto v = randomFloats(size_t(tokens * kvWidth), 83);
        test::DeviceVector<float> qa(q), qb(q), ka(k), kb(k), vd(v);
        test::DeviceVector<int32_t> startD(std::vector<int32_t>{start});
        const std::vector<uint16_t> empty(size_t(capacity * kvWidth), 0);
        test::DeviceVector<uint16_t> keysA(empty), valuesA(empty), keysB(empty), valuesB(empty);
        cuda::ropeStoreKv(qa.get(), qHeads, qWidth, ka.get(), vd.get(), kvHeads, kvWidth, headDim, tokens, startD.get(),
                          p, keysA.get(), valuesA.get(), nullptr);
        cuda::rope(qb.get(), qHeads, qWidth, kb.get(), kvHeads, kvWidth, headDim, tokens, startD.get(), p, nullptr);
        cuda::storeKv(kb.get(), vd.get(), tokens, int(kvWidth), startD.get(), keysB.get(), valuesB.get(), nullptr);
        QVERIFY(qa.read() == qb.read());
        QVERIFY(keysA.read() == keysB.read());
        QVERIFY(valuesA.read() == valuesB.read());
        QVERIFY(ka.read() == k);  // k itself is left as it was
    }

    // qwen3's per-head q/k norms inside the RoPE launch give what rmsNorm over heads and then RoPE
    // give, bit for bit (same summation order); q's unrotated half is normalized too.
    void ropeStoreKvWithHeadNormsEqualsNormThenRope()
    {
        const int qHeads = 8, kvHeads = 2, headDim = 128, tokens = 3, start = 5, capacity = 16;
        const int64_t qWidth = qHeads * headDim, kvWidth = kvHeads * headDim;
        const float eps = 1e-6f;
        cuda::RopeDeviceParams p;
        p.nDims = 96;
        p.neox = false;
        p.thetaScale = std::pow(10000.0f, -2.0f / 96.0f);
        const auto q = randomFloats(size_t(tokens * qWidth), 84), k = randomFloats(size_t(tokens * kvWidth), 85);
        const auto v = randomFloats(size_t(tokens * kvWidth), 86);
        const auto qn = randomFloats(size_t(headDim), 87), kn = randomFloats(size_t(headDim), 88);
        test::DeviceVector<float> qa(q), qb(q), ka(k), kb(k), vd(v), qNorm(qn), kNorm(kn);
        test::DeviceVector<int32_t> startD(std::vector<int32_t>{start});
        const std::vector<uint16_t> empty(size_t(capacity * kvWidth), 0);
        test::DeviceVector<uint16_t> keysA(empty), valuesA(empty), keysB(empty), valuesB(empty);
        cuda::ropeStoreKv(qa.get(), qHeads, qWidth, ka.get(), vd.get(), kvHeads, kvWidth, headDim, tokens, startD.get(),
                          p, keysA.get(), valuesA.get(), nullptr, {qNorm.get(), kNorm.get(), eps});
        cuda::rmsNorm(qb.get(), qNorm.get(), qb.get(), tokens * qHeads, headDim, eps, nullptr);
        cuda::rmsNorm(kb.get(), kNorm.get(), kb.get(), tokens * kvHeads, headDim, eps, nullptr);
        cuda::ropeStoreKv(qb.get(), qHeads, qWidth, kb.get(), vd.get(), kvHeads, kvWidth, headDim, tokens, startD.get(),
                          p, keysB.get(), valuesB.get(), nullptr);
        QVERIFY(qa.read() == qb.read());
        QVERIFY(keysA.read() == keysB.read());
        QVERIFY(valuesA.read() == valuesB.read());
        QVERIFY(qa.read() != q);
    }

    void groupedProductsEqualSingleOnes()
    {
        const int cols = 4096, batch = 20;  // decode with 4 warps per row
        const HostMatrix a = quantizeMatrix(GgmlType::Q4_K, 37, cols, 91),
                         b = quantizeMatrix(GgmlType::Q4_K, 5, cols, 92);
        const auto x = randomFloats(size_t(batch) * cols, 93);
        test::DeviceVector<std::byte> wa(a.bytes), wb(b.bytes);
        test::DeviceVector<float> xd(x);
        // Zeroed: a product of fewer tokens leaves the later tokens' outputs untouched.
        test::DeviceVector<float> ya(std::vector<float>(batch * 37)), yb(std::vector<float>(batch * 5));
        test::DeviceVector<float> ga(std::vector<float>(batch * 37)), gb(std::vector<float>(batch * 5));
        test::DeviceVector<int8_t> q(x.size());
        test::DeviceVector<float> scales(x.size() / 32), sums(x.size() / 32);
        const cuda::Q8Activations act{q.get(), scales.get(), sums.get()};
        const cuda::DeviceMatrix ma{GgmlType::Q4_K, wa.get(), 37, cols, a.rowStride};
        const cuda::DeviceMatrix mb{GgmlType::Q4_K, wb.get(), 5, cols, b.rowStride};
        cuda::quantizeQ8(xd.get(), batch, cols, cuda::Q8Format::Q8_K, act, nullptr);
        for (int tokens : {1, 2, batch}) {  // decode, a dp4a pass, tensor cores
            cuda::matmul(ma, xd.get(), act, tokens, ya.get(), 37, false, nullptr);
            cuda::matmul(mb, xd.get(), act, tokens, yb.get(), 5, false, nullptr);
            const cuda::MatmulTarget group[] = {{&ma, ga.get(), 37}, {&mb, gb.get(), 5}};
            cuda::matmul(group, xd.get(), act, tokens, false, nullptr);
            QVERIFY(ga.read() == ya.read());
            QVERIFY(gb.read() == yb.read());
        }
    }

    void ropeMatchesCpu_data()
    {
        QTest::addColumn<bool>("neox");
        QTest::addColumn<bool>("yarn");
        QTest::addColumn<int>("headDim");
        QTest::newRow("normal 128") << false << false << 128;
        QTest::newRow("neox 128") << true << false << 128;
        QTest::newRow("neox 64 yarn") << true << true << 64;
        QTest::newRow("normal 64 yarn") << false << true << 64;
    }

    void ropeMatchesCpu()
    {
        QFETCH(bool, neox);
        QFETCH(bool, yarn);
        QFETCH(int, headDim);
        const int qHeads = 4, kHeads = 2, tokens = 5, start = 300;
        kernels::RopeParams cpu;
        cpu.nDims = headDim;
        cpu.neox = neox;
        cpu.freqBase = 1e6f;
        cpu.freqScale = yarn ? 0.25f : 1.0f;
        cpu.extFactor = yarn ? 1.0f : 0.0f;
        cpu.nCtxOrig = 4096;
        cuda::RopeDeviceParams gpu;
        gpu.nDims = headDim;
        gpu.neox = neox;
        gpu.thetaScale = std::pow(cpu.freqBase, -2.0f / float(headDim));
        gpu.freqScale = cpu.freqScale;
        gpu.extFactor = cpu.extFactor;
        if (yarn) {
            const auto corrDim = [&](float nRot) {
                return float(headDim) * std::log(4096.0f / (nRot * 2 * float(M_PI))) / (2 * std::log(cpu.freqBase));
            };
            gpu.corrLow = std::max(0.0f, std::floor(corrDim(cpu.betaFast)));
            gpu.corrHigh = std::min(float(headDim - 1), std::ceil(corrDim(cpu.betaSlow)));
            gpu.attnFactor = 1.0f + 0.1f * std::log(1.0f / cpu.freqScale);
        }
        auto q = randomFloats(size_t(tokens) * qHeads * headDim, 41);
        auto k = randomFloats(size_t(tokens) * kHeads * headDim, 42);
        test::DeviceVector<float> qd(q), kd(k);
        test::DeviceVector<int32_t> startD(std::vector<int32_t>{start});
        cuda::rope(qd.get(), qHeads, qHeads * headDim, kd.get(), kHeads, kHeads * headDim, headDim, tokens,
                   startD.get(), gpu, nullptr);
        const auto gq = qd.read(), gk = kd.read();
        for (int t = 0; t < tokens; ++t) {
            kernels::rope(q.data() + size_t(t) * qHeads * headDim, headDim, qHeads, start + t, cpu);
            kernels::rope(k.data() + size_t(t) * kHeads * headDim, headDim, kHeads, start + t, cpu);
        }
        // Angles up to ~300 rad: float rounding of theta alone differs by ~3e-5 between the
        // CPU's running product and the GPU's powf.
        for (size_t i = 0; i < q.size(); ++i)
            QVERIFY2(std::abs(gq[i] - q[i]) <= 2e-4f,
                     qPrintable(QString("q[%1]: %2 vs %3").arg(i).arg(gq[i]).arg(q[i])));
        for (size_t i = 0; i < k.size(); ++i)
            QVERIFY2(std::abs(gk[i] - k[i]) <= 2e-4f,
                     qPrintable(QString("k[%1]: %2 vs %3").arg(i).arg(gk[i]).arg(k[i])));
    }

    void attentionMatchesCpu_data()
    {
        QTest::addColumn<int>("headDim");
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("splits");
        QTest::addColumn<int>("kvHeads");  // of 8 query heads
        QTest::newRow("decode D128 at 0") << 128 << 0 << 1 << 1 << 2;
        QTest::newRow("decode D128 at 700") << 128 << 700 << 1 << 1 << 2;
        QTest::newRow("prefill D64") << 64 << 0 << 13 << 1 << 2;
        QTest::newRow("chunk D256") << 256 << 37 << 6 << 1 << 2;
        // From 16 queries on, tensor cores (64-query, 64-key tiles, two buffers, two passes; D256
        // keeps the per-query kernel): part tiles, several query blocks, many key tiles (the copy of
        // the next tile overlapping this one's products), a maximum that rises late.
        QTest::newRow("prefill D128 70 at 0") << 128 << 0 << 70 << 1 << 2;
        QTest::newRow("prefill D64 100 at 37") << 64 << 37 << 100 << 1 << 2;
        QTest::newRow("prefill D128 20 at 1000") << 128 << 1000 << 20 << 1 << 2;
        QTest::newRow("prefill D128 200 at 3000, 4 heads per KV head") << 128 << 3000 << 200 << 1 << 2;
        QTest::newRow("prefill D64 129 at 640, 1 head per KV head") << 64 << 640 << 129 << 1 << 8;
        QTest::newRow("prefill D256 20 at 3") << 256 << 3 << 20 << 1 << 2;
        // Split-K decode: slices of 32-key rounds, some empty at short lengths, the most splits.
        QTest::newRow("split 8 D128 at 700") << 128 << 700 << 1 << 8 << 2;
        QTest::newRow("split 8 D64 at 5 (7 slices empty)") << 64 << 5 << 1 << 8 << 2;
        QTest::newRow("split 3 D256 at 100") << 256 << 100 << 1 << 3 << 2;
        // Split blocks serve 4, 2 or 1 query heads of one KV head.
        QTest::newRow("split 5 D128 at 300, 2 heads per KV head") << 128 << 300 << 1 << 5 << 4;
        QTest::newRow("split 6 D64 at 200, 1 head per KV head") << 64 << 200 << 1 << 6 << 8;
        QTest::newRow("split 64 D128 at 4099") << 128 << 4099 << 1 << cuda::kMaxAttentionSplits << 2;
    }

    void attentionMatchesCpu()
    {
        QFETCH(int, headDim);
        QFETCH(int, start);
        QFETCH(int, tokens);
        QFETCH(int, splits);
        QFETCH(int, kvHeads);
        const int heads = 8, kvDim = kvHeads * headDim, positions = start + tokens;
        const float scale = 1.0f / std::sqrt(float(headDim));
        const auto q = randomFloats(size_t(tokens) * heads * headDim, 51);
        const auto kf = randomFloats(size_t(positions) * kvDim, 52), vf = randomFloats(size_t(positions) * kvDim, 53);
        std::vector<uint16_t> kh(kf.size()), vh(vf.size());
        for (size_t i = 0; i < kf.size(); ++i) {
            kh[i] = kernels::fp32ToFp16(kf[i]);
            vh[i] = kernels::fp32ToFp16(vf[i]);
        }
        test::DeviceVector<float> qd(q), out(q.size());
        test::DeviceVector<uint16_t> kd(kh), vd(vh);
        test::DeviceVector<int32_t> startD(std::vector<int32_t>{start});
        test::DeviceVector<float> scratch(cuda::attentionSplitFloats(heads, headDim));
        const cuda::AttentionSplits split{
            splits, scratch.get(), scratch.get() + 2 * cuda::kMaxSplitTokens * heads * cuda::kMaxAttentionSplits};
        cuda::attention(qd.get(), tokens, heads, kvHeads, headDim, kd.get(), vd.get(), startD.get(), scale, out.get(),
                        split, nullptr);
        const auto got = out.read();
        for (int t = 0; t < tokens; ++t)
            for (int h = 0; h < heads; ++h) {
                const int kvHead = h / (heads / kvHeads), n = start + t + 1;
                const float* qr = q.data() + (size_t(t) * heads + h) * headDim;
                std::vector<double> s(static_cast<size_t>(n));
                double mx = -INFINITY;
                for (int j = 0; j < n; ++j) {
                    double dot = 0;
                    for (int d = 0; d < headDim; ++d)
                        dot += double(kernels::fp16ToFp32(kernels::fp32ToFp16(qr[d])))
                               * kernels::fp16ToFp32(kh[size_t(j) * kvDim + kvHead * headDim + d]);
                    s[size_t(j)] = dot * scale;
                    mx = std::max(mx, s[size_t(j)]);
                }
                double sum = 0;
                for (auto& x : s)
                    sum += (x = std::exp(x - mx));
                for (int d = 0; d < headDim; ++d) {
                    double want = 0;
                    for (int j = 0; j < n; ++j) {
                        // Probabilities rounded to f16 before the weighted sum, as on the CPU.
                        const float pj = kernels::fp16ToFp32(kernels::fp32ToFp16(float(s[size_t(j)] / sum)));
                        want += pj * kernels::fp16ToFp32(vh[size_t(j) * kvDim + kvHead * headDim + d]);
                    }
                    const float g = got[(size_t(t) * heads + h) * headDim + d];
                    QVERIFY2(
                        std::abs(g - want) <= 1e-4,
                        qPrintable(QString("token %1 head %2 dim %3: %4 vs %5").arg(t).arg(h).arg(d).arg(g).arg(want)));
                }
            }
    }
};

QTEST_APPLESS_MAIN(TestCudaKernels)
#include "test_cuda_kernels.moc"
