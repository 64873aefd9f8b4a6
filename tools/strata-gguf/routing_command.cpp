// `strata-gguf routing -m FILE [-n TOKENS] [--threads T] [--json]`: how skewed a mixture-of-experts
// model's routing is, measured by running seeded random tokens through it on the CPU, and how well a
// layer's misses could be predicted before its router runs (model/routing_prediction.hpp), with the
// most chosen half and nine tenths of each layer's experts resident.
#include "commands.hpp"
#include "strata/core/error.hpp"
#include "strata/model/model.hpp"
#include "strata/model/routing_prediction.hpp"
#include "strata/model/routing_sample.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace strata::tools {

int runRouting(Arguments& args)
{
    const auto file = args.text("m");
    model::RandomTokenRun run;
    run.tokens = args.u32("n", run.tokens);
    run.seed = args.u64("seed", run.seed);
    const uint32_t threads = args.u32("threads", 0);
    const bool json = args.flag("json");
    args.finish();
    if (!file || !args.positional().empty())
        throw Error("routing takes one model: -m FILE");
    if (run.tokens == 0)
        throw Error("-n: at least one token");

    model::ModelOptions mo;
    mo.threads = threads == 0 ? -1 : int(threads) - 1;  // the caller computes too
    const auto start = std::chrono::steady_clock::now();
    auto m = model::Model::open(*file, mo);
    const model::Hparams& h = m->hparams();
    if (h.experts == 0)
        throw Error("the model has no experts (not a mixture-of-experts model)");
    model::RoutingCounts counts(h.layers, h.experts);
    // A prefetch budget of two experts per layer and token for each predictor.
    constexpr uint32_t kGuesses = 2;
    std::vector<std::pair<double, model::RoutingPredictionStudy>> studies;
    for (double share : {0.5, 0.9})
        studies.emplace_back(share, model::RoutingPredictionStudy(h.layers, h.experts, h.expertsUsed, share, kGuesses));
    model::CpuBackendOptions hooks;
    hooks.onRouting = [&](uint32_t layer, std::span<const int32_t> experts, uint32_t tokens) {
        counts.add(layer, experts);
        for (auto& [share, study] : studies)
            study.add(layer, experts, tokens);
    };
    model::runRandomTokens(m->definition(), m->pool(), run, std::move(hooks));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

    std::vector<std::pair<uint32_t, model::LayerSkew>> layers;
    double meanTenth = 0, meanTop = 0;
    for (uint32_t l = 0; l < h.layers; ++l) {
        const model::LayerSkew s = model::layerSkew(counts.counts(l));
        if (s.selections == 0)
            continue;  // a dense layer
        layers.emplace_back(l, s);
        meanTenth += s.topTenthShare;
        meanTop += s.topExpertShare;
    }
    if (!layers.empty()) {
        meanTenth /= double(layers.size());
        meanTop /= double(layers.size());
    }

    if (json) {
        nlohmann::json out = {{"file", *file},
                              {"tokens", run.tokens},
                              {"seed", run.seed},
                              {"experts", h.experts},
                              {"experts_used", h.expertsUsed},
                              {"mean_top_tenth_share", meanTenth},
                              {"mean_top_expert_share", meanTop},
                              {"layers", nlohmann::json::array()}};
        for (const auto& [l, s] : layers)
            out["layers"].push_back({{"layer", l},
                                     {"selections", s.selections},
                                     {"top_tenth_share", s.topTenthShare},
                                     {"top_expert", s.topExpert},
                                     {"top_expert_share", s.topExpertShare}});
        for (const auto& [share, study] : studies) {
            const model::MissPrediction& p = study.result();
            out["prediction"].push_back({{"resident_share", share},
                                         {"guesses", kGuesses},
                                         {"layer_tokens", p.layerTokens},
                                         {"layers_with_miss", p.layersWithMiss},
                                         {"misses_foretold", p.missesForetold},
                                         {"false_alarms", p.falseAlarms},
                                         {"surprises", p.surprises},
                                         {"misses", p.misses},
                                         {"by_previous_token", p.byPreviousToken},
                                         {"by_previous_layer", p.byPreviousLayer},
                                         {"by_popularity", p.byPopularity}});
        }
        std::printf("%s\n", out.dump(2).c_str());
        return 0;
    }
    std::printf("%s: %u experts, %u per token; %u random tokens (seed %llu) in %.1f s\n", file->c_str(), h.experts,
                h.expertsUsed, run.tokens, static_cast<unsigned long long>(run.seed), seconds);
    std::printf("share of selections taken by the most popular 10%% of experts (uniform routing: 10%%)\n");
    std::printf("layer  top 10%%   top expert\n");
    for (const auto& [l, s] : layers)
        std::printf("%5u  %5.1f%%   %4u (%.1f%%)\n", l, 100 * s.topTenthShare, s.topExpert, 100 * s.topExpertShare);
    std::printf(" mean  %5.1f%%        (%.1f%%)\n", 100 * meanTenth, 100 * meanTop);
    std::printf("\npredicting the misses before the router runs (layers after the first; resident: each layer's most\n"
                "chosen experts so far; wake-ahead: \"this layer missed at the previous token\"; prefetch: %u\n"
                "non-resident experts named per layer and token by each predictor)\n",
                kGuesses);
    std::printf("resident  layers with a miss  wake-ahead: foretold / false alarms / surprises   misses a token  "
                "prefetch recall: previous token / previous layer / popularity\n");
    for (const auto& [share, study] : studies) {
        const model::MissPrediction& p = study.result();
        const double n = double(std::max<uint64_t>(p.layerTokens, 1)), misses = double(std::max<uint64_t>(p.misses, 1));
        std::printf(
            "%7.0f%%  %16.1f%%  %10.1f%% / %5.1f%% / %5.1f%% (of layer-tokens)  %14.2f  %15.1f%% / %5.1f%% / %5.1f%%\n",
            100 * share, 100 * double(p.layersWithMiss) / n, 100 * double(p.missesForetold) / n,
            100 * double(p.falseAlarms) / n, 100 * double(p.surprises) / n,
            double(p.misses) / (n / double(std::max<uint32_t>(h.layers - 1, 1))),
            100 * double(p.byPreviousToken) / misses, 100 * double(p.byPreviousLayer) / misses,
            100 * double(p.byPopularity) / misses);
    }
    return 0;
}

}  // namespace strata::tools
