#include "policy_comparison.hpp"

#include "strata/pool/policy_contenders.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace strata::bench {

double processCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

namespace {

using Clock = std::chrono::steady_clock;

using Contender = pool::PolicyContender;

// One test (prefill or decode) of one policy, summed over its rounds.
struct Tally {
    std::vector<double> tokensPerSecond;
    double cpuSeconds = 0, wallSeconds = 0;
    std::size_t tokens = 0;
    pool::LatencyHistogram wait, gap;
    pool::WorkerTelemetry workers;
    std::uint64_t batches = 0, wakeCalls = 0, wakeCallNanos = 0, withdrawals = 0;
    std::uint64_t decodeTokens = 0, wakeAheadTokens = 0;  // hybrid: tokens run with wake-ahead on
    pool::PoolTelemetry last;                             // the pool's adaptive state right after the last run

    double mean() const
    {
        double s = 0;
        for (double x : tokensPerSecond)
            s += x;
        return tokensPerSecond.empty() ? 0 : s / double(tokensPerSecond.size());
    }
    double sd() const
    {
        const double m = mean();
        double s = 0;
        for (double x : tokensPerSecond)
            s += (x - m) * (x - m);
        return tokensPerSecond.size() > 1 ? std::sqrt(s / double(tokensPerSecond.size() - 1)) : 0;
    }
    double cpuPercent() const { return wallSeconds > 0 ? 100.0 * cpuSeconds / wallSeconds : 0; }
};

void runOnce(pool::WorkerPool& pool, const std::function<std::size_t()>& fn, const PolicyWorkload& work, Tally& t)
{
    const auto wakeAhead0 = work.wakeAheadTokens ? work.wakeAheadTokens() : std::pair<std::uint64_t, std::uint64_t>{};
    const pool::PoolTelemetry before = pool.telemetry();
    const double cpu0 = processCpuSeconds();
    const auto t0 = Clock::now();
    const std::size_t n = fn();
    const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
    t.cpuSeconds += processCpuSeconds() - cpu0;
    const pool::PoolTelemetry after = pool.telemetry();
    pool.idleHint();  // a request ends here
    t.wallSeconds += wall;
    t.tokens += n;
    t.tokensPerSecond.push_back(double(n) / wall);
    t.wait.add(after.completionWait.since(before.completionWait));
    t.gap.add(after.batchGap.since(before.batchGap));
    t.workers += after.workerTotals() - before.workerTotals();
    t.batches += after.batches - before.batches;
    t.wakeCalls += after.wakeCalls - before.wakeCalls;
    t.wakeCallNanos += after.wakeCallNanos - before.wakeCallNanos;
    t.withdrawals += after.withdrawals - before.withdrawals;
    if (work.wakeAheadTokens) {
        const auto wakeAhead1 = work.wakeAheadTokens();
        t.decodeTokens += wakeAhead1.first - wakeAhead0.first;
        t.wakeAheadTokens += wakeAhead1.second - wakeAhead0.second;
    }
    t.last = after;
}

void printSpeedTable(const std::vector<Contender>& contenders, const std::vector<Tally>& tallies,
                     const std::string& test)
{
    std::vector<double> tps, cpu;
    for (const Tally& t : tallies) {
        tps.push_back(t.mean());
        cpu.push_back(t.cpuPercent());
    }
    // CPU is compared with the fastest fixed policy's, not with the thriftiest one's.
    const int best = pool::bestFixedIndex(contenders, tps);
    const std::vector<double> speedRatio = pool::ratiosTo(best, tps), cpuRatio = pool::ratiosTo(best, cpu);
    std::printf("\n| policy | %s t/s | vs best fixed | CPU %% | CPU vs best fixed | wait p50 us | wait p99 us |\n"
                "|---|---|---|---|---|---|---|\n",
                test.c_str());
    for (std::size_t i = 0; i < contenders.size(); ++i) {
        const Tally& t = tallies[i];
        std::printf("| %s | %.2f ± %.2f | %.3f | %.0f | %.2f | %.1f | %.1f |\n", contenders[i].name.c_str(), t.mean(),
                    t.sd(), speedRatio[i], t.cpuPercent(), cpuRatio[i], t.wait.quantileNanos(0.5) / 1e3,
                    t.wait.quantileNanos(0.99) / 1e3);
    }
}

// The pool's account of one token: how often workers parked and why, what waking them cost the
// host, and how the gaps between batches compare with the window Adaptive chose.
void printPoolAccount(const std::vector<Contender>& contenders, const std::vector<Tally>& tallies,
                      const std::string& test)
{
    std::printf("\n%s, per token: | policy | batches | gap p50 / p90 / p99 us | window us | cap | parks | of which "
                "spin timeouts / cap refusals / back-offs | host wake calls (us each) | wake latency us | PSI %% | "
                "preempted spins %% | contended | withdrawn | wake-ahead %% of tokens |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n",
                test.c_str());
    for (std::size_t i = 0; i < contenders.size(); ++i) {
        const Tally& t = tallies[i];
        const double n = double(std::max<std::size_t>(1, t.tokens));
        const pool::PoolTelemetry& p = t.last;
        const bool adaptive = contenders[i].policy.kind == pool::WaitKind::Adaptive;
        const std::string window = adaptive ? std::to_string(p.adaptiveSpinMicros) : "-";
        const std::string cap = adaptive ? std::to_string(p.adaptiveSpinCap) : "-";
        const std::string wakeAhead =
            t.decodeTokens ? std::to_string(100 * t.wakeAheadTokens / t.decodeTokens) : std::string("-");
        std::printf(
            "| %s | %.1f | %.1f / %.1f / %.1f | %s | %s | %.1f | %.1f / %.1f / %.1f | %.1f (%.1f) | %u | %.1f | "
            "%.1f | %s | %.2f | %s |\n",
            contenders[i].name.c_str(), double(t.batches) / n, t.gap.quantileNanos(0.5) / 1e3,
            t.gap.quantileNanos(0.9) / 1e3, t.gap.quantileNanos(0.99) / 1e3, window.c_str(), cap.c_str(),
            double(t.workers.parks) / n, double(t.workers.spinTimeouts) / n, double(t.workers.capRefusals) / n,
            double(t.workers.backOffs) / n, double(t.wakeCalls) / n,
            t.wakeCalls ? double(t.wakeCallNanos) / double(t.wakeCalls) / 1e3 : 0.0, p.wakeLatencyMicros,
            p.cpuPressurePermille / 10.0, p.preemptedSpinPermille / 10.0, p.contended ? "yes" : "no",
            double(t.withdrawals) / n, wakeAhead.c_str());
    }
}

}  // namespace

