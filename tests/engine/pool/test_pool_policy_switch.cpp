// The user switches the waiting policy while a decode-like load runs (the live panels' tool bar
// calls setPolicy from the GUI thread, mid-reply): every item still runs exactly once, no wake-up
// is lost, and Adaptive has learnt the load again within ~10 tokens of the switch back. Labelled
// `tsan`: the ThreadSanitizer leg runs it.
#include "strata/pool/worker_pool.hpp"

#include <QtTest/QtTest>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace strata::pool;
using namespace std::chrono_literals;

namespace {

// One "token" of a CPU decode: batches of the widths a layer has (wide matrix products, a narrow
// attention and router batch), a little host work between them. False if an item ran twice or never.
bool decodeToken(WorkerPool& pool, std::vector<std::atomic<std::uint32_t>>& stamp, std::uint32_t& batch)
{
    const std::size_t widths[] = {96, 8, 64, 2, 128, 256};
    for (int layer = 0; layer < 4; ++layer)
        for (std::size_t n : widths) {
            const std::uint32_t value = ++batch;
            std::atomic<int> wrong{0};
            pool.run(
                n,
                [&](std::size_t b, std::size_t e, unsigned) {
                    for (std::size_t i = b; i < e; ++i)
                        if (stamp[i].exchange(value, std::memory_order_relaxed) == value)
                            wrong.fetch_add(1, std::memory_order_relaxed);
                },
                RunOptions{1, ~0u});
            if (wrong.load() != 0)
                return false;
            for (std::size_t i = 0; i < n; ++i)
                if (stamp[i].load(std::memory_order_relaxed) != value)
                    return false;
        }
    return true;
}

}  // namespace

class TestPoolPolicySwitch : public QObject {
    Q_OBJECT
private slots:
    void switchingPoliciesUnderLoad()
    {
        PoolOptions o;
        o.workers = 2;
        o.policy = WaitPolicy::adaptive();
        // This test is about the switch, not about this shared box's CPU pressure (which would
        // make Adaptive park throughout).
        o.adaptiveBacksOffUnderContention = false;
        WorkerPool pool(o);
        std::vector<std::atomic<std::uint32_t>> stamp(256);
        std::uint32_t batch = 0;

        std::atomic<bool> stop{false};
        std::atomic<int> switches{0};
        std::thread user([&] {
            const WaitPolicy choices[] = {WaitPolicy::park(), WaitPolicy::fixedSpin(100), WaitPolicy::adaptive(),
                                          WaitPolicy::fixedSpin(20000), WaitPolicy::adaptive()};
            for (int i = 0; !stop.load(); ++i) {
                pool.setPolicy(choices[i % 5]);
                switches.fetch_add(1);
                std::this_thread::sleep_for(1ms);
            }
        });
        const auto end = std::chrono::steady_clock::now() + 3s;
        int tokens = 0;
        bool ok = true;
        while (ok && (tokens < 40 || switches.load() < 20) && std::chrono::steady_clock::now() < end) {
            ok = decodeToken(pool, stamp, batch);
            ++tokens;
        }
        stop.store(true);
        user.join();
        QVERIFY2(ok, "an item ran twice or not at all while the policy switched");
        QVERIFY(switches.load() >= 5);

        // Park for a while, then the user picks Adaptive again: count the tokens until the
        // workers spin through the gaps again (a window, and parks no longer on every token).
        pool.setPolicy(WaitPolicy::park());
        for (int i = 0; i < 5; ++i)
            QVERIFY(decodeToken(pool, stamp, batch));
        pool.setPolicy(WaitPolicy::adaptive());
        QVERIFY(pool.telemetry().policy == WaitPolicy::adaptive());
        int converged = -1;
        for (int i = 0; i < 10 && converged < 0; ++i) {
            QVERIFY(decodeToken(pool, stamp, batch));
            if (pool.telemetry().adaptiveSpinMicros > 0)
                converged = i + 1;
        }
        QVERIFY2(converged > 0, "Adaptive learnt no window within 10 tokens of the switch");
    }
};

QTEST_GUILESS_MAIN(TestPoolPolicySwitch)
#include "test_pool_policy_switch.moc"
