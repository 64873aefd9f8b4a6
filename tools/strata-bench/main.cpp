// strata-bench: prefill and decode speed of a model on the CPU or a GPU, like llama-bench, plus process CPU.
#include "bench_options.hpp"
#include "cache_curve_run.hpp"
#include "expert_report.hpp"
#include "policy_comparison.hpp"
#include "read_bandwidth.hpp"
#include "span_trace.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/cpu_features.hpp"
#include "strata/model/cuda_backend.hpp"
#include "strata/model/session.hpp"
#include "strata/model/weight_traffic.hpp"
#include "strata/pool/thread_affinity.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

using strata::bench::processCpuSeconds;

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

// Runs `fn` (which returns tokens processed) `reps` times after one warm-up; `after` runs after
// each timed repetition, outside the timing and the CPU count.
// `setup` runs before each run of `fn`, outside the timing.
template <class Setup, class Fn, class After>
TestResult measure(std::string name, int reps, Setup&& setup, Fn&& fn, After&& after)
{
    TestResult r{std::move(name), {}, 0};
    setup();
    fn();  // warm-up: page in the weights, settle the pool
    double cpu = 0, wall = 0;
    for (int i = 0; i < reps; ++i) {
        setup();
        const double cpu0 = processCpuSeconds();
        const auto t0 = Clock::now();
        const size_t n = fn();
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        cpu += processCpuSeconds() - cpu0;
        wall += s;
        r.tokensPerSecond.push_back(double(n) / s);
        after();
    }
    r.cpuPercent = 100.0 * cpu / wall;
    return r;
}

template <class Fn>
TestResult measure(std::string name, int reps, Fn&& fn)
{
    return measure(
        std::move(name), reps, [] {}, std::forward<Fn>(fn), [] {});
}

// The decode roofline of this machine: weight bytes per decode step over the read bandwidth of the
// memory the weights are in, timed by the wall clock like the decode test (CPU: a 1 GiB buffer far
// beyond any cache, read by the benchmark's threads; GPU: a 4 GiB buffer in VRAM read by one
// kernel). The read runs right after every decode repetition, so each repetition is compared with
// the bandwidth of the same moment (this VM's bandwidth drifts by 2x within minutes). On the CPU a
// matrix-vector read of the same buffer (each line combined with an L1 load) follows it: the rate
// a decode kernel can reach there, which the plain read stays the physical limit beside.
class Roofline {
public:
    struct Readers {
        std::function<double()> plain;
        std::function<double()> matvec;  // empty on the GPU
    };

    Roofline(const strata::model::Model& m, Readers readers, std::string reader)
        : bytesPerToken_(double(strata::model::decodeTraffic(m.definition()).total())), read_(std::move(readers)),
          reader_(std::move(reader))
    {}

    static Readers cpuReaders(int threads)
    {
        auto buf = std::shared_ptr<uint8_t>(static_cast<uint8_t*>(std::aligned_alloc(4096, kBytes)), std::free);
        if (!buf)
            throw strata::Error("cannot allocate the 1 GiB bandwidth buffer");
        std::memset(buf.get(), 1, kBytes);
        using strata::benchtools::Timing;
        return {[buf, threads] {
                    return strata::benchtools::readBandwidthGBs(buf.get(), kBytes, threads, 0.5, Timing::Wall);
                },
                [buf, threads] {
                    return strata::benchtools::matvecReadGBs(buf.get(), kBytes, threads, 0.5, Timing::Wall);
                }};
    }

    void measureRead()
    {
        readGBs_.push_back(read_.plain());
        if (read_.matvec)
            matvecGBs_.push_back(read_.matvec());
    }

    double bytesPerToken() const { return bytesPerToken_; }
    const std::string& reader() const { return reader_; }
    const std::vector<double>& readGBs() const { return readGBs_; }
    const std::vector<double>& matvecGBs() const { return matvecGBs_; }
    bool hasMatvec() const { return !matvecGBs_.empty(); }
    double tokensPerSecondAt(double readGBs) const { return readGBs * 1e9 / bytesPerToken_; }

