#include "strata/chat_template/value.hpp"

#include "chat_template/unicode.hpp"
#include "strata/core/error.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace strata::chat_template {

Value Value::none()
{
    Value v;
    v.kind_ = Kind::None;
    return v;
}

Value Value::undefined(std::string hint)
{
    Value v;
    v.s_ = std::move(hint);
    return v;
}

Value::Value(bool b) : kind_(Kind::Bool), b_(b) {}
Value::Value(int i) : kind_(Kind::Int), i_(i) {}
Value::Value(std::int64_t i) : kind_(Kind::Int), i_(i) {}
Value::Value(double d) : kind_(Kind::Float), d_(d) {}
Value::Value(std::string s) : kind_(Kind::String), s_(std::move(s)) {}
Value::Value(std::string_view s) : kind_(Kind::String), s_(s) {}
Value::Value(const char* s) : kind_(Kind::String), s_(s) {}
Value::Value(List list) : kind_(Kind::List), list_(std::make_shared<List>(std::move(list))) {}
Value::Value(std::shared_ptr<List> list) : kind_(Kind::List), list_(std::move(list)) {}
Value::Value(std::shared_ptr<Dict> dict, bool isNamespace)
    : kind_(isNamespace ? Kind::Namespace : Kind::Dict), dict_(std::move(dict))
{}
Value::Value(std::shared_ptr<Function> fn) : kind_(Kind::Function), fn_(std::move(fn)) {}

Value Value::dict()
{
    return Value(std::make_shared<Dict>());
}

Value Value::tuple(List items)
{
    Value v(std::move(items));
    v.tuple_ = true;
    return v;
}

double Value::asDouble() const
{
    switch (kind_) {
    case Kind::Float: return d_;
    case Kind::Int: return static_cast<double>(i_);
    case Kind::Bool: return b_ ? 1.0 : 0.0;
    default: return 0.0;
    }
}

bool Value::truthy() const
{
    switch (kind_) {
    case Kind::Undefined:
    case Kind::None: return false;
    case Kind::Bool: return b_;
    case Kind::Int: return i_ != 0;
    case Kind::Float: return d_ != 0.0;
    case Kind::String: return !s_.empty();
    case Kind::List: return !list_->empty();
    case Kind::Dict: return !dict_->empty();
    case Kind::Namespace:
    case Kind::Function: return true;
    }
    return false;
}

Value Value::deepCopy(int depth) const
{
    if (depth > kMaxNesting)
        throw Error("value nested too deeply (more than 200 levels, or circular)");
    if (kind_ == Kind::List) {
        List copy;
        copy.reserve(list_->size());
        for (const Value& item : *list_)
            copy.push_back(item.deepCopy(depth + 1));
        return tuple_ ? tuple(std::move(copy)) : Value(std::move(copy));
    }
    if (kind_ == Kind::Dict || kind_ == Kind::Namespace) {
        auto copy = std::make_shared<Dict>();
        for (const auto& [key, item] : *dict_)
            copy->set(key, item.deepCopy(depth + 1));
        return Value(std::move(copy), kind_ == Kind::Namespace);
    }
    return *this;
}

const char* Value::typeName() const
{
    switch (kind_) {
    case Kind::Undefined: return "undefined";
    case Kind::None: return "NoneType";
    case Kind::Bool: return "bool";
    case Kind::Int: return "int";
    case Kind::Float: return "float";
    case Kind::String: return "str";
    case Kind::List: return "list object";
    case Kind::Dict: return "dict object";
    case Kind::Namespace: return "Namespace";
    case Kind::Function: return "function";
    }
    return "value";
}

const Value* Dict::find(std::string_view key) const
{
    auto it = index_.find(std::string(key));
    return it == index_.end() ? nullptr : &entries_[it->second].second;
}

Value* Dict::find(std::string_view key)
{
    auto it = index_.find(std::string(key));
    return it == index_.end() ? nullptr : &entries_[it->second].second;
}