void comparePolicies(pool::WorkerPool& pool, const PolicyWorkload& work, int rounds, const std::string& title,
                     const std::vector<Contender>& contenders)
{
    std::vector<Tally> prefill(contenders.size()), decode(contenders.size());
    // Warm-up: page the weights in, then every round runs A B C D.
    if (work.prefill)
        work.prefill();
    if (work.decode)
        work.decode();
    pool.idleHint();
    for (int r = 0; r < rounds; ++r)
        for (std::size_t i = 0; i < contenders.size(); ++i) {
            if (contenders[i].setup)
                contenders[i].setup();
            pool.setPolicy(contenders[i].policy);
            if (work.prefill)
                runOnce(pool, work.prefill, work, prefill[i]);
            if (work.decode)
                runOnce(pool, work.decode, work, decode[i]);
        }
    if (!contenders.empty() && contenders.front().setup)
        contenders.front().setup();
    pool.setPolicy(pool::WaitPolicy::adaptive());

    std::string names;
    for (const Contender& c : contenders)
        names += (names.empty() ? "" : ", ") + c.name;
    std::printf("%s; %u threads; %d rounds of %s interleaved; ratios are to the best of the fixed policies in this "
                "run\n",
                title.c_str(), pool.workerCount() + 1, rounds, names.c_str());
    if (work.prefill) {
        printSpeedTable(contenders, prefill, work.prefillName);
    }
    if (work.decode) {
        printSpeedTable(contenders, decode, work.decodeName);
        printPoolAccount(contenders, decode, work.decodeName);
    }
    if (work.prefill)
        printPoolAccount(contenders, prefill, work.prefillName);
    std::printf("\nwait: the host's completion wait after its own share of a batch. gap: end of a batch to the next "
                "one's arrival. parks: worker parks (spin timeouts: spun the window out; cap refusals: more spinners "
                "than the cap; back-offs: CPUs looked contended; the rest: window 0). wake calls: futex wakes the host "
                "sent. window, cap (Adaptive only), wake latency, PSI, preempted, contended: the pool's state after the"
                " policy's last run. withdrawn: announcements withdrawn (a hybrid layer predicted to miss hit every "
                "expert). wake-ahead: the share of decode tokens a hybrid model ran with it on.\n");
}

}  // namespace strata::bench
