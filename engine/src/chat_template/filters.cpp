// Jinja2's built-in filters that chat templates use, plus Hugging Face's tojson.
#include "chat_template/interpreter.hpp"
#include "chat_template/unicode.hpp"
#include "strata/chat_template/json.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace strata::chat_template {

namespace {

// Bounded like every value (RenderLimits' default): a list holding one sub-list many times
// prints it each time. What a filter returns is charged by the interpreter's eval.
std::string str(const Value& v)
{
    return toPythonStr(v, RenderLimits{}.maxOutputBytes);
}

Value trim(Interpreter&, const Value& v, CallArgs& a)
{
    const Value* chars = ArgReader{a, "trim"}.get(0, "chars");
    if (chars && !chars->isNone()) {
        const std::string c = str(*chars);
        return Value(unicode::strip(str(v), &c, true, true));
    }
    return Value(unicode::strip(str(v), nullptr, true, true));
}

// Hugging Face: json.dumps(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False).
Value tojson(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "tojson"};
    JsonDumpOptions o;
    o.ensureAscii = r.boolean(0, "ensure_ascii", false);
    const Value indent = r.value(1, "indent", Value::none());
    if (indent.isString())
        o.indentText = indent.asString();
    else if (indent.isInt())
        o.indent = static_cast<int>(std::clamp<std::int64_t>(indent.asInt(), 0, 64));
    else if (!indent.isNone())
        throw Error("tojson: indent must be an integer or a string");
    const Value seps = r.value(2, "separators", Value::none());
    if (seps.isList()) {
        if (seps.list().size() != 2 || !seps.list()[0].isString() || !seps.list()[1].isString())
            throw Error("tojson: separators must be two strings");
        o.itemSeparator = seps.list()[0].asString();
        o.keySeparator = seps.list()[1].asString();
    }
    o.sortKeys = r.boolean(3, "sort_keys", false);
    o.maxBytes = in.options().limits.maxOutputBytes;
    std::string out = dumpJson(v, o);
    in.checkSize(out.size());
    return Value(std::move(out));
}

Value length(Interpreter&, const Value& v, CallArgs&)
{
    return Value(pyLength(v));
}

Value lower(Interpreter&, const Value& v, CallArgs&)
{
    return Value(unicode::lower(str(v)));
}
Value upper(Interpreter&, const Value& v, CallArgs&)
{
    return Value(unicode::upper(str(v)));
}

Value capitalize(Interpreter&, const Value& v, CallArgs&)
{
    std::string s = unicode::lower(str(v));
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z')
        s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return Value(std::move(s));
}

// Jinja's title: words start after runs of '-', whitespace, or opening brackets.
Value title(Interpreter&, const Value& v, CallArgs&)
{
    const std::string s = str(v);
    std::string out;
    bool wordStart = true;
    for (std::size_t pos = 0, len = 1; pos < s.size(); pos += len) {
        const char32_t cp = unicode::decode(s, pos, len);
        const bool separator = cp == '-' || cp == '(' || cp == '{' || cp == '[' || cp == '<' || unicode::isSpace(cp);
        std::string piece = s.substr(pos, len);
        if (separator) {
            wordStart = true;
        } else {
            piece = wordStart ? unicode::upper(piece) : unicode::lower(piece);
            wordStart = false;
        }
        out += piece;
    }
    return Value(std::move(out));
}

std::string replaceAll(Interpreter& in, const std::string& s, const std::string& from, const std::string& to,
                       std::int64_t count)
{
    std::string out;
    std::int64_t done = 0;
    if (from.empty()) {
        const auto b = unicode::boundaries(s);
        for (std::size_t i = 0; i + 1 < b.size(); ++i) {
            if (count < 0 || done < count) {
                out += to;
                ++done;
            }
            out.append(s, b[i], b[i + 1] - b[i]);
            in.checkSize(out.size());
        }
        if (count < 0 || done < count)
            out += to;
        return out;
    }
    std::size_t pos = 0;
    for (;;) {
        const std::size_t hit = (count >= 0 && done >= count) ? std::string::npos : s.find(from, pos);
        if (hit == std::string::npos)
            break;
        out.append(s, pos, hit - pos);
        out += to;
        in.checkSize(out.size());
        pos = hit + from.size();
        ++done;
    }
    out.append(s, pos, std::string::npos);
    in.checkSize(out.size());
    return out;
}

