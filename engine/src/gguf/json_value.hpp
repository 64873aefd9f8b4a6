// A small JSON reader for the files model conversion needs (HF tokenizer.json, tokenizer_config.json).
// Internal to the engine's gguf module; errors name the file and the byte offset.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace strata::gguf::detail {

class JsonValue {
public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    Kind kind() const { return kind_; }
    bool isNull() const { return kind_ == Kind::Null; }
    bool isString() const { return kind_ == Kind::String; }
    bool isArray() const { return kind_ == Kind::Array; }
    bool isObject() const { return kind_ == Kind::Object; }
    bool isBool() const { return kind_ == Kind::Bool; }
    bool isNumber() const { return kind_ == Kind::Number; }

    bool boolean() const { return bool_; }
    double number() const { return number_; }
    const std::string& string() const { return string_; }
    const std::vector<JsonValue>& items() const { return items_; }                        // Array
    const std::vector<std::pair<std::string, JsonValue>>& members() const { return members_; }  // Object, file order
    const JsonValue* find(std::string_view key) const;  // Object member or null

    static JsonValue parse(std::string_view text, const std::string& fileName);  // throws strata::Error
    static JsonValue parseFile(const std::string& path);

private:
    friend class JsonParser;
    Kind kind_ = Kind::Null;
    bool bool_ = false;
    double number_ = 0;
    std::string string_;
    std::vector<JsonValue> items_;
    std::vector<std::pair<std::string, JsonValue>> members_;
};

}  // namespace strata::gguf::detail
