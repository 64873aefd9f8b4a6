// Hybrid MoE on the GPU: some experts in VRAM, the rest on the CPU worker pool in the same pass.
// The layer's output must not depend on which experts were resident, so a hybrid model's
// log-probabilities are compared with the same file fully on the GPU, after a prompt (the batched
// path) and after decode steps, at several residencies; plus the pool it needs, a waiting-policy
// switch in the middle of a reply, and a cancel that lands while the host waits for the CPU experts.
#include "../model/log_probs.hpp"
#include "../model/model_fixtures.hpp"
#include "cuda_test_support.hpp"
#include "strata/kernels/ops.hpp"
#include "strata/model/generation.hpp"
#include "strata/model/session.hpp"
#include "strata/pool/thread_affinity.hpp"

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>

using namespace strata;
using gguf::GgmlType;

Q_DECLARE_METATYPE(gguf::GgmlType)
Q_DECLARE_METATYPE(model::ExpertPlacement)

namespace {

gguf::ModelSpec moeSpec(GgmlType type)
{
    gguf::ModelSpec spec = test::smallSpec("qwen3moe", type);
    spec.layers = 3;
    spec.experts = 32;
    spec.expertsUsed = 8;
    return spec;
}

// VRAM bytes of one expert (gate, up and down) of the file's first layer.
size_t bytesPerExpert(const model::Model& m)
{
    const model::LayerWeights& l = m.definition().weights.layers.front();
    return l.gateExps.matrixStride + l.upExps.matrixStride + l.downExps.matrixStride;
}

std::unique_ptr<model::Model> open(const std::filesystem::path& path, model::CudaExperts experts, int threads = 2,
                                   uint32_t chunk = 0, model::RoutingObserver onRouting = {})
{
    model::ModelOptions o;
    o.threads = threads;
    o.batchSize = chunk;
    o.onRouting = std::move(onRouting);
    o.device = model::Device::Cuda;
    o.cudaExperts = experts;
    return model::Model::open(path, o);
}

// A file fully on the GPU and the same file with a hybrid placement: `percent` % of every layer's
// experts in the VRAM cache, or the experts of the first `cpuLayers` layers on the CPU.
struct ModelPair {
    std::unique_ptr<model::Model> gpu, hybrid;
};
ModelPair openPair(const std::filesystem::path& path, const gguf::ModelSpec& spec, model::ExpertPlacement placement,
                   int percent, uint32_t cpuLayers)
{
    ModelPair pair;
    pair.gpu = open(path, {});
    model::CudaExperts experts;
    experts.placement = placement;
    experts.cpuLayers = cpuLayers;
    experts.budget = bytesPerExpert(*pair.gpu) * spec.layers * spec.experts * size_t(percent) / 100;
    pair.hybrid = open(path, experts);
    return pair;
}

// 32 greedy tokens of a hybrid model, steady, and of a second copy while another thread calls
// `change(model, i)` every 300 µs (i = 0, 1, ...): both token lists, and the second model.
struct MidReplyRun {
    std::vector<int32_t> steady, switched;
    std::unique_ptr<model::Model> switchedModel;
};
MidReplyRun switchMidReply(const std::filesystem::path& path, const model::CudaExperts& experts,
                           const std::function<void(model::Model&, int)>& change)
{
    const auto steady = open(path, experts);
    auto switched = open(path, experts);
    const std::vector<int32_t> prompt = {3, 141, 59, 26, 53, 58, 97, 93};
    model::GenerationRequest request;
    request.maxTokens = 32;
    request.sampling.temperature = 0.0f;
    MidReplyRun run;
    model::Session sa(*steady, {.contextLength = 128}), sb(*switched, {.contextLength = 128});
    model::generate(*steady, sa, prompt, request, {.onToken = [&](int32_t t, auto) { run.steady.push_back(t); }});
    std::atomic<bool> done{false};
    std::thread switcher([&] {
        for (int i = 0; !done.load(); ++i) {
            change(*switched, i);
            std::this_thread::sleep_for(std::chrono::microseconds(300));
        }
    });
    model::generate(*switched, sb, prompt, request, {.onToken = [&](int32_t t, auto) { run.switched.push_back(t); }});
    done = true;
    switcher.join();
    run.switchedModel = std::move(switched);
    return run;
}

std::vector<int32_t> randomPrompt(size_t tokens, uint32_t vocab, unsigned seed)
{
    std::mt19937 rng(seed);
    std::vector<int32_t> prompt(tokens);
    for (auto& id : prompt)
        id = int32_t(rng() % vocab);
    return prompt;
}

// `steps` greedy decode steps on both sessions (the GPU's choice fed to both): the worst gap of their
// log-probabilities and the step it was at.
std::pair<double, int> worstOverDecodeSteps(model::Session& g, model::Session& h, int steps)
{
    std::pair<double, int> worst{0.0, -1};
    for (int step = 0; step < steps; ++step) {
        const auto next = int32_t(kernels::argmax(g.logits().data(), int64_t(g.logits().size())));
        g.append(next);
        h.append(next);
        const double d = test::worstLogProbDiff(g.logits(), h.logits());
        if (d > worst.first)
            worst = {d, step};
    }
    return worst;
}

// Sets an environment variable for a scope; an empty value leaves it alone.
class EnvironmentOverride {
public:
    EnvironmentOverride(const char* name, const QByteArray& value)
        : m_name(name), m_active(!value.isEmpty()), m_had(qEnvironmentVariableIsSet(name)), m_old(qgetenv(name))
    {
        if (m_active)
            qputenv(name, value);
    }
    ~EnvironmentOverride()
    {
        if (m_active && m_had)
            qputenv(m_name, m_old);
        else if (m_active)
            qunsetenv(m_name);
    }
    EnvironmentOverride(const EnvironmentOverride&) = delete;
    EnvironmentOverride& operator=(const EnvironmentOverride&) = delete;

private:
    const char* m_name;
    bool m_active, m_had;
    QByteArray m_old;
};

// The CPUs in a Cpus_allowed_list line of /proc ("0-3,8,10-11").
std::set<int> parseCpuList(const std::string& text)
{
    std::set<int> cpus;
    std::stringstream in(text);
    std::string range;
    while (std::getline(in, range, ',')) {
        const size_t dash = range.find('-');
        const int first = std::stoi(range.substr(0, dash));
        const int last = dash == std::string::npos ? first : std::stoi(range.substr(dash + 1));
        for (int cpu = first; cpu <= last; ++cpu)
            cpus.insert(cpu);
    }
    return cpus;
}

// Cpus_allowed_list of each of this process's threads whose name starts with `prefix`.
std::vector<std::pair<std::string, std::set<int>>> allowedCpusOfThreads(const std::string& prefix)
{
    std::vector<std::pair<std::string, std::set<int>>> threads;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
        std::ifstream comm(task.path() / "comm");
        std::string threadName;
        std::getline(comm, threadName);
        if (!threadName.starts_with(prefix))
            continue;
        std::ifstream status(task.path() / "status");
        for (std::string line; std::getline(status, line);)
            if (line.starts_with("Cpus_allowed_list:"))
                threads.emplace_back(threadName, parseCpuList(line.substr(line.find_first_not_of(" \t", 18))));
    }
    return threads;
}

}  // namespace