Value replace(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "replace"};
    const Value* from = r.get(0, "old");
    const Value* to = r.get(1, "new");
    if (!from || !to)
        throw Error("replace expects old and new");
    return Value(replaceAll(in, str(v), str(*from), str(*to), r.integer(2, "count", -1)));
}

Value attributeOf(Interpreter& in, const Value& item, const std::string& path)
{
    Value cur = item;
    std::size_t start = 0;
    for (;;) {
        const std::size_t dot = path.find('.', start);
        const std::string part = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        bool numeric =
            !part.empty() && std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (numeric && part.size() < 18)
            cur = in.getItem(cur, Value(static_cast<std::int64_t>(std::stoll(part))));
        else
            cur = in.getItem(cur, Value(part));
        if (dot == std::string::npos)
            return cur;
        if (cur.isUndefined())
            return cur;
        start = dot + 1;
    }
}

Value join(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "join"};
    const std::string sep = str(r.value(0, "d", Value("")));
    const Value* attr = r.get(1, "attribute");
    std::string out;
    bool first = true;
    for (const Value& item : in.items(v)) {
        if (!first)
            out += sep;
        first = false;
        out += str(attr ? attributeOf(in, item, str(*attr)) : item);
        in.checkSize(out.size());
    }
    return Value(std::move(out));
}

Value defaultFilter(Interpreter&, const Value& v, CallArgs& a)
{
    ArgReader r{a, "default"};
    const bool boolean = r.boolean(1, "boolean", false);
    if (v.isUndefined() || (boolean && !v.truthy()))
        return r.value(0, "default_value", Value(""));
    return v;
}

Value items(Interpreter&, const Value& v, CallArgs&)
{
    if (v.isUndefined())
        return Value(List{});
    if (!v.isDict())
        throw Error(std::string("items: expected a mapping, got ") + v.typeName());
    List out;
    for (const auto& [k, item] : v.dictRef())
        out.push_back(Value::tuple(List{Value(k), item}));
    return Value(std::move(out));
}

// select/reject/selectattr/rejectattr share this: keep items whose (attribute's) test result == keep.
Value selectImpl(Interpreter& in, const Value& v, CallArgs& a, bool byAttribute, bool keep)
{
    std::size_t next = 0;
    std::string attribute;
    if (byAttribute) {
        if (a.positional.empty())
            throw Error("selectattr/rejectattr need an attribute name");
        attribute = str(a.positional[next++]);
    }
    std::string testName;
    if (next < a.positional.size())
        testName = str(a.positional[next++]);
    List out;
    for (const Value& item : in.items(v)) {
        in.step();
        const Value subject = byAttribute ? attributeOf(in, item, attribute) : item;
        bool result;
        if (testName.empty()) {
            result = subject.truthy();
        } else {
            CallArgs testArgs;
            testArgs.positional.assign(a.positional.begin() + static_cast<std::ptrdiff_t>(next), a.positional.end());
            result = in.applyTest(testName, subject, testArgs);
        }
        if (result == keep)
            out.push_back(item);
    }
    return Value(std::move(out));
}

Value selectattr(Interpreter& in, const Value& v, CallArgs& a)
{
    return selectImpl(in, v, a, true, true);
}
Value rejectattr(Interpreter& in, const Value& v, CallArgs& a)
{
    return selectImpl(in, v, a, true, false);
}
Value select(Interpreter& in, const Value& v, CallArgs& a)
{
    return selectImpl(in, v, a, false, true);
}
Value reject(Interpreter& in, const Value& v, CallArgs& a)
{
    return selectImpl(in, v, a, false, false);
}

