// The mixture-of-experts kernels against the CPU engine: routing (softmax, top-k with the CPU's tie
// order, renormalised weights, and the grouping of a batch's routes by expert), and the expert
// products for every weight type (decode: gate/up with SwiGLU, down with the weighted sum; batches:
// grouped products) against the exact products of the CPU-dequantized weights, within the bound
// that int8 activation rounding allows.
#include "cuda_test_support.hpp"
#include "engine/src/cuda/cuda_moe.hpp"
#include "strata/kernels/ops.hpp"
#include "strata/kernels/quantize.hpp"

#include <cmath>
#include <random>

using namespace strata;
using gguf::GgmlType;
using test::randomFloats;

Q_DECLARE_METATYPE(gguf::GgmlType)

namespace {

// `count` matrices of rows x cols quantized by the CPU engine, back to back, and what the CPU reads back.
struct HostStack {
    std::vector<std::byte> bytes;
    std::vector<float> dequantized;
    size_t rowStride = 0;
    int64_t rows = 0, cols = 0;
    const float* row(int expert, int64_t r) const { return dequantized.data() + (expert * rows + r) * cols; }
};

HostStack quantizeStack(GgmlType type, int count, int64_t rows, int64_t cols, uint64_t seed)
{
    HostStack s;
    s.rows = rows, s.cols = cols;
    s.rowStride = gguf::rowBytes(*gguf::ggmlTypeTraits(uint32_t(type)), uint64_t(cols));
    const int64_t all = count * rows;
    s.bytes.resize(s.rowStride * size_t(all));
    s.dequantized.resize(size_t(all * cols));
    const auto src = randomFloats(size_t(all * cols), seed, 0.5f);
    for (int64_t r = 0; r < all; ++r) {
        kernels::quantizeRow(type, src.data() + r * cols, s.bytes.data() + size_t(r) * s.rowStride, cols);
        kernels::dequantizeRow(type, s.bytes.data() + size_t(r) * s.rowStride, s.dequantized.data() + r * cols, cols);
    }
    return s;
}

cuda::DeviceExperts deviceStack(GgmlType type, const HostStack& s, const std::byte* data, int count)
{
    return {{type, data, s.rows, s.cols, s.rowStride}, s.rowStride * size_t(s.rows), count};
}

// The exact product of one weight row with x, and how far the GPU may be from it: activation
// rounding moves each x by at most half a step (amax / 254 of its block), a Q8_0 scale is rounded to
// f16, and F16/BF16 weights see x rounded to their own type.
struct Exact {
    double value = 0, tolerance = 0;
};

Exact exactDot(GgmlType type, const float* w, const float* x, int64_t cols)
{
    const bool q8 = cuda::usesQ8Activations(type);
    const int block = q8 && cuda::q8FormatFor(type) == cuda::Q8Format::Q8_K ? 256 : 32;
    double exact = 0, magnitude = 0, rounding = 0;
    for (int64_t b = 0; b < cols; b += block) {
        double amax = 0, wAbs = 0;
        for (int64_t i = b; i < b + block; ++i) {
            exact += double(w[i]) * x[i];
            magnitude += std::abs(double(w[i]) * x[i]);
            amax = std::max(amax, std::abs(double(x[i])));
            wAbs += std::abs(double(w[i]));
        }
        rounding += amax / 254.0 * wAbs;
    }
    if (!q8)
        rounding = type == GgmlType::F16 ? 4.9e-4 * magnitude : type == GgmlType::BF16 ? 3.9e-3 * magnitude : 0.0;
    else if (block == 32)
        rounding += 4.9e-4 * magnitude;
    return {exact, rounding + 1e-5 * magnitude + 1e-5};
}

const GgmlType kTypes[] = {GgmlType::F32,  GgmlType::F16,  GgmlType::BF16, GgmlType::Q8_0,
                           GgmlType::Q4_0, GgmlType::Q4_K, GgmlType::Q5_K, GgmlType::Q6_K};

// Device buffers of a routing for `tokens` tokens.
struct DeviceRouting {
    DeviceRouting(int tokens, int experts, int used)
        : n(tokens * used), maxItems(cuda::maxExpertItems(n, experts)), expert(size_t(n)), weight(size_t(n)),
          slotOf(size_t(n)), slotToken(size_t(n)), items(size_t(maxItems)), itemCount(1)
    {}
    cuda::MoeRouting view() const
    {
        return {expert.get(), weight.get(), slotOf.get(), slotToken.get(), items.get(), itemCount.get()};
    }
    int n, maxItems;
    test::DeviceVector<int> expert;
    test::DeviceVector<float> weight;
    test::DeviceVector<int> slotOf, slotToken;
    test::DeviceVector<cuda::ExpertItem> items;
    test::DeviceVector<int> itemCount;
};

// int8 activations of `rows` rows of `cols` for `type` (left unset for float types).
struct DeviceQ8 {
    DeviceQ8(const float* x, int rows, int64_t cols, GgmlType type)
        : q(size_t(rows * cols)), scales(size_t(rows * cols / 32)), sums(size_t(rows * cols / 32))
    {
        if (cuda::usesQ8Activations(type))
            cuda::quantizeQ8(x, rows, cols, cuda::q8FormatFor(type), view(), nullptr);
    }
    cuda::Q8Activations view() const { return {q.get(), scales.get(), sums.get()}; }
    test::DeviceVector<int8_t> q;
    test::DeviceVector<float> scales, sums;
};

}  // namespace

