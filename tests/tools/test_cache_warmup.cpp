// strata-bench --cache-curve's summary (tools/bench-common/cache_warmup): windows, the tokens to the
// steady hit rate, and the per-token time's excess while the cache copies experts in.
#include "cache_warmup.hpp"

#include <QtTest>

using namespace strata::benchtools;

namespace {

// `count` tokens of 100 routes each hitting `hitPercent`, each taking `millis`.
void add(std::vector<TokenSample>& s, size_t count, uint64_t hitPercent, double millis, uint64_t copiedBytes = 0)
{
    for (size_t i = 0; i < count; ++i)
        s.push_back({millis / 1e3, 100, 100 - hitPercent, copiedBytes});
}

}  // namespace

class TestCacheWarmup : public QObject {
    Q_OBJECT
private slots:
    void theSteadyRateIsReachedWhereNoLaterWindowFallsBelowIt()
    {
        std::vector<TokenSample> s;
        add(s, 25, 60, 10);
        add(s, 25, 80, 10);
        add(s, 25, 89, 10);  // within 1 point of the steady 90 %
        add(s, 325, 90, 10);
        const CacheWarmup w = summarizeWarmup(s, 25);
        QCOMPARE(w.windows.size(), size_t(16));
        QCOMPARE(w.windows[0].hitPercent, 60.0);
        QCOMPARE(w.windows[1].firstToken, 25u);
        QCOMPARE(w.steadyHitPercent, 90.0);
        QCOMPARE(w.tokensToSteady, 75u);
        QVERIFY(qAbs(w.windows[3].tokensPerSecond - 100.0) < 1e-6);
        QCOMPARE(w.steadyP99Millis, 10.0);

        // A later dip moves the answer past it.
        for (size_t i = 200; i < 225; ++i)
            s[i].misses = 30;
        QCOMPARE(summarizeWarmup(s, 25).tokensToSteady, 250u);
    }

    void copiesAreMeasuredAgainstTheMedianToken()
    {
        std::vector<TokenSample> s;
        add(s, 25, 60, 30);  // the warm-up's slow tokens are not the steady tail
        add(s, 75, 90, 10);
        add(s, 4, 90, 13, 2 << 20);  // copies finished while these ran
        add(s, 1, 90, 15.5, 2 << 20);
        add(s, 100, 90, 10);
        const CacheWarmup w = summarizeWarmup(s, 25);
        QCOMPARE(w.p50Millis, 10.0);
        QCOMPARE(w.maxMillis, 30.0);
        QCOMPARE(w.tokensToSteady, 50u);
        QCOMPARE(w.steadyP50Millis, 10.0);
        QCOMPARE(w.steadyMaxMillis, 15.5);
        QCOMPARE(w.copyTokens, 5u);
        QVERIFY(qAbs(w.copyMaxExcessMillis - 5.5) < 1e-9);
        QVERIFY(qAbs(w.copyP99ExcessMillis - 5.5) < 1e-9);
        QCOMPARE(w.windows[4].copiedBytes, uint64_t(5) * (2 << 20));
        QVERIFY(warmupText(w).find("| 100-124 | 90.0 |") != std::string::npos);
        // After the steady point (token 50): the 5 copy tokens against the 150 quiet ones.
        QCOMPARE(w.steadyCopyTokens, 5u);
        QCOMPARE(w.steadyQuietTokens, 150u);
        QCOMPARE(w.steadyCopyP50Millis, 13.0);
        QCOMPARE(w.steadyCopyP99Millis, 15.5);
        QCOMPARE(w.steadyQuietP99Millis, 10.0);
        QVERIFY(warmupText(w).find("5 tokens with copies finishing, p50 13.00 ms, p99 15.50 ms; 150 without")
                != std::string::npos);
    }

    void noCopiesNoExcessAndNoSamplesNoAnswer()
    {
        std::vector<TokenSample> s;
        add(s, 30, 70, 8);
        const CacheWarmup w = summarizeWarmup(s, 25);
        QCOMPARE(w.copyTokens, 0u);
        QCOMPARE(w.copyP99ExcessMillis, 0.0);
        QCOMPARE(w.tokensToSteady, 25u);  // already steady in the first window
        QCOMPARE(summarizeWarmup({}, 25).windows.size(), size_t(0));
        QCOMPARE(summarizeWarmup({}, 25).tokensToSteady, 0u);
    }
};

QTEST_APPLESS_MAIN(TestCacheWarmup)
#include "test_cache_warmup.moc"
