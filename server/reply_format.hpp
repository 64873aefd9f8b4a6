// How one API writes a reply: the whole JSON body, or the stream of server-sent events. The
// route (api_server.cpp) feeds it the job's events; the format knows only field names and order.
#pragma once

#include "server/token_logprobs.hpp"
#include "strata/model/generation.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <random>
#include <string>
#include <string_view>

namespace strata::server {

class ReplyFormat {
public:
    virtual ~ReplyFormat() = default;
    // The non-streamed body once the job has finished.
    // `logprobs`: one per generated token, empty unless the request asked for them.
    virtual nlohmann::json whole(const std::string& text, const std::vector<TokenLogprob>& logprobs,
                                 const model::GenerationMetrics& metrics) const = 0;
    // Server-sent events, each complete ("data: ...\n\n"): before the first piece, per piece, at the end.
    virtual std::string streamStart(uint32_t promptTokens) = 0;
    virtual std::string streamText(std::string_view piece, const std::vector<TokenLogprob>& logprobs) = 0;
    virtual std::string streamEnd(const model::GenerationMetrics& metrics) = 0;
};

// JSON text for a client. Invalid UTF-8 (never expected: the engine's pieces are valid) becomes
// U+FFFD instead of an exception.
inline std::string jsonText(const nlohmann::json& value)
{
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// llama-server's "timings" object (not part of OpenAI's API; clients ignore it): what the engine
// measured for this request, so a client can tell engine time from transport time.
inline nlohmann::json timingsOf(const model::GenerationMetrics& m)
{
    return {{"cache_n", m.reusedTokens},
            {"prompt_n", m.prefilledTokens},
            {"prompt_ms", m.prefillSeconds * 1e3},
            {"prompt_per_second", m.prefillTokensPerSecond},
            {"predicted_n", m.generatedTokens},
            {"predicted_ms", m.decodeSeconds * 1e3},
            {"predicted_per_second", m.decodeTokensPerSecond},
            {"first_token_ms", m.timeToFirstTokenSeconds * 1e3}};
}

// One server-sent event: "event: NAME\n" when a name is given, then "data: JSON\n\n".
inline std::string sseEvent(const nlohmann::json& data, std::string_view name = {})
{
    std::string out;
    if (!name.empty())
        out.append("event: ").append(name).append("\n");
    out.append("data: ").append(jsonText(data)).append("\n\n");
    return out;
}

// "chatcmpl-" + 24 random hex digits: ids that clients may log and compare, never reused.
inline std::string randomId(std::string_view prefix)
{
    std::random_device device;
    char hex[25];
    std::snprintf(hex, sizeof hex, "%08x%08x%08x", device(), device(), device());
    return std::string(prefix) + hex;
}

}  // namespace strata::server
