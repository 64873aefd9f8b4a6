#include "strata/model/router_skew.hpp"

#include "strata/core/error.hpp"
#include "strata/model/cpu_backend.hpp"
#include "strata/model/model.hpp"
#include "strata/model/routing_stats.hpp"
#include "strata/pool/worker_pool.hpp"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <mutex>
#include <numeric>
#include <random>
#include <string>
#include <thread>

namespace strata::model {

namespace {

// Offset fitting: rounds of "raise the offset of an expert chosen too rarely, lower it for one chosen
// too often" in proportion to the log ratio, with a step that shrinks linearly. 400 rounds bring a
// 64-expert layer of 512 tokens within a few selections of its target (measured with the test model);
// each round is one top-k per token, microseconds per token.
constexpr int kFitRounds = 400;
constexpr double kFirstStep = 0.5;  // in standard deviations of the router logits
// Below this, the router inputs have no shared direction to carry offsets (never seen in a random
// model: the mean's length was 0.3 to 0.9 of the inputs' in issue 26's measurement).
constexpr double kSmallestMeanShare = 0.02;

struct StopHere {};  // thrown by the router-input hook: the rest of the forward pass is not needed

// The popularity rank of each expert in one layer: a permutation seeded per layer, so hot experts
// differ between layers.
std::vector<uint32_t> popularityOrder(uint32_t experts, uint64_t seed, uint32_t layer)
{
    std::vector<uint32_t> order(experts);
    std::iota(order.begin(), order.end(), 0u);
    std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + layer + 1);
    std::shuffle(order.begin(), order.end(), rng);
    return order;  // order[r]: the expert of rank r
}

// Selections per expert when token t takes the top `used` of base[t][e] + offset[e] * along[t],
// counted in chunks of tokens on the pool (integer counts: the sum does not depend on the chunks).
std::vector<uint64_t> selections(pool::WorkerPool& pool, const std::vector<float>& base,
                                 const std::vector<float>& along, const std::vector<double>& offset, uint32_t tokens,
                                 uint32_t experts, uint32_t used)
{
    std::vector<std::vector<uint64_t>> perThread(pool.workerCount() + 1, std::vector<uint64_t>(experts, 0));
    pool.run(tokens, [&](size_t b, size_t end, unsigned worker) {
        std::vector<uint64_t>& counts = perThread[worker];
        std::vector<std::pair<double, uint32_t>> row(experts);
        for (size_t t = b; t < end; ++t) {
            for (uint32_t e = 0; e < experts; ++e)
                row[e] = {double(base[t * experts + e]) + offset[e] * along[t], e};
            std::nth_element(row.begin(), row.begin() + used, row.end(), std::greater<>());
            for (uint32_t i = 0; i < used; ++i)
                ++counts[row[i].second];
        }
    });
    std::vector<uint64_t> counts(experts, 0);
    for (const auto& c : perThread)
        for (uint32_t e = 0; e < experts; ++e)
            counts[e] += c[e];
    return counts;
}

class LayerShaper {
public:
    // `pool` runs the per-token work of shape(), from whichever thread calls it (one at a time).
    LayerShaper(const Hparams& h, const RouterSkewOptions& o, pool::WorkerPool& pool) : h_(h), o_(o), pool_(pool)
    {
        target_ = zipfTargetShares(h.experts, h.expertsUsed, o.skew);
    }

