// The expert cache policy: routing counts -> residency (hot experts in, cold ones out, no
// ping-pong, maxSwaps, 0-slot layers), the heat's half-life, the steady state on a skewed stream,
// and the state file (round trip, and every file load() must refuse without changing anything).
#include "strata/core/error.hpp"
#include "strata/model/expert_cache_policy.hpp"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <numeric>
#include <random>
#include <set>
#include <vector>

using namespace strata;
using model::ExpertCachePolicy;
using model::ExpertSwap;

namespace {

void feed(ExpertCachePolicy& p, uint32_t layer, std::vector<int32_t> ids, int tokens)
{
    for (int t = 0; t < tokens; ++t) {
        p.record(layer, ids);
        p.endToken();
    }
}

std::set<int32_t> residents(const ExpertCachePolicy& p, uint32_t layer)
{
    std::set<int32_t> s;
    for (int32_t e : p.expertIn(layer))
        if (e >= 0)
            s.insert(e);
    return s;
}

// Tokens of `used` distinct experts drawn with Zipf-like probabilities over a shuffled order
// (Gumbel top-k: sampling without replacement in proportion to the weights).
class SkewedStream {
public:
    SkewedStream(uint32_t experts, uint32_t used, double exponent, uint64_t seed) : m_used(used), m_rng(seed)
    {
        std::vector<uint32_t> order(experts);
        std::iota(order.begin(), order.end(), 0u);
        std::shuffle(order.begin(), order.end(), m_rng);
        m_logWeight.resize(experts);
        for (uint32_t r = 0; r < experts; ++r)
            m_logWeight[order[r]] = -exponent * std::log(double(r + 1));
    }
    std::vector<int32_t> next()
    {
        std::vector<std::pair<double, int32_t>> keys(m_logWeight.size());
        std::uniform_real_distribution<double> u(1e-12, 1.0);
        for (size_t e = 0; e < keys.size(); ++e)
            keys[e] = {m_logWeight[e] - std::log(-std::log(u(m_rng))), int32_t(e)};
        std::partial_sort(keys.begin(), keys.begin() + m_used, keys.end(), std::greater<>());
        std::vector<int32_t> ids(m_used);
        for (uint32_t i = 0; i < m_used; ++i)
            ids[i] = keys[i].second;
        return ids;
    }

private:
    uint32_t m_used;
    std::mt19937_64 m_rng;
    std::vector<double> m_logWeight;
};

}  // namespace

