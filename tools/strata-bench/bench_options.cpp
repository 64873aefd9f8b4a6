#include "bench_options.hpp"

#include "gpu_options.hpp"
#include "standard_options.hpp"

#include "strata/core/error.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace strata::bench {
namespace {

[[noreturn]] void usage(int status)
{
    std::fputs(
        "usage: strata-bench -m MODEL [-p N] [-n N] [-d DEPTH] [-t THREADS] [-r REPS] [-b BATCH]\n"
        "                    [--pool-policy park|adaptive|fixed:<us>|all] [--pool-trace FILE] [--no-pin]\n"
        "                    [--no-roofline] [--json] [--device cpu|cuda[:N[,M...]]] [--gpu-budgets MIB,MIB...]\n"
        "                    [--gpu-wait blocking|spin|yield|adaptive]\n"
        "                    [--experts gpu|cache:MIB|cpu:LAYERS] [--wake-ahead [on|off|auto]] [--vram-budget MIB]\n"
        "                    [--expert-state FILE] [--cache-curve N] [--pin-host CPU]\n"
        "  Prefill (pp) and decode (tg) speed in tokens/s, mean +- sd over REPS runs, with process CPU%.\n"
        "  --pool-policy all: adaptive, park, fixed:100us and fixed:20ms interleaved, REPS rounds, each\n"
        "  against the best fixed policy, with the pool's account of every token (text only).\n"
        "  --pool-trace FILE: after a warm-up, one decode run whose Adaptive idle spans are written to FILE\n"
        "  per token and worker (the traces tests/engine/pool reads); nothing is timed.\n"
        "  Decode is also shown against its memory roofline: weight bytes one token reads over the read\n"
        "  bandwidth of THREADS threads, measured right after each decode repetition and compared run by\n"
        "  run (--no-roofline skips it). On the CPU a matrix-vector read of the same buffer follows (each\n"
        "  64-byte line combined with a load from L1): the rate a decode kernel can reach, its target.\n"
        "  -d DEPTH: decode (tgN @ dDEPTH) after a context of DEPTH tokens, prefilled outside the timing;\n"
        "  its roofline counts the weights only, not the KV cache that decode then also reads.\n"
        "  -t counts every thread, the calling one included (llama-bench's meaning).\n"
        "  -b BATCH: the prefill chunk (default: the engine's, 8192 for a hybrid MoE on the GPU, else 512).\n"
        "  --device cuda runs the model on GPU N (default 0); the roofline's bandwidth is then the GPU's\n"
        "  memory read bandwidth, measured by a read kernel right after each decode repetition.\n"
        "  --device cuda:N,M splits the layers over those GPUs in that order, sized by --gpu-budgets (MiB\n"
        "  each; default: free VRAM); a GPU may be listed twice (two stages on one GPU).\n"
        "  --gpu-wait: how the host waits for the GPU (default blocking: it sleeps in the driver); spin and\n"
        "  yield poll, to compare their CPU% and tok/s with it; adaptive sleeps through most of a decode\n"
        "  step's learnt time, then polls.\n"
        "  --experts (MoE on the GPU): gpu keeps every expert in VRAM (default); cache:MIB keeps the experts\n"
        "  the routing uses most in MIB of VRAM and runs the rest on the CPU pool at the same time (hybrid);\n"
        "  cpu:LAYERS runs every expert of the first LAYERS layers on the CPU (llama.cpp's --n-cpu-moe).\n"
        "  Hybrid runs print the routing's VRAM hit rate, host time and the GPU's completion wait.\n"
        "  --cache-curve N (hybrid cache): a chat from the cache's start (cold, or --expert-state): the\n"
        "  -p prompt, then N decoded tokens timed one by one: hit rate and tok/s per 25 tokens, tokens to\n"
        "  the steady hit rate, per-token time p50/p99/max and its excess while copies finish.\n"
        "  --pin-host CPU: the calling (engine) thread runs on CPU only, as a host that pins itself would;\n"
        "  every thread the engine starts sets its own CPUs (issue 21's pinned-host rows).\n"
        "  --wake-ahead [on|off|auto]: hybrid, the pool is woken when a layer's GPU work is queued and\n"
        "  parks between layers (on; --wake-ahead alone), woken when the routing reaches the host (off;\n"
        "  --no-wake-ahead), or on while the decode misses few experts per layer (auto, the default).\n"
        "  With --pool-policy all, adaptive+wake-ahead and adaptive-no-wake-ahead run too.\n",
        status == 0 ? stdout : stderr);
    std::exit(status);
}

int toInt(std::string_view flag, const char* value)
{
    char* end = nullptr;
    const long v = std::strtol(value, &end, 10);
    if (!*value || *end || v < 0 || v > 1'000'000) {
        std::fprintf(stderr, "strata-bench: %.*s needs a non-negative number, not '%s'\n", int(flag.size()),
                     flag.data(), value);
        usage(2);
    }
    return int(v);
}

}  // namespace

BenchOptions parseBenchOptions(int argc, char** argv)
{
    if (tools::wantsVersion(argc, argv)) {
        tools::printVersion("strata-bench");
        std::exit(0);
    }
    if (tools::wantsHelp(argc, argv))
        usage(0);
    BenchOptions o;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "strata-bench: %s needs a value\n", argv[i]);
                usage(2);
            }
            return argv[++i];
        };
        bool gpuOption = false;
        try {
            gpuOption = tools::parseGpuOption(argc, argv, i, o.gpu);
        } catch (const Error& e) {
            std::fprintf(stderr, "strata-bench: %s\n", e.what());
            usage(2);
        }
        if (gpuOption)
            continue;
        if (a == "-m" || a == "--model")
            o.model = value();
        else if (a == "-p")
            o.promptTokens = toInt(a, value());
        else if (a == "-n")
            o.genTokens = toInt(a, value());
        else if (a == "-d")
            o.depth = toInt(a, value());
        else if (a == "-t")
            o.threads = toInt(a, value());
        else if (a == "-r")
            o.repetitions = std::max(1, toInt(a, value()));
        else if (a == "-b")
            o.batch = std::max(1, toInt(a, value()));
        else if (a == "--no-pin")
            o.pin = false;
        else if (a == "--pin-host")
            o.pinHost = toInt(a, value());
        else if (a == "--no-roofline")
            o.roofline = false;
        else if (a == "--cache-curve")
            o.cacheCurveTokens = toInt(a, value());
        else if (a == "--pool-trace")
            o.traceFile = value();
        else if (a == "--json")
            o.json = true;
        else if (a == "--pool-policy") {
            const std::string_view text = value();
            if (text == "all") {
                o.allPolicies = true;
                continue;
            }
            try {
                o.policy = pool::parseWaitPolicy(std::string(text));
            } catch (const Error& e) {
                std::fprintf(stderr, "strata-bench: %s\n", e.what());
                usage(2);
            }
        } else {
            std::fprintf(stderr, "strata-bench: unknown argument '%s'\n", argv[i]);
            usage(2);
        }
    }
    if (o.model.empty())
        usage(2);
    return o;
}

}  // namespace strata::bench