class TestCudaMoe : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const QByteArray why = test::cudaUnavailableReason();
        if (!why.isEmpty())
            QSKIP(why.constData());
    }

    void routingIsTheCpus_data()
    {
        QTest::addColumn<int>("tokens");
        QTest::addColumn<int>("experts");
        QTest::addColumn<int>("used");
        QTest::addColumn<bool>("normalize");
        QTest::newRow("decode 128/8") << 1 << 128 << 8 << true;
        QTest::newRow("decode 8/2 raw weights") << 1 << 8 << 2 << false;
        QTest::newRow("batch 37 x 128/8") << 37 << 128 << 8 << true;
        QTest::newRow("batch 512 x 128/8") << 512 << 128 << 8 << true;
        QTest::newRow("batch 9 x 200/6 (odd count)") << 9 << 200 << 6 << false;
        QTest::newRow("batch 3 x 4096/64") << 3 << 4096 << 64 << true;
        QTest::newRow("batch 20 x 4/4 (all used)") << 20 << 4 << 4 << true;
    }

    void routingIsTheCpus()
    {
        QFETCH(int, tokens);
        QFETCH(int, experts);
        QFETCH(int, used);
        QFETCH(bool, normalize);
        auto logits = randomFloats(size_t(tokens) * experts, 3, 2.0f);
        // Exact ties (the lower index first), a row of -inf but two, and one row where every
        // expert scores the same: the order then is by index alone.
        logits[5 % experts] = logits[2 % experts] = 9.0f;
        if (tokens > 2) {
            for (int e = 0; e < experts; ++e)
                logits[size_t(experts) + e] = -INFINITY;
            logits[size_t(experts) + size_t(experts - 1)] = 1.0f;
            logits[size_t(experts) + 0] = 1.0f;
            for (int e = 0; e < experts; ++e)
                logits[2 * size_t(experts) + e] = 0.25f;
        }
        test::DeviceVector<float> dl(logits);
        DeviceRouting r(tokens, experts, used);
        const bool group = tokens > 1;
        cuda::routeExperts(dl.get(), tokens, experts, used, normalize, group, r.view(), nullptr);
        const auto gotExpert = r.expert.read();
        const auto gotWeight = r.weight.read();

        std::vector<int64_t> top(static_cast<size_t>(used));
        for (int t = 0; t < tokens; ++t) {
            std::vector<float> p(logits.begin() + ptrdiff_t(t) * experts, logits.begin() + ptrdiff_t(t + 1) * experts);
            kernels::softmax(p.data(), experts, 1.0f, nullptr);
            kernels::topK(p.data(), experts, used, top.data());
            float sum = 0;
            for (int k = 0; k < used; ++k)
                sum += p[size_t(top[size_t(k)])];
            for (int k = 0; k < used; ++k) {
                const size_t at = size_t(t) * used + k;
                QVERIFY2(gotExpert[at] == top[size_t(k)], qPrintable(QString("token %1 rank %2: expert %3, CPU %4")
                                                                         .arg(t)
                                                                         .arg(k)
                                                                         .arg(gotExpert[at])
                                                                         .arg(top[size_t(k)])));
                const float want = normalize ? p[size_t(top[size_t(k)])] / sum : p[size_t(top[size_t(k)])];
                QVERIFY2(
                    std::abs(gotWeight[at] - want) <= 1e-5f * want + 1e-9f,
                    qPrintable(
                        QString("token %1 rank %2: weight %3, CPU %4").arg(t).arg(k).arg(gotWeight[at]).arg(want)));
            }
        }
        if (!group)
            return;
        // Every route has one slot; slots hold the route's token; each expert's slots are contiguous
        // and covered, in order, by items of at most 8 slots of that expert.
        const auto slotOf = r.slotOf.read(), slotToken = r.slotToken.read();
        const auto items = r.items.read();
        const int itemCount = r.itemCount.read()[0];
        QVERIFY(itemCount >= 1 && itemCount <= r.maxItems);
        std::vector<int> expertOfSlot(size_t(r.n), -1);
        for (int i = 0; i < r.n; ++i) {
            QVERIFY(slotOf[size_t(i)] >= 0 && slotOf[size_t(i)] < r.n);
            QCOMPARE(expertOfSlot[size_t(slotOf[size_t(i)])], -1);
            expertOfSlot[size_t(slotOf[size_t(i)])] = gotExpert[size_t(i)];
            QCOMPARE(slotToken[size_t(slotOf[size_t(i)])], i / used);
        }
        // Tensor-core tiles: every route in exactly one tile, each of one expert, started by the
        // item at its first slot.
        int next = 0, tiled = 0;
        for (int i = 0; i < itemCount; ++i) {
            const cuda::ExpertItem& it = items[size_t(i)];
            QCOMPARE(it.firstSlot, next);
            QVERIFY(it.count >= 1 && it.count <= cuda::kRoutesPerItem);
            for (int s = it.firstSlot; s < it.firstSlot + it.count; ++s)
                QCOMPARE(expertOfSlot[size_t(s)], it.expert);
            if (i > 0)
                QVERIFY(items[size_t(i - 1)].expert < it.expert
                        || (items[size_t(i - 1)].expert == it.expert
                            && items[size_t(i - 1)].count == cuda::kRoutesPerItem));
            QVERIFY(it.tileCount >= 0 && it.tileCount <= cuda::kRoutesPerTensorCoreTile);
            if (it.tileCount > 0) {
                QCOMPARE(it.firstSlot, tiled);
                for (int s = it.firstSlot; s < it.firstSlot + it.tileCount; ++s)
                    QCOMPARE(expertOfSlot[size_t(s)], it.expert);
                tiled += it.tileCount;
            }
            next += it.count;
        }
        QCOMPARE(next, r.n);
        QCOMPARE(tiled, r.n);
    }

    void expertProductsMatchCpu_data()
    {
        QTest::addColumn<GgmlType>("type");
        QTest::addColumn<int>("tokens");
        for (GgmlType t : kTypes)
            for (int tokens : {1, 13}) {
                const QByteArray name(gguf::ggmlTypeTraits(uint32_t(t))->name.data());
                QTest::newRow(name + " T" + QByteArray::number(tokens)) << t << tokens;
            }
        // 120 routes over 16 experts: most experts get several 8-route items (the CUDA-core kernel).
        QTest::newRow("Q4_K T30") << GgmlType::Q4_K << 30;
        QTest::newRow("Q8_0 T30") << GgmlType::Q8_0 << 30;
        // 280 and 1024 routes: the tensor-core tiles of 32 routes, some partly filled, some experts
        // with several tiles (sm_80 and later; older devices take the kernel above again).
        for (GgmlType t : kTypes)
            for (int tokens : {70, 256}) {
                const QByteArray name(gguf::ggmlTypeTraits(uint32_t(t))->name.data());
                QTest::newRow(name + " T" + QByteArray::number(tokens)) << t << tokens;
            }
    }

    // One MoE FFN's products with 16 experts, 4 per token, an embedding of 512 and an expert FFN of
    // 256 (one K-quant super-block: fewer units than lanes), from routing the kernels computed.
    void expertProductsMatchCpu()
    {
        QFETCH(GgmlType, type);
        QFETCH(int, tokens);
        const int experts = 16, used = 4, embedding = 512, width = 256;
        const HostStack gate = quantizeStack(type, experts, width, embedding, 1),
                        up = quantizeStack(type, experts, width, embedding, 2);
        const HostStack down = quantizeStack(type, experts, embedding, width, 3);
        test::DeviceVector<std::byte> gd(gate.bytes), ud(up.bytes), dd(down.bytes);
        const auto gs = deviceStack(type, gate, gd.get(), experts), us = deviceStack(type, up, ud.get(), experts);
        const auto ds = deviceStack(type, down, dd.get(), experts);

        const auto x = randomFloats(size_t(tokens) * embedding, 4);
        test::DeviceVector<float> xd(x), logits(randomFloats(size_t(tokens) * experts, 5));
        DeviceQ8 xq(xd.get(), tokens, embedding, type);
        DeviceRouting r(tokens, experts, used);
        cuda::routeExperts(logits.get(), tokens, experts, used, true, tokens > 1, r.view(), nullptr);
        const auto expert = r.expert.read();
        const auto weight = r.weight.read();

        // Gate and up for every route; the GPU's h (SwiGLU of its own gate/up) feeds down.
        std::vector<float> h(size_t(r.n) * width);
        std::vector<float> y0 = randomFloats(size_t(tokens) * embedding, 6);  // the residual it adds to
        test::DeviceVector<float> y(y0);
        if (tokens == 1) {
            test::DeviceVector<float> hd(size_t(used) * width);
            cuda::expertsGateUpDecode(gs, us, xd.get(), xq.view(), r.expert.get(), nullptr, used, hd.get(), nullptr);
            h = hd.read();
            for (int k = 0; k < used; ++k)
                for (int row = 0; row < width; ++row) {
                    const Exact g = exactDot(type, gate.row(expert[size_t(k)], row), x.data(), embedding);
                    const Exact u = exactDot(type, up.row(expert[size_t(k)], row), x.data(), embedding);
                    const double silu = g.value / (1 + std::exp(-g.value));
                    const double want = silu * u.value;
                    const double tol = 1.1 * g.tolerance * (std::abs(u.value) + u.tolerance)
                                       + std::abs(silu) * u.tolerance + 1e-5 * (1 + std::abs(want));
                    const float got = h[size_t(k) * width + row];
                    QVERIFY2(std::abs(got - want) <= tol,
                             qPrintable(QString("route %1 row %2: %3, exact %4 (tolerance %5)")
                                            .arg(k)
                                            .arg(row)
                                            .arg(got)
                                            .arg(want)
                                            .arg(tol)));
                }
            DeviceQ8 hq(hd.get(), used, width, type);
            cuda::expertsDownDecode(ds, hd.get(), hq.view(), r.expert.get(), nullptr, r.weight.get(), used, y.get(),
                                    nullptr);
        } else {
            test::DeviceVector<float> gOut(size_t(r.n) * width), uOut(size_t(r.n) * width),
                dOut(size_t(r.n) * embedding);
            const cuda::DeviceExperts* gateUp[] = {&gs, &us};
            float* const gateUpOut[] = {gOut.get(), uOut.get()};
            cuda::expertsGrouped(gateUp, gateUpOut, xd.get(), xq.view(), r.slotToken.get(), nullptr, r.view(), r.n,
                                 r.maxItems, nullptr);
            const auto gGot = gOut.read(), uGot = uOut.read();
            const auto slotOf = r.slotOf.read();
            for (int i = 0; i < r.n; ++i) {
                const int t = i / used, e = expert[size_t(i)], slot = slotOf[size_t(i)];
                for (int row = 0; row < width; ++row)
                    for (const auto& [stack, got] : {std::pair{&gate, &gGot}, std::pair{&up, &uGot}}) {
                        const Exact want =
                            exactDot(type, stack->row(e, row), x.data() + size_t(t) * embedding, embedding);
                        const float g = (*got)[size_t(slot) * width + row];
                        QVERIFY2(std::abs(g - want.value) <= want.tolerance,
                                 qPrintable(QString("token %1 expert %2 row %3: %4, exact %5 (tolerance %6)")
                                                .arg(t)
                                                .arg(e)
                                                .arg(row)
                                                .arg(g)
                                                .arg(want.value)
                                                .arg(want.tolerance)));
                    }
            }
            test::DeviceVector<float> hd(size_t(r.n) * width);
            cuda::swiglu(gOut.get(), uOut.get(), hd.get(), int64_t(r.n) * width, nullptr);
            const auto hSlots = hd.read();
            for (int i = 0; i < r.n; ++i)  // h by route, as the decode branch keeps it
                std::copy_n(hSlots.begin() + ptrdiff_t(slotOf[size_t(i)]) * width, width,
                            h.begin() + ptrdiff_t(i) * width);
            DeviceQ8 hq(hd.get(), r.n, width, type);
            const cuda::DeviceExperts* downStack[] = {&ds};
            float* const downOut[] = {dOut.get()};
            cuda::expertsGrouped(downStack, downOut, hd.get(), hq.view(), nullptr, nullptr, r.view(), r.n, r.maxItems,
                                 nullptr);
            cuda::sumExperts(dOut.get(), r.view(), nullptr, tokens, used, embedding, y.get(), nullptr);
        }
        // y = y0 + sum over the token's ranks of weight * (down_e . h).
        const auto got = y.read();
        for (int t = 0; t < tokens; ++t)
            for (int row = 0; row < embedding; ++row) {
                double want = y0[size_t(t) * embedding + row], tol = 1e-5 * (1 + std::abs(want));
                for (int k = 0; k < used; ++k) {
                    const size_t i = size_t(t) * used + k;
                    const Exact d = exactDot(type, down.row(expert[i], row), h.data() + i * width, width);
                    want += weight[i] * d.value;
                    tol += weight[i] * d.tolerance;
                }
                const float g = got[size_t(t) * embedding + row];
                QVERIFY2(std::abs(g - want) <= tol, qPrintable(QString("token %1 row %2: %3, exact %4 (tolerance %5)")
                                                                   .arg(t)
                                                                   .arg(row)
                                                                   .arg(g)
                                                                   .arg(want)
                                                                   .arg(tol)));
            }
    }
};

QTEST_APPLESS_MAIN(TestCudaMoe)
#include "test_cuda_moe.moc"
