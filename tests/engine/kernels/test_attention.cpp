// attendGroupF16 against a double-precision reference of the same rounding recipe (f16 query,
// softmax, f16 probabilities, f16 values), for every kernel variant, ragged groups included.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "kernel_test_util.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/attention.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/half.hpp"

using namespace strata::kernels;
using namespace strata::kernels::test;

namespace {

float roundF16(float x)
{
    return fp16ToFp32(fp32ToFp16(x));
}

// out = sum_j round16(softmax(scale * q16 . k_j))_j * v_j over j < keys, in double.
std::vector<double> reference(const float* q, const uint16_t* k, const uint16_t* v, size_t stride, int64_t dHead,
                              int64_t keys, float scale)
{
    std::vector<double> s(static_cast<size_t>(keys));
    double top = -1e300;
    for (int64_t j = 0; j < keys; ++j) {
        double acc = 0;
        for (int64_t d = 0; d < dHead; ++d)
            acc += double(roundF16(q[d])) * double(fp16ToFp32(k[size_t(j) * stride + size_t(d)]));
        s[size_t(j)] = acc * scale;
        top = std::max(top, s[size_t(j)]);
    }
    double sum = 0;
    for (double& x : s)
        sum += (x = std::exp(x - top));
    std::vector<double> out(static_cast<size_t>(dHead), 0.0);
    for (int64_t j = 0; j < keys; ++j) {
        const double p = roundF16(float(s[size_t(j)] / sum));
        for (int64_t d = 0; d < dHead; ++d)
            out[size_t(d)] += p * double(fp16ToFp32(v[size_t(j) * stride + size_t(d)]));
    }
    return out;
}

}  // namespace

class TestAttention : public QObject {
    Q_OBJECT
private slots:
    void groupMatchesReferenceForEveryVariant()
    {
        // Two KV heads interleaved per position (as the cache stores them); queries see ragged
        // causal prefixes, and the group sizes cover 1 (decode of a MHA model), 4 (GQA decode),
        // 13 and 16 (prefill).
        for (int64_t dHead : {int64_t(64), int64_t(128), int64_t(256)}) {
            const int64_t positions = 150, kvHeads = 2;
            const size_t stride = size_t(kvHeads * dHead);
            std::vector<uint16_t> k(size_t(positions) * stride), v(k.size());
            const auto kx = gaussian(int64_t(k.size()), 7), vx = gaussian(int64_t(v.size()), 8);
            for (size_t i = 0; i < k.size(); ++i) {
                k[i] = fp32ToFp16(kx[i]);
                v[i] = fp32ToFp16(vx[i]);
            }
            const float scale = 1.0f / std::sqrt(float(dHead));
            for (int count : {1, 4, 13, 16}) {
                const auto qx = gaussian(count * dHead, uint32_t(20 + count), 2.0f);
                AttentionGroup group;
                group.count = count;
                std::vector<std::vector<float>> outs(size_t(count), std::vector<float>(size_t(dHead), -7.0f));
                for (int i = 0; i < count; ++i) {
                    group.query[i] = qx.data() + i * dHead;
                    group.out[i] = outs[size_t(i)].data();
                    group.keys[i] = std::min<int64_t>(positions, 1 + (37 * i + 120) % positions);
                }
                const uint16_t* kHead = k.data() + dHead;  // the second KV head
                const uint16_t* vHead = v.data() + dHead;
                const AttentionHead head{kHead, vHead, stride, dHead, scale};
                for (Isa isa : supportedIsas()) {
                    AttentionScratch scratch;
                    for (auto& o : outs)
                        std::fill(o.begin(), o.end(), -7.0f);
                    attendGroupF16(kernelsFor(isa), head, group, scratch);
                    for (int i = 0; i < count; ++i) {
                        const auto want = reference(group.query[i], kHead, vHead, stride, dHead, group.keys[i], scale);
                        for (int64_t d = 0; d < dHead; ++d)
                            QVERIFY2(std::fabs(double(outs[size_t(i)][size_t(d)]) - want[size_t(d)])
                                         < 2e-3 * (1.0 + std::fabs(want[size_t(d)])),
                                     qPrintable(QString("D %1 count %2 query %3 d %4 isa %5: %6 vs %7")
                                                    .arg(dHead)
                                                    .arg(count)
                                                    .arg(i)
                                                    .arg(d)
                                                    .arg(int(isa))
                                                    .arg(outs[size_t(i)][size_t(d)])
                                                    .arg(want[size_t(d)])));
                    }
                }
            }
        }
    }

    void rejectsUnsupportedShapes()
    {
        QVERIFY(attentionGroupSupported(64) && attentionGroupSupported(512));
        QVERIFY(!attentionGroupSupported(72) && !attentionGroupSupported(1024) && !attentionGroupSupported(0));
        AttentionGroup group;
        group.count = 0;
        AttentionScratch scratch;
        const AttentionHead head{nullptr, nullptr, 0, 64, 1.0f};
        QVERIFY_THROWS_EXCEPTION(strata::Error, attendGroupF16(defaultKernels(), head, group, scratch));
    }
};

QTEST_APPLESS_MAIN(TestAttention)
#include "test_attention.moc"
