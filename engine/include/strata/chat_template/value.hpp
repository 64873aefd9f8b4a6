// The values a chat template computes with: Python/Jinja2 semantics (none vs undefined, int vs
// float, insertion-ordered dicts, shared mutable lists) so renderings match Jinja2 byte for byte.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace strata::chat_template {

class Value;
class Dict;
using List = std::vector<Value>;

// Arguments of a call: positional then keyword, as written in the template.
struct CallArgs {
    std::vector<Value> positional;
    std::vector<std::pair<std::string, Value>> keyword;
};

// A callable value: a macro, a global such as range(), loop.cycle or caller().
struct Function {
    std::string name;
    std::function<Value(CallArgs&)> call;
};

class Value {
public:
    enum class Kind { Undefined, None, Bool, Int, Float, String, List, Dict, Namespace, Function };

    Value() = default;  // undefined
    static Value none();
    static Value undefined(std::string hint = {});
    Value(bool b);
    Value(int i);
    Value(std::int64_t i);
    Value(double d);
    Value(std::string s);
    Value(std::string_view s);
    Value(const char* s);
    Value(List list);
    Value(std::shared_ptr<List> list);
    Value(std::shared_ptr<Dict> dict, bool isNamespace = false);
    Value(std::shared_ptr<Function> fn);
    static Value dict();  // a new empty dict
    // A Python tuple: a list that prints as (a, b) and never equals a list (items(), dictsort).
    static Value tuple(List items);

    Kind kind() const { return kind_; }
    bool isUndefined() const { return kind_ == Kind::Undefined; }
    bool isNone() const { return kind_ == Kind::None; }
    bool isBool() const { return kind_ == Kind::Bool; }
    bool isInt() const { return kind_ == Kind::Int; }
    bool isFloat() const { return kind_ == Kind::Float; }
    bool isNumber() const { return kind_ == Kind::Int || kind_ == Kind::Float || kind_ == Kind::Bool; }
    bool isString() const { return kind_ == Kind::String; }
    bool isList() const { return kind_ == Kind::List; }
    bool isTuple() const { return kind_ == Kind::List && tuple_; }
    bool isDict() const { return kind_ == Kind::Dict || kind_ == Kind::Namespace; }
    bool isNamespace() const { return kind_ == Kind::Namespace; }
    bool isFunction() const { return kind_ == Kind::Function; }

    bool asBool() const { return b_; }
    std::int64_t asInt() const { return kind_ == Kind::Bool ? (b_ ? 1 : 0) : i_; }
    double asDouble() const;  // int, bool or float
    const std::string& asString() const { return s_; }
    // Why an undefined value is undefined ("'dict object' has no attribute 'x'"), for errors.
    const std::string& undefinedHint() const { return s_; }
    List& list() const { return *list_; }
    const std::shared_ptr<List>& listPtr() const { return list_; }
    Dict& dictRef() const { return *dict_; }
    const std::shared_ptr<Dict>& dictPtr() const { return dict_; }
    Function& function() const { return *fn_; }

    // Python truthiness: empty strings/containers, 0, none and undefined are false.
    bool truthy() const;
    // A copy that shares nothing mutable with this value (functions are shared).
    Value deepCopy(int depth = 0) const;
    // Jinja2's type name for messages: "string", "list object", "dict object", ...
    const char* typeName() const;

private:
    Kind kind_ = Kind::Undefined;
    bool b_ = false;
    bool tuple_ = false;
    std::int64_t i_ = 0;
    double d_ = 0;
    std::string s_;
    std::shared_ptr<List> list_;
    std::shared_ptr<Dict> dict_;
    std::shared_ptr<Function> fn_;
};

// A string-keyed dict that keeps insertion order, like Python's.
class Dict {
public:
    using Entry = std::pair<std::string, Value>;

    const Value* find(std::string_view key) const;
    Value* find(std::string_view key);
    void set(std::string key, Value value);
    std::size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }
    void clear();
    std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
    std::vector<Entry>::const_iterator end() const { return entries_.end(); }
    const std::vector<Entry>& entries() const { return entries_; }

private:
    std::vector<Entry> entries_;
    std::unordered_map<std::string, std::size_t> index_;
};

// Python's rendering of values: str() as {{ x }} prints it, repr() for values inside containers.
// Containers nested deeper than kMaxNesting (or circular) raise strata::Error.
constexpr int kMaxNesting = 200;
// Past `maxBytes` of text they raise strata::Error (shared sub-lists print once per reference).
std::string toPythonStr(const Value& v, std::size_t maxBytes = SIZE_MAX);
std::string toPythonRepr(const Value& v, std::size_t maxBytes = SIZE_MAX);
std::string pythonFloatRepr(double d);
// Python ==: 1 == 1.0 == True, deep for containers; undefined equals only undefined.
bool pythonEquals(const Value& a, const Value& b, int depth = 0);

}  // namespace strata::chat_template
