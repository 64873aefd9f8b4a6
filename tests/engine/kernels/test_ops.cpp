// f32 ops against straightforward double-precision references, for every ISA variant.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>
#include <random>
#include <vector>

#include "kernel_test_util.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/ops.hpp"

using namespace strata::kernels;
using namespace strata::kernels::test;

namespace {

bool near(double got, double want, double rel, double abs = 1e-30)
{
    return std::fabs(got - want) <= rel * std::fabs(want) + abs;
}

// llama.cpp's rope, written out in double from its definition for one pair index i.
void ropeReference(std::vector<double>& head, int64_t pos, const RopeParams& p)
{
    const int pairs = p.nDims / 2;
    double corrLow = 0, corrHigh = 0;
    const auto corrDim = [&](double beta) {
        return p.nDims * std::log(p.nCtxOrig / (beta * 2 * std::numbers::pi)) / (2 * std::log(double(p.freqBase)));
    };
    if (p.extFactor != 0) {
        corrLow = std::max(0.0, std::floor(corrDim(p.betaFast)));
        corrHigh = std::min(double(p.nDims - 1), std::ceil(corrDim(p.betaSlow)));
    }
    for (int i = 0; i < pairs; ++i) {
        const double extrap = double(pos) * std::pow(double(p.freqBase), -2.0 * i / p.nDims);
        const double interp = p.freqScale * extrap;
        double theta = interp, mscale = p.attnFactor;
        if (p.extFactor != 0) {
            const double y = (i - corrLow) / std::max(0.001, corrHigh - corrLow);
            const double mix = (1 - std::clamp(y, 0.0, 1.0)) * p.extFactor;
            theta = interp * (1 - mix) + extrap * mix;
            mscale *= 1 + 0.1 * std::log(1.0 / p.freqScale);
        }
        const int a = p.neox ? i : 2 * i, b = p.neox ? i + pairs : 2 * i + 1;
        const double x0 = head[size_t(a)], x1 = head[size_t(b)];
        head[size_t(a)] = (x0 * std::cos(theta) - x1 * std::sin(theta)) * mscale;
        head[size_t(b)] = (x0 * std::sin(theta) + x1 * std::cos(theta)) * mscale;
    }
}

}  // namespace

class TestOps : public QObject {
    Q_OBJECT

private slots:
    void rmsNormMatchesDouble()
    {
        for (int64_t n : {1, 9, 4096}) {
            const auto x = gaussian(n, 3, 3.0f), w = gaussian(n, 4);
            double ss = 0;
            for (float v : x)
                ss += double(v) * v;
            const double inv = 1.0 / std::sqrt(ss / double(n) + 1e-6);
            for (Isa isa : supportedIsas()) {
                std::vector<float> out(static_cast<size_t>(n));
                kernelsFor(isa).rmsNorm(x.data(), w.data(), out.data(), n, 1e-6f);
                for (int64_t i = 0; i < n; ++i)
                    QVERIFY(near(out[size_t(i)], x[size_t(i)] * inv * w[size_t(i)], 2e-6, 1e-7));
            }
        }
    }

    void softmaxMatchesDouble()
    {
        for (int64_t n : {1, 13, 1000}) {
            const auto x = gaussian(n, 5, 4.0f);
            std::vector<float> mask(static_cast<size_t>(n), 0.0f);
            for (int64_t i = 0; i < n; i += 3)
                mask[size_t(i)] = -std::numeric_limits<float>::infinity();
            if (n > 1)
                mask[1] = -2.5f;
            for (Isa isa : supportedIsas()) {
                std::vector<float> got = x;
                kernelsFor(isa).softmax(got.data(), n, 0.7f, n > 1 ? mask.data() : nullptr);
                double max = -1e300;
                std::vector<double> ref(static_cast<size_t>(n));
                for (int64_t i = 0; i < n; ++i) {
                    ref[size_t(i)] = double(x[size_t(i)]) * 0.7 + (n > 1 ? double(mask[size_t(i)]) : 0.0);
                    max = std::max(max, ref[size_t(i)]);
                }
                double sum = 0;
                for (double& v : ref)
                    sum += (v = std::exp(v - max));
                double total = 0;
                for (int64_t i = 0; i < n; ++i) {
                    QVERIFY(near(got[size_t(i)], ref[size_t(i)] / sum, 1e-5, 1e-9));
                    total += got[size_t(i)];
                    if (n > 1 && i % 3 == 0)
                        QCOMPARE(got[size_t(i)], 0.0f);  // -inf masks give exact zeros
                }
                QVERIFY(near(total, 1.0, 1e-5));
            }
        }
        // Huge logits do not overflow; a fully masked row gives zeros, not NaN.
        for (Isa isa : supportedIsas()) {
            std::vector<float> big{1e30f, 1e30f, -1e30f};
            kernelsFor(isa).softmax(big.data(), 3, 1.0f, nullptr);
            QCOMPARE(big[0], 0.5f);
            QCOMPARE(big[2], 0.0f);
            std::vector<float> masked(9, 1.0f), allInf(9, -std::numeric_limits<float>::infinity());
            kernelsFor(isa).softmax(masked.data(), 9, 1.0f, allInf.data());
            for (float v : masked)
                QCOMPARE(v, 0.0f);
        }
    }

