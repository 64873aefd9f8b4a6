// strata-bench: prefill and decode speed of a model on the CPU, like llama-bench, plus process CPU.
#include "bench_options.hpp"
#include "strata/core/error.hpp"
#include "read_bandwidth.hpp"
#include "strata/kernels/cpu_features.hpp"
#include "strata/model/session.hpp"
#include "strata/model/weight_traffic.hpp"

#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double processCpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

struct Stats {
    double mean = 0, sd = 0;
};

Stats stats(const std::vector<double>& v)
{
    Stats s;
    for (double x : v)
        s.mean += x;
    s.mean /= double(v.size());
    for (double x : v)
        s.sd += (x - s.mean) * (x - s.mean);
    s.sd = v.size() > 1 ? std::sqrt(s.sd / double(v.size() - 1)) : 0.0;
    return s;
}

struct TestResult {
    std::string name;
    std::vector<double> tokensPerSecond;
    double cpuPercent = 0;  // process CPU over the timed runs (100 = one core)
};

std::vector<int32_t> randomTokens(size_t n, uint32_t vocab, uint64_t seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int32_t> pick(0, int32_t(vocab) - 1);
    std::vector<int32_t> t(n);
    for (auto& x : t)
        x = pick(rng);
    return t;
}

// Runs `fn` (which returns tokens processed) `reps` times after one warm-up.
template <class Fn>
TestResult measure(std::string name, int reps, Fn&& fn)
{
    TestResult r{std::move(name), {}, 0};
    fn();  // warm-up: page in the weights, settle the pool
    const double cpu0 = processCpuSeconds();
    const auto wall0 = Clock::now();
    for (int i = 0; i < reps; ++i) {
        const auto t0 = Clock::now();
        const size_t n = fn();
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        r.tokensPerSecond.push_back(double(n) / s);
    }
    const double wall = std::chrono::duration<double>(Clock::now() - wall0).count();
    r.cpuPercent = 100.0 * (processCpuSeconds() - cpu0) / wall;
    return r;
}

struct Roofline {
    double bytesPerToken = 0;  // weights one decode step reads
    double readGBs = 0;        // read bandwidth with the benchmark's thread count, wall clock
    double tokensPerSecond() const { return readGBs * 1e9 / bytesPerToken; }
};

// The decode roofline of this machine right now: a 1 GiB read (far beyond any cache) by `threads`
// threads, timed by the wall clock like the decode test it is compared with.
Roofline measureRoofline(const strata::model::Model& m, int threads)
{
    Roofline r;
    r.bytesPerToken = double(strata::model::decodeTraffic(m.definition()).total());
    const size_t bytes = size_t(1) << 30;
    std::unique_ptr<uint8_t[], void (*)(uint8_t*)> buf(static_cast<uint8_t*>(std::aligned_alloc(4096, bytes)),
                                                        [](uint8_t* p) { std::free(p); });
    if (!buf)
        throw strata::Error("cannot allocate the 1 GiB bandwidth buffer");
    std::memset(buf.get(), 1, bytes);
    r.readGBs = strata::benchtools::readBandwidthGBs(buf.get(), bytes, threads, 1.0, strata::benchtools::Timing::Wall);
    return r;
}

}  // namespace

int main(int argc, char** argv)
{
    using namespace strata;
    const bench::BenchOptions o = bench::parseBenchOptions(argc, argv);
    try {
        model::ModelOptions mo;
        mo.threads = o.threads < 0 ? -1 : std::max(0, o.threads - 1);  // the caller is a thread too
        mo.pinThreads = o.pin;
        mo.poolPolicy = o.policy;
        mo.batchSize = uint32_t(o.batch);
        auto m = model::Model::open(o.model, mo);
        const model::Hparams& h = m->hparams();
        const uint32_t ctx = uint32_t(o.promptTokens + o.genTokens + 1);
        model::Session session(*m, {.contextLength = std::max<uint32_t>(ctx, 16)});

        std::vector<TestResult> results;
        if (o.promptTokens > 0) {
            const auto prompt = randomTokens(size_t(o.promptTokens), h.vocabSize, 1);
            results.push_back(measure("pp" + std::to_string(o.promptTokens), o.repetitions, [&] {
                session.clear();
                return session.setPrompt(prompt).computed;
            }));
        }
        if (o.genTokens > 0) {
            const auto tokens = randomTokens(size_t(o.genTokens), h.vocabSize, 2);
            results.push_back(measure("tg" + std::to_string(o.genTokens), o.repetitions, [&] {
                session.clear();
                session.setPrompt(std::span(tokens).first(1));
                for (size_t i = 1; i < tokens.size(); ++i)
                    session.append(tokens[i]);
                return tokens.size() - 1 + 1;  // every token was one forward pass
            }));
        }
        m->pool().idleHint();

        const std::string policy = pool::toString(m->pool().policy());
        const unsigned threads = m->pool().workerCount() + 1;
        std::optional<Roofline> roof;
        if (o.roofline && o.genTokens > 0 && kernels::detectCpuFeatures().avx2)
            roof = measureRoofline(*m, int(threads));
        const auto roofPercent = [&](const TestResult& r) {
            return 100.0 * stats(r.tokensPerSecond).mean / roof->tokensPerSecond();
        };
        if (o.json) {
            std::printf("{\"model\": \"%s\", \"architecture\": \"%s\", \"threads\": %u, \"policy\": \"%s\", \"tests\": [",
                        o.model.c_str(), h.architecture.c_str(), threads, policy.c_str());
            for (size_t i = 0; i < results.size(); ++i) {
                const Stats s = stats(results[i].tokensPerSecond);
                std::printf("%s{\"test\": \"%s\", \"tps_mean\": %.3f, \"tps_sd\": %.3f, \"cpu_percent\": %.1f",
                            i ? ", " : "", results[i].name.c_str(), s.mean, s.sd, results[i].cpuPercent);
                if (roof && results[i].name[0] == 't')
                    std::printf(", \"roofline_percent\": %.1f", roofPercent(results[i]));
                std::printf("}");
            }
            std::printf("]");
            if (roof)
                std::printf(", \"decode_bytes_per_token\": %.0f, \"read_gbs\": %.2f, \"roofline_tps\": %.2f",
                            roof->bytesPerToken, roof->readGBs, roof->tokensPerSecond());
            std::printf("}\n");
        } else {
            std::printf("| model | arch | threads | policy | test | t/s | CPU %% |\n|---|---|---|---|---|---|---|\n");
            for (const TestResult& r : results) {
                const Stats s = stats(r.tokensPerSecond);
                std::printf("| %s | %s | %u | %s | %s | %.2f ± %.2f | %.0f |\n", o.model.c_str(), h.architecture.c_str(),
                            threads, policy.c_str(), r.name.c_str(), s.mean, s.sd, r.cpuPercent);
            }
            if (roof)
                for (const TestResult& r : results)
                    if (r.name[0] == 't')
                        std::printf("\ndecode roofline: %.1f MiB of weights per token, read %.2f GB/s with %u threads "
                                    "-> %.2f tok/s; %s at %.2f tok/s = %.0f%% of it\n",
                                    roof->bytesPerToken / 1048576.0, roof->readGBs, threads, roof->tokensPerSecond(),
                                    r.name.c_str(), stats(r.tokensPerSecond).mean, roofPercent(r));
        }
    } catch (const Error& e) {
        std::fprintf(stderr, "strata-bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