class TestExpertCachePolicy : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void hotExpertsFillEmptySlotsHottestFirst()
    {
        ExpertCachePolicy p(1, 8, {2});
        QCOMPARE(residents(p, 0).size(), size_t(0));
        QVERIFY(p.proposeSwaps(8).empty());  // nothing routed yet: nothing worth a copy
        feed(p, 0, {5}, 3);
        feed(p, 0, {3, 6}, 2);  // 3 and 6 tie, below 5
        const auto swaps = p.proposeSwaps(8);
        QCOMPARE(swaps.size(), size_t(2));
        QCOMPARE(swaps[0].admitted, 5u);
        QCOMPARE(swaps[0].evicted, -1);
        QCOMPARE(swaps[1].admitted, 3u);  // the tie goes to the lower id
        QCOMPARE(p.expertIn(0)[swaps[0].slot], 5);
        QCOMPARE(p.slotOf(0)[5], int32_t(swaps[0].slot));
        QCOMPARE(p.slotOf(0)[6], -1);
        QVERIFY(p.proposeSwaps(8).empty());  // 6 is no hotter than 3 by the margin
    }

    void aColdStartFillsEverySlotAndHotExpertsReplaceTheColdOnes()
    {
        ExpertCachePolicy p(2, 8, {3, 0});
        feed(p, 0, {6}, 2);
        QCOMPARE(p.fillEmptySlots(), size_t(3));
        QCOMPARE(residents(p, 0), (std::set<int32_t>{6, 0, 1}));  // the hot one, then the lowest ids
        QCOMPARE(p.expertIn(1).size(), size_t(0));                // a layer without slots stays empty
        QCOMPARE(p.fillEmptySlots(), size_t(0));                  // full: nothing more to do
        feed(p, 0, {4}, 3);
        const auto swaps = p.proposeSwaps(8);
        QCOMPARE(swaps.size(), size_t(1));
        QCOMPARE(swaps[0].admitted, 4u);
        QCOMPARE(swaps[0].evicted, 0);  // a cold resident of heat 0 leaves first
    }

    void coldExpertsLeaveForHotterOnes()
    {
        ExpertCachePolicy p(1, 8, {2}, 16);
        feed(p, 0, {0, 1}, 50);
        p.proposeSwaps(8);
        QCOMPARE(residents(p, 0), (std::set<int32_t>{0, 1}));
        feed(p, 0, {6, 7}, 50);  // three half-lives later the old pair is cold
        const auto swaps = p.proposeSwaps(8);
        QCOMPARE(swaps.size(), size_t(2));
        for (const ExpertSwap& s : swaps) {
            QVERIFY(s.evicted == 0 || s.evicted == 1);
            QVERIFY(s.admitted == 6 || s.admitted == 7);
            QCOMPARE(p.expertIn(0)[s.slot], int32_t(s.admitted));
            QCOMPARE(p.slotOf(0)[size_t(s.evicted)], -1);
        }
        QCOMPARE(residents(p, 0), (std::set<int32_t>{6, 7}));
    }

    void hitsAndMissesFollowTheResidency()
    {
        ExpertCachePolicy p(2, 4, {1, 1});
        feed(p, 1, {2}, 1);
        p.proposeSwaps(4);
        p.resetCounts();
        p.record(1, std::vector<int32_t>{2, 3, 2, 0});
        QCOMPARE(p.counts(1).hits, uint64_t(2));
        QCOMPARE(p.counts(1).misses, uint64_t(2));
        QCOMPARE(p.counts(0).hits + p.counts(0).misses, uint64_t(0));
        p.resetCounts();
        QCOMPARE(p.counts(1).hits, uint64_t(0));
    }

    void twoEquallyHotExpertsDoNotPingPong()
    {
        // One slot, two experts taking turns: without a margin the one just chosen would always be
        // the hotter and every token would swap.
        ExpertCachePolicy p(1, 4, {1}, 32);
        size_t swaps = 0;
        for (int t = 0; t < 2000; ++t) {
            p.record(0, std::vector<int32_t>{t % 2});
            p.endToken();
            swaps += p.proposeSwaps(4).size();
        }
        QCOMPARE(swaps, size_t(1));  // the first fill only
    }

    void maxSwapsIsRespectedLargestGainsFirst()
    {
        ExpertCachePolicy p(2, 8, {4, 4});
        for (int32_t e = 0; e < 8; ++e)
            feed(p, e % 2, {e}, e + 1);  // hotter with the id
        auto swaps = p.proposeSwaps(3);
        QCOMPARE(swaps.size(), size_t(3));
        QCOMPARE(swaps[0].admitted, 7u);
        QCOMPARE(swaps[1].admitted, 6u);
        QCOMPARE(swaps[2].admitted, 5u);
        QCOMPARE(p.proposeSwaps(100).size(), size_t(5));  // the other 5 experts with heat
        QVERIFY(p.proposeSwaps(0).empty());
    }

    void layersWithoutSlotsNeverHoldExperts()
    {
        ExpertCachePolicy p(3, 8, {0, 2, 0});
        feed(p, 0, {1, 2, 3}, 20);
        feed(p, 2, {4}, 20);
        QVERIFY(p.proposeSwaps(100).empty());
        QCOMPARE(p.expertIn(0).size(), size_t(0));
        for (int32_t s : p.slotOf(0))
            QCOMPARE(s, -1);
        QCOMPARE(p.counts(0).misses, uint64_t(60));
        QVERIFY(p.heat(0, 1) > 0.0f);
    }

    void heatHalvesEveryHalfLife()
    {
        ExpertCachePolicy p(1, 4, {1}, 100);
        p.record(0, std::vector<int32_t>{1});
        QCOMPARE(p.heat(0, 1), 1.0f);
        for (int t = 0; t < 100; ++t)
            p.endToken();
        QVERIFY(std::abs(p.heat(0, 1) - 0.5f) < 1e-5f);
        for (int t = 0; t < 100; ++t)
            p.endToken();
        QVERIFY(std::abs(p.heat(0, 1) - 0.25f) < 1e-5f);
        // Far past the internal renormalisation (every 64 half-lives): still exact and finite.
        p.record(0, std::vector<int32_t>{2});
        for (int t = 0; t < 10000; ++t)
            p.endToken();
        const float expected = std::exp2(-100.0f);
        QVERIFY2(std::abs(p.heat(0, 2) / expected - 1.0f) < 1e-3f, qPrintable(QString::number(p.heat(0, 2))));
        p.record(0, std::vector<int32_t>{3});
        QCOMPARE(p.heat(0, 3), 1.0f);
    }

    void aSkewedStreamReachesItsSteadyHitRateWithin200Tokens()
    {
        // 64 experts, 8 per token, 16 cached, Zipf exponent 1.2, four swaps per token at most.
        const uint32_t experts = 64, used = 8, cached = 16;
        ExpertCachePolicy p(1, experts, {cached});
        SkewedStream stream(experts, used, 1.2, 42);
        std::vector<uint64_t> chosen(experts);
        uint64_t hits = 0, routes = 0;
        std::vector<std::vector<int32_t>> late;
        for (int t = 0; t < 1200; ++t) {
            const auto ids = stream.next();
            if (t == 200)
                p.resetCounts();
            if (t >= 200) {
                for (int32_t e : ids)
                    ++chosen[size_t(e)];
                late.push_back(ids);
            }
            p.record(0, ids);
            p.endToken();
            p.proposeSwaps(4);
        }
        hits = p.counts(0).hits;
        routes = hits + p.counts(0).misses;
        // The best any fixed set of 16 could do on the same tokens: the 16 most chosen.
        std::vector<uint64_t> sorted = chosen;
        std::sort(sorted.begin(), sorted.end(), std::greater<>());
        const uint64_t oracle = std::accumulate(sorted.begin(), sorted.begin() + cached, uint64_t(0));
        const double rate = double(hits) / double(routes), best = double(oracle) / double(routes);
        QVERIFY2(rate >= 0.9 * best, qPrintable(QString("hit rate %1, best fixed set %2").arg(rate).arg(best)));
        QVERIFY2(best > 0.5, "the stream is skewed");
    }

    void stateRoundTrips()
    {
        ExpertCachePolicy p(2, 8, {3, 0}, 64);
        feed(p, 0, {1, 4, 7}, 30);
        feed(p, 1, {2}, 7);
        p.proposeSwaps(2);  // one slot left empty
        const auto file = path("state.json");
        p.save(file, "model-a");
        QVERIFY(!std::filesystem::exists(file.string() + ".tmp"));
        ExpertCachePolicy q(2, 8, {3, 0}, 64);
        QVERIFY(q.load(file, "model-a"));
        for (uint32_t l = 0; l < 2; ++l) {
            for (uint32_t e = 0; e < 8; ++e)
                QVERIFY(std::abs(q.heat(l, e) - p.heat(l, e)) <= 1e-6f * std::max(1.0f, p.heat(l, e)));
            QVERIFY(std::ranges::equal(q.slotOf(l), p.slotOf(l)));
            QVERIFY(std::ranges::equal(q.expertIn(l), p.expertIn(l)));
        }
        QCOMPARE(q.expertIn(0)[2], -1);
        // Saving again replaces the file.
        feed(q, 0, {0}, 100);
        q.save(file, "model-a");
        ExpertCachePolicy r(2, 8, {3, 0}, 64);
        QVERIFY(r.load(file, "model-a"));
        QVERIFY(r.heat(0, 0) > 10.0f);
    }

    void loadRefusesBadFilesAndKeepsItsState_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("identity");
        const QByteArray good = goodState();
        QTest::newRow("good (control)") << good << "";
        QTest::newRow("other model") << good << "model-b";
        QTest::newRow("empty") << QByteArray() << "model-a";
        QTest::newRow("not json") << QByteArray("heat: lots") << "model-a";
        QTest::newRow("truncated") << good.left(good.size() / 2) << "model-a";
        QTest::newRow("an array") << QByteArray("[1,2,3]") << "model-a";
        QTest::newRow("deep nesting") << QByteArray(100000, '[') << "model-a";
        const auto edit = [&](const QByteArray& from, const QByteArray& to) {
            QByteArray t = good;
            const qsizetype at = t.indexOf(from);
            if (at < 0)
                qFatal("fixture lacks %s", from.constData());
            return t.replace(at, from.size(), to);
        };
        QTest::newRow("other format") << edit("strata-expert-cache", "something-else") << "model-a";
        QTest::newRow("version 2") << edit("\"version\":1", "\"version\":2") << "model-a";
        QTest::newRow("other layer count") << edit("\"layers\":2", "\"layers\":3") << "model-a";
        QTest::newRow("other expert count") << edit("\"experts\":4", "\"experts\":5") << "model-a";
        QTest::newRow("other slots") << edit("\"slots\":[2,1]", "\"slots\":[1,2]") << "model-a";
        // The fixture starts with "heat":[[H,0.0,0.0,H],... and "resident":[[0,-1],[-1]].
        const qsizetype heatAt = good.indexOf("\"heat\":[[") + 9;
        const QByteArray firstHeat = "\"heat\":[[" + good.mid(heatAt, good.indexOf(',', heatAt) - heatAt) + ",";
        QTest::newRow("negative heat") << edit(firstHeat, "\"heat\":[[-1,") << "model-a";
        QTest::newRow("heat as text") << edit(firstHeat, "\"heat\":[[\"x\",") << "model-a";
        QTest::newRow("huge heat") << edit(firstHeat, "\"heat\":[[1e300,") << "model-a";
        QTest::newRow("short heat row") << edit(firstHeat, "\"heat\":[[") << "model-a";
        QTest::newRow("layers as text") << edit("\"layers\":2", "\"layers\":\"2\"") << "model-a";
        QTest::newRow("expert out of range") << edit("\"resident\":[[0,-1]", "\"resident\":[[0,4]") << "model-a";
        QTest::newRow("negative id") << edit("\"resident\":[[0,-1]", "\"resident\":[[0,-2]") << "model-a";
        QTest::newRow("one expert twice") << edit("\"resident\":[[0,-1]", "\"resident\":[[0,0]") << "model-a";
        QTest::newRow("resident row too long") << edit("\"resident\":[[0,-1]", "\"resident\":[[0,-1,-1]") << "model-a";
        QTest::newRow("fractional id") << edit("\"resident\":[[0,-1]", "\"resident\":[[0.5,-1]") << "model-a";
        QTest::newRow("no resident") << edit("\"resident\"", "\"elsewhere\"") << "model-a";
        QByteArray big = good;
        big.insert(1, "\"pad\":\"" + QByteArray(int(ExpertCachePolicy::kMaxStateBytes), 'x') + "\",");
        QTest::newRow("over the size bound") << big << "model-a";
    }

    void loadRefusesBadFilesAndKeepsItsState()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, identity);
        const auto file = path("bad.json");
        {
            std::ofstream out(file, std::ios::binary | std::ios::trunc);
            out.write(text.constData(), text.size());
        }
        ExpertCachePolicy p(2, 4, {2, 1});
        feed(p, 0, {1}, 5);
        p.proposeSwaps(1);
        const auto before = snapshot(p);
        if (identity.isEmpty()) {  // the unedited file loads: the edits are what is refused
            QVERIFY(p.load(file, "model-a"));
            return;
        }
        QVERIFY(!p.load(file, identity.toStdString()));
        QCOMPARE(snapshot(p), before);
    }

    void loadOfAMissingFileIsFalse()
    {
        ExpertCachePolicy p(1, 4, {1});
        QVERIFY(!p.load(path("never-written.json"), "model-a"));
        QVERIFY(!p.load(std::filesystem::path(m_dir.path().toStdString()), "model-a"));  // a folder
    }

    void saveIntoAMissingFolderThrows()
    {
        ExpertCachePolicy p(1, 4, {1});
        QVERIFY_THROWS_EXCEPTION(Error, p.save(path("no-such-folder/state.json"), "model-a"));
    }

    void badArgumentsAreClearErrors()
    {
        QVERIFY_THROWS_EXCEPTION(Error, ExpertCachePolicy(2, 4, {1}));
        QVERIFY_THROWS_EXCEPTION(Error, ExpertCachePolicy(1, 4, {5}));
        QVERIFY_THROWS_EXCEPTION(Error, ExpertCachePolicy(1, 4, {1}, 0.0f));
        QVERIFY_THROWS_EXCEPTION(Error, ExpertCachePolicy(1, 4, {1}, NAN));
        ExpertCachePolicy p(1, 4, {1});
        QVERIFY_THROWS_EXCEPTION(Error, p.record(1, std::vector<int32_t>{0}));
        QVERIFY_THROWS_EXCEPTION(Error, p.record(0, std::vector<int32_t>{4}));
        QVERIFY_THROWS_EXCEPTION(Error, p.record(0, std::vector<int32_t>{-1}));
        QVERIFY_THROWS_EXCEPTION(Error, p.heat(0, 4));
        QVERIFY_THROWS_EXCEPTION(Error, p.slotOf(1));
    }

private:
    std::filesystem::path path(const char* name) const
    {
        return std::filesystem::path(m_dir.path().toStdString()) / name;
    }

    // A valid state of a (2 layers, 4 experts, slots {2, 1}) policy, as save() writes it.
    QByteArray goodState()
    {
        ExpertCachePolicy p(2, 4, {2, 1});
        feed(p, 0, {3, 0}, 4);
        feed(p, 1, {2}, 2);
        p.proposeSwaps(1);  // layer 0: expert 0 in a slot, the other empty; layer 1 empty
        const auto file = path("good.json");
        p.save(file, "model-a");
        std::ifstream in(file, std::ios::binary);
        return QByteArray::fromStdString(std::string(std::istreambuf_iterator<char>(in), {}));
    }

    static QString snapshot(const ExpertCachePolicy& p)
    {
        QString s;
        for (uint32_t l = 0; l < 2; ++l) {
            for (uint32_t e = 0; e < 4; ++e)
                s += QString::number(p.heat(l, e)) + ":" + QString::number(p.slotOf(l)[e]) + " ";
            s += "|";
        }
        return s;
    }

    QTemporaryDir m_dir;
};

QTEST_APPLESS_MAIN(TestExpertCachePolicy)
#include "test_expert_cache_policy.moc"