    // Rewrites `router` ([experts][embedding]) from the layer's router inputs x ([tokens][embedding]),
    // `windows` sequences of equal length one after the other.
    void shape(uint32_t layer, std::span<const float> x, uint32_t tokens, uint32_t windows, float* router,
               RouterSkewResult& result)
    {
        const uint32_t width = h_.embedding, experts = h_.experts, used = h_.expertsUsed;
        const uint32_t perWindow = tokens / windows;
        // Each sequence's mean input, and their mean.
        std::vector<std::vector<double>> means(windows, std::vector<double>(width, 0.0));
        std::vector<double> mean(width, 0.0);
        double meanSquare = 0;
        for (uint32_t t = 0; t < tokens; ++t)
            for (uint32_t c = 0; c < width; ++c) {
                const double v = x[size_t(t) * width + c];
                means[t / perWindow][c] += v / perWindow;
                mean[c] += v / tokens;
                meanSquare += v * v;
            }
        double norm = 0;
        for (double m : mean)
            norm += m * m;
        norm = std::sqrt(norm);
        const double rms = std::sqrt(meanSquare / tokens);
        if (norm < kSmallestMeanShare * rms)
            throw Error("router skew: layer " + std::to_string(layer)
                        + "'s router inputs share no direction to shape the routing along");
        // An orthonormal basis of the mean and each sequence's departure from it: the directions
        // every token of a sequence shares, which concentrate a sequence's routing on few experts.
        std::vector<std::vector<double>> basis;
        const auto addDirection = [&](std::vector<double> v) {
            for (const auto& b : basis) {
                double dot = 0;
                for (uint32_t c = 0; c < width; ++c)
                    dot += v[c] * b[c];
                for (uint32_t c = 0; c < width; ++c)
                    v[c] -= dot * b[c];
            }
            double len = 0;
            for (double a : v)
                len += a * a;
            len = std::sqrt(len);
            if (len < 1e-3 * norm)
                return;
            for (double& a : v)
                a /= len;
            basis.push_back(std::move(v));
        };
        addDirection(mean);
        for (uint32_t w = 0; w < windows; ++w) {
            std::vector<double> d(width);
            for (uint32_t c = 0; c < width; ++c)
                d[c] = means[w][c] - mean[c];
            addDirection(std::move(d));
        }
        const std::vector<double>& unit = basis[0];

        // Rows orthogonal to those directions; `along` is each token's component on the mean
        // direction over the mean's length (1 on average).
        for (uint32_t e = 0; e < experts; ++e) {
            float* w = router + size_t(e) * width;
            for (const auto& b : basis) {
                double dot = 0;
                for (uint32_t c = 0; c < width; ++c)
                    dot += w[c] * b[c];
                for (uint32_t c = 0; c < width; ++c)
                    w[c] = float(w[c] - dot * b[c]);
            }
        }
        std::vector<float> along(tokens), base(size_t(tokens) * experts);
        std::vector<double> logits(size_t(tokens) * experts);  // kept in double for the sums below
        pool_.run(tokens, [&](size_t b, size_t end, unsigned) {
            for (size_t t = b; t < end; ++t) {
                const float* xt = x.data() + t * width;
                double a = 0;
                for (uint32_t c = 0; c < width; ++c)
                    a += xt[c] * unit[c];
                along[t] = float(a / norm);
                for (uint32_t e = 0; e < experts; ++e) {
                    const float* w = router + size_t(e) * width;
                    double z = 0;
                    for (uint32_t c = 0; c < width; ++c)
                        z += double(w[c]) * xt[c];
                    logits[t * experts + e] = z;
                    base[t * experts + e] = float(z);
                }
            }
        });
        double sum = 0, sumSquares = 0;  // in token order, whatever the chunks were
        for (double z : logits) {
            sum += z;
            sumSquares += z * z;
        }
        const double n = double(tokens) * experts;
        const double sigma = std::sqrt(std::max(1e-12, sumSquares / n - (sum / n) * (sum / n)));

        // Target shares by expert id.
        const std::vector<uint32_t> order = popularityOrder(experts, o_.seed, layer);
        std::vector<double> want(experts);
        for (uint32_t r = 0; r < experts; ++r)
            want[order[r]] = target_[r];

        const double routes = double(tokens) * used;
        std::vector<double> offset(experts, 0.0), best = offset;
        double bestError = 1e300;
        std::vector<uint64_t> bestCounts;
        for (int round = 0; round <= kFitRounds; ++round) {
            const std::vector<uint64_t> counts = selections(pool_, base, along, offset, tokens, experts, used);
            double error = 0;
            for (uint32_t e = 0; e < experts; ++e)
                error += std::abs(double(counts[e]) / routes - want[e]);
            if (error < bestError) {
                bestError = error;
                best = offset;
                bestCounts = counts;
            }
            if (round == kFitRounds)
                break;
            const double step = kFirstStep * sigma * (1.0 - double(round) / kFitRounds);
            for (uint32_t e = 0; e < experts; ++e)
                offset[e] += step * (std::log(want[e] * routes + 0.5) - std::log(double(counts[e]) + 0.5));
            const double centre = std::accumulate(offset.begin(), offset.end(), 0.0) / experts;
            for (double& v : offset)
                v -= centre;
        }
        // Row e gains best[e] / norm along the unit mean: on token t that adds best[e] * along[t].
        for (uint32_t e = 0; e < experts; ++e) {
            float* w = router + size_t(e) * width;
            for (uint32_t c = 0; c < width; ++c)
                w[c] = float(w[c] + best[e] / norm * unit[c]);
        }
        std::vector<uint64_t> wantCounts(experts);
        for (uint32_t e = 0; e < experts; ++e)
            wantCounts[e] = uint64_t(std::llround(want[e] * 1e9));
        result.targetTopTenth.push_back(layerSkew(wantCounts).topTenthShare);
        result.fittedTopTenth.push_back(layerSkew(bestCounts).topTenthShare);
    }

private:
    const Hparams& h_;
    const RouterSkewOptions& o_;
    pool::WorkerPool& pool_;
    std::vector<double> target_;  // by rank
};

// The calibration sequences' one pass through the layers, in step: each sequence runs in its own
// thread (with its own backend and pool) and waits at every MoE layer's router for the others; the
// barrier's completion, on the last thread to arrive, shapes that layer's router from all of their
// inputs in sequence order, before any of them routes through it.
class CalibrationPasses {
public:
    CalibrationPasses(const Hparams& h, const RouterSkewOptions& o, pool::WorkerPool& shapingPool, uint32_t windows,
                      uint32_t window, std::vector<std::vector<float>>& routers, RouterSkewResult& result)
        : h_(h), shaper_(h, o, shapingPool), windows_(windows), window_(window), routers_(routers), result_(result),
          inputs_(windows), layers_(windows, 0), barrier_(windows, Shape{this})
    {}