Value map(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "map"};
    List out;
    if (a.positional.empty()) {
        const Value* attr = r.get(99, "attribute");
        if (!attr)
            throw Error("map needs a filter name or attribute=");
        const Value* dflt = r.get(99, "default");
        for (const Value& item : in.items(v)) {
            in.step();
            Value x = attributeOf(in, item, str(*attr));
            if (x.isUndefined() && dflt)
                x = *dflt;
            out.push_back(x);
        }
        return Value(std::move(out));
    }
    const std::string filter = str(a.positional[0]);
    CallArgs rest;
    rest.positional.assign(a.positional.begin() + 1, a.positional.end());
    rest.keyword = a.keyword;
    for (const Value& item : in.items(v)) {
        CallArgs copy = rest;
        out.push_back(in.applyFilter(filter, item, copy));
    }
    return Value(std::move(out));
}

Value list(Interpreter& in, const Value& v, CallArgs&)
{
    return Value(in.items(v));
}

Value first(Interpreter& in, const Value& v, CallArgs&)
{
    const auto all = in.items(v);
    return all.empty() ? Value::undefined("no first item, sequence was empty") : all.front();
}

Value last(Interpreter& in, const Value& v, CallArgs&)
{
    const auto all = in.items(v);
    return all.empty() ? Value::undefined("no last item, sequence was empty") : all.back();
}

Value string(Interpreter&, const Value& v, CallArgs&)
{
    return Value(str(v));
}

// Python int() of a string: optional sign, digits, underscores between digits, surrounding spaces.
bool parseIntText(const std::string& text, std::int64_t base, std::int64_t& out)
{
    std::string s = unicode::strip(text, nullptr, true, true);
    std::string digits;
    for (char c : s)
        if (c != '_')
            digits += c;
    if (digits.empty())
        return false;
    std::size_t p = 0;
    bool neg = false;
    if (digits[0] == '+' || digits[0] == '-') {
        neg = digits[0] == '-';
        p = 1;
    }
    if (base == 16 && digits.compare(p, 2, "0x") == 0)
        p += 2;
    if (p >= digits.size())
        return false;
    std::int64_t v = 0;
    auto res = std::from_chars(digits.data() + p, digits.data() + digits.size(), v, static_cast<int>(base));
    if (res.ec != std::errc() || res.ptr != digits.data() + digits.size())
        return false;
    out = neg ? -v : v;
    return true;
}

bool parseFloatText(const std::string& text, double& out)
{
    std::string s = unicode::strip(text, nullptr, true, true);
    std::string clean;
    for (char c : s)
        if (c != '_')
            clean += c;
    if (clean.empty())
        return false;
    const std::string low = unicode::lower(clean);
    if (low == "inf" || low == "+inf" || low == "infinity" || low == "+infinity") {
        out = INFINITY;
        return true;
    }
    if (low == "-inf" || low == "-infinity") {
        out = -INFINITY;
        return true;
    }
    if (low == "nan" || low == "+nan" || low == "-nan") {
        out = NAN;
        return true;
    }
    const char* b = clean.data();
    if (*b == '+')
        ++b;
    auto res = std::from_chars(b, clean.data() + clean.size(), out);
    return res.ec == std::errc() && res.ptr == clean.data() + clean.size();
}

Value toInt(Interpreter&, const Value& v, CallArgs& a)
{
    ArgReader r{a, "int"};
    const Value dflt = r.value(0, "default", Value(0));
    const std::int64_t base = r.integer(1, "base", 10);
    if (base < 2 || base > 36)
        throw Error("int: base must be between 2 and 36");
    if (v.isInt() || v.isBool())
        return Value(v.asInt());
    if (v.isFloat()) {
        const double d = std::trunc(v.asDouble());
        if (!std::isfinite(d) || std::fabs(d) >= 9.2e18)
            return dflt;
        return Value(static_cast<std::int64_t>(d));
    }
    if (v.isString()) {
        std::int64_t i = 0;
        if (parseIntText(v.asString(), base, i))
            return Value(i);
        double d = 0;
        if (parseFloatText(v.asString(), d) && std::isfinite(d) && std::fabs(d) < 9.2e18)
            return Value(static_cast<std::int64_t>(std::trunc(d)));
    }
    return dflt;
}

