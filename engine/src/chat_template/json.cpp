#include "strata/chat_template/json.hpp"

#include "chat_template/unicode.hpp"
#include "strata/core/error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace strata::chat_template {

namespace {

// Builds Values straight from nlohmann's SAX events: objects keep their key order in a Dict (no
// intermediate DOM), and nesting deeper than kMaxNesting stops the parse before it can exhaust the stack.
class ValueBuilder : public nlohmann::json_sax<nlohmann::json> {
public:
    explicit ValueBuilder(std::string_view text) : text_(text) {}

    bool null() override { return add(Value::none()); }
    bool boolean(bool b) override { return add(Value(b)); }
    bool number_integer(number_integer_t i) override { return add(Value(static_cast<std::int64_t>(i))); }
    bool number_unsigned(number_unsigned_t u) override
    {
        // Integers beyond int64 become floats, as the doc comment of parseJson promises.
        if (u > static_cast<number_unsigned_t>(std::numeric_limits<std::int64_t>::max()))
            return add(Value(static_cast<double>(u)));
        return add(Value(static_cast<std::int64_t>(u)));
    }
    bool number_float(number_float_t d, const string_t& /*text*/) override { return add(Value(d)); }
    bool string(string_t& s) override { return add(Value(std::move(s))); }
    bool binary(binary_t& /*bytes*/) override { return false; }  // not produced from JSON text
    bool start_object(std::size_t /*size*/) override { return open(Value::dict()); }
    bool key(string_t& k) override
    {
        key_ = std::move(k);
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t /*size*/) override { return open(Value(List{})); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string& /*last_token*/,
                     const nlohmann::json::exception& ex) override
    {
        // nlohmann's message reads "[json.exception.parse_error.101] parse error at line 2, column 3:
        // syntax error while parsing value - invalid literal; last read: 'x'": keep what follows the colon.
        const std::string what = ex.what();
        const std::size_t colon = what.find(": ");
        fail(position > 0 ? position - 1 : 0, colon == std::string::npos ? what : what.substr(colon + 2));
    }

    Value result()
    {
        if (nestedTooDeep_)
            fail(0, "JSON nested more than 200 levels");
        return std::move(root_);
    }

private:
    [[noreturn]] void fail(std::size_t pos, const std::string& what) const
    {
        int line = 1;
        int column = 1;
        for (std::size_t i = 0; i < pos && i < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                column = 1;
            } else
                ++column;
        }
        throw Error("JSON:" + std::to_string(line) + ":" + std::to_string(column) + ": " + what);
    }

    bool add(Value v)
    {
        if (stack_.empty()) {
            root_ = std::move(v);
        } else if (stack_.back().isList()) {
            stack_.back().list().push_back(std::move(v));
        } else {
            stack_.back().dictRef().set(std::move(key_), std::move(v));
        }
        return true;
    }
    bool open(Value container)
    {
        if (stack_.size() >= static_cast<std::size_t>(kMaxNesting)) {
            nestedTooDeep_ = true;
            return false;  // stops the parse; result() reports it
        }
        add(container);  // shares the list/dict with the parent, filled in place below
        stack_.push_back(std::move(container));
        return true;
    }
    bool close()
    {
        stack_.pop_back();
        return true;
    }

    std::string_view text_;
    Value root_;
    std::vector<Value> stack_;
    std::string key_;
    bool nestedTooDeep_ = false;
};

void appendJsonString(std::string& out, const std::string& s, bool ensureAscii)
{
    out += '"';
    for (std::size_t pos = 0, len = 1; pos < s.size(); pos += len) {
        const char32_t cp = unicode::decode(s, pos, len);
        char buf[16];
        switch (cp) {
        case '"': out += "\\\""; continue;
        case '\\': out += "\\\\"; continue;
        case '\n': out += "\\n"; continue;
        case '\r': out += "\\r"; continue;
        case '\t': out += "\\t"; continue;
        case '\b': out += "\\b"; continue;
        case '\f': out += "\\f"; continue;
        default: break;
        }
        if (cp < 0x20 || (ensureAscii && cp >= 0x7F)) {
            if (cp >= 0x10000) {
                const char32_t v = cp - 0x10000;
                std::snprintf(buf, sizeof buf, "\\u%04x\\u%04x", static_cast<unsigned>(0xD800 + (v >> 10)),
                              static_cast<unsigned>(0xDC00 + (v & 0x3FF)));
            } else {
                std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            }
            out += buf;
        } else {
            out.append(s, pos, len);
        }
    }
    out += '"';
}

