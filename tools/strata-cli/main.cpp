// strata-cli: chat with a model, complete a prompt, dump logits, tokenize, render chat templates.
#include "cli_commands.hpp"
#include "cli_options.hpp"
#include "strata/core/error.hpp"

#include <cstdio>

int main(int argc, char** argv)
{
    using namespace strata::cli;
    const CliOptions o = parseCliOptions(argc, argv);
    try {
        switch (o.mode) {
        case Mode::Chat: return runChat(o);
        case Mode::Prompt: return runPrompt(o);
        case Mode::Logits: return runLogits(o);
        case Mode::Tokenize: return runTokenize(o);
        case Mode::Detokenize: return runDetokenize(o);
        case Mode::RenderChat: return runRenderChat(o);
        }
    } catch (const strata::Error& e) {
        std::fprintf(stderr, "strata-cli: %s\n", e.what());
        return 1;
    }
    return 0;
}
