// The benchmark tools' read loops (tools/bench-common/read_bandwidth): the plain read sums every
// int32 of the buffer, the matrix-vector read every int32 ANDed with the vector's matching one
// (the vector repeating every kMatvecVectorBytes), so neither can skip or misplace a load.
#include "read_bandwidth.hpp"
#include "strata/kernels/cpu_features.hpp"

#include <QtTest>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>

using namespace strata::benchtools;

namespace {

struct Freed {
    void operator()(void* p) const { std::free(p); }
};

std::unique_ptr<uint8_t, Freed> randomBytes(size_t bytes, unsigned seed)
{
    std::unique_ptr<uint8_t, Freed> p(static_cast<uint8_t*>(std::aligned_alloc(4096, bytes)));
    std::mt19937 rng(seed);
    for (size_t i = 0; i < bytes; ++i)
        p.get()[i] = uint8_t(rng());
    return p;
}

}  // namespace

class TestReadBandwidth : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        if (!strata::kernels::detectCpuFeatures().avx2)
            QSKIP("the read loops use AVX2; callers check the CPU");
    }

    void loopsSumWhatTheyRead()
    {
        // Three vector lengths, so a wrong wrap-around of the vector shows.
        const size_t bytes = 3 * kMatvecVectorBytes;
        const auto buf = randomBytes(bytes, 1);
        const auto vector = randomBytes(kMatvecVectorBytes, 2);
        uint32_t plain = 0, masked = 0;
        for (size_t i = 0; i < bytes; i += 4) {
            uint32_t w, x;
            std::memcpy(&w, buf.get() + i, 4);
            std::memcpy(&x, vector.get() + i % kMatvecVectorBytes, 4);
            plain += w;
            masked += w & x;
        }
        QCOMPARE(sumOfLoads(buf.get(), bytes), float(plain));
        QCOMPARE(sumOfLoadsWithVector(buf.get(), bytes, vector.get()), float(masked));
        QVERIFY(plain != masked);
    }

    void bothReadsReportARate()
    {
        const size_t bytes = size_t(8) << 20;
        const auto buf = randomBytes(bytes, 3);
        QVERIFY(readBandwidthGBs(buf.get(), bytes, 2, 0.01, Timing::Wall) > 0);
        QVERIFY(matvecReadGBs(buf.get(), bytes, 2, 0.01, Timing::Wall) > 0);
    }
};

QTEST_GUILESS_MAIN(TestReadBandwidth)
#include "test_read_bandwidth.moc"