Value toFloat(Interpreter&, const Value& v, CallArgs& a)
{
    const Value dflt = ArgReader{a, "float"}.value(0, "default", Value(0.0));
    if (v.isNumber())
        return Value(v.asDouble());
    double d = 0;
    if (v.isString() && parseFloatText(v.asString(), d))
        return Value(d);
    return dflt;
}

Value absFilter(Interpreter&, const Value& v, CallArgs&)
{
    if (v.isFloat())
        return Value(std::fabs(v.asDouble()));
    if (v.isInt() || v.isBool()) {
        if (v.asInt() == INT64_MIN)
            throw Error("integer overflow");
        return Value(v.asInt() < 0 ? -v.asInt() : v.asInt());
    }
    throw Error(std::string("bad operand type for abs(): '") + v.typeName() + "'");
}

// Python's round(x, n): correctly rounded decimal, ties to even (what printf's %.*f gives).
double roundDecimal(double x, std::int64_t precision)
{
    if (!std::isfinite(x))
        return x;
    precision = std::clamp<std::int64_t>(precision, -300, 300);
    if (precision < 0) {
        const double scale = std::pow(10.0, static_cast<double>(-precision));
        return std::nearbyint(x / scale) * scale;
    }
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(std::min<std::int64_t>(precision, 30)), x);
    return std::strtod(buf, nullptr);
}

Value round(Interpreter&, const Value& v, CallArgs& a)
{
    ArgReader r{a, "round"};
    const std::int64_t precision = r.integer(0, "precision", 0);
    const std::string method = r.string(1, "method", "common");
    if (!v.isNumber())
        throw Error(std::string("round: expected a number, got ") + v.typeName());
    if (method == "common") {
        if (v.isInt() || v.isBool())
            return Value(v.asInt());
        return Value(roundDecimal(v.asDouble(), precision));
    }
    if (method != "ceil" && method != "floor")
        throw Error("round: method must be common, ceil or floor");
    const double scale = std::pow(10.0, static_cast<double>(std::clamp<std::int64_t>(precision, -300, 300)));
    const double x = v.asDouble() * scale;
    return Value((method == "ceil" ? std::ceil(x) : std::floor(x)) / scale);
}

Value sortKey(Interpreter& in, const Value& item, const Value* attribute)
{
    return attribute ? attributeOf(in, item, str(*attribute)) : item;
}

Value unique(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "unique"};
    const bool caseSensitive = r.boolean(0, "case_sensitive", false);
    const Value* attribute = r.get(1, "attribute");
    List out;
    List seen;
    for (const Value& item : in.items(v)) {
        in.step();
        Value key = sortKey(in, item, attribute);
        if (!caseSensitive && key.isString())
            key = Value(unicode::lower(key.asString()));
        // Quadratic, like Jinja2's: each comparison is a step, so 100,000 items end at the step limit.
        bool dup = false;
        for (const Value& s : seen) {
            in.step();
            if (pythonEquals(s, key)) {
                dup = true;
                break;
            }
        }
        if (!dup) {
            seen.push_back(key);
            out.push_back(item);
        }
    }
    return Value(std::move(out));
}

Value sort(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "sort"};
    const bool reverse = r.boolean(0, "reverse", false);
    const bool caseSensitive = r.boolean(1, "case_sensitive", false);
    const Value* attribute = r.get(2, "attribute");
    std::vector<Value> all = in.items(v);
    std::vector<std::pair<Value, Value>> keyed;
    for (Value& item : all)
        keyed.emplace_back(sortKey(in, item, attribute), std::move(item));
    std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
        return reverse ? lessThan(y.first, x.first, caseSensitive) : lessThan(x.first, y.first, caseSensitive);
    });
    List out;
    for (auto& kv : keyed)
        out.push_back(std::move(kv.second));
    return Value(std::move(out));
}

