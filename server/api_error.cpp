#include "server/api_error.hpp"

#include <nlohmann/json.hpp>

namespace strata::server {

ApiError::ApiError(int status, const std::string& message, std::string param, std::string code)
    : std::runtime_error(message), status_(status), param_(std::move(param)), code_(std::move(code))
{}

namespace {

// The error types the real APIs send for each status.
const char* openAiType(int status)
{
    switch (status) {
    case 401: return "authentication_error";
    case 404:
    case 400:
    case 413: return "invalid_request_error";
    default: return status >= 500 ? "server_error" : "invalid_request_error";
    }
}

const char* anthropicType(int status)
{
    switch (status) {
    case 400: return "invalid_request_error";
    case 401: return "authentication_error";
    case 403: return "permission_error";
    case 404: return "not_found_error";
    case 413: return "request_too_large";
    case 429: return "rate_limit_error";
    case 503: return "overloaded_error";
    default: return status >= 500 ? "api_error" : "invalid_request_error";
    }
}

}  // namespace

std::string errorBody(ApiDialect dialect, const ApiError& error)
{
    using nlohmann::json;
    if (dialect == ApiDialect::Anthropic)
        return json{{"type", "error"}, {"error", {{"type", anthropicType(error.status())}, {"message", error.what()}}}}
            .dump(-1, ' ', false, json::error_handler_t::replace);
    json inner = {{"message", error.what()},
                  {"type", openAiType(error.status())},
                  {"param", error.param().empty() ? json(nullptr) : json(error.param())},
                  {"code", error.code().empty() ? json(nullptr) : json(error.code())}};
    return json{{"error", std::move(inner)}}.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace strata::server
