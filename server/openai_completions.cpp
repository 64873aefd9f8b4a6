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
    // The legacy API's logprobs is a count of alternatives (at most 5); 0 asks for none, as llama-server reads it.
    if (const int top = integerField(body, "logprobs", 0, 5).value_or(0); top > 0)
        job.topLogprobs = top;
    if (boolField(body, "echo").value_or(false))
        throw ApiError(400, "'echo' is not supported by this server", "echo");
    if (stringField(body, "suffix"))
        throw ApiError(400, "'suffix' is not supported by this server", "suffix");
    job.request = openAiGenerationRequest(body, contextLength);
    if (!body.contains("max_tokens") && !body.contains("max_completion_tokens"))
        job.request.maxTokens = 16;  // the completions API's documented default
    return job;
}

OpenAiCompletionFormat::OpenAiCompletionFormat(std::string model, bool includeUsage, bool logprobs)
    : id_(randomId("cmpl-")), model_(std::move(model)), created_(std::time(nullptr)), includeUsage_(includeUsage),
      logprobs_(logprobs)
{}

Json OpenAiCompletionFormat::whole(const std::string& text, const std::vector<TokenLogprob>& logprobs,
                                   const model::GenerationMetrics& metrics) const
{
    size_t offset = 0;
    Json c = chunk(text, openAiFinishReason(metrics.finish), legacyLogprobs(logprobs, offset));
    c["usage"] = openAiUsage(metrics);
    c["timings"] = timingsOf(metrics);
    return c;
}

// The legacy shape: parallel lists of the tokens, their logprobs, a {token: logprob} map of the
// alternatives for each, and each token's byte offset in the completion (counted from its start:
// no echo of the prompt). `offset` carries on across a stream's chunks. Null when not asked for.
Json OpenAiCompletionFormat::legacyLogprobs(const std::vector<TokenLogprob>& logprobs, size_t& offset) const
{
    if (!logprobs_)
        return nullptr;
    Json tokens = Json::array(), values = Json::array(), top = Json::array(), offsets = Json::array();
    for (const TokenLogprob& t : logprobs) {
        tokens.push_back(t.bytes);
        values.push_back(t.logprob);
        Json alternatives = Json::object();
        for (const TokenLogprob::Alternative& a : t.top)
            alternatives[a.bytes] = a.logprob;
        top.push_back(std::move(alternatives));
        offsets.push_back(offset);
        offset += t.bytes.size();
    }
    return {{"tokens", tokens}, {"token_logprobs", values}, {"top_logprobs", top}, {"text_offset", offsets}};
}

Json OpenAiCompletionFormat::chunk(const std::string& text, Json finishReason, Json logprobs) const
{
    return {{"id", id_},
            {"object", "text_completion"},
            {"created", created_},
            {"model", model_},
            {"choices", Json::array({{{"text", text},
                                      {"index", 0},
                                      {"logprobs", std::move(logprobs)},
                                      {"finish_reason", std::move(finishReason)}}})}};
}

std::string OpenAiCompletionFormat::streamStart(uint32_t)
{
    return {};
}

std::string OpenAiCompletionFormat::streamText(std::string_view piece, const std::vector<TokenLogprob>& logprobs)
{
    if (piece.empty() && logprobs.empty())
        return {};
    return sseEvent(chunk(std::string(piece), nullptr, legacyLogprobs(logprobs, streamOffset_)));
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