class TestCudaHybrid : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        const QByteArray why = test::cudaUnavailableReason();
        if (!why.isEmpty())
            QSKIP(why.constData());
        QVERIFY(m_dir.isValid());
    }

    void logitsMatchFullGpu_data()
    {
        QTest::addColumn<GgmlType>("type");
        QTest::addColumn<model::ExpertPlacement>("placement");
        QTest::addColumn<int>("percent");  // Cache: the share of each layer's experts in VRAM
        QTest::addColumn<int>("cpuLayers");
        for (GgmlType t : {GgmlType::Q4_K, GgmlType::Q8_0, GgmlType::F16})
            for (int percent : {0, 50})
                QTest::newRow(qPrintable(
                    QString("%1 cache %2%").arg(gguf::ggmlTypeTraits(uint32_t(t))->name.data()).arg(percent)))
                    << t << model::ExpertPlacement::Cache << percent << 0;
        QTest::newRow("Q4_K cache 100%") << GgmlType::Q4_K << model::ExpertPlacement::Cache << 100 << 0;
        QTest::newRow("Q4_K first layer on the CPU") << GgmlType::Q4_K << model::ExpertPlacement::CpuLayers << 0 << 1;
        QTest::newRow("Q6_K every layer on the CPU") << GgmlType::Q6_K << model::ExpertPlacement::CpuLayers << 0 << 3;
    }

    void logitsMatchFullGpu()
    {
        QFETCH(GgmlType, type);
        QFETCH(model::ExpertPlacement, placement);
        QFETCH(int, percent);
        QFETCH(int, cpuLayers);
        const gguf::ModelSpec spec = moeSpec(type);
        const auto [gpu, hybrid] = openPair(test::writeModel(m_dir, spec, QTest::currentDataTag()), spec, placement,
                                            percent, uint32_t(cpuLayers));
        QCOMPARE(hybrid->pool().workerCount(), 2u);  // the CPU experts' workers
        // The CPU's products round activations to int8 as the CPU backend does, the GPU's as its
        // kernels do: the bound of GPU against CPU (test_cuda_model) applies.
        const double tol = 2 * 2 * 2.6e-2 * spec.outputScale;
        const auto prompt = randomPrompt(40, gpu->hparams().vocabSize, 11);
        model::Session g(*gpu, {.contextLength = 128}), h(*hybrid, {.contextLength = 128});
        g.setPrompt(prompt);
        h.setPrompt(prompt);
        double worst = test::worstLogProbDiff(g.logits(), h.logits());
        QVERIFY2(worst <= tol,
                 qPrintable(QString("after the prompt: |log p hybrid - GPU| = %1 > %2").arg(worst).arg(tol)));
        const auto [d, step] = worstOverDecodeSteps(g, h, 8);
        QVERIFY2(d <= tol,
                 qPrintable(QString("decode step %1: |log p hybrid - GPU| = %2 > %3").arg(step).arg(d).arg(tol)));
        worst = std::max(worst, d);
        if (percent == 100)
            QCOMPARE(worst, 0.0);  // every expert resident: the GPU path itself
        qInfo("%s: worst |log p hybrid - GPU| = %.2e (tolerance %.1e)", QTest::currentDataTag(), worst, tol);
    }

    // A prompt of 64 tokens or more (PrefillStreamer::kMinTokens) streams the experts its batch
    // misses to the GPU instead of running them on the CPU pool (issue 21): nothing runs on the pool,
    // and the logits agree with the file fully on the GPU. Not exactly: whether the grouped products
    // take the int8 tensor-core tiles depends on routes per expert of the stack, and a staging buffer
    // holds 16 experts where the file's stack holds all of them (the Q6_K row: 0.11 at 200 tokens;
    // the others 0 to 2e-6 on the H200). Decode steps after it take the CPU path again.
    void longPromptsStreamTheirMissesToTheGpu_data()
    {
        QTest::addColumn<GgmlType>("type");
        QTest::addColumn<model::ExpertPlacement>("placement");
        QTest::addColumn<int>("percent");
        QTest::addColumn<int>("tokens");
        QTest::addColumn<QByteArray>("stagers");  // STRATA_STAGER_THREADS, STRATA_STAGER_RING
        QTest::addColumn<QByteArray>("ring");
        QTest::newRow("Q4_K cache 25%, 100 tokens")
            << GgmlType::Q4_K << model::ExpertPlacement::Cache << 25 << 100 << QByteArray() << QByteArray();
        QTest::newRow("Q8_0 cache 50%, 64 tokens")
            << GgmlType::Q8_0 << model::ExpertPlacement::Cache << 50 << 64 << QByteArray() << QByteArray();
        QTest::newRow("Q6_K every layer on the CPU, 200 tokens")
            << GgmlType::Q6_K << model::ExpertPlacement::CpuLayers << 0 << 200 << QByteArray() << QByteArray();
        // Three threads on a ring of five slots: chunks claimed out of step with the slots' reuse.
        QTest::newRow("Q4_K cache 25%, 100 tokens, 3 stagers, ring of 5")
            << GgmlType::Q4_K << model::ExpertPlacement::Cache << 25 << 100 << QByteArray("3") << QByteArray("5");
    }

    void longPromptsStreamTheirMissesToTheGpu()
    {
        QFETCH(GgmlType, type);
        QFETCH(model::ExpertPlacement, placement);
        QFETCH(int, percent);
        QFETCH(int, tokens);
        QFETCH(QByteArray, stagers);
        QFETCH(QByteArray, ring);
        const EnvironmentOverride threadsSet("STRATA_STAGER_THREADS", stagers), ringSet("STRATA_STAGER_RING", ring);
        const gguf::ModelSpec spec = moeSpec(type);
        const auto [gpu, hybrid] =
            openPair(test::writeModel(m_dir, spec, QTest::currentDataTag()), spec, placement, percent, spec.layers);
        const double tol = 2 * 2 * 2.6e-2 * spec.outputScale;
        const auto prompt = randomPrompt(size_t(tokens), gpu->hparams().vocabSize, 5);
        model::Session g(*gpu, {.contextLength = 256}), h(*hybrid, {.contextLength = 256});
        hybrid->backend().resetExpertTelemetry();
        g.setPrompt(prompt);
        h.setPrompt(prompt);
        const double worst = test::worstLogProbDiff(g.logits(), h.logits());
        const auto t = hybrid->backend().expertTelemetry();
        QVERIFY(t.has_value());
        QVERIFY2(t->streamedExperts > 0, "the prompt's misses were not streamed");
        QCOMPARE(t->cpuExpertSeconds, 0.0);  // nothing ran on the pool
        QCOMPARE(t->prefill.tokens, uint64_t(tokens));
        QVERIFY2(t->prefill.copySeconds > 0 && t->prefill.computeSeconds > 0, "no prefill timings");
        QVERIFY2(worst <= tol,
                 qPrintable(QString("after the prompt: |log p streamed - GPU| = %1 > %2").arg(worst).arg(tol)));
        const auto [d, step] = worstOverDecodeSteps(g, h, 4);
        QVERIFY2(d <= tol,
                 qPrintable(QString("decode step %1: |log p hybrid - GPU| = %2 > %3").arg(step).arg(d).arg(tol)));
        qInfo("%s: %llu experts streamed, worst |log p streamed - GPU| after the prompt = %.2e",
              QTest::currentDataTag(), static_cast<unsigned long long>(t->streamedExperts), worst);
    }

    // Issue 21: a long prompt read token by token (every token a decode step, its misses on the CPU
    // pool), in chunks of 512 and in one chunk (the automatic 8192; misses streamed to the GPU) ends
    // with the logits of the full-GPU model, within the GPU-vs-CPU bound.
    void chunkSizesEndWithTheSameLogits()
    {
        gguf::ModelSpec spec = moeSpec(GgmlType::Q4_K);
        spec.context = 2048;
        const auto path = test::writeModel(m_dir, spec, "chunks");
        const auto gpu = open(path, {});
        model::CudaExperts experts;
        experts.placement = model::ExpertPlacement::Cache;
        experts.budget = bytesPerExpert(*gpu) * spec.layers * spec.experts / 4;
        const auto prompt = randomPrompt(1100, gpu->hparams().vocabSize, 11);
        model::Session reference(*gpu, {.contextLength = 1200});
        reference.setPrompt(prompt);
        const double tol = 2 * 2 * 2.6e-2 * spec.outputScale;
        for (const uint32_t chunk : {0u, 512u, 1u}) {
            const auto hybrid = open(path, experts, 2, chunk);
            QCOMPARE(hybrid->backend().maxBatch(), chunk ? chunk : model::kLongPromptChunk);
            model::Session s(*hybrid, {.contextLength = 1200});
            hybrid->backend().resetExpertTelemetry();
            s.setPrompt(prompt);
            const auto t = hybrid->backend().expertTelemetry();
            QVERIFY(t.has_value());
            QCOMPARE(t->streamedExperts > 0, chunk != 1);  // a 1-token chunk never streams
            const double worst = test::worstLogProbDiff(reference.logits(), s.logits());
            QVERIFY2(worst <= tol,
                     qPrintable(QString("chunk %1: |log p - GPU| = %2 > %3").arg(chunk).arg(worst).arg(tol)));
            qInfo("chunk %u: worst |log p hybrid - GPU| after 1100 prompt tokens = %.2e", chunk, worst);
        }
    }

    // Issue 21: a cancel that arrives while a chunk's experts are being staged stops the prompt at
    // the end of that chunk; the session keeps what was read and reads the rest on the next try,
    // to the same logits as an uninterrupted read.
    void cancelDuringStagingStopsWithinOneChunk()
    {
        gguf::ModelSpec spec = moeSpec(GgmlType::Q4_K);
        spec.context = 1024;
        const auto path = test::writeModel(m_dir, spec, "cancel staging");
        model::CudaExperts experts;
        experts.placement = model::ExpertPlacement::Cache;  // budget 0: every expert streamed
        std::atomic<bool> cancel{false};
        std::atomic<int> streamedLayers{0};
        const auto m = open(path, experts, 2, 128, [&](uint32_t, std::span<const int32_t>, uint32_t tokens) {
            if (tokens >= 64 && ++streamedLayers == 2)  // the first chunk's second layer: its copies are next
                cancel = true;
        });
        const auto prompt = randomPrompt(640, m->hparams().vocabSize, 13);
        model::Session s(*m, {.contextLength = 700});
        const auto first = s.setPrompt(prompt, [&](uint32_t, uint32_t) { return !cancel.load(); });
        QVERIFY(first.cancelled);
        QCOMPARE(first.computed, 128u);  // the chunk in flight finished, no other started
        const auto rest = s.setPrompt(prompt);
        QVERIFY(!rest.cancelled);
        QCOMPARE(rest.reused, 128u);
        QCOMPARE(rest.computed, 512u);
        const auto again = open(path, experts, 2, 128);
        model::Session whole(*again, {.contextLength = 700});
        whole.setPrompt(prompt);
        const double d = test::worstLogProbDiff(whole.logits(), s.logits());
        QVERIFY2(d <= 1e-3, qPrintable(QString("resumed against whole: %1").arg(d)));
    }

    // The pool's waiting policy changes from another thread while a hybrid reply decodes: the reply
    // goes on, token for token the same as without the switches.
    void policySwitchMidReply()
    {
        const auto path = test::writeModel(m_dir, moeSpec(GgmlType::Q4_K), "policy switch");
        model::CudaExperts experts;
        experts.placement = model::ExpertPlacement::Cache;
        const pool::WaitPolicy policies[] = {pool::WaitPolicy::park(), pool::WaitPolicy::fixedSpin(100),
                                             pool::WaitPolicy::adaptive(), pool::WaitPolicy::fixedSpin(20000)};
        const MidReplyRun run =
            switchMidReply(path, experts, [&](model::Model& m, int i) { m.pool().setPolicy(policies[i % 4]); });
        QCOMPARE(run.switched, run.steady);
        QCOMPARE(int(run.steady.size()), 32);
    }

    // Wake-ahead switched while a reply runs (Backend::setExpertWakeAhead from another thread, with
    // announcements withdrawn and workers kept between batches as it goes): the same tokens as with
    // it off. Then a whole reply with it on, and one with it off, as the telemetry counts them.
    void wakeAheadSwitchedMidReply()
    {
        const auto path = test::writeModel(m_dir, moeSpec(GgmlType::Q4_K), "wake-ahead switch");
        model::CudaExperts experts;
        experts.placement = model::ExpertPlacement::Cache;
        experts.wakeAhead = model::ExpertWakeAhead::Off;
        const model::ExpertWakeAhead modes[] = {model::ExpertWakeAhead::On, model::ExpertWakeAhead::Auto,
                                                model::ExpertWakeAhead::Off};
        const MidReplyRun run = switchMidReply(
            path, experts, [&](model::Model& m, int i) { m.backend().setExpertWakeAhead(modes[i % 3]); });
        QCOMPARE(run.switched, run.steady);
        QCOMPARE(int(run.steady.size()), 32);

        model::Model* switched = run.switchedModel.get();
        const std::vector<int32_t> prompt = {3, 141, 59, 26, 53, 58, 97, 93};
        model::GenerationRequest request;
        request.maxTokens = 32;
        request.sampling.temperature = 0.0f;
        for (const bool on : {true, false}) {
            switched->backend().setExpertWakeAhead(on ? model::ExpertWakeAhead::On : model::ExpertWakeAhead::Off);
            switched->backend().resetExpertTelemetry();
            model::Session s(*switched, {.contextLength = 128});
            model::generate(*switched, s, prompt, request, {});
            const auto t = switched->backend().expertTelemetry();
            QVERIFY(t && t->decodeTokens > 0);
            QCOMPARE(t->wakeAheadTokens, on ? t->decodeTokens : 0);
        }
    }

    // Stop pressed while the host waits for the CPU experts of a layer: the reply ends at the next
    // token, with the cancelled finish.
    void cancelDuringTheCpuExperts()
    {
        const gguf::ModelSpec spec = moeSpec(GgmlType::Q8_0);
        const auto path = test::writeModel(m_dir, spec, "cancel");
        model::ModelOptions o;
        o.threads = 2;
        o.device = model::Device::Cuda;
        o.cudaExperts.placement = model::ExpertPlacement::Cache;  // budget 0: every expert on the CPU
        std::atomic<bool> cancel{false};
        std::atomic<int> routed{0};
        o.onRouting = [&](uint32_t, std::span<const int32_t>, uint32_t tokens) {
            // The 5th decode step's first layer: set Stop while this step's CPU experts are pending.
            if (tokens == 1 && ++routed == 5 * int(spec.layers) + 1)
                cancel = true;
        };
        const auto m = model::Model::open(path, o);
        model::Session s(*m, {.contextLength = 128});
        model::GenerationRequest request;
        request.maxTokens = 100;
        request.sampling.temperature = 0.0f;
        const std::vector<int32_t> prompt = {3, 141, 59, 26};
        const auto metrics = model::generate(*m, s, prompt, request, {.cancel = &cancel});
        QCOMPARE(metrics.finish, model::FinishReason::Cancelled);
        QVERIFY2(metrics.generatedTokens <= 7, qPrintable(QString::number(metrics.generatedTokens)));
    }

    // The seeds' stagers inherited a pinned host's single core. A hybrid model opened and given a
    // long prompt by a thread pinned to one CPU: every engine thread (the pool's workers, the
    // cache's stager, the prefill stagers the prompt started) has set its own CPUs, not that one.
    void everyEngineThreadSetsItsOwnAffinity()
    {
        if (std::thread::hardware_concurrency() < 2)
            QSKIP("one CPU: nothing to tell an inherited pin from");
        const gguf::ModelSpec spec = moeSpec(GgmlType::Q4_K);
        const auto path = test::writeModel(m_dir, spec, "affinity");
        std::vector<std::pair<std::string, std::set<int>>> threads;
        int host = -1;
        std::thread pinnedHost([&] {
            host = pool::currentThreadAffinity().front();
            if (!pool::setCurrentThreadAffinity({host}))
                return;
            model::CudaExperts experts;
            experts.placement = model::ExpertPlacement::Cache;  // budget 0: hybrid layers, so stagers
            const auto m = open(path, experts, 4);
            model::Session s(*m, {.contextLength = 256});
            s.setPrompt(randomPrompt(64, m->hparams().vocabSize, 9));  // PrefillStreamer::kMinTokens: streamed
            threads = allowedCpusOfThreads("strata-");
        });
        pinnedHost.join();
        QVERIFY2(host >= 0 && !threads.empty(), "no strata-* thread (or the pin was refused)");
        int stagers = 0;
        for (const auto& [name, cpus] : threads) {
            stagers += name == "strata-stager";
            QVERIFY2(cpus != std::set<int>{host},
                     qPrintable(QString("%1 kept the host's CPU %2").arg(QString::fromStdString(name)).arg(host)));
        }
        QVERIFY2(stagers >= 2,
                 qPrintable(QString("%1 stager threads: the cache's and the prompt's expected").arg(stagers)));
        qInfo("%zu engine threads, %d of them stagers, none on the host's CPU %d only", threads.size(), stagers, host);
    }

    // A cold cache starts filled by expert id (no routing heat yet), learns from the routing as prompts run, copies
    // on its own thread and stream, and keeps its state for the next start of the same model: that
    // start hits at once; a damaged state file only starts it cold.
    void cacheWarmsUpAndIsKeptForTheNextStart()
    {
        const gguf::ModelSpec spec = moeSpec(GgmlType::Q4_K);
        const auto path = test::writeModel(m_dir, spec, "cache state");
        const auto gpu = open(path, {});
        model::CudaExperts experts;
        experts.placement = model::ExpertPlacement::Cache;
        experts.budget = bytesPerExpert(*gpu) * spec.layers * spec.experts / 4;  // 8 of 32 per layer
        experts.stateFile = (std::filesystem::path(m_dir.path().toStdString()) / "experts.json").string();
        std::mt19937 rng(3);
        std::vector<int32_t> prompt(40);
        for (auto& id : prompt)
            id = int32_t(rng() % gpu->hparams().vocabSize);
        model::Session g(*gpu, {.contextLength = 128});
        g.setPrompt(prompt);
        const auto hitsOfOnePass = [&](model::Model& m) {
            m.backend().resetExpertTelemetry();
            model::Session s(m, {.contextLength = 128});
            s.setPrompt(prompt);
            const double d = test::worstLogProbDiff(g.logits(), s.logits());
            [&] { QVERIFY2(d <= 2 * 2 * 2.6e-2 * spec.outputScale, qPrintable(QString::number(d))); }();
            uint64_t hits = 0;
            const auto telemetry = m.backend().expertTelemetry();  // kept: the loop reads into it
            for (const auto& l : telemetry->layers)
                hits += l.routes - l.misses;
            return hits;
        };
        uint64_t cold = 0;
        {
            const auto first = open(path, experts);
            cold = hitsOfOnePass(*first);  // a cold start fills the slots with the lowest ids
            QVERIFY2(cold > 0, "a cold cache holds experts from the start");
            uint64_t later = 0;
            for (int pass = 0; pass < 6 && later <= cold; ++pass) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the copies run on their own
                later = hitsOfOnePass(*first);
            }
            QVERIFY2(later > cold, "the cache never admitted the experts the prompt uses");
        }  // closing the model saves the cache's state
        QVERIFY(std::filesystem::file_size(experts.stateFile) > 0);
        QVERIFY(hitsOfOnePass(*open(path, experts)) > cold);  // warm from the first pass
        std::ofstream(experts.stateFile, std::ios::trunc) << "{\"not\": [\"a cache";
        QCOMPARE(hitsOfOnePass(*open(path, experts)), cold);  // damaged: cold, not broken
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCudaHybrid)
#include "test_cuda_hybrid.moc"
