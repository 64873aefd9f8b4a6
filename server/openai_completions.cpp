#include "server/openai_completions.hpp"

#include "server/openai_chat.hpp"
#include "server/openai_sampling.hpp"

#include <ctime>

namespace strata::server {

namespace {

std::vector<int32_t> tokenIds(const Json& array, const std::string& path)
{
    std::vector<int32_t> ids;
    for (size_t i = 0; i < array.size(); ++i) {
        if (!array[i].is_number_integer() || array[i].get<int64_t>() < 0 || array[i].get<int64_t>() > INT32_MAX)
            throw ApiError(400, "'" + fieldPath(path, i) + "' must be a token id (a non-negative integer)", path);
        ids.push_back(int32_t(array[i].get<int64_t>()));
    }
    return ids;
}

}  // namespace

GenerationJob completionJobFromBody(const Json& body, uint32_t contextLength)
{
    GenerationJob job;
    const Json& prompt = requiredField(body, "prompt");
    if (prompt.is_string()) {
        job.text = prompt.get<std::string>();
    } else if (prompt.is_array() && !prompt.empty() && prompt[0].is_string()) {
        if (prompt.size() != 1 || !prompt[0].is_string())
            throw ApiError(400, "'prompt' may hold one string: this server completes one prompt per request", "prompt");
        job.text = prompt[0].get<std::string>();
    } else if (prompt.is_array() && !prompt.empty() && prompt[0].is_array()) {
        if (prompt.size() != 1)
            throw ApiError(400, "'prompt' may hold one token list: one prompt per request", "prompt");
        job.tokens = tokenIds(prompt[0], "prompt[0]");
    } else if (prompt.is_array()) {
        job.tokens = tokenIds(prompt, "prompt");
    } else {
        throw ApiError(400, "'prompt' must be a string or an array of token ids, not " + typeName(prompt), "prompt");
    }
    // The legacy API's logprobs is a count; 0 asks for none.
    if (integerField(body, "logprobs", 0, 5).value_or(0) > 0)
        throw ApiError(400, "'logprobs' is not supported on /v1/completions yet (it is on /v1/chat/completions)",
                       "logprobs");
    if (boolField(body, "echo").value_or(false))
        throw ApiError(400, "'echo' is not supported by this server", "echo");
    if (stringField(body, "suffix"))
        throw ApiError(400, "'suffix' is not supported by this server", "suffix");
    job.request = openAiGenerationRequest(body, contextLength);
    if (!body.contains("max_tokens") && !body.contains("max_completion_tokens"))
        job.request.maxTokens = 16;  // the completions API's documented default
    return job;
}

OpenAiCompletionFormat::OpenAiCompletionFormat(std::string model, bool includeUsage)
    : id_(randomId("cmpl-")), model_(std::move(model)), created_(std::time(nullptr)), includeUsage_(includeUsage)
{}

Json OpenAiCompletionFormat::whole(const std::string& text, const std::vector<TokenLogprob>&,
                                   const model::GenerationMetrics& metrics) const
{
    Json c = chunk(text, openAiFinishReason(metrics.finish));
    c["usage"] = openAiUsage(metrics);
    c["timings"] = timingsOf(metrics);
    return c;
}

Json OpenAiCompletionFormat::chunk(const std::string& text, Json finishReason) const
{
    return {{"id", id_},
            {"object", "text_completion"},
            {"created", created_},
            {"model", model_},
            {"choices",
             Json::array(
                 {{{"text", text}, {"index", 0}, {"logprobs", nullptr}, {"finish_reason", std::move(finishReason)}}})}};
}

std::string OpenAiCompletionFormat::streamStart(uint32_t)
{
    return {};
}

std::string OpenAiCompletionFormat::streamText(std::string_view piece, const std::vector<TokenLogprob>&)
{
    return sseEvent(chunk(std::string(piece), nullptr));
}

std::string OpenAiCompletionFormat::streamEnd(const model::GenerationMetrics& metrics)
{
    Json last = chunk("", openAiFinishReason(metrics.finish));
    last["timings"] = timingsOf(metrics);
    std::string out = sseEvent(last);
    if (includeUsage_) {
        Json usage = chunk("", nullptr);
        usage["choices"] = Json::array();
        usage["usage"] = openAiUsage(metrics);
        out += sseEvent(usage);
    }
    return out + "data: [DONE]\n\n";
}

}  // namespace strata::server
