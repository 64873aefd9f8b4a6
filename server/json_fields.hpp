// Reading a request body: JSON that must parse, and fields whose type is checked. Every problem is
// an ApiError 400 that names the field ("messages[1].content"), never an exception from the JSON
// library reaching the client as a crash or a 500.
#pragma once

#include "server/api_error.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace strata::server {

using Json = nlohmann::json;

// The body as a JSON object; 400 "malformed JSON ... at byte N" otherwise.
Json parseRequestBody(const std::string& text);

// Absent or null: nullopt. Present with another type, or outside [min, max]: 400 naming `name`.
std::optional<double> numberField(const Json& object, const std::string& name, double min, double max);
std::optional<int64_t> integerField(const Json& object, const std::string& name, int64_t min, int64_t max);
std::optional<bool> boolField(const Json& object, const std::string& name);
std::optional<std::string> stringField(const Json& object, const std::string& name);
// Required variants: absent is a 400 too.
const Json& requiredField(const Json& object, const std::string& name);
std::string requiredString(const Json& object, const std::string& name);
// A string or an array of strings (OpenAI's "stop", at most `maxCount`); absent: empty.
std::vector<std::string> stringOrStrings(const Json& object, const std::string& name, size_t maxCount);

// "messages[2].content" from ("messages", 2, "content").
std::string fieldPath(const std::string& array, size_t index, const std::string& field = {});
// The JSON type's name as the error message shows it ("a string", "an array").
std::string typeName(const Json& value);

}  // namespace strata::server
