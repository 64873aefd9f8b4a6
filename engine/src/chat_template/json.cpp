#include "strata/chat_template/json.hpp"

#include "chat_template/unicode.hpp"
#include "strata/core/error.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace strata::chat_template {

namespace {

class JsonParser {
public:
    explicit JsonParser(std::string_view text) : text_(text) {}

    Value parseDocument()
    {
        Value v = parseValue(0);
        skipSpace();
        if (pos_ != text_.size())
            fail("unexpected text after the JSON value");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        int line = 1;
        int column = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            if (text_[i] == '\n') { ++line; column = 1; }
            else ++column;
        }
        throw Error("JSON:" + std::to_string(line) + ":" + std::to_string(column) + ": " + what);
    }

    void skipSpace()
    {
        while (pos_ < text_.size() &&
               (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
            ++pos_;
    }

    bool consumeWord(std::string_view word)
    {
        if (text_.substr(pos_, word.size()) != word)
            return false;
        pos_ += word.size();
        return true;
    }

    Value parseValue(int depth)
    {
        if (depth > kMaxNesting)
            fail("JSON nested more than 200 levels");
        skipSpace();
        if (pos_ >= text_.size())
            fail("unexpected end of JSON, expected a value");
        const char c = text_[pos_];
        if (c == '{') return parseObject(depth);
        if (c == '[') return parseArray(depth);
        if (c == '"') return Value(parseString());
        if (consumeWord("true")) return Value(true);
        if (consumeWord("false")) return Value(false);
        if (consumeWord("null")) return Value::none();
        if (c == '-' || (c >= '0' && c <= '9')) return parseNumber();
        fail(std::string("unexpected character '") + c + "', expected a value");
    }

    Value parseObject(int depth)
    {
        ++pos_;
        auto dict = std::make_shared<Dict>();
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == '}') { ++pos_; return Value(dict); }
        for (;;) {
            skipSpace();
            if (pos_ >= text_.size() || text_[pos_] != '"')
                fail("expected a string key in the JSON object");
            std::string key = parseString();
            skipSpace();
            if (pos_ >= text_.size() || text_[pos_] != ':')
                fail("expected ':' after the key in the JSON object");
            ++pos_;
            dict->set(std::move(key), parseValue(depth + 1));
            skipSpace();
            if (pos_ < text_.size() && text_[pos_] == ',') { ++pos_; continue; }
            if (pos_ < text_.size() && text_[pos_] == '}') { ++pos_; return Value(dict); }
            fail("expected ',' or '}' in the JSON object");
        }
    }

    Value parseArray(int depth)
    {
        ++pos_;
        List list;
        skipSpace();
        if (pos_ < text_.size() && text_[pos_] == ']') { ++pos_; return Value(std::move(list)); }
        for (;;) {
            list.push_back(parseValue(depth + 1));
            skipSpace();
            if (pos_ < text_.size() && text_[pos_] == ',') { ++pos_; continue; }
            if (pos_ < text_.size() && text_[pos_] == ']') { ++pos_; return Value(std::move(list)); }
            fail("expected ',' or ']' in the JSON array");
        }
    }

    unsigned parseHex4()
    {
        if (pos_ + 4 > text_.size())
            fail("truncated \\u escape in a JSON string");
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = text_[pos_++];
            v <<= 4;
            if (h >= '0' && h <= '9') v |= static_cast<unsigned>(h - '0');
            else if (h >= 'a' && h <= 'f') v |= static_cast<unsigned>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') v |= static_cast<unsigned>(h - 'A' + 10);
            else fail("bad hex digit in a \\u escape");
        }
        return v;
    }

    std::string parseString()
    {
        ++pos_;  // opening quote
        std::string out;
        for (;;) {
            if (pos_ >= text_.size())
                fail("unterminated JSON string");
            const char c = text_[pos_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20)
                fail("control character in a JSON string");
            if (c != '\\') { out += c; continue; }
            if (pos_ >= text_.size())
                fail("unterminated escape in a JSON string");
            const char e = text_[pos_++];
            switch (e) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                char32_t cp = parseHex4();
                if (cp >= 0xD800 && cp <= 0xDBFF && text_.substr(pos_, 2) == "\\u") {
                    const std::size_t save = pos_;
                    pos_ += 2;
                    const unsigned low = parseHex4();
                    if (low >= 0xDC00 && low <= 0xDFFF) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    else pos_ = save;
                }
                unicode::append(out, cp);
                break;
            }
            default: fail(std::string("unknown escape '\\") + e + "' in a JSON string");
            }
        }
    }

    Value parseNumber()
    {
        const std::size_t start = pos_;
        if (text_[pos_] == '-') ++pos_;
        bool isFloat = false;
        auto digits = [&] {
            const std::size_t s = pos_;
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
            if (pos_ == s) fail("expected a digit in a JSON number");
        };
        digits();
        if (pos_ < text_.size() && text_[pos_] == '.') { ++pos_; isFloat = true; digits(); }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            isFloat = true;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            digits();
        }
        const char* first = text_.data() + start;
        const char* last = text_.data() + pos_;
        if (!isFloat) {
            std::int64_t i = 0;
            auto r = std::from_chars(first, last, i);
            if (r.ec == std::errc() && r.ptr == last) return Value(i);
        }
        double d = 0;
        auto r = std::from_chars(first, last, d);
        if (r.ec != std::errc() && r.ec != std::errc::result_out_of_range)
            fail("bad JSON number");
        return Value(d);
    }

    std::string_view text_;
    std::size_t pos_ = 0;
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
        unit_ = !o.indentText.empty() ? o.indentText : std::string(static_cast<std::size_t>(std::max(o.indent, 0)), ' ');
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
            if (std::isnan(d)) out += "NaN";
            else if (std::isinf(d)) out += d > 0 ? "Infinity" : "-Infinity";
            else out += pythonFloatRepr(d);
            return;
        }
        case Value::Kind::String: appendJsonString(out, v.asString(), o_.ensureAscii); return;
        case Value::Kind::List: {
            if (v.list().empty()) { out += "[]"; return; }
            out += '[';
            bool first = true;
            for (const Value& item : v.list()) {
                if (!first) out += itemSep_;
                first = false;
                newline(out, depth + 1);
                dump(out, item, depth + 1);
            }
            newline(out, depth);
            out += ']';
            return;
        }
        case Value::Kind::Dict: {
            if (v.dictRef().empty()) { out += "{}"; return; }
            std::vector<const Dict::Entry*> entries;
            for (const auto& e : v.dictRef()) entries.push_back(&e);
            if (o_.sortKeys)
                std::stable_sort(entries.begin(), entries.end(),
                                 [](const Dict::Entry* a, const Dict::Entry* b) { return a->first < b->first; });
            out += '{';
            bool first = true;
            for (const Dict::Entry* e : entries) {
                if (!first) out += itemSep_;
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
        default:
            throw Error(std::string("tojson: object of type ") + v.typeName() + " is not JSON serializable");
        }
    }

private:
    void newline(std::string& out, int depth)
    {
        if (!pretty_) return;
        out += '\n';
        for (int i = 0; i < depth; ++i) out += unit_;
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
    return JsonParser(text).parseDocument();
}

std::string dumpJson(const Value& value, const JsonDumpOptions& options)
{
    std::string out;
    JsonDumper(options).dump(out, value, 0);
    return out;
}

}  // namespace strata::chat_template
