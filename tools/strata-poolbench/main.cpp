// strata-poolbench: the seeds' situation without a GPU. A host loop of layers, each a device
// phase (host asleep) plus, with probability p, a batch of CPU jobs on the pool. Every policy
// runs in the same process, interleaved in rounds (A B C D E A B C D E ...), so machine noise
// hits them alike; one table per scenario compares them.
#include "layer_loop.hpp"
#include "memory_work.hpp"
#include "span_trace.hpp"
#include "standard_options.hpp"

#include "strata/pool/cpu_topology.hpp"
#include "strata/pool/worker_pool.hpp"

#include <sys/prctl.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace strata::pool;
using namespace poolbench;

namespace {

struct BenchPolicy {
    const char* name;
    WaitPolicy policy;
    Announce announce;
};

struct Totals {
    RoundResult run;
    LatencyHistogram batch, tail;
    std::uint64_t spinNanos = 0, wastedNanos = 0, parks = 0;
};

struct Options {
    std::vector<Scenario> scenarios;
    double seconds = 30;
    double cpuMicros = 50;
    int workers = -1;
    bool oversubscribe = false;
    bool pin = true;
    bool contention = true;
    bool json = false;
    int rounds = 20;
    std::string trace;  // --trace FILE: the adaptive rows' idle spans, a "token" every kTraceTokenLayers layers
};

// A trace's "token": a deep model's layers (48), so that a gpu-heavy token has ~5 CPU batches.
constexpr std::uint64_t kTraceTokenLayers = 48;

void printUsage(std::FILE* to)
{
    std::fputs("usage: strata-poolbench [--scenario gpu-heavy|cpu-positive|both] [--seconds S (total, 30)]\n"
               "       [--device-us G (200)] [--cpu-us C (50)] [--jobs k (4)] [--prob p] [--lead-us L (100)]\n"
               "       [--workers N] [--oversubscribe] [--no-pin] [--no-contention] [--rounds R (20)] [--json]\n"
               "       [--trace FILE (one scenario: the adaptive rows' idle spans per 48-layer token)]\n",
               to);
}

[[noreturn]] void usage(const char* why)
{
    std::fprintf(stderr, "strata-poolbench: %s\n", why);
    printUsage(stderr);
    std::exit(2);
}

double number(int& i, int argc, char** argv)
{
    if (i + 1 >= argc)
        usage((std::string(argv[i]) + " needs a value").c_str());
    char* end = nullptr;
    const double v = std::strtod(argv[++i], &end);
    if (end == argv[i] || *end != '\0' || v < 0)
        usage((std::string("bad number '") + argv[i] + "'").c_str());
    return v;
}

Options parse(int argc, char** argv)
{
    if (strata::tools::wantsVersion(argc, argv)) {
        strata::tools::printVersion("strata-poolbench");
        std::exit(0);
    }
    if (strata::tools::wantsHelp(argc, argv)) {
        printUsage(stdout);
        std::exit(0);
    }
    Options o;
    Scenario gpu{"gpu-heavy", 0.1};
    Scenario cpu{"cpu-positive", 0.8};
    std::string which = "both";
    double prob = -1;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--scenario" && i + 1 < argc)
            which = argv[++i];
        else if (a == "--seconds")
            o.seconds = number(i, argc, argv);
        else if (a == "--device-us")
            gpu.deviceMicros = cpu.deviceMicros = number(i, argc, argv);
        else if (a == "--cpu-us")
            o.cpuMicros = number(i, argc, argv);
        else if (a == "--jobs")
            gpu.jobs = cpu.jobs = static_cast<unsigned>(std::max(1.0, number(i, argc, argv)));
        else if (a == "--prob")
            prob = std::min(1.0, number(i, argc, argv));
        else if (a == "--lead-us")
            gpu.leadMicros = cpu.leadMicros = number(i, argc, argv);
        else if (a == "--workers")
            o.workers = static_cast<int>(number(i, argc, argv));
        else if (a == "--rounds")
            o.rounds = std::max(1, static_cast<int>(number(i, argc, argv)));
        else if (a == "--oversubscribe")
            o.oversubscribe = true;
        else if (a == "--no-pin")
            o.pin = false;
        else if (a == "--no-contention")
            o.contention = false;
        else if (a == "--json")
            o.json = true;
        else if (a == "--trace" && i + 1 < argc)
            o.trace = argv[++i];
        else
            usage(("unknown argument '" + a + "'").c_str());
    }
    if (prob >= 0)
        gpu.probability = cpu.probability = prob;
    if (which == "both" || which == "gpu-heavy")
        o.scenarios.push_back(gpu);
    if (which == "both" || which == "cpu-positive")
        o.scenarios.push_back(cpu);
    if (o.scenarios.empty())
        usage("--scenario must be gpu-heavy, cpu-positive or both");
    if (!o.trace.empty() && o.scenarios.size() != 1)
        usage("--trace records one scenario: give --scenario gpu-heavy or cpu-positive");
    return o;
}

