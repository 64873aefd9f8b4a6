#include "server/job_execution.hpp"

#include "server/api_error.hpp"
#include "strata/core/error.hpp"

namespace strata::server {

JobEvent jobFailure(int status, const std::string& message, const std::string& code)
{
    JobEvent e;
    e.kind = JobEvent::Kind::Failed;
    e.status = status;
    e.text = message;
    e.code = code;
    return e;
}

JobEvent jobFinished(const model::GenerationMetrics& metrics)
{
    JobEvent e;
    e.kind = JobEvent::Kind::Finished;
    e.metrics = metrics;
    return e;
}

namespace {

std::vector<int32_t> promptOf(const JobModel& target, const GenerationJob& job, const JobChannel& channel)
{
    if (job.tokens)
        return *job.tokens;
    const tokenizer::Tokenizer& tok = target.model.requireTokenizer();
    if (job.text)
        return tok.encode(*job.text, {.addSpecial = true, .parseSpecial = false});  // as strata-cli -p
    if (!target.chatTemplate)
        throw ApiError(500, "the model's chat template does not compile: " + target.templateError);
    chat_template::ChatOptions options;
    if (job.tools.isList()) {
        // chatContext sets extraVariables last, so this is the template's `tools`.
        options.extraVariables.dictRef().set("tools", job.tools);
    }
    return model::chatPromptTokens(target.model, *target.chatTemplate, job.messages, options,
                                   {.cancel = &channel.cancelFlag()});
}

void checkPrompt(const std::vector<int32_t>& prompt, int32_t vocab, uint32_t contextLength)
{
    if (prompt.empty())
        throw ApiError(400, "the prompt is empty", "prompt");
    for (int32_t id : prompt)
        if (id < 0 || id >= vocab)
            throw ApiError(400,
                           "token id " + std::to_string(id) + " is outside the vocabulary (0.."
                               + std::to_string(vocab - 1) + ")",
                           "prompt");
    // At least one token must fit after the prompt.
    if (prompt.size() >= contextLength)
        throw ApiError(400,
                       "This model's maximum context length is " + std::to_string(contextLength)
                           + " tokens. However, your prompt is " + std::to_string(prompt.size()) + " tokens.",
                       "messages", "context_length_exceeded");
}

}  // namespace

std::optional<model::GenerationMetrics> runJob(const JobModel& target, model::Session& session,
                                               const GenerationJob& job, JobChannel& channel,
                                               const std::function<void()>& onDecoded)
{
    try {
        const std::vector<int32_t> prompt = promptOf(target, job, channel);
        checkPrompt(prompt, int32_t(target.model.hparams().vocabSize), session.contextLength());
        JobEvent started;
        started.kind = JobEvent::Kind::Started;
        started.promptTokens = uint32_t(prompt.size());
        channel.push(std::move(started));
        // Tokens come before their text (the detokenizer may hold a piece back): their logprobs
        // wait here and go out with the next piece.
        std::vector<TokenLogprob> pending;
        auto pushText = [&](std::string_view piece) {
            JobEvent e;
            e.kind = JobEvent::Kind::Text;
            e.text = std::string(piece);
            e.logprobs = std::move(pending);
            pending.clear();
            channel.push(std::move(e));
        };
        model::GenerationCallbacks callbacks{.onText = pushText, .cancel = &channel.cancelFlag()};
        const std::optional<int> top = job.topLogprobs;
        if (top || onDecoded)
            callbacks.onToken = [&, top](int32_t token, std::span<const float> logits) {
                if (top)
                    pending.push_back(tokenLogprob(target.model.requireTokenizer(), token, logits, *top));
                if (onDecoded)
                    onDecoded();
            };
        const model::GenerationMetrics metrics = model::generate(target.model, session, prompt, job.request, callbacks);
        if (!pending.empty())
            pushText({});
        return metrics;
    } catch (const ApiError& e) {
        channel.push(jobFailure(e.status(), e.what(), e.code()));
    } catch (const chat_template::RenderCancelled&) {
        channel.push(jobFailure(499, "the client went away"));
    } catch (const chat_template::TemplateError& e) {
        channel.push(jobFailure(400, std::string("the chat template failed on these messages: ") + e.what()));
    } catch (const std::exception& e) {
        // A failed prefill leaves the session's cache unknown: start the next request afresh.
        session.clear();
        channel.push(jobFailure(500, e.what()));
    }
    return std::nullopt;
}

}  // namespace strata::server