    // `workersEach`: pool threads per sequence besides its own thread.
    void run(const ModelDefinition& d, const std::vector<int32_t>& ids, unsigned workersEach)
    {
        std::vector<std::thread> threads;
        threads.reserve(windows_);
        for (uint32_t w = 0; w < windows_; ++w)
            threads.emplace_back(
                [&, w] { runSequence(d, std::span(ids).subspan(size_t(w) * window_, window_), w, workersEach); });
        for (std::thread& t : threads)
            t.join();
        if (error_)
            std::rethrow_exception(error_);
    }

private:
    struct Shape {
        CalibrationPasses* self;
        void operator()() noexcept { self->shapeArrivedLayer(); }
    };

    void runSequence(const ModelDefinition& d, std::span<const int32_t> ids, uint32_t w, unsigned workers)
    {
        try {
            pool::PoolOptions po;
            po.workers = int(workers);
            po.pin = false;
            po.policy = pool::WaitPolicy::park();  // idle at every barrier while the shaping pool works
            pool::WorkerPool pool(po);
            CpuBackendOptions hooks;
            hooks.maxBatch = window_;
            hooks.onRouterInput = [&, w](uint32_t layer, std::span<const float> x, uint32_t) {
                inputs_[w].assign(x.begin(), x.end());
                layers_[w] = layer;  // every sequence arrives with the same layer
                barrier_.arrive_and_wait();
                if (failed_.load() || layer + 1 == h_.layers)
                    throw StopHere{};  // the last router is shaped: the rest of the pass is not needed
            };
            const auto backend = makeCpuBackend(d, pool, std::move(hooks));
            const auto seq = backend->newSequence(window_, KvType::F16);
            backend->forward(*seq, ids, {});
        } catch (const StopHere&) {
        } catch (...) {
            fail(std::current_exception());
            barrier_.arrive_and_drop();  // the others go on without this sequence, and stop
        }
    }

    void shapeArrivedLayer()
    {
        if (failed_.load())
            return;
        try {
            std::vector<float> x;
            x.reserve(size_t(windows_) * window_ * h_.embedding);
            for (const auto& in : inputs_)
                x.insert(x.end(), in.begin(), in.end());
            const uint32_t layer = layers_[0];
            shaper_.shape(layer, x, windows_ * window_, windows_, routers_[layer].data(), result_);
        } catch (...) {
            fail(std::current_exception());
        }
    }

    void fail(std::exception_ptr e)
    {
        std::lock_guard lock(errorMutex_);
        if (!error_)
            error_ = e;
        failed_.store(true);
    }

    const Hparams& h_;
    LayerShaper shaper_;
    const uint32_t windows_, window_;
    std::vector<std::vector<float>>& routers_;
    RouterSkewResult& result_;
    std::vector<std::vector<float>> inputs_;  // per sequence: this layer's router inputs
    std::vector<uint32_t> layers_;            // per sequence: the layer it waits at
    std::barrier<Shape> barrier_;
    std::atomic<bool> failed_{false};
    std::mutex errorMutex_;
    std::exception_ptr error_;
};

}  // namespace

