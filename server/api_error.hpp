// An error to report to a client: its HTTP status and the fields both APIs' error bodies carry.
// Thrown while a request is read or run; the route turns it into its API's JSON error body.
#pragma once

#include <stdexcept>
#include <string>

namespace strata::server {

// Which API a route speaks: the error body and the streaming format follow it.
enum class ApiDialect { OpenAi, Anthropic };

class ApiError : public std::runtime_error {
public:
    // `param`: the request field at fault (OpenAI's "param"); `code`: OpenAI's machine-readable code.
    ApiError(int status, const std::string& message, std::string param = {}, std::string code = {});
    int status() const { return status_; }
    const std::string& param() const { return param_; }
    const std::string& code() const { return code_; }

private:
    int status_;
    std::string param_;
    std::string code_;
};

// OpenAI: {"error": {"message", "type", "param", "code"}}.
// Anthropic: {"type": "error", "error": {"type", "message"}}. The type follows the status.
std::string errorBody(ApiDialect dialect, const ApiError& error);

}  // namespace strata::server