    void siluAndSwigluMatchDouble()
    {
        auto x = gaussian(1000, 6, 6.0f);
        x[0] = -100.0f;  // exp overflows in the naive form: silu must still be ~0
        x[1] = 100.0f;
        const auto up = gaussian(1000, 7);
        for (Isa isa : supportedIsas()) {
            std::vector<float> s(1000), g(1000);
            kernelsFor(isa).silu(x.data(), s.data(), 1000);
            kernelsFor(isa).swiglu(x.data(), up.data(), g.data(), 1000);
            for (size_t i = 0; i < x.size(); ++i) {
                const double ref = double(x[i]) / (1.0 + std::exp(-double(x[i])));
                QVERIFY2(near(s[i], ref, 1e-5, 1e-30),
                         qPrintable(QString("%1: %2 vs %3").arg(x[i]).arg(s[i]).arg(ref)));
                QVERIFY(near(g[i], ref * up[i], 1e-5, 1e-30));
            }
        }
    }

    void elementwiseArgmaxTopK()
    {
        const std::vector<float> a{1, 2, 3}, b{4, 5, 6};
        std::vector<float> out(3);
        add(a.data(), b.data(), out.data(), 3);
        QCOMPARE(out, (std::vector<float>{5, 7, 9}));
        mul(a.data(), b.data(), out.data(), 3);
        QCOMPARE(out, (std::vector<float>{4, 10, 18}));
        scale(out.data(), 3, 0.5f);
        QCOMPARE(out, (std::vector<float>{2, 5, 9}));

        const float nan = std::numeric_limits<float>::quiet_NaN();
        const std::vector<float> v{0.5f, nan, 3.0f, -1.0f, 3.0f, 2.0f};
        QCOMPARE(argmax(v.data(), 6), int64_t(2));  // first of the tied maxima, NaN skipped
        std::vector<int64_t> idx(4);
        topK(v.data(), 6, 4, idx.data());
        QCOMPARE(idx, (std::vector<int64_t>{2, 4, 5, 0}));
        QVERIFY_THROWS_EXCEPTION(strata::Error, topK(v.data(), 6, 7, idx.data()));
        QVERIFY_THROWS_EXCEPTION(strata::Error, argmax(v.data(), 0));
    }

    // topK keeps the k best in place; it must equal the first k of a full sort by the same order
    // (larger first, ties to the lower index, NaN last) for every k, on rows with ties and NaNs.
    void topKIsThePrefixOfAFullSort()
    {
        const float nan = std::numeric_limits<float>::quiet_NaN();
        std::mt19937 rng(7);
        for (int64_t n : {1, 5, 64, 129}) {
            std::vector<float> v(static_cast<size_t>(n));
            for (float& f : v)
                f = (rng() % 7 == 0) ? nan : float(int(rng() % 9) - 4);  // few values: many ties
            std::vector<int64_t> order(static_cast<size_t>(n));
            std::iota(order.begin(), order.end(), int64_t(0));
            std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
                const bool na = std::isnan(v[size_t(a)]), nb = std::isnan(v[size_t(b)]);
                return na != nb ? nb : (!na && v[size_t(a)] > v[size_t(b)]);
            });
            for (int64_t k = 0; k <= n; ++k) {
                std::vector<int64_t> idx(static_cast<size_t>(k));
                topK(v.data(), n, k, idx.data());
                QCOMPARE(idx, std::vector<int64_t>(order.begin(), order.begin() + k));
            }
        }
    }

    void ropeMatchesLlamaCppDefinition_data()
    {
        QTest::addColumn<bool>("neox");
        QTest::addColumn<float>("freqScale");
        QTest::addColumn<float>("extFactor");
        QTest::addColumn<float>("attnFactor");
        QTest::newRow("normal") << false << 1.0f << 0.0f << 1.0f;
        QTest::newRow("neox") << true << 1.0f << 0.0f << 1.0f;
        QTest::newRow("linear x4") << false << 0.25f << 0.0f << 1.0f;
        QTest::newRow("yarn x8 neox") << true << 0.125f << 1.0f << 1.0f;
        QTest::newRow("yarn x4 attn") << false << 0.25f << 1.0f << 0.9f;
    }
    void ropeMatchesLlamaCppDefinition()
    {
        QFETCH(bool, neox);
        QFETCH(float, freqScale);
        QFETCH(float, extFactor);
        QFETCH(float, attnFactor);
        RopeParams p;
        p.nDims = 96;  // partial rotary: the last 32 of 128 pass through
        p.neox = neox;
        p.freqBase = 500000.0f;
        p.freqScale = freqScale;
        p.extFactor = extFactor;
        p.attnFactor = attnFactor;
        p.nCtxOrig = 8192;
        const int64_t headSize = 128, heads = 3;
        for (int64_t pos : {0, 1, 17, 5000}) {
            auto x = gaussian(headSize * heads, uint32_t(pos) + 9);
            std::vector<float> got = x;
            rope(got.data(), headSize, heads, pos, p);
            for (int64_t h = 0; h < heads; ++h) {
                std::vector<double> ref(x.begin() + h * headSize, x.begin() + (h + 1) * headSize);
                ropeReference(ref, pos, p);
                for (int64_t i = 0; i < headSize; ++i) {
                    const double got1 = got[size_t(h * headSize + i)];
                    // f32 theta at pos 5000 carries ~5000 * 2^-24 rad of error: allow 2e-3 abs.
                    QVERIFY2(
                        std::fabs(got1 - ref[size_t(i)]) <= 2e-3 * (1 + std::fabs(ref[size_t(i)])),
                        qPrintable(QString("pos %1 dim %2: %3 vs %4").arg(pos).arg(i).arg(got1).arg(ref[size_t(i)])));
                    if (i >= p.nDims)
                        QCOMPARE(got[size_t(h * headSize + i)], x[size_t(h * headSize + i)]);
                }
            }
        }
        RopeParams bad = p;
        bad.nDims = 130;
        std::vector<float> y(128);
        QVERIFY_THROWS_EXCEPTION(strata::Error, rope(y.data(), 128, 1, 0, bad));
    }
};

QTEST_APPLESS_MAIN(TestOps)
#include "test_ops.moc"