Value dictsort(Interpreter&, const Value& v, CallArgs& a)
{
    ArgReader r{a, "dictsort"};
    const bool caseSensitive = r.boolean(0, "case_sensitive", false);
    const std::string by = r.string(1, "by", "key");
    const bool reverse = r.boolean(2, "reverse", false);
    if (!v.isDict())
        throw Error("dictsort: expected a mapping");
    if (by != "key" && by != "value")
        throw Error("dictsort: 'by' must be 'key' or 'value'");
    std::vector<std::pair<std::string, Value>> entries(v.dictRef().begin(), v.dictRef().end());
    const std::size_t idx = by == "key" ? 0 : 1;
    std::stable_sort(entries.begin(), entries.end(), [&](const auto& x, const auto& y) {
        const Value kx = idx == 0 ? Value(x.first) : x.second;
        const Value ky = idx == 0 ? Value(y.first) : y.second;
        return reverse ? lessThan(ky, kx, caseSensitive) : lessThan(kx, ky, caseSensitive);
    });
    List out;
    for (auto& [k, item] : entries)
        out.push_back(Value::tuple(List{Value(k), item}));
    return Value(std::move(out));
}

Value reverse(Interpreter& in, const Value& v, CallArgs&)
{
    std::vector<Value> all = in.items(v);
    std::reverse(all.begin(), all.end());
    if (v.isString()) {
        std::string s;
        for (const Value& c : all)
            s += c.asString();
        return Value(std::move(s));
    }
    return Value(std::move(all));
}

std::vector<std::string> splitLines(const std::string& s)
{
    std::vector<std::string> lines;
    std::string cur;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\n' || s[i] == '\r') {
            if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n')
                ++i;
            lines.push_back(cur);
            cur.clear();
        } else {
            cur += s[i];
        }
    }
    if (!cur.empty())
        lines.push_back(cur);
    return lines;
}

Value indent(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "indent"};
    const Value width = r.value(0, "width", Value(4));
    std::string pad;
    if (width.isString())
        pad = width.asString();
    else
        pad.assign(static_cast<std::size_t>(std::clamp<std::int64_t>(width.asInt(), 0, 1024)), ' ');
    const bool firstLine = r.boolean(1, "first", false);
    const bool blank = r.boolean(2, "blank", false);
    const std::vector<std::string> lines = splitLines(str(v) + "\n");
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (i > 0)
            out += '\n';
        if (i > 0 && (blank || !lines[i].empty()))
            out += pad;
        out += lines[i];
        in.checkSize(out.size());
    }
    if (firstLine)
        out = pad + out;
    return Value(std::move(out));
}

Value safe(Interpreter&, const Value& v, CallArgs&)
{
    return v;
}

Value escape(Interpreter&, const Value& v, CallArgs&)
{
    std::string out;
    for (char c : str(v)) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&#34;"; break;
        case '\'': out += "&#39;"; break;
        default: out += c;
        }
    }
    return Value(std::move(out));
}

Value batch(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "batch"};
    const std::int64_t size = r.integer(0, "linecount", 0);
    if (size <= 0)
        throw Error("batch: linecount must be positive");
    const Value* fill = r.get(1, "fill_with");
    List out;
    List cur;
    for (const Value& item : in.items(v)) {
        in.step();
        cur.push_back(item);
        if (static_cast<std::int64_t>(cur.size()) == size) {
            out.push_back(Value(std::move(cur)));
            cur = List{};
        }
    }
    if (!cur.empty()) {
        if (fill && !fill->isNone()) {
            // batch(10**12, x) once padded to 10**12 items.
            in.checkSize(static_cast<std::size_t>(size));
            in.produce(static_cast<std::size_t>(size - static_cast<std::int64_t>(cur.size())) * copyBytes(*fill));
            while (static_cast<std::int64_t>(cur.size()) < size)
                cur.push_back(*fill);
        }
        out.push_back(Value(std::move(cur)));
    }
    return Value(std::move(out));
}