std::uint64_t spin(const PoolTelemetry& t)
{
    return t.workerTotals().spinNanos + t.host.spinNanos;
}
std::uint64_t wasted(const PoolTelemetry& t)
{
    return t.workerTotals().wastedSpinNanos + t.host.wastedSpinNanos;
}
std::uint64_t parks(const PoolTelemetry& t)
{
    return t.workerTotals().parks + t.host.parks;
}

}  // namespace

int main(int argc, char** argv)
{
    const Options opt = parse(argc, argv);
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);  // precise device-phase sleeps (default slack is 50 µs)

    const CpuTopology topo = detectCpuTopology();
    PoolOptions po;
    po.pin = opt.pin;
    po.adaptiveBacksOffUnderContention = opt.contention;
    po.workers = opt.oversubscribe ? static_cast<int>(topo.allowedCpus.size()) : opt.workers;
    po.policy = WaitPolicy::park();
    strata::benchtools::SpanTrace trace;  // outlives the pool
    if (!opt.trace.empty())
        po.onIdleSpan = trace.observer();
    WorkerPool pool(po);
    std::uint64_t tracedLayers = 0;

    MemoryWork work(256u << 20);  // 256 MiB: far past any last-level cache
    work.calibrate(opt.cpuMicros);

    const std::vector<BenchPolicy> policies = {
        {"fixed-20ms", WaitPolicy::fixedSpin(20000), Announce::None},
        {"fixed-100us", WaitPolicy::fixedSpin(100), Announce::None},
        {"park", WaitPolicy::park(), Announce::None},
        {"adaptive", WaitPolicy::adaptive(), Announce::WithLead},
        {"adaptive-wake-now", WaitPolicy::adaptive(), Announce::AtOnce},
        {"adaptive-no-ahead", WaitPolicy::adaptive(), Announce::None},
    };
    constexpr std::size_t kPark = 2;  // the CPU column compares with park's

    if (opt.json)
        std::printf("{\"workers\":%u,\"cpus\":%zu,\"cores\":%zu,\"cpu_us\":%.1f,\"results\":[", pool.workerCount(),
                    topo.allowedCpus.size(), topo.cores.size(), opt.cpuMicros);
    bool firstJson = true;
    std::mt19937_64 rng(42);
    for (const Scenario& sc : opt.scenarios) {
        const double layerMicros =
            sc.deviceMicros + 15 + sc.probability * sc.jobs * opt.cpuMicros / (pool.workerCount() + 1);
        const double perRound =
            opt.seconds / static_cast<double>(opt.scenarios.size()) / static_cast<double>(policies.size()) / opt.rounds;
        const auto layers = static_cast<std::uint64_t>(std::max(50.0, perRound * 1e6 / layerMicros));
        std::vector<Totals> totals(policies.size());
        for (int round = 0; round < opt.rounds; ++round) {
            for (std::size_t p = 0; p < policies.size(); ++p) {
                pool.setPolicy(policies[p].policy);
                const PoolTelemetry before = pool.telemetry();
                const bool traced = !opt.trace.empty() && std::string(policies[p].name) == "adaptive";
                trace.setRecording(traced);
                const RoundResult r = runLayers(pool, work, sc, layers, policies[p].announce, rng, [&](std::uint64_t) {
                    if (traced)
                        trace.setToken(tracedLayers++ / kTraceTokenLayers);
                });
                trace.setRecording(false);
                pool.idleHint();  // a request ends: fixed policies ignore it, adaptive parks
                const PoolTelemetry after = pool.telemetry();
                Totals& t = totals[p];
                t.run.layers += r.layers;
                t.run.cpuLayers += r.cpuLayers;
                t.run.wallSeconds += r.wallSeconds;
                t.run.cpuSeconds += r.cpuSeconds;
                t.batch.add(after.batchLatency.since(before.batchLatency));
                t.tail.add(after.completionWait.since(before.completionWait));
                t.spinNanos += spin(after) - spin(before);
                t.wastedNanos += wasted(after) - wasted(before);
                t.parks += parks(after) - parks(before);
            }
        }

        const PoolTelemetry end = pool.telemetry();
        if (!opt.json)
            std::printf("\nadaptive state at the end: window %u us, host spin %u us, wake latency %u us, "
                        "preempted spins %.1f%%, CPU pressure %.1f%%, %s\n",
                        end.adaptiveSpinMicros, end.adaptiveHostSpinMicros, end.wakeLatencyMicros,
                        end.preemptedSpinPermille / 10.0, end.cpuPressurePermille / 10.0,
                        end.contended ? "contended (no spinning)" : "not contended");
        double bestFixed = 0;
        for (std::size_t p = 0; p < 2; ++p)
            bestFixed = std::max(bestFixed, static_cast<double>(totals[p].run.layers) / totals[p].run.wallSeconds);
        if (!opt.json) {
            std::printf(
                "\nscenario %s: G=%.0fus, p=%.2f, k=%u jobs of C=%.0fus (%zu floats), lead %.0fus; %u workers + host"
                " on %zu CPUs%s; %d rounds x %llu layers per policy, interleaved\n",
                sc.name, sc.deviceMicros, sc.probability, sc.jobs, opt.cpuMicros, work.sliceFloats(), sc.leadMicros,
                pool.workerCount(), topo.allowedCpus.size(), opt.pin ? ", pinned" : "", opt.rounds,
                static_cast<unsigned long long>(layers));
            std::printf("%-18s %9s %8s %7s %8s %9s %9s %9s %9s %11s %8s\n", "policy", "layers/s", "vs fixed", "CPU%",
                        "vs park", "run p50", "run p99", "tail p50", "tail p99", "wasted spin", "parks/s");
        }
        const double parkCpu = totals[kPark].run.cpuSeconds / totals[kPark].run.wallSeconds;
        for (std::size_t p = 0; p < policies.size(); ++p) {
            const Totals& t = totals[p];
            const double rate = static_cast<double>(t.run.layers) / t.run.wallSeconds;
            const double cpu = 100.0 * t.run.cpuSeconds / t.run.wallSeconds;
            const double cpuVsPark = parkCpu > 0 ? t.run.cpuSeconds / t.run.wallSeconds / parkCpu : 0.0;
            const double wastedPct = 100.0 * static_cast<double>(t.wastedNanos) / 1e9 / t.run.wallSeconds;
            const double parkRate = static_cast<double>(t.parks) / t.run.wallSeconds;
            const double r50 = t.batch.quantileNanos(0.5) / 1e3, r99 = t.batch.quantileNanos(0.99) / 1e3;
            const double w50 = t.tail.quantileNanos(0.5) / 1e3, w99 = t.tail.quantileNanos(0.99) / 1e3;
            if (opt.json) {
                std::printf(
                    "%s{\"scenario\":\"%s\",\"policy\":\"%s\",\"layers_per_s\":%.1f,\"vs_best_fixed\":%.4f,"
                    "\"cpu_percent\":%.1f,\"cpu_vs_park\":%.3f,\"run_p50_us\":%.2f,\"run_p99_us\":%.2f,\"tail_p50_us\":%.2f,"
                    "\"tail_p99_us\":%.2f,\"wasted_spin_percent\":%.2f,\"parks_per_s\":%.0f,\"cpu_batches\":%llu}",
                    firstJson ? "" : ",", sc.name, policies[p].name, rate, rate / bestFixed, cpu, cpuVsPark, r50, r99,
                    w50, w99, wastedPct, parkRate, static_cast<unsigned long long>(t.run.cpuLayers));
                firstJson = false;
            } else {
                std::printf("%-18s %9.0f %8.3f %7.1f %8.2f %7.1fus %7.1fus %7.1fus %7.1fus %9.1f%% %8.0f\n",
                            policies[p].name, rate, rate / bestFixed, cpu, cpuVsPark, r50, r99, w50, w99, wastedPct,
                            parkRate);
            }
        }
    }
    if (!opt.trace.empty()) {
        const Scenario& sc = opt.scenarios.front();
        char header[256];
        std::snprintf(
            header, sizeof header,
            "strata pool trace: the idle spans (us) each Adaptive worker learnt from, per token of %llu layers\n"
            "recorded by: strata-poolbench --trace, scenario %s (G=%.0fus p=%.2f k=%u C=%.0fus, prepare %.0fus ahead), "
            "%u workers + host",
            static_cast<unsigned long long>(kTraceTokenLayers), sc.name, sc.deviceMicros, sc.probability, sc.jobs,
            opt.cpuMicros, sc.leadMicros, pool.workerCount());
        try {
            trace.write(opt.trace, header);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "strata-poolbench: %s\n", e.what());
            return 1;
        }
    }
    if (opt.json)
        std::printf("]}\n");
    else
        std::printf(
            "\nCPU%%: process CPU time / wall time (100 = one core); vs park: that over park's. adaptive announces each "
            "CPU batch with prepare(jobs, 1 ms, lead) (workers sleep until about one wake delay before it), "
            "adaptive-wake-now with prepare(jobs) (they wake and spin at once), adaptive-no-ahead not at all. run: publish to done as the host sees it;"
            " tail: host idle after its own share. wasted spin: spinning that ended in a park, %% of one core.\n");
    return 0;
}
