#include "chat_template/lexer.hpp"

#include "chat_template/unicode.hpp"
#include "strata/chat_template/chat_template.hpp"

#include <algorithm>
#include <cstring>

namespace strata::chat_template {

namespace {

class Lexer {
public:
    Lexer(std::string source, const std::string& name) : src_(std::move(source)), name_(name)
    {
        lineStarts_.push_back(0);
        for (std::size_t i = 0; i < src_.size(); ++i)
            if (src_[i] == '\n')
                lineStarts_.push_back(i + 1);
    }

    std::vector<Token> run()
    {
        bool lineStarting = true;  // the previous token ended a line (or nothing came before)
        while (pos_ < src_.size()) {
            const std::size_t tag = findTagStart(pos_);
            if (tag == std::string::npos) {
                emitData(src_.substr(pos_), pos_);
                pos_ = src_.size();
                break;
            }
            const char kind = src_[tag + 1];  // '{', '%' or '#'
            const char sign = tag + 2 < src_.size() ? src_[tag + 2] : '\0';
            const bool hasSign = sign == '-' || sign == '+';
            std::string text = src_.substr(pos_, tag - pos_);
            if (sign == '-') {
                text = rstripSpace(text);
            } else if (sign != '+' && kind != '{') {
                // lstrip_blocks: drop spaces and tabs between the line start and a block/comment tag.
                const std::size_t lineStart = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
                if ((lineStart > 0 || lineStarting) && text.find_first_not_of(" \t", lineStart) == std::string::npos)
                    text.resize(lineStart);
            }
            emitData(text, pos_);
            const std::size_t bodyStart = tag + 2 + (hasSign ? 1 : 0);
            if (kind == '#') {
                lineStarting = lexComment(tag, bodyStart);
            } else if (kind == '%' && isRawBegin(bodyStart)) {
                lineStarting = lexRaw(tag);
            } else {
                lineStarting = lexTag(tag, bodyStart, kind == '%');
            }
        }
        tokens_.push_back(Token{TokenType::End, "", lineOf(src_.size()), columnOf(src_.size())});
        return std::move(tokens_);
    }

    static std::string normalise(const std::string& source)
    {
        std::string out;
        out.reserve(source.size());
        for (std::size_t i = 0; i < source.size(); ++i) {
            if (source[i] == '\r') {
                out += '\n';
                if (i + 1 < source.size() && source[i + 1] == '\n')
                    ++i;
            } else {
                out += source[i];
            }
        }
        if (!out.empty() && out.back() == '\n')
            out.pop_back();
        return out;
    }

private:
    [[noreturn]] void fail(std::size_t at, const std::string& message) const
    {
        throw TemplateError(name_, lineOf(at), columnOf(at), message);
    }

    static bool isAsciiSpace(char c)
    {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
    }

    int lineOf(std::size_t at) const
    {
        const auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), at);
        return static_cast<int>(it - lineStarts_.begin());
    }

    // Columns count characters (code points), 1-based.
    int columnOf(std::size_t at) const
    {
        at = std::min(at, src_.size());
        const std::size_t start = lineStarts_[static_cast<std::size_t>(lineOf(at)) - 1];
        return static_cast<int>(unicode::length(std::string_view(src_).substr(start, at - start))) + 1;
    }

    std::size_t findTagStart(std::size_t from) const
    {
        for (std::size_t i = src_.find('{', from); i != std::string::npos; i = src_.find('{', i + 1)) {
            if (i + 1 < src_.size() && (src_[i + 1] == '{' || src_[i + 1] == '%' || src_[i + 1] == '#'))
                return i;
        }
        return std::string::npos;
    }

    static std::string rstripSpace(const std::string& text) { return unicode::strip(text, nullptr, false, true); }

    // After a tag closes: '-' strips all following whitespace, plain block/comment ends take one
    // '\n' (trim_blocks). Returns the position after the end and whether it ended a line.
    bool finishTag(std::size_t afterClose, bool minus, bool plus, bool trimNewline)
    {
        pos_ = afterClose;
        if (minus) {
            while (pos_ < src_.size()) {
                std::size_t len = 1;
                if (!unicode::isSpace(unicode::decode(src_, pos_, len)))
                    break;
                pos_ += len;
            }
            return pos_ > afterClose && src_[pos_ - 1] == '\n';
        }
        if (!plus && trimNewline && pos_ < src_.size() && src_[pos_] == '\n') {
            ++pos_;
            return true;
        }
        return false;
    }

    bool lexComment(std::size_t tag, std::size_t bodyStart)
    {
        const std::size_t close = src_.find("#}", bodyStart);
        if (close == std::string::npos)
            fail(tag, "missing end of comment tag");
        const bool minus = close > bodyStart && src_[close - 1] == '-';
        const bool plus = close > bodyStart && src_[close - 1] == '+';
        return finishTag(close + 2, minus, plus, true);
    }

