// `strata-gguf routing -m FILE [-n TOKENS] [--threads T] [--json]`: how skewed a mixture-of-experts
// model's routing is, measured by running seeded random tokens through it on the CPU.
#include "commands.hpp"
#include "strata/core/error.hpp"
#include "strata/model/model.hpp"
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
    const model::RoutingCounts counts = model::sampleRouting(m->definition(), m->pool(), run);
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
    return 0;
}

}  // namespace strata::tools
