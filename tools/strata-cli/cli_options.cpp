#include "cli_options.hpp"

#include "gpu_options.hpp"
#include "standard_options.hpp"

#include "strata/core/error.hpp"
#include "strata/model/kv_type_names.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace strata::cli {
namespace {

[[noreturn]] void usage(int status)
{
    std::fputs("usage: strata-cli -m MODEL [options]             interactive chat (the model's chat template)\n"
               "       strata-cli -m MODEL -p TEXT [-n N]        one-shot completion of TEXT\n"
               "       strata-cli -m MODEL --tokens IDS --logits-out FILE   last-position logits (float32 LE)\n"
               "       strata-cli -m MODEL --tokens IDS --greedy --ids -n N  generated token ids\n"
               "       strata-cli -m MODEL --tokenize TEXT [--special] | --detokenize IDS | --render-chat FILE.json\n"
               "options: --temp T --top-k K --top-p P --min-p P --repeat-penalty R --seed S --greedy\n"
               "         --threads N (all threads, the caller included) --ctx N --kv f16|q8_0\n"
               "         --pool-policy park|adaptive|fixed:<us>|fixed:<n>ms  --system TEXT  -n N\n"
               "IDS: comma- or space-separated token ids.\n",
               status == 0 ? stdout : stderr);
    std::fputs(tools::gpuOptionsUsage(), status == 0 ? stdout : stderr);
    std::exit(status);
}

[[noreturn]] void bad(const std::string& message)
{
    std::fprintf(stderr, "strata-cli: %s\n", message.c_str());
    usage(2);
}

template <class T>
T number(std::string_view flag, std::string_view v)
{
    T out{};
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || ptr != v.data() + v.size())
        bad(std::string(flag) + " needs a number, not '" + std::string(v) + "'");
    return out;
}

std::vector<int32_t> parseIds(std::string_view text)
{
    std::vector<int32_t> ids;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ',' || text[i] == ' ' || text[i] == '[' || text[i] == ']'))
            ++i;
        size_t j = i;
        while (j < text.size() && text[j] != ',' && text[j] != ' ' && text[j] != ']')
            ++j;
        if (j > i)
            ids.push_back(number<int32_t>("token id", text.substr(i, j - i)));
        i = j;
    }
    if (ids.empty())
        bad("no token ids given");
    return ids;
}

}  // namespace

CliOptions parseCliOptions(int argc, char** argv)
{
    if (tools::wantsVersion(argc, argv)) {
        tools::printVersion("strata-cli");
        std::exit(0);
    }
    if (tools::wantsHelp(argc, argv))
        usage(0);
    CliOptions o;
    bool haveTokens = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        auto value = [&]() -> std::string_view {
            if (i + 1 >= argc)
                bad(std::string(a) + " needs a value");
            return argv[++i];
        };
        bool gpuOption = false;
        try {
            gpuOption = tools::parseGpuOption(argc, argv, i, o.gpu);
        } catch (const Error& e) {
            bad(e.what());
        }
        if (gpuOption)
            continue;
        if (a == "-m" || a == "--model")
            o.model = value();
        else if (a == "-p" || a == "--prompt") {
            o.prompt = value();
            o.mode = Mode::Prompt;
        } else if (a == "-n")
            o.maxTokens = number<int>(a, value());
        else if (a == "--tokens") {
            o.ids = parseIds(value());
            haveTokens = true;
        } else if (a == "--logits-out")
            o.logitsOut = value();
        else if (a == "--ids")
            o.printIds = true;
        else if (a == "--tokenize") {
            o.text = value();
            o.mode = Mode::Tokenize;
        } else if (a == "--special")
            o.special = true;
        else if (a == "--detokenize") {
            o.ids = parseIds(value());
            o.mode = Mode::Detokenize;
        } else if (a == "--render-chat") {
            o.chatFile = value();
            o.mode = Mode::RenderChat;
        } else if (a == "--system")
            o.system = value();
        else if (a == "--temp")
            o.sampling.temperature = number<float>(a, value());
        else if (a == "--top-k")
            o.sampling.topK = number<int32_t>(a, value());
        else if (a == "--top-p")
            o.sampling.topP = number<float>(a, value());
        else if (a == "--min-p")
            o.sampling.minP = number<float>(a, value());
        else if (a == "--repeat-penalty")
            o.sampling.repeatPenalty = number<float>(a, value());
        else if (a == "--seed")
            o.sampling.seed = number<uint64_t>(a, value());
        else if (a == "--greedy")
            o.sampling = model::SamplingParams::greedy();
        else if (a == "--threads" || a == "-t")
            o.threads = number<int>(a, value());
        else if (a == "--ctx" || a == "-c")
            o.context = number<uint32_t>(a, value());
        else if (a == "--kv") {
            const std::optional<model::KvType> kv = model::kvTypeFromString(value());
            if (!kv)
                bad("--kv takes f16 or q8_0");
            o.kv = *kv;
        } else if (a == "--pool-policy") {
            try {
                o.policy = pool::parseWaitPolicy(std::string(value()));
            } catch (const Error& e) {
                bad(e.what());
            }
        } else
            bad("unknown argument '" + std::string(a) + "'");
    }
    if (o.model.empty())
        bad("-m MODEL is required");
    if (haveTokens && o.mode == Mode::Chat)
        o.mode = Mode::Logits;
    if (o.mode == Mode::Logits && o.logitsOut.empty() && !o.printIds)
        bad("--tokens needs --logits-out FILE or --ids");
    return o;
}

}  // namespace strata::cli
