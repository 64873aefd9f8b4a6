#include "cli_commands.hpp"

#include "strata/chat_template/json.hpp"
#include "strata/core/error.hpp"
#include "strata/model/generation.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

namespace strata::cli {
namespace {

std::unique_ptr<model::Model> openModel(const CliOptions& o)
{
    model::ModelOptions mo = o.gpu;
    mo.threads = o.threads < 0 ? -1 : std::max(0, o.threads - 1);  // the caller computes too
    mo.poolPolicy = o.policy;
    return model::Model::open(o.model, mo);
}

model::Session newSession(model::Model& m, const CliOptions& o)
{
    return model::Session(m, {.contextLength = o.context, .kv = o.kv});
}

void printMetrics(const model::GenerationMetrics& m)
{
    std::fprintf(
        stderr,
        "\n[prompt %u tokens (%u reused), prefill %.1f tok/s, first token %.0f ms, %u tokens at %.1f tok/s, %s]\n",
        m.promptTokens, m.reusedTokens, m.prefillTokensPerSecond, m.timeToFirstTokenSeconds * 1000.0, m.generatedTokens,
        m.decodeTokensPerSecond, model::toString(m.finish));
}

model::GenerationCallbacks printing()
{
    return {.onText = [](std::string_view piece) {
        std::fwrite(piece.data(), 1, piece.size(), stdout);
        std::fflush(stdout);
    }};
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw Error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

int runChat(const CliOptions& o)
{
    auto m = openModel(o);
    const auto tmpl = model::chatTemplateOf(*m);
    model::Session session = newSession(*m, o);
    std::vector<chat_template::ChatMessage> messages;
    if (!o.system.empty())
        messages.push_back({.role = "system", .content = o.system});
    std::fprintf(stderr, "%s (%s), context %u. Empty line or /exit quits.\n", o.model.c_str(),
                 m->hparams().architecture.c_str(), session.contextLength());
    std::string line;
    while (std::fputs("> ", stderr), std::getline(std::cin, line) && !line.empty() && line != "/exit") {
        messages.push_back({.role = "user", .content = line});
        const auto prompt = model::chatPromptTokens(*m, tmpl, messages);
        std::string reply;
        auto cb = printing();
        cb.onText = [&](std::string_view piece) {
            reply += piece;
            std::fwrite(piece.data(), 1, piece.size(), stdout);
            std::fflush(stdout);
        };
        const auto metrics =
            model::generate(*m, session, prompt, {.sampling = o.sampling, .maxTokens = uint32_t(o.maxTokens)}, cb);
        printMetrics(metrics);
        messages.push_back({.role = "assistant", .content = reply});
    }
    return 0;
}

int runPrompt(const CliOptions& o)
{
    auto m = openModel(o);
    const tokenizer::Tokenizer& tok = m->requireTokenizer();
    const auto prompt = tok.encode(o.prompt, {.addSpecial = true, .parseSpecial = false});
    model::Session session = newSession(*m, o);
    const auto metrics =
        model::generate(*m, session, prompt, {.sampling = o.sampling, .maxTokens = uint32_t(o.maxTokens)}, printing());
    printMetrics(metrics);
    return 0;
}

int runLogits(const CliOptions& o)
{
    auto m = openModel(o);
    model::Session session = newSession(*m, o);
    session.setPrompt(o.ids);
    if (!o.logitsOut.empty()) {
        // float32, little-endian (x86-64 and ARM64 are), last position only.
        std::ofstream out(o.logitsOut, std::ios::binary);
        out.write(reinterpret_cast<const char*>(session.logits().data()),
                  std::streamsize(session.logits().size() * sizeof(float)));
        if (!out)
            throw Error("cannot write " + o.logitsOut);
    }
    if (o.printIds) {
        model::Sampler sampler(o.sampling);
        const tokenizer::Tokenizer* tok = m->tokenizer();
        for (int i = 0; i < o.maxTokens && session.remaining() > 0; ++i) {
            const int32_t next = session.sample(sampler);
            std::printf("%s%d", i ? " " : "", next);
            if (tok && tok->isEndOfGeneration(next))
                break;
            session.append(next);
        }
        std::printf("\n");
    }
    return 0;
}

int runTokenize(const CliOptions& o)
{
    auto m = openModel(o);
    const auto ids = m->requireTokenizer().encode(o.text, {.addSpecial = true, .parseSpecial = o.special});
    for (size_t i = 0; i < ids.size(); ++i)
        std::printf("%s%d", i ? " " : "", ids[i]);
    std::printf("\n");
    return 0;
}

int runDetokenize(const CliOptions& o)
{
    auto m = openModel(o);
    const std::string text = m->requireTokenizer().decode(o.ids);
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::printf("\n");
    return 0;
}

int runRenderChat(const CliOptions& o)
{
    // FILE.json: {"messages": [{"role": ..., "content": ...}, ...], "add_generation_prompt": bool}
    // or just the messages array.
    auto m = openModel(o);
    const chat_template::Value doc = chat_template::parseJson(readFile(o.chatFile));
    chat_template::Value context = chat_template::Value::dict();
    if (doc.isDict()) {
        for (const auto& [key, value] : doc.dictRef())
            context.dictRef().set(key, value);
    } else {
        context.dictRef().set("messages", doc);
    }
    const chat_template::Value* messages = context.dictRef().find("messages");
    if (!messages || !messages->isList())
        throw Error(o.chatFile + ": expected a list of messages or {\"messages\": [...]}");
    const auto tmpl = model::chatTemplateOf(*m);
    const tokenizer::Tokenizer& tok = m->requireTokenizer();
    auto setDefault = [&](const char* key, chat_template::Value value) {
        if (!context.dictRef().find(key))
            context.dictRef().set(key, std::move(value));
    };
    setDefault("add_generation_prompt", chat_template::Value(true));
    setDefault("bos_token", chat_template::Value(tok.bos() >= 0 ? tok.tokenText(tok.bos()) : std::string()));
    setDefault("eos_token", chat_template::Value(tok.eos() >= 0 ? tok.tokenText(tok.eos()) : std::string()));
    const std::string text = tmpl.render(context);
    std::fwrite(text.data(), 1, text.size(), stdout);
    return 0;
}

}  // namespace strata::cli