void Dict::set(std::string key, Value value)
{
    auto it = index_.find(key);
    if (it != index_.end()) {
        entries_[it->second].second = std::move(value);
        return;
    }
    index_.emplace(key, entries_.size());
    entries_.emplace_back(std::move(key), std::move(value));
}

void Dict::clear()
{
    entries_.clear();
    index_.clear();
}

std::string pythonFloatRepr(double d)
{
    if (std::isnan(d))
        return "nan";
    if (std::isinf(d))
        return d > 0 ? "inf" : "-inf";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    bool negative = false;
    std::size_t p = 0;
    if (sci[0] == '-') {
        negative = true;
        p = 1;
    }
    const std::size_t e = sci.find('e');
    std::string digits;
    for (std::size_t i = p; i < e; ++i)
        if (sci[i] != '.')
            digits += sci[i];
    const int exponent = std::stoi(sci.substr(e + 1));
    std::string out = negative ? "-" : "";
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) {
            out += "0.";
            out.append(static_cast<std::size_t>(-exponent - 1), '0');
            out += digits;
        } else {
            const auto intDigits = static_cast<std::size_t>(exponent) + 1;
            if (digits.size() <= intDigits) {
                out += digits;
                out.append(intDigits - digits.size(), '0');
                out += ".0";
            } else {
                out += digits.substr(0, intDigits);
                out += '.';
                out += digits.substr(intDigits);
            }
        }
        return out;
    }
    out += digits[0];
    if (digits.size() > 1) {
        out += '.';
        out += digits.substr(1);
    }
    char expText[16];
    std::snprintf(expText, sizeof expText, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return out + expText;
}

namespace {

bool isPrintable(char32_t cp)
{
    if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0xA0) || cp == 0xAD)
        return false;
    if (cp >= 0x2000 && cp <= 0x200F)
        return false;
    if ((cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0xFEFF
        || (cp >= 0xD800 && cp <= 0xDFFF))
        return false;
    return true;
}

std::string reprString(const std::string& s)
{
    const bool hasSingle = s.find('\'') != std::string::npos;
    const bool hasDouble = s.find('"') != std::string::npos;
    const char quote = (hasSingle && !hasDouble) ? '"' : '\'';
    std::string out(1, quote);
    for (std::size_t pos = 0, len = 1; pos < s.size(); pos += len) {
        const char32_t cp = unicode::decode(s, pos, len);
        if (cp == '\\')
            out += "\\\\";
        else if (cp == static_cast<char32_t>(quote)) {
            out += '\\';
            out += quote;
        } else if (cp == '\n')
            out += "\\n";
        else if (cp == '\r')
            out += "\\r";
        else if (cp == '\t')
            out += "\\t";
        else if (!isPrintable(cp)) {
            char buf[16];
            if (cp < 0x100)
                std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
            else if (cp < 0x10000)
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            else
                std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(s, pos, len);
        }
    }
    out += quote;
    return out;
}

void appendRepr(std::string& out, const Value& v, int depth, std::size_t limit);

// Containers are where a short value prints long (a list holding one sub-list many times prints
// it each time), so the limit is checked before each item.
void checkPrintLimit(const std::string& out, std::size_t limit)
{
    if (out.size() > limit)
        throw Error("value too large to print (more than " + std::to_string(limit) + " bytes)");
}

void appendStr(std::string& out, const Value& v, int depth, std::size_t limit)
{
    switch (v.kind()) {
    case Value::Kind::Undefined: return;
    case Value::Kind::None: out += "None"; return;
    case Value::Kind::Bool: out += v.asBool() ? "True" : "False"; return;
    case Value::Kind::Int: out += std::to_string(v.asInt()); return;
    case Value::Kind::Float: out += pythonFloatRepr(v.asDouble()); return;
    case Value::Kind::String: out += v.asString(); return;
    default: appendRepr(out, v, depth, limit); return;
    }
}