class JsonDumper {
public:
    explicit JsonDumper(const JsonDumpOptions& o) : o_(o)
    {
        const bool pretty = o.indent >= 0 || !o.indentText.empty();
        itemSep_ = !o.itemSeparator.empty() ? o.itemSeparator : (pretty ? "," : ", ");
        keySep_ = !o.keySeparator.empty() ? o.keySeparator : ": ";
        pretty_ = pretty;
        unit_ =
            !o.indentText.empty() ? o.indentText : std::string(static_cast<std::size_t>(std::max(o.indent, 0)), ' ');
    }

    void dump(std::string& out, const Value& v, int depth)
    {
        if (depth > kMaxNesting)
            throw Error("tojson: value nested too deeply (more than 200 levels, or circular)");
        switch (v.kind()) {
        case Value::Kind::None: out += "null"; return;
        case Value::Kind::Bool: out += v.asBool() ? "true" : "false"; return;
        case Value::Kind::Int: out += std::to_string(v.asInt()); return;
        case Value::Kind::Float: {
            const double d = v.asDouble();
            if (std::isnan(d))
                out += "NaN";
            else if (std::isinf(d))
                out += d > 0 ? "Infinity" : "-Infinity";
            else
                out += pythonFloatRepr(d);
            return;
        }
        case Value::Kind::String: appendJsonString(out, v.asString(), o_.ensureAscii); return;
        case Value::Kind::List: {
            if (v.list().empty()) {
                out += "[]";
                return;
            }
            out += '[';
            bool first = true;
            for (const Value& item : v.list()) {
                if (out.size() > o_.maxBytes)
                    throw Error("tojson: value too large (more than " + std::to_string(o_.maxBytes) + " bytes)");
                if (!first)
                    out += itemSep_;
                first = false;
                newline(out, depth + 1);
                dump(out, item, depth + 1);
            }
            newline(out, depth);
            out += ']';
            return;
        }
        case Value::Kind::Dict: {
            if (v.dictRef().empty()) {
                out += "{}";
                return;
            }
            std::vector<const Dict::Entry*> entries;
            for (const auto& e : v.dictRef())
                entries.push_back(&e);
            if (o_.sortKeys)
                std::stable_sort(entries.begin(), entries.end(),
                                 [](const Dict::Entry* a, const Dict::Entry* b) { return a->first < b->first; });
            out += '{';
            bool first = true;
            for (const Dict::Entry* e : entries) {
                if (out.size() > o_.maxBytes)
                    throw Error("tojson: value too large (more than " + std::to_string(o_.maxBytes) + " bytes)");
                if (!first)
                    out += itemSep_;
                first = false;
                newline(out, depth + 1);
                appendJsonString(out, e->first, o_.ensureAscii);
                out += keySep_;
                dump(out, e->second, depth + 1);
            }
            newline(out, depth);
            out += '}';
            return;
        }
        default: throw Error(std::string("tojson: object of type ") + v.typeName() + " is not JSON serializable");
        }
    }

private:
    void newline(std::string& out, int depth)
    {
        if (!pretty_)
            return;
        out += '\n';
        for (int i = 0; i < depth; ++i)
            out += unit_;
    }

    const JsonDumpOptions& o_;
    std::string itemSep_;
    std::string keySep_;
    std::string unit_;
    bool pretty_ = false;
};

}  // namespace

Value parseJson(std::string_view text)
{
    ValueBuilder builder(text);
    nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
    return builder.result();
}

std::string dumpJson(const Value& value, const JsonDumpOptions& options)
{
    std::string out;
    JsonDumper(options).dump(out, value, 0);
    return out;
}

}  // namespace strata::chat_template
