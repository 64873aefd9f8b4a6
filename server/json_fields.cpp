#include "server/json_fields.hpp"

#include <cmath>

namespace strata::server {

namespace {

// The last path component: an object field is looked up by it ("messages[1].content" -> "content").
std::string leafName(const std::string& path)
{
    const size_t dot = path.rfind('.');
    return dot == std::string::npos ? path : path.substr(dot + 1);
}

const Json* present(const Json& object, const std::string& path)
{
    const auto it = object.find(leafName(path));
    if (it == object.end() || it->is_null())
        return nullptr;
    return &*it;
}

[[noreturn]] void wrongType(const std::string& path, const char* wanted, const Json& got)
{
    throw ApiError(400, "'" + path + "' must be " + wanted + ", not " + typeName(got), path);
}

}  // namespace

std::string typeName(const Json& value)
{
    switch (value.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "a number";
    default: return "an unsupported value";
    }
}

std::string fieldPath(const std::string& array, size_t index, const std::string& field)
{
    std::string path = array + "[" + std::to_string(index) + "]";
    return field.empty() ? path : path + "." + field;
}

Json parseRequestBody(const std::string& text)
{
    Json body;
    try {
        body = Json::parse(text);
    } catch (const Json::parse_error& e) {
        throw ApiError(400, "malformed JSON in the request body at byte " + std::to_string(e.byte) + "");
    }
    if (!body.is_object())
        throw ApiError(400, "the request body must be a JSON object, not " + typeName(body));
    return body;
}

std::optional<double> numberField(const Json& object, const std::string& name, double min, double max)
{
    const Json* v = present(object, name);
    if (!v)
        return std::nullopt;
    if (!v->is_number())
        wrongType(name, "a number", *v);
    const double d = v->get<double>();
    if (!std::isfinite(d) || d < min || d > max)
        throw ApiError(400,
                       "'" + name + "' must be between " + Json(min).dump() + " and " + Json(max).dump() + ", not "
                           + v->dump(),
                       name);
    return d;
}

std::optional<int64_t> integerField(const Json& object, const std::string& name, int64_t min, int64_t max)
{
    const Json* v = present(object, name);
    if (!v)
        return std::nullopt;
    if (!v->is_number_integer())
        wrongType(name, "an integer", *v);
    if (v->is_number_unsigned() && v->get<uint64_t>() > uint64_t(INT64_MAX))
        throw ApiError(400, "'" + name + "' is too large", name);
    const int64_t i = v->get<int64_t>();
    if (i < min || i > max)
        throw ApiError(400,
                       "'" + name + "' must be between " + std::to_string(min) + " and " + std::to_string(max)
                           + ", not " + std::to_string(i),
                       name);
    return i;
}

std::optional<bool> boolField(const Json& object, const std::string& name)
{
    const Json* v = present(object, name);
    if (!v)
        return std::nullopt;
    if (!v->is_boolean())
        wrongType(name, "a boolean", *v);
    return v->get<bool>();
}

std::optional<std::string> stringField(const Json& object, const std::string& name)
{
    const Json* v = present(object, name);
    if (!v)
        return std::nullopt;
    if (!v->is_string())
        wrongType(name, "a string", *v);
    return v->get<std::string>();
}

const Json& requiredField(const Json& object, const std::string& name)
{
    const Json* v = present(object, name);
    if (!v)
        throw ApiError(400, "'" + name + "' is required", name);
    return *v;
}

std::string requiredString(const Json& object, const std::string& name)
{
    const Json& v = requiredField(object, name);
    if (!v.is_string())
        wrongType(name, "a string", v);
    return v.get<std::string>();
}

std::vector<std::string> stringOrStrings(const Json& object, const std::string& name, size_t maxCount)
{
    const Json* v = present(object, name);
    if (!v)
        return {};
    if (v->is_string())
        return {v->get<std::string>()};
    if (!v->is_array())
        wrongType(name, "a string or an array of strings", *v);
    if (v->size() > maxCount)
        throw ApiError(400, "'" + name + "' takes at most " + std::to_string(maxCount) + " strings", name);
    std::vector<std::string> out;
    for (size_t i = 0; i < v->size(); ++i) {
        if (!(*v)[i].is_string())
            wrongType(fieldPath(name, i), "a string", (*v)[i]);
        if (!(*v)[i].get_ref<const std::string&>().empty())
            out.push_back((*v)[i].get<std::string>());
    }
    return out;
}

}  // namespace strata::server