    // {% raw %} with optional '-'/'+' after '{%' and '-' before '%}'.
    bool isRawBegin(std::size_t bodyStart) const
    {
        std::size_t p = bodyStart;
        while (p < src_.size() && isAsciiSpace(src_[p]))
            ++p;
        if (src_.compare(p, 3, "raw") != 0)
            return false;
        p += 3;
        while (p < src_.size() && isAsciiSpace(src_[p]))
            ++p;
        return src_.compare(p, 2, "%}") == 0 || src_.compare(p, 3, "-%}") == 0;
    }

    bool lexRaw(std::size_t tag)
    {
        std::size_t p = src_.find("raw", tag) + 3;
        while (src_[p] != '%' && src_[p] != '-')
            ++p;
        const bool minusOpen = src_[p] == '-';
        p += minusOpen ? 3 : 2;
        if (minusOpen) {
            while (p < src_.size()) {
                std::size_t len = 1;
                if (!unicode::isSpace(unicode::decode(src_, p, len)))
                    break;
                p += len;
            }
        }
        // Find {%[-+]? \s* endraw \s* [-+]?%}
        for (std::size_t q = src_.find("{%", p); q != std::string::npos; q = src_.find("{%", q + 1)) {
            std::size_t r = q + 2;
            const char sign = r < src_.size() ? src_[r] : '\0';
            if (sign == '-' || sign == '+')
                ++r;
            while (r < src_.size() && isAsciiSpace(src_[r]))
                ++r;
            if (src_.compare(r, 6, "endraw") != 0)
                continue;
            r += 6;
            while (r < src_.size() && isAsciiSpace(src_[r]))
                ++r;
            bool minus = false;
            bool plus = false;
            if (r < src_.size() && (src_[r] == '-' || src_[r] == '+')) {
                minus = src_[r] == '-';
                plus = src_[r] == '+';
                ++r;
            }
            if (src_.compare(r, 2, "%}") != 0)
                continue;
            std::string text = src_.substr(p, q - p);
            if (sign == '-') {
                text = rstripSpace(text);
            } else if (sign != '+') {
                const std::size_t lineStart = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
                if (lineStart > 0 && text.find_first_not_of(" \t", lineStart) == std::string::npos)
                    text.resize(lineStart);
            }
            emitData(text, p);
            return finishTag(r + 2, minus, plus, true);
        }
        fail(tag, "missing end of raw directive ({% endraw %})");
    }

    bool lexTag(std::size_t tag, std::size_t bodyStart, bool isBlock)
    {
        tokens_.push_back(
            Token{isBlock ? TokenType::BlockBegin : TokenType::VariableBegin, "", lineOf(tag), columnOf(tag)});
        std::size_t p = bodyStart;
        std::vector<char> balance;
        const char closeChar = isBlock ? '%' : '}';
        for (;;) {
            while (p < src_.size() && isAsciiSpace(src_[p]))
                ++p;
            if (p >= src_.size())
                fail(tag, std::string("unexpected end of template: '") + (isBlock ? "{%" : "{{")
                              + "' is never closed (expected '" + (isBlock ? "%}" : "}}") + "')");
            if (balance.empty()) {
                const char c = src_[p];
                const bool minus = c == '-' && src_.compare(p + 1, 2, std::string{closeChar, '}'}) == 0;
                const bool plus = isBlock && c == '+' && src_.compare(p + 1, 2, "%}") == 0;
                if (minus || plus || src_.compare(p, 2, std::string{closeChar, '}'}) == 0) {
                    tokens_.push_back(
                        Token{isBlock ? TokenType::BlockEnd : TokenType::VariableEnd, "", lineOf(p), columnOf(p)});
                    return finishTag(p + ((minus || plus) ? 3 : 2), minus, plus, isBlock);
                }
            }
            p = lexOne(p, balance);
        }
    }

