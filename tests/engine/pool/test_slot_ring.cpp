// pool::SlotRing (the stagers' pinned-slot ring, issue 21): threads that claim pieces in order and
// reuse a few slots never overtake a slot's previous user, and no wake-up is lost (a lost one
// hangs the test).
#include "engine/src/pool/slot_ring.hpp"

#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

using strata::pool::SlotRing;

class TestSlotRing : public QObject {
    Q_OBJECT
private slots:
    void piecesTakeTheirSlotsInTurn_data()
    {
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("slotCount");
        QTest::addColumn<int>("batches");
        QTest::newRow("4 threads, 3 slots, one batch of 10^6") << 4 << 3 << 1;
        QTest::newRow("8 threads, 16 slots, 1000 batches") << 8 << 16 << 1000;
        QTest::newRow("1 thread, 1 slot") << 1 << 1 << 1;
    }

    void piecesTakeTheirSlotsInTurn()
    {
        QFETCH(int, threads);
        QFETCH(int, slotCount);
        QFETCH(int, batches);
        constexpr uint64_t kPieces = 1'000'000;
        SlotRing ring{uint32_t(slotCount)};
        // What a slot holds: the piece that last filled it (plain memory, ordered by the ring only).
        std::vector<uint64_t> slotHolds(size_t(slotCount), ~uint64_t(0));
        std::vector<std::atomic<int>> done(kPieces);
        std::atomic<uint64_t> overtaken{0};
        const uint64_t perBatch = kPieces / uint64_t(batches);
        for (int b = 0; b < batches; ++b) {
            const uint64_t end = ring.claimed() + perBatch;
            std::vector<std::thread> pool;
            for (int t = 0; t < threads; ++t)
                pool.emplace_back([&] {
                    uint64_t piece = 0;
                    uint32_t slot = 0;
                    while (ring.claim(end, piece, slot)) {
                        const bool reused = ring.awaitTurn(piece);
                        // The slot's previous user was piece - slots, and it is done with it.
                        const uint64_t expected = reused ? piece - uint64_t(slotCount) : ~uint64_t(0);
                        if (slotHolds[slot] != expected)
                            overtaken.fetch_add(1, std::memory_order_relaxed);
                        slotHolds[slot] = piece;
                        done[piece].fetch_add(1, std::memory_order_relaxed);
                        ring.publish(piece);
                    }
                });
            for (std::thread& t : pool)
                t.join();
            QCOMPARE(ring.claimed(), end);
        }
        QCOMPARE(overtaken.load(), uint64_t(0));
        uint64_t once = 0;
        for (const auto& d : done)
            once += d.load() == 1;
        QCOMPARE(once, perBatch * uint64_t(batches));
    }
};

QTEST_GUILESS_MAIN(TestSlotRing)
#include "test_slot_ring.moc"