Value wordcount(Interpreter&, const Value& v, CallArgs&)
{
    const std::string s = str(v);
    std::int64_t words = 0;
    bool inWord = false;
    for (std::size_t pos = 0, len = 1; pos < s.size(); pos += len) {
        const char32_t cp = unicode::decode(s, pos, len);
        const bool wordChar = cp >= 0x80 ? !unicode::isSpace(cp)
                                         : ((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z')
                                            || (cp >= 'A' && cp <= 'Z') || cp == '_');
        if (wordChar && !inWord)
            ++words;
        inWord = wordChar;
    }
    return Value(words);
}

Value minMax(Interpreter& in, const Value& v, CallArgs& a, bool wantMax)
{
    ArgReader r{a, wantMax ? "max" : "min"};
    const bool caseSensitive = r.boolean(0, "case_sensitive", false);
    const Value* attribute = r.get(1, "attribute");
    const auto all = in.items(v);
    if (all.empty())
        return Value::undefined("no largest/smallest item, sequence was empty");
    const Value* best = &all[0];
    for (const Value& item : all) {
        const Value k = sortKey(in, item, attribute);
        const Value bk = sortKey(in, *best, attribute);
        if (wantMax ? lessThan(bk, k, caseSensitive) : lessThan(k, bk, caseSensitive))
            best = &item;
    }
    return *best;
}

Value minFilter(Interpreter& in, const Value& v, CallArgs& a)
{
    return minMax(in, v, a, false);
}
Value maxFilter(Interpreter& in, const Value& v, CallArgs& a)
{
    return minMax(in, v, a, true);
}

Value sum(Interpreter& in, const Value& v, CallArgs& a)
{
    ArgReader r{a, "sum"};
    const Value* attribute = r.get(0, "attribute");
    Value total = r.value(1, "start", Value(0));
    for (const Value& item : in.items(v))
        total = binaryOp("+", total, sortKey(in, item, attribute), in);
    return total;
}

Value center(Interpreter&, const Value& v, CallArgs& a)
{
    const std::string s = str(v);
    const std::int64_t width = std::min<std::int64_t>(ArgReader{a, "center"}.integer(0, "width", 80), 4096);
    const auto len = static_cast<std::int64_t>(unicode::length(s));
    if (width <= len)
        return Value(s);
    const std::int64_t total = width - len;
    // CPython's str.center puts the odd extra space on the left when the width is odd.
    const std::int64_t left = total / 2 + (total & width & 1);
    return Value(std::string(static_cast<std::size_t>(left), ' ') + s
                 + std::string(static_cast<std::size_t>(total - left), ' '));
}

// Jinja's attr() reads attributes only, never dict items: only a namespace has attributes here.
Value attr(Interpreter& in, const Value& v, CallArgs& a)
{
    const std::string name = str(ArgReader{a, "attr"}.value(0, "name", Value("")));
    if (v.isNamespace())
        return in.getAttribute(v, name);
    return Value::undefined("'" + std::string(v.typeName()) + "' has no attribute '" + name + "'");
}

}  // namespace

const std::unordered_map<std::string, FilterFn>& filterRegistry()
{
    static const std::unordered_map<std::string, FilterFn> filters = {
        {"trim", trim},
        {"tojson", tojson},
        {"length", length},
        {"count", length},
        {"lower", lower},
        {"upper", upper},
        {"title", title},
        {"capitalize", capitalize},
        {"replace", replace},
        {"join", join},
        {"default", defaultFilter},
        {"d", defaultFilter},
        {"items", items},
        {"selectattr", selectattr},
        {"rejectattr", rejectattr},
        {"select", select},
        {"reject", reject},
        {"map", map},
        {"list", list},
        {"first", first},
        {"last", last},
        {"string", string},
        {"int", toInt},
        {"float", toFloat},
        {"abs", absFilter},
        {"round", round},
        {"unique", unique},
        {"sort", sort},
        {"dictsort", dictsort},
        {"reverse", reverse},
        {"indent", indent},
        {"safe", safe},
        {"e", escape},
        {"escape", escape},
        {"forceescape", escape},
        {"batch", batch},
        {"wordcount", wordcount},
        {"min", minFilter},
        {"max", maxFilter},
        {"sum", sum},
        {"center", center},
        {"attr", attr},
    };
    return filters;
}

}  // namespace strata::chat_template
