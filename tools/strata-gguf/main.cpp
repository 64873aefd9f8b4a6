// strata-gguf: inspect, create and requantize GGUF model files.
#include "commands.hpp"
#include "standard_options.hpp"
#include "strata/core/error.hpp"
#include "strata/model/architecture.hpp"

#include <cstdio>

namespace {

void usage(std::FILE* to)
{
    std::fputs(
        "usage: strata-gguf <command> ...\n"
        "  info FILE [--json]\n"
        "      architecture, parameters, file type, tensors, tokenizer, chat template, experts\n"
        "  mkmodel OUT --arch ARCH [--layers N] [--embedding N] [--heads N]\n"
        "      [--kv-heads N] [--head-dim N] [--ff N] [--experts N] [--experts-used N] [--expert-ff N]\n"
        "      [--vocab N] [--context N] [--type F32|F16|BF16|Q8_0|Q4_0|Q4_K|Q5_K|Q6_K] [--seed N]\n"
        "      [--output-scale X] [--tie-embeddings] [--rope-base X] [--rms-eps X] [--name TEXT]\n"
        "      [--tokenizer DIR/tokenizer.json] [--tokenizer-pre NAME] [--distinct-rows N]\n"
        "      [--router-skew S [--calibration-tokens N] [--calibration-window W] [--threads T]]\n"
        "      seeded random weights with llama.cpp's tensor names and keys; without --tokenizer a\n"
        "      small synthetic byte-level vocabulary; --distinct-rows N draws N rows per tensor and\n"
        "      repeats them (fast, for speed benchmarks of large shapes); --router-skew S runs the model\n"
        "      on N (2048) random tokens in sequences of W (512) and shapes each MoE router so that\n"
        "      selections follow a Zipf law of exponent S (0: uniform), with other hot experts in each\n"
        "      layer; more and shorter sequences generalise better to new ones, at more cost\n"
        "  skew FILE --router-skew S [--seed N] [--calibration-tokens N] [--calibration-window W] [--threads T]\n"
        "      shapes the MoE routers of FILE in place as mkmodel --router-skew does (pass mkmodel's\n"
        "      --seed, default 1, to get the same file): one unskewed file, copied, gives each S\n"
        "  quantize IN OUT TYPE\n"
        "      requantize every 2-D weight to TYPE (norms, biases and the MoE router stay F32)\n"
        "  routing -m FILE [-n TOKENS] [--threads T] [--seed N] [--json]\n"
        "      runs TOKENS (default 1000) seeded random tokens through a mixture-of-experts model on the\n"
        "      CPU and prints per layer the share of selections the most popular 10% of experts took\n"
        "      (uniform routing: 10%) and the most chosen expert's share\n",
        to);
    std::fprintf(to, "ARCH: %s\n", strata::model::architectureNames().c_str());
}

}  // namespace

int main(int argc, char** argv)
{
    if (strata::tools::wantsVersion(argc, argv)) {
        strata::tools::printVersion("strata-gguf");
        return 0;
    }
    if (strata::tools::wantsHelp(argc, argv)) {
        usage(stdout);
        return 0;
    }
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const std::string command = argv[1];
    try {
        if (command == "info") {
            strata::tools::Arguments args(argc, argv, 2, {"json"});
            return strata::tools::runInfo(args);
        }
        if (command == "mkmodel") {
            strata::tools::Arguments args(argc, argv, 2, {"tie-embeddings"});
            return strata::tools::runMkmodel(args);
        }
        if (command == "quantize") {
            strata::tools::Arguments args(argc, argv, 2, {});
            return strata::tools::runQuantize(args);
        }
        if (command == "skew") {
            strata::tools::Arguments args(argc, argv, 2, {});
            return strata::tools::runSkew(args);
        }
        if (command == "routing") {
            strata::tools::Arguments args(argc, argv, 2, {"json"});
            return strata::tools::runRouting(args);
        }
        std::fprintf(stderr, "strata-gguf: unknown command '%s'\n", command.c_str());
        usage(stderr);
        return 2;
    } catch (const strata::Error& e) {
        std::fprintf(stderr, "strata-gguf %s: %s\n", command.c_str(), e.what());
        return 1;
    }
}