std::vector<double> zipfTargetShares(uint32_t experts, uint32_t used, float skew)
{
    if (experts == 0 || used == 0 || used > experts)
        throw Error("router skew: needs 1 to " + std::to_string(experts) + " experts per token");
    if (!(skew >= 0.0f) || !std::isfinite(skew))
        throw Error("router skew: the exponent must be a number of at least 0");
    std::vector<double> weight(experts), share(experts, 0.0);
    for (uint32_t r = 0; r < experts; ++r)
        weight[r] = std::pow(double(r + 1), -double(skew));
    // Water-filling: cap at 1 / used, give what the capped ones lose to the others by weight.
    const double cap = 1.0 / used;
    std::vector<bool> capped(experts, false);
    for (bool changed = true; changed;) {
        changed = false;
        double freeMass = 1.0, freeWeight = 0.0;
        for (uint32_t r = 0; r < experts; ++r) {
            if (capped[r])
                freeMass -= cap;
            else
                freeWeight += weight[r];
        }
        for (uint32_t r = 0; r < experts; ++r) {
            if (capped[r])
                continue;
            share[r] = freeMass * weight[r] / freeWeight;
            if (share[r] > cap * (1 + 1e-12)) {
                capped[r] = true;
                changed = true;
            }
        }
    }
    for (uint32_t r = 0; r < experts; ++r)
        if (capped[r])
            share[r] = cap;
    return share;
}

RouterSkewResult shapeRouterSkew(const std::filesystem::path& file, const RouterSkewOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    RouterSkewResult result;
    std::vector<std::vector<float>> routers;
    std::vector<uint64_t> offsets;  // each router's place in the file
    {
        ModelOptions mo;
        mo.threads = options.threads;
        mo.pinThreads = false;
        const auto m = Model::open(file, mo);
        const Hparams& h = m->hparams();
        if (h.experts == 0 || m->definition().plan.ffn != FfnKind::Moe)
            throw Error(file.string() + ": router skew needs a mixture-of-experts model");
        ModelDefinition d = m->definition();  // weights are views: the copy is cheap
        routers.resize(h.layers);
        offsets.resize(h.layers);
        for (uint32_t l = 0; l < h.layers; ++l) {
            const std::string name = "blk." + std::to_string(l) + ".ffn_gate_inp.weight";
            const gguf::TensorInfo* t = m->file().findTensor(name);
            Weight& w = d.weights.layers[l].router;
            if (!t || w.type != gguf::GgmlType::F32 || m->file().partCount() != 1)
                throw Error(file.string() + ": router skew needs an F32 " + name + " in a single-part file");
            routers[l].resize(size_t(h.experts) * h.embedding);
            std::memcpy(routers[l].data(), w.data, routers[l].size() * sizeof(float));
            w.data = reinterpret_cast<const std::byte*>(routers[l].data());
            offsets[l] = m->file().dataOffset(0) + t->offset;
        }
        // Layer by layer in one pass: every calibration sequence runs in its own thread, with its own
        // backend and pool, and stops at each MoE layer's router until all sequences are there; the
        // last to arrive shapes that router, which the sequences then use for the layer's experts.
        // (Re-running each sequence from the first layer for every layer cost layers^2 / 2 passes:
        // 616 s for the 30B-A3B shape on 16 cores.)
        const uint32_t window =
            std::max<uint32_t>(1, std::min(options.window, h.contextLength ? h.contextLength : options.window));
        const uint32_t windows = std::max<uint32_t>(1, options.tokens / window);
        std::mt19937_64 rng(options.seed);
        std::vector<int32_t> ids(size_t(windows) * window);
        for (size_t i = 0; i < ids.size(); i += h.vocabSize) {  // shuffled passes over the vocabulary
            std::vector<int32_t> pass(h.vocabSize);
            std::iota(pass.begin(), pass.end(), 0);
            std::shuffle(pass.begin(), pass.end(), rng);
            std::copy_n(pass.begin(), std::min<size_t>(pass.size(), ids.size() - i), ids.begin() + ptrdiff_t(i));
        }
        const unsigned threads = m->pool().workerCount() + 1;
        // The model's own pool shapes each router while the sequences wait at the barrier.
        CalibrationPasses passes(h, options, m->pool(), windows, window, routers, result);
        passes.run(d, ids, std::max(1u, threads / windows) - 1);
    }
    std::fstream out(file, std::ios::in | std::ios::out | std::ios::binary);
    for (size_t l = 0; l < routers.size() && out; ++l) {
        out.seekp(std::streamoff(offsets[l]));
        out.write(reinterpret_cast<const char*>(routers[l].data()), std::streamsize(routers[l].size() * sizeof(float)));
    }
    out.close();
    if (!out)
        throw Error(file.string() + ": could not write the shaped routers back");
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace strata::model
