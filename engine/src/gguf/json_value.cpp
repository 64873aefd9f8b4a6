#include "gguf/json_value.hpp"

#include "strata/core/error.hpp"

#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>

namespace strata::gguf::detail {

const JsonValue* JsonValue::find(std::string_view key) const
{
    for (const auto& [k, v] : members_)
        if (k == key)
            return &v;
    return nullptr;
}

class JsonParser {
public:
    JsonParser(std::string_view text, const std::string& file) : s_(text), file_(file) {}

    JsonValue document()
    {
        JsonValue v = value(0);
        skipSpace();
        if (pos_ != s_.size())
            fail("trailing characters after the JSON value");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& problem) const
    {
        throw Error(file_ + ": JSON at byte offset " + std::to_string(pos_) + ": " + problem);
    }

    void skipSpace()
    {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\n' || s_[pos_] == '\r' || s_[pos_] == '\t'))
            ++pos_;
    }

    bool consume(std::string_view word)
    {
        if (s_.substr(pos_, word.size()) != word)
            return false;
        pos_ += word.size();
        return true;
    }

    JsonValue value(int depth)
    {
        if (depth > 128)
            fail("nested too deeply");
        skipSpace();
        if (pos_ >= s_.size())
            fail("unexpected end of input");
        JsonValue v;
        const char c = s_[pos_];
        if (c == '{') {
            v.kind_ = JsonValue::Kind::Object;
            ++pos_;
            skipSpace();
            if (consume("}"))
                return v;
            for (;;) {
                skipSpace();
                if (pos_ >= s_.size() || s_[pos_] != '"')
                    fail("expected a member name");
                std::string key = string();
                skipSpace();
                if (!consume(":"))
                    fail("expected ':'");
                v.members_.emplace_back(std::move(key), value(depth + 1));
                skipSpace();
                if (consume("}"))
                    return v;
                if (!consume(","))
                    fail("expected ',' or '}'");
            }
        }
        if (c == '[') {
            v.kind_ = JsonValue::Kind::Array;
            ++pos_;
            skipSpace();
            if (consume("]"))
                return v;
            for (;;) {
                v.items_.push_back(value(depth + 1));
                skipSpace();
                if (consume("]"))
                    return v;
                if (!consume(","))
                    fail("expected ',' or ']'");
            }
        }
        if (c == '"') {
            v.kind_ = JsonValue::Kind::String;
            v.string_ = string();
            return v;
        }
        if (consume("true")) {
            v.kind_ = JsonValue::Kind::Bool;
            v.bool_ = true;
            return v;
        }
        if (consume("false")) {
            v.kind_ = JsonValue::Kind::Bool;
            return v;
        }
        if (consume("null"))
            return v;
        v.kind_ = JsonValue::Kind::Number;
        const size_t start = pos_;
        while (pos_ < s_.size() && (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '-' ||
                                    s_[pos_] == '+' || s_[pos_] == '.' || s_[pos_] == 'e' || s_[pos_] == 'E'))
            ++pos_;
        const auto [end, ec] = std::from_chars(s_.data() + start, s_.data() + pos_, v.number_);
        if (start == pos_ || ec != std::errc() || end != s_.data() + pos_) {
            pos_ = start;
            fail("invalid value");
        }
        return v;
    }

    uint32_t hex4()
    {
        if (s_.size() - pos_ < 4)
            fail("truncated \\u escape");
        uint32_t v = 0;
        const auto [end, ec] = std::from_chars(s_.data() + pos_, s_.data() + pos_ + 4, v, 16);
        if (ec != std::errc() || end != s_.data() + pos_ + 4)
            fail("invalid \\u escape");
        pos_ += 4;
        return v;
    }

    static void appendUtf8(std::string& out, uint32_t cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    std::string string()
    {
        ++pos_;  // opening quote
        std::string out;
        for (;;) {
            if (pos_ >= s_.size())
                fail("unterminated string");
            const char c = s_[pos_++];
            if (c == '"')
                return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (pos_ >= s_.size())
                fail("unterminated escape");
            const char e = s_[pos_++];
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
                uint32_t cp = hex4();
                // A high surrogate followed by a low one encodes one code point above U+FFFF.
                if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(pos_, 2) == "\\u") {
                    pos_ += 2;
                    const uint32_t lo = hex4();
                    if (lo >= 0xDC00 && lo < 0xE000)
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    else
                        fail("unpaired surrogate");
                }
                appendUtf8(out, cp);
                break;
            }
            default: fail(std::string("unknown escape \\") + e);
            }
        }
    }

    std::string_view s_;
    std::string file_;
    size_t pos_ = 0;
};

JsonValue JsonValue::parse(std::string_view text, const std::string& fileName)
{
    return JsonParser(text, fileName).document();
}

JsonValue JsonValue::parseFile(const std::string& path)
{
    std::ifstream f(path, std::ios::binary);
    if (!f)
        throw Error(path + ": cannot open");
    std::ostringstream ss;
    ss << f.rdbuf();
    return parse(ss.str(), path);
}

}  // namespace strata::gguf::detail