void appendRepr(std::string& out, const Value& v, int depth, std::size_t limit)
{
    if (depth > kMaxNesting)
        throw Error("value nested too deeply (more than 200 levels, or circular)");
    switch (v.kind()) {
    case Value::Kind::Undefined: out += "Undefined"; return;
    case Value::Kind::String: out += reprString(v.asString()); return;
    case Value::Kind::List: {
        out += v.isTuple() ? '(' : '[';
        bool first = true;
        for (const Value& item : v.list()) {
            checkPrintLimit(out, limit);
            if (!first)
                out += ", ";
            first = false;
            appendRepr(out, item, depth + 1, limit);
        }
        if (v.isTuple() && v.list().size() == 1)
            out += ',';
        out += v.isTuple() ? ')' : ']';
        return;
    }
    case Value::Kind::Dict:
    case Value::Kind::Namespace: {
        if (v.isNamespace())
            out += "<Namespace ";
        out += '{';
        bool first = true;
        for (const auto& [key, item] : v.dictRef()) {
            checkPrintLimit(out, limit);
            if (!first)
                out += ", ";
            first = false;
            out += reprString(key);
            out += ": ";
            appendRepr(out, item, depth + 1, limit);
        }
        out += '}';
        if (v.isNamespace())
            out += '>';
        return;
    }
    case Value::Kind::Function: out += "<function " + v.function().name + ">"; return;
    default: appendStr(out, v, depth, limit); return;
    }
}

}  // namespace

std::string toPythonStr(const Value& v, std::size_t maxBytes)
{
    std::string out;
    appendStr(out, v, 0, maxBytes);
    checkPrintLimit(out, maxBytes);
    return out;
}

std::string toPythonRepr(const Value& v, std::size_t maxBytes)
{
    std::string out;
    appendRepr(out, v, 0, maxBytes);
    checkPrintLimit(out, maxBytes);
    return out;
}

namespace {

// Two lists that each hold one sub-list twice, nested 60 deep, compare 2^60 leaf pairs (Python
// takes as long); a comparison visits at most this many pairs. Real values (messages, tool
// schemas) are thousands of nodes.
constexpr std::size_t kMaxComparedNodes = 1u << 20;

bool equalsBounded(const Value& a, const Value& b, int depth, std::size_t& nodesLeft)
{
    if (nodesLeft-- == 0)
        throw Error("values too large to compare (more than " + std::to_string(kMaxComparedNodes) + " items)");
    if (depth > kMaxNesting)
        throw Error("value nested too deeply (more than 200 levels, or circular)");
    if (a.isNumber() && b.isNumber()) {
        if (a.isFloat() || b.isFloat())
            return a.asDouble() == b.asDouble();
        return a.asInt() == b.asInt();
    }
    if (a.kind() != b.kind())
        return false;
    switch (a.kind()) {
    case Value::Kind::Undefined:
    case Value::Kind::None: return true;
    case Value::Kind::String: return a.asString() == b.asString();
    case Value::Kind::List: {
        if (a.listPtr() == b.listPtr())
            return true;
        if (a.isTuple() != b.isTuple())
            return false;
        if (a.list().size() != b.list().size())
            return false;
        for (std::size_t i = 0; i < a.list().size(); ++i)
            if (!equalsBounded(a.list()[i], b.list()[i], depth + 1, nodesLeft))
                return false;
        return true;
    }
    case Value::Kind::Dict: {
        if (a.dictPtr() == b.dictPtr())
            return true;
        if (a.dictRef().size() != b.dictRef().size())
            return false;
        for (const auto& [key, item] : a.dictRef()) {
            const Value* other = b.dictRef().find(key);
            if (!other || !equalsBounded(item, *other, depth + 1, nodesLeft))
                return false;
        }
        return true;
    }
    case Value::Kind::Namespace: return a.dictPtr() == b.dictPtr();
    case Value::Kind::Function: return &a.function() == &b.function();
    default: return false;
    }
}

}  // namespace

bool pythonEquals(const Value& a, const Value& b, int depth)
{
    std::size_t nodesLeft = kMaxComparedNodes;
    return equalsBounded(a, b, depth, nodesLeft);
}

}  // namespace strata::chat_template