    std::size_t lexOne(std::size_t p, std::vector<char>& balance)
    {
        const char c = src_[p];
        const int line = lineOf(p);
        const int column = columnOf(p);
        auto isDigit = [](char ch) { return ch >= '0' && ch <= '9'; };
        auto isNameStart = [](char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; };
        if (isNameStart(c)) {
            std::size_t e = p;
            while (e < src_.size() && (isNameStart(src_[e]) || isDigit(src_[e])))
                ++e;
            tokens_.push_back(Token{TokenType::Name, src_.substr(p, e - p), line, column});
            return e;
        }
        if (isDigit(c))
            return lexNumber(p, line, column);
        if (c == '"' || c == '\'')
            return lexString(p, line, column);
        static const char* const ops[] = {"//", "**", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "(",
                                          ")",  "[",  "]",  "{",  "}",  ",",  ".", ":", "|", "=", "<", ">", ";"};
        for (const char* op : ops) {
            const std::size_t n = std::strlen(op);
            if (src_.compare(p, n, op) != 0)
                continue;
            if (n == 1 && (c == '(' || c == '[' || c == '{')) {
                balance.push_back(c == '(' ? ')' : c == '[' ? ']' : '}');
            } else if (n == 1 && (c == ')' || c == ']' || c == '}')) {
                if (balance.empty() || balance.back() != c)
                    fail(p, std::string("unexpected '") + c + "'");
                balance.pop_back();
            }
            tokens_.push_back(Token{TokenType::Operator, op, line, column});
            return p + n;
        }
        fail(p, std::string("unexpected character '") + c + "' in tag");
    }

    std::size_t lexNumber(std::size_t p, int line, int column)
    {
        std::size_t e = p;
        auto digitsAt = [&](std::size_t& q) {
            const std::size_t s = q;
            while (q < src_.size() && ((src_[q] >= '0' && src_[q] <= '9') || (src_[q] == '_' && q > s)))
                ++q;
            return q > s;
        };
        digitsAt(e);
        bool isFloat = false;
        if (e + 1 < src_.size() && src_[e] == '.' && src_[e + 1] >= '0' && src_[e + 1] <= '9') {
            ++e;
            digitsAt(e);
            isFloat = true;
        }
        if (e < src_.size() && (src_[e] == 'e' || src_[e] == 'E')) {
            std::size_t q = e + 1;
            if (q < src_.size() && (src_[q] == '+' || src_[q] == '-'))
                ++q;
            if (digitsAt(q)) {
                e = q;
                isFloat = true;
            }
        }
        std::string text;
        for (std::size_t i = p; i < e; ++i)
            if (src_[i] != '_')
                text += src_[i];
        tokens_.push_back(Token{isFloat ? TokenType::Float : TokenType::Int, text, line, column});
        return e;
    }

    std::size_t lexString(std::size_t p, int line, int column)
    {
        const char quote = src_[p];
        std::string out;
        std::size_t q = p + 1;
        for (;;) {
            if (q >= src_.size())
                fail(p, "unterminated string literal");
            const char c = src_[q++];
            if (c == quote)
                break;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (q >= src_.size())
                fail(p, "unterminated string literal");
            const char e = src_[q++];
            auto hex = [&](int n) {
                char32_t v = 0;
                for (int i = 0; i < n; ++i) {
                    if (q >= src_.size())
                        fail(p, "truncated escape in string literal");
                    const char h = src_[q++];
                    v <<= 4;
                    if (h >= '0' && h <= '9')
                        v |= static_cast<char32_t>(h - '0');
                    else if (h >= 'a' && h <= 'f')
                        v |= static_cast<char32_t>(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F')
                        v |= static_cast<char32_t>(h - 'A' + 10);
                    else
                        fail(q - 1, "bad hex digit in string escape");
                }
                if (v > 0x10FFFF)
                    fail(q - 1, "escape is not a valid code point");
                return v;
            };
            switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case '\\': out += '\\'; break;
            case '\'': out += '\''; break;
            case '"': out += '"'; break;
            case 'a': out += '\a'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'v': out += '\v'; break;
            case '\n': break;  // line continuation
            case 'x': unicode::append(out, hex(2)); break;
            case 'u': unicode::append(out, hex(4)); break;
            case 'U': unicode::append(out, hex(8)); break;
            case '0':
            case '1':
            case '2':
            case '3':
            case '4':
            case '5':
            case '6':
            case '7': {
                char32_t v = static_cast<char32_t>(e - '0');
                for (int i = 0; i < 2 && q < src_.size() && src_[q] >= '0' && src_[q] <= '7'; ++i)
                    v = v * 8 + static_cast<char32_t>(src_[q++] - '0');
                unicode::append(out, v);
                break;
            }
            default:
                out += '\\';
                out += e;
                break;  // Python keeps unknown escapes as written
            }
        }
        tokens_.push_back(Token{TokenType::String, out, line, column});
        return q;
    }

    void emitData(const std::string& text, std::size_t at)
    {
        if (!text.empty())
            tokens_.push_back(Token{TokenType::Data, text, lineOf(at), columnOf(at)});
    }

    std::string src_;
    const std::string& name_;
    std::vector<std::size_t> lineStarts_;
    std::size_t pos_ = 0;
    std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> tokenize(const std::string& source, const std::string& templateName)
{
    return Lexer(Lexer::normalise(source), templateName).run();
}

}  // namespace strata::chat_template