    // Mean over repetitions of (decode tok/s) / (roofline tok/s of the read right after it), in %.
    double percentOf(const TestResult& decode) const { return percentOf(decode, readGBs_); }
    double matvecPercentOf(const TestResult& decode) const { return percentOf(decode, matvecGBs_); }

private:
    double percentOf(const TestResult& decode, const std::vector<double>& reads) const
    {
        double sum = 0;
        const size_t n = std::min(decode.tokensPerSecond.size(), reads.size());
        for (size_t i = 0; i < n; ++i)
            sum += decode.tokensPerSecond[i] / tokensPerSecondAt(reads[i]);
        return n ? 100.0 * sum / double(n) : 0.0;
    }

    static constexpr size_t kBytes = size_t(1) << 30;
    double bytesPerToken_;
    Readers read_;
    std::string reader_;
    std::vector<double> readGBs_;
    std::vector<double> matvecGBs_;
};

}  // namespace

int main(int argc, char** argv)
{
    using namespace strata;
    const bench::BenchOptions o = bench::parseBenchOptions(argc, argv);
    try {
        model::ModelOptions mo = o.gpu;  // every GPU option as parsed (device or split, budgets, waits, experts)
        // The caller is a thread too. On the GPU the pool has nothing to do (no workers unless asked),
        // but for a hybrid expert placement.
        const bool gpuOnly = o.cuda() && o.gpu.cudaExperts.placement == model::ExpertPlacement::Gpu;
        mo.threads = o.threads < 0 ? (gpuOnly ? 0 : -1) : std::max(0, o.threads - 1);
        mo.pinThreads = o.pin;
        mo.poolPolicy = o.policy;
        mo.batchSize = uint32_t(o.batch);
        benchtools::SpanTrace trace;  // outlives the model's pool
        if (!o.traceFile.empty())
            mo.poolSpanObserver = trace.observer();
        if (o.pinHost >= 0 && !pool::setCurrentThreadAffinity({o.pinHost}))
            throw Error("--pin-host: cannot pin this thread to CPU " + std::to_string(o.pinHost));
        auto m = model::Model::open(o.model, mo);
        const model::Hparams& h = m->hparams();
        const uint32_t ctx =
            uint32_t(std::max(o.promptTokens, o.depth) + std::max(o.genTokens, o.cacheCurveTokens) + 1);
        model::Session session(*m, {.contextLength = std::max<uint32_t>(ctx, 16)});

        const auto prompt = randomTokens(size_t(o.promptTokens), h.vocabSize, 1);
        const auto tokens = randomTokens(size_t(o.genTokens), h.vocabSize, 2);
        const auto prefillOnce = [&]() -> size_t {
            session.clear();
            return session.setPrompt(prompt).computed;
        };
        const auto context = randomTokens(size_t(o.depth), h.vocabSize, 3);
        // Decode starts after the first token, or after a context of `depth` tokens (-d).
        const auto decodeSetup = [&] {
            session.clear();
            if (o.depth > 0)
                session.setPrompt(context);
        };
        const auto decodeOnce = [&]() -> size_t {
            if (o.depth == 0) {
                session.clear();
                session.setPrompt(std::span(tokens).first(1));
            } else {
                session.append(tokens[0]);
            }
            for (size_t i = 1; i < tokens.size(); ++i) {
                trace.setToken(i - 1);
                session.append(tokens[i]);
            }
            return tokens.size() - 1 + 1;  // every token was one forward pass
        };
        if (o.depth > 0 && (!o.traceFile.empty() || o.allPolicies))
            throw Error("-d combines with neither --pool-trace nor --pool-policy all");
        if (!o.traceFile.empty()) {
            if (o.genTokens < 2)
                throw Error("--pool-trace needs a decode run (-n 2 or more)");
            decodeOnce();  // warm-up: page the weights in
            m->pool().idleHint();
            trace.setRecording(true);
            decodeOnce();
            trace.setRecording(false);
            m->pool().idleHint();
            trace.write(o.traceFile,
                        "strata pool trace: the idle spans (us) each Adaptive worker learnt from, per decoded token\n"
                        "recorded by: strata-bench --pool-trace, "
                            + h.architecture + " model " + std::filesystem::path(o.model).filename().string() + ", "
                            + std::to_string(m->pool().workerCount() + 1) + " threads, policy "
                            + pool::toString(m->pool().policy()));
            return 0;
        }
        if (o.cacheCurveTokens > 0) {
            bench::printCacheWarmup(*m, session, randomTokens(size_t(o.promptTokens), h.vocabSize, 1),
                                    randomTokens(size_t(o.cacheCurveTokens), h.vocabSize, 4));
            return 0;
        }
        if (o.allPolicies) {
            bench::PolicyWorkload work;
            if (o.promptTokens > 0)
                work = {"pp" + std::to_string(o.promptTokens), prefillOnce, {}, {}};
            if (o.genTokens > 0) {
                work.decodeName = "tg" + std::to_string(o.genTokens);
                work.decode = decodeOnce;
            }
            // A hybrid MoE model: the wake-ahead modes as contenders too (auto is plain "adaptive").
            std::vector<pool::PolicyContender> contenders = pool::standardContenders();
            if (m->backend().expertTelemetry()) {
                model::Backend& backend = m->backend();
                const auto mode = [&backend](model::ExpertWakeAhead w) {
                    return [&backend, w] { backend.setExpertWakeAhead(w); };
                };
                contenders =
                    pool::wakeAheadContenders({mode(model::ExpertWakeAhead::Auto), mode(model::ExpertWakeAhead::On),
                                               mode(model::ExpertWakeAhead::Off)});
                work.wakeAheadTokens = [&backend] {
                    const auto t = backend.expertTelemetry();
                    return t ? std::pair{t->decodeTokens, t->wakeAheadTokens} : std::pair<uint64_t, uint64_t>{};
                };
            }
            bench::comparePolicies(m->pool(), work, o.repetitions, o.model + " (" + h.architecture + ")", contenders);
            return 0;
        }

        std::vector<TestResult> results;
        std::optional<model::PrefillStreamTelemetry> streamed;  // long prompts streamed to the GPU
        if (o.promptTokens > 0) {
            m->backend().resetExpertTelemetry();
            results.push_back(measure("pp" + std::to_string(o.promptTokens), o.repetitions, prefillOnce));
            if (const auto t = m->backend().expertTelemetry(); t && t->prefill.passes > 0)
                streamed = t->prefill;
        }
        const unsigned threads = m->pool().workerCount() + 1;
        std::optional<Roofline> roof;
        // A hybrid placement's reads split between VRAM and host memory: no one roofline.
        const bool roofline = o.roofline && o.genTokens > 0 && (!o.cuda() || gpuOnly);
        if (roofline && o.cuda())
            roof.emplace(*m,
                         Roofline::Readers{
                             [&] { return model::cudaReadBandwidthGBs(o.gpu.cudaDevice, size_t(4) << 30, 3); }, {}},
                         "a read kernel on " + m->backend().name());
        else if (roofline && kernels::detectCpuFeatures().avx2)
            roof.emplace(*m, Roofline::cpuReaders(int(threads)), std::to_string(threads) + " threads");
        std::optional<bench::ExpertSummary> experts;
        if (o.genTokens > 0) {
            m->backend().resetExpertTelemetry();
            results.push_back(
                measure("tg" + std::to_string(o.genTokens) + (o.depth ? " @ d" + std::to_string(o.depth) : ""),
                        o.repetitions, decodeSetup, decodeOnce, [&] {
                            if (roof) {
                                m->pool().idleHint();  // the workers stop spinning before the read
                                roof->measureRead();
                            }
                        }));
        }
        if (const auto t = m->backend().expertTelemetry(); t && o.genTokens > 0)
            experts = bench::summarize(*t, double(o.repetitions + 1) * double(o.genTokens));  // + the warm-up
        m->pool().idleHint();

        const std::string policy = pool::toString(m->pool().policy());
        const auto roofPercent = [&](const TestResult& r) { return roof->percentOf(r); };
        if (o.json) {
            std::printf("{\"model\": \"%s\", \"architecture\": \"%s\", \"backend\": \"%s\", \"threads\": %u, "
                        "\"policy\": \"%s\", \"tests\": [",
                        o.model.c_str(), h.architecture.c_str(), m->backend().name().c_str(), threads, policy.c_str());
            for (size_t i = 0; i < results.size(); ++i) {
                const Stats s = stats(results[i].tokensPerSecond);
                std::printf("%s{\"test\": \"%s\", \"tps_mean\": %.3f, \"tps_sd\": %.3f, \"cpu_percent\": %.1f",
                            i ? ", " : "", results[i].name.c_str(), s.mean, s.sd, results[i].cpuPercent);
                if (roof && results[i].name[0] == 't')
                    std::printf(", \"roofline_percent\": %.1f", roofPercent(results[i]));
                if (roof && roof->hasMatvec() && results[i].name[0] == 't')
                    std::printf(", \"matvec_read_percent\": %.1f", roof->matvecPercentOf(results[i]));
                std::printf("}");
            }
            std::printf("]");
            if (roof) {
                const Stats read = stats(roof->readGBs());
                std::printf(", \"decode_bytes_per_token\": %.0f, \"read_gbs\": %.2f, \"read_gbs_sd\": %.2f, "
                            "\"roofline_tps\": %.2f",
                            roof->bytesPerToken(), read.mean, read.sd, roof->tokensPerSecondAt(read.mean));
                if (roof->hasMatvec()) {
                    const Stats mv = stats(roof->matvecGBs());
                    std::printf(", \"matvec_read_gbs\": %.2f, \"matvec_read_gbs_sd\": %.2f", mv.mean, mv.sd);
                }
            }
            if (experts)
                std::printf(", %s", bench::expertJson(*experts).c_str());
            std::printf("}\n");
        } else {
            std::printf("| model | arch | backend | threads | policy | test | t/s | CPU %% |\n"
                        "|---|---|---|---|---|---|---|---|\n");
            for (const TestResult& r : results) {
                const Stats s = stats(r.tokensPerSecond);
                std::printf("| %s | %s | %s | %u | %s | %s | %.2f ± %.2f | %.0f |\n", o.model.c_str(),
                            h.architecture.c_str(), m->backend().name().c_str(), threads, policy.c_str(),
                            r.name.c_str(), s.mean, s.sd, r.cpuPercent);
            }
            if (roof)
                for (const TestResult& r : results)
                    if (r.name[0] == 't') {
                        const Stats read = stats(roof->readGBs());
                        std::printf("\ndecode roofline: %.1f MiB of weights per token; read right after each %s run "
                                    "%.2f ± %.2f GB/s with %s -> %.2f tok/s; %s at %.2f tok/s = %.0f%% of it "
                                    "(mean of per-run ratios)\n",
                                    roof->bytesPerToken() / 1048576.0, r.name.c_str(), read.mean, read.sd,
                                    roof->reader().c_str(), roof->tokensPerSecondAt(read.mean), r.name.c_str(),
                                    stats(r.tokensPerSecond).mean, roofPercent(r));
                        if (roof->hasMatvec()) {
                            const Stats mv = stats(roof->matvecGBs());
                            std::printf(
                                "matrix-vector read (each line with an L1 load) right after it %.2f ± %.2f GB/s "
                                "-> %.2f tok/s; %s = %.0f%% of it\n",
                                mv.mean, mv.sd, roof->tokensPerSecondAt(mv.mean), r.name.c_str(),
                                roof->matvecPercentOf(r));
                        }
                    }
            if (streamed)
                std::printf("\n%s\n", bench::streamedPrefillText(*streamed).c_str());
            if (experts)
                std::printf("\n%s\n", bench::expertText(*experts).c_str());
        }
    } catch (const Error& e) {
        std::fprintf(stderr, "strata-bench: %s\n", e.what());
        return 1;
    }
    return 0;
}
