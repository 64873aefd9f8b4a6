#include "strata/model/generation.hpp"

#include "strata/core/error.hpp"
#include "strata/tokenizer/streaming_detokenizer.hpp"

#include <chrono>

namespace strata::model {

chat_template::ChatTemplate chatTemplateOf(const Model& model)
{
    const auto source = model.file().metadata().getString("tokenizer.chat_template");
    if (!source || source->empty())
        return chat_template::ChatTemplate::chatMlFallback();
    return chat_template::ChatTemplate(std::string(*source), model.file().name() + " chat template");
}

std::vector<int32_t> chatPromptTokens(const Model& model, const chat_template::ChatTemplate& tmpl,
                                      const std::vector<chat_template::ChatMessage>& messages,
                                      const chat_template::ChatOptions& options,
                                      const chat_template::RenderOptions& render)
{
    const tokenizer::Tokenizer& tok = model.requireTokenizer();
    chat_template::ChatOptions o = options;
    if (o.bosToken.empty() && tok.bos() >= 0)
        o.bosToken = tok.tokenText(tok.bos());
    if (o.eosToken.empty() && tok.eos() >= 0)
        o.eosToken = tok.tokenText(tok.eos());
    const std::string text = tmpl.renderChat(messages, chat_template::Value(), o, render);
    // The template writes BOS itself when the model wants one; adding another would double it.
    std::vector<int32_t> ids = tok.encode(text, {.addSpecial = false, .parseSpecial = true});
    if (tok.addsBos() && tok.bos() >= 0 && (ids.empty() || ids.front() != tok.bos()))
        ids.insert(ids.begin(), tok.bos());
    return ids;
}

const char* toString(FinishReason reason)
{
    switch (reason) {
    case FinishReason::EndOfGeneration: return "stop";
    case FinishReason::StopString: return "stop-string";
    case FinishReason::Length: return "length";
    case FinishReason::ContextFull: return "context-full";
    case FinishReason::Cancelled: return "cancelled";
    }
    return "?";
}

std::optional<FinishReason> finishReasonFromString(std::string_view text)
{
    for (FinishReason reason : {FinishReason::EndOfGeneration, FinishReason::StopString, FinishReason::Length,
                                FinishReason::ContextFull, FinishReason::Cancelled})
        if (text == toString(reason))
            return reason;
    return std::nullopt;
}

GenerationMetrics generate(Model& model, Session& session, std::span<const int32_t> prompt,
                           const GenerationRequest& request, const GenerationCallbacks& cb)
{
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const tokenizer::Tokenizer& tok = model.requireTokenizer();
    GenerationMetrics m;
    m.promptTokens = uint32_t(prompt.size());
    auto cancelled = [&] { return cb.cancel && cb.cancel->load(std::memory_order_relaxed); };
    auto finish = [&](FinishReason why) {
        m.finish = why;
        model.pool().idleHint();  // request boundary: let the pool's threads sleep now
        m.pool = model.pool().telemetry();
        return m;
    };

    PrefillProgress progress = [&](uint32_t done, uint32_t total) {
        if (cancelled())
            return false;
        return cb.onPrefill ? cb.onPrefill(done, total) : true;
    };
    const PrefillResult pre = session.setPrompt(prompt, progress);
    m.reusedTokens = pre.reused;
    m.prefilledTokens = pre.computed;
    m.prefillSeconds = pre.elapsed.count();
    m.prefillTokensPerSecond = pre.tokensPerSecond();
    if (pre.cancelled)
        return finish(FinishReason::Cancelled);

    Sampler sampler(request.sampling);
    tokenizer::StreamingDetokenizer detok(tok, {.renderSpecial = false, .stripSpacePrefix = true});
    StopStringFilter stops(request.stopStrings);
    const auto decodeStart = Clock::now();
    auto emit = [&](const std::string& text) {
        if (!text.empty() && cb.onText)
            cb.onText(text);
    };
    FinishReason why = FinishReason::Length;
    for (uint32_t i = 0; i < request.maxTokens; ++i) {
        if (cancelled()) {
            why = FinishReason::Cancelled;
            break;
        }
        const int32_t next = session.sample(sampler);
        if (i == 0)
            m.timeToFirstTokenSeconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (tok.isEndOfGeneration(next)) {
            why = FinishReason::EndOfGeneration;
            break;
        }
        if (cb.onToken)
            cb.onToken(next, session.logits());
        ++m.generatedTokens;
        emit(stops.push(detok.push(next)));
        if (stops.stopped()) {
            why = FinishReason::StopString;
            break;
        }
        if (session.remaining() == 0) {
            why = FinishReason::ContextFull;
            break;
        }
        session.append(next);
    }
    if (!stops.stopped())
        emit(stops.push(detok.finish()) + stops.flush());
    m.decodeSeconds = std::chrono::duration<double>(Clock::now() - decodeStart).count();
    m.decodeTokensPerSecond = m.decodeSeconds > 0 ? m.generatedTokens / m.decodeSeconds : 0.0;
    return finish(why);
}

}  // namespace strata::model
