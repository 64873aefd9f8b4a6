// `strata-gguf skew FILE --router-skew S`, and the router shaping mkmodel --router-skew runs.
#include "commands.hpp"
#include "strata/core/error.hpp"

#include <cstdio>

namespace strata::tools {

model::RouterSkewOptions routerSkewOptions(Arguments& args, uint64_t defaultSeed)
{
    model::RouterSkewOptions o;
    o.skew = args.f32("router-skew", 0.0f);
    o.tokens = args.u32("calibration-tokens", o.tokens);
    o.window = args.u32("calibration-window", o.window);
    o.seed = defaultSeed;
    const uint32_t threads = args.u32("threads", 0);
    o.threads = threads == 0 ? -1 : int(threads) - 1;  // the caller computes too
    return o;
}

void shapeAndReport(const std::string& file, const model::RouterSkewOptions& options)
{
    const model::RouterSkewResult r = model::shapeRouterSkew(file, options);
    std::printf("routers shaped to skew %g in %.1f s; top-10%% share per layer, target / on the %u calibration "
                "tokens:\n",
                double(options.skew), r.seconds, options.tokens);
    for (size_t l = 0; l < r.fittedTopTenth.size(); ++l)
        std::printf("  layer %zu: %.1f%% / %.1f%%\n", l, 100 * r.targetTopTenth[l], 100 * r.fittedTopTenth[l]);
}

int runSkew(Arguments& args)
{
    if (!args.text("router-skew"))
        throw Error("skew needs --router-skew S");
    // The seed picks each layer's hot experts and the calibration tokens: mkmodel uses the file's
    // --seed, so the same seed here reshapes an unshaped file to exactly what mkmodel would write.
    const model::RouterSkewOptions options = routerSkewOptions(args, args.u64("seed", 1));
    args.finish();
    if (args.positional().size() != 1)
        throw Error("skew takes one model file, which it rewrites in place");
    shapeAndReport(args.positional()[0], options);
    return 0;
}

}  // namespace strata::tools
