// Python methods templates call on values: str.startswith/split/strip..., dict.get/items,
// list.append (a mutation Jinja2's immutable sandbox would refuse; supported because some
// templates written for other engines use it).
#include "chat_template/interpreter.hpp"
#include "chat_template/unicode.hpp"

#include <algorithm>

namespace strata::chat_template {

namespace {

std::vector<std::string> asStringList(const Value& v, const char* method)
{
    std::vector<std::string> out;
    if (v.isString())
        out.push_back(v.asString());
    else if (v.isList())
        for (const Value& x : v.list()) {
            if (!x.isString())
                throw Error(std::string(method) + " arguments must be strings");
            out.push_back(x.asString());
        }
    else
        throw Error(std::string(method) + " argument must be a string or a tuple of strings");
    return out;
}

// Python's split: on a separator, or on whitespace runs (dropping empties) when sep is None.
List split(Interpreter& in, const std::string& s, const Value& sepValue, std::int64_t maxsplit, bool fromRight)
{
    std::vector<std::string> parts;
    if (sepValue.isNone() || sepValue.isUndefined()) {
        const auto b = unicode::boundaries(s);
        std::vector<std::pair<std::size_t, std::size_t>> words;
        std::size_t start = std::string::npos;
        for (std::size_t i = 0; i + 1 < b.size(); ++i) {
            std::size_t len = 1;
            const bool space = unicode::isSpace(unicode::decode(s, b[i], len));
            if (space && start != std::string::npos) {
                words.emplace_back(start, b[i]);
                start = std::string::npos;
            }
            if (!space && start == std::string::npos)
                start = b[i];
        }
        if (start != std::string::npos)
            words.emplace_back(start, s.size());
        if (maxsplit < 0 || static_cast<std::size_t>(maxsplit) >= words.size()) {
            for (auto [a, e] : words)
                parts.push_back(s.substr(a, e - a));
        } else if (!fromRight) {
            for (std::int64_t i = 0; i < maxsplit; ++i)
                parts.push_back(
                    s.substr(words[static_cast<std::size_t>(i)].first,
                             words[static_cast<std::size_t>(i)].second - words[static_cast<std::size_t>(i)].first));
            const std::size_t restStart = words[static_cast<std::size_t>(maxsplit)].first;
            parts.push_back(unicode::strip(s.substr(restStart), nullptr, false, true));
        } else {
            const std::size_t keep = words.size() - static_cast<std::size_t>(maxsplit);
            parts.push_back(unicode::strip(s.substr(0, words[keep - 1].second), nullptr, true, false));
            for (std::size_t i = keep; i < words.size(); ++i)
                parts.push_back(s.substr(words[i].first, words[i].second - words[i].first));
        }
    } else {
        if (!sepValue.isString())
            throw Error("split: separator must be a string or none");
        const std::string& sep = sepValue.asString();
        if (sep.empty())
            throw Error("empty separator");
        if (!fromRight) {
            std::size_t pos = 0;
            std::int64_t done = 0;
            for (;;) {
                const std::size_t hit = (maxsplit >= 0 && done >= maxsplit) ? std::string::npos : s.find(sep, pos);
                if (hit == std::string::npos)
                    break;
                parts.push_back(s.substr(pos, hit - pos));
                pos = hit + sep.size();
                ++done;
                in.step();
            }
            parts.push_back(s.substr(pos));
        } else {
            std::size_t end = s.size();
            std::int64_t done = 0;
            for (;;) {
                if (maxsplit >= 0 && done >= maxsplit)
                    break;
                if (end < sep.size())
                    break;
                const std::size_t hit = s.rfind(sep, end - sep.size());
                if (hit == std::string::npos)
                    break;
                parts.push_back(s.substr(hit + sep.size(), end - hit - sep.size()));
                end = hit;
                ++done;
                in.step();
            }
            parts.push_back(s.substr(0, end));
            std::reverse(parts.begin(), parts.end());
        }
    }
    List out;
    for (auto& p : parts)
        out.emplace_back(std::move(p));
    return out;
}

// Code-point index of a byte offset (find/rfind return character positions like Python).
std::int64_t charIndex(const std::string& s, std::size_t byteOffset)
{
    return static_cast<std::int64_t>(unicode::length(std::string_view(s).substr(0, byteOffset)));
}

// str.format with {}, {0} and {name} fields (no format specs).
std::string format(Interpreter& in, const std::string& fmt, CallArgs& a)
{
    std::string out;
    std::size_t autoIndex = 0;
    for (std::size_t i = 0; i < fmt.size(); ++i) {
        const char c = fmt[i];
        if (c == '{' && i + 1 < fmt.size() && fmt[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        if (c == '}' && i + 1 < fmt.size() && fmt[i + 1] == '}') {
            out += '}';
            ++i;
            continue;
        }
        if (c == '}')
            throw Error("format: single '}' encountered");
        if (c != '{') {
            out += c;
            continue;
        }
        const std::size_t close = fmt.find('}', i);
        if (close == std::string::npos)
            throw Error("format: single '{' encountered");
        const std::string field = fmt.substr(i + 1, close - i - 1);
        if (field.find_first_of(":!.[") != std::string::npos)
            throw Error("format: format specs are not supported");
        const Value* v = nullptr;
        if (field.empty()) {
            if (autoIndex >= a.positional.size())
                throw Error("format: not enough arguments");
            v = &a.positional[autoIndex++];
        } else if (std::all_of(field.begin(), field.end(), [](char d) { return d >= '0' && d <= '9'; })) {
            const std::size_t idx = field.size() < 6 ? std::stoul(field) : a.positional.size();
            if (idx >= a.positional.size())
                throw Error("format: index out of range");
            v = &a.positional[idx];
        } else {
            for (const auto& [k, kv] : a.keyword)
                if (k == field)
                    v = &kv;
            if (!v)
                throw Error("format: missing keyword '" + field + "'");
        }
        out += toPythonStr(*v, in.options().limits.maxOutputBytes);
        in.checkSize(out.size());
        i = close;
    }
    return out;
}

Value stringMethod(Interpreter& in, const std::string& s, const std::string& name, CallArgs& a, bool& found)
{
    ArgReader r{a, name.c_str()};
    found = true;
    if (name == "startswith" || name == "endswith") {
        const Value* p = r.get(0, "prefix");
        if (!p)
            throw Error(name + " needs an argument");
        for (const std::string& x : asStringList(*p, name.c_str())) {
            if (name == "startswith" ? s.compare(0, x.size(), x) == 0
                                     : (s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0))
                return Value(true);
        }
        return Value(false);
    }
    if (name == "split" || name == "rsplit")
        return Value(split(in, s, r.value(0, "sep", Value::none()), r.integer(1, "maxsplit", -1), name == "rsplit"));
    if (name == "strip" || name == "lstrip" || name == "rstrip") {
        const Value chars = r.value(0, "chars", Value::none());
        std::string set;
        if (chars.isString())
            set = chars.asString();
        else if (!chars.isNone())
            throw Error(name + " arg must be none or str");
        return Value(unicode::strip(s, chars.isString() ? &set : nullptr, name != "rstrip", name != "lstrip"));
    }
    if (name == "upper")
        return Value(unicode::upper(s));
    if (name == "lower")
        return Value(unicode::lower(s));
    if (name == "capitalize") {
        std::string out = unicode::lower(s);
        if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
            out[0] = static_cast<char>(out[0] - 'a' + 'A');
        return Value(std::move(out));
    }
    if (name == "title") {
        std::string out = s;
        bool prevCased = false;
        for (char& c : out) {
            const bool isLower = c >= 'a' && c <= 'z';
            const bool isUpper = c >= 'A' && c <= 'Z';
            if (isLower && !prevCased)
                c = static_cast<char>(c - 'a' + 'A');
            else if (isUpper && prevCased)
                c = static_cast<char>(c - 'A' + 'a');
            prevCased = isLower || isUpper;
        }
        return Value(std::move(out));
    }
    if (name == "replace") {
        CallArgs copy = a;
        return in.applyFilter("replace", Value(s), copy);
    }
    if (name == "find" || name == "rfind" || name == "index" || name == "rindex" || name == "count") {
        const std::string sub = r.string(0, "sub", "");
        if (name == "count") {
            if (sub.empty())
                return Value(static_cast<std::int64_t>(unicode::length(s)) + 1);
            std::int64_t n = 0;
            for (std::size_t p = s.find(sub); p != std::string::npos; p = s.find(sub, p + sub.size()))
                ++n;
            return Value(n);
        }
        const std::size_t hit = (name == "find" || name == "index") ? s.find(sub) : s.rfind(sub);
        if (hit == std::string::npos) {
            if (name == "index" || name == "rindex")
                throw Error("substring not found");
            return Value(-1);
        }
        return Value(charIndex(s, hit));
    }
    if (name == "join") {
        std::string out;
        bool first = true;
        const Value* items = r.get(0, "iterable");
        if (!items)
            throw Error("join needs an argument");
        for (const Value& item : in.items(*items)) {
            if (!item.isString())
                throw Error(std::string("join: expected str instance, ") + item.typeName() + " found");
            if (!first)
                out += s;
            first = false;
            out += item.asString();
            in.checkSize(out.size());
        }
        return Value(std::move(out));
    }
    if (name == "format")
        return Value(format(in, s, a));
    if (name == "isdigit" || name == "isalpha" || name == "isalnum" || name == "isspace") {
        if (s.empty())
            return Value(false);
        for (std::size_t pos = 0, len = 1; pos < s.size(); pos += len) {
            const char32_t c = unicode::decode(s, pos, len);
            const bool digit = c >= '0' && c <= '9';
            const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            const bool ok = name == "isdigit"   ? digit
                            : name == "isalpha" ? alpha
                            : name == "isalnum" ? (digit || alpha)
                                                : unicode::isSpace(c);
            if (!ok)
                return Value(false);
        }
        return Value(true);
    }
    if (name == "splitlines") {
        List out;
        std::string cur;
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '\n' || s[i] == '\r') {
                if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n')
                    ++i;
                out.emplace_back(cur);
                cur.clear();
            } else {
                cur += s[i];
            }
        }
        if (!cur.empty())
            out.emplace_back(cur);
        return Value(std::move(out));
    }
    found = false;
    return Value();
}

Value dictMethod(Interpreter&, const Value& d, const std::string& name, CallArgs& a, bool& found)
{
    ArgReader r{a, name.c_str()};
    found = true;
    if (name == "get") {
        const Value* key = r.get(0, "key");
        if (!key)
            throw Error("get expected at least 1 argument");
        if (key->isString())
            if (const Value* v = d.dictRef().find(key->asString()))
                return *v;
        return r.value(1, "default", Value::none());
    }
    if (name == "items" || name == "keys" || name == "values") {
        List out;
        for (const auto& [k, v] : d.dictRef()) {
            if (name == "items")
                out.push_back(Value::tuple(List{Value(k), v}));
            else if (name == "keys")
                out.emplace_back(k);
            else
                out.push_back(v);
        }
        return Value(std::move(out));
    }
    found = false;
    return Value();
}

Value listMethod(Interpreter& in, const Value& l, const std::string& name, CallArgs& a, bool& found)
{
    found = true;
    if ((name == "append" || name == "extend") && l.isTuple()) {
        found = false;  // tuples are immutable
        return Value();
    }
    if (name == "append") {
        if (a.positional.size() != 1)
            throw Error("append takes exactly one argument");
        in.checkSize(l.list().size() + 1);
        in.produce(copyBytes(a.positional[0]));
        l.list().push_back(a.positional[0]);
        in.noteMutation(l);
        return Value::none();
    }
    if (name == "extend") {
        if (a.positional.size() != 1)
            throw Error("extend takes exactly one argument");
        const auto items = in.items(a.positional[0]);
        in.checkSize(l.list().size() + items.size());
        l.list().insert(l.list().end(), items.begin(), items.end());
        in.noteMutation(l);
        return Value::none();
    }
    if (name == "count" || name == "index") {
        if (a.positional.size() != 1)
            throw Error(name + " takes exactly one argument");
        std::int64_t n = 0;
        for (std::size_t i = 0; i < l.list().size(); ++i) {
            if (!pythonEquals(l.list()[i], a.positional[0]))
                continue;
            if (name == "index")
                return Value(static_cast<std::int64_t>(i));
            ++n;
        }
        if (name == "index")
            throw Error("value is not in list");
        return Value(n);
    }
    found = false;
    return Value();
}

}  // namespace

Value callMethod(Interpreter& in, const Value& obj, const std::string& name, CallArgs& args, bool& found)
{
    found = false;
    if (obj.isString())
        return stringMethod(in, obj.asString(), name, args, found);
    if (obj.kind() == Value::Kind::Dict)
        return dictMethod(in, obj, name, args, found);
    if (obj.isList())
        return listMethod(in, obj, name, args, found);
    return Value();
}

}  // namespace strata::chat_template
