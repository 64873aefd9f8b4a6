// Python's arithmetic, comparison and containment rules for template values.
#include "chat_template/interpreter.hpp"
#include "chat_template/unicode.hpp"

#include <cmath>

namespace strata::chat_template {

namespace {

[[noreturn]] void unsupported(const std::string& op, const Value& a, const Value& b)
{
    for (const Value* v : {&a, &b})
        if (v->isUndefined())
            throw Error(v->undefinedHint().empty() ? "undefined value used with '" + op + "'" : v->undefinedHint());
    throw Error("unsupported operand types for " + op + ": '" + a.typeName() + "' and '" + b.typeName() + "'");
}

bool isIntLike(const Value& v)
{
    return v.isInt() || v.isBool();
}

// Python's seq * n. The result's size and the bytes its copies take are charged before anything
// is built: '' * 10**18 once looped 10**18 times, and [16 MB string] * 100000 copied 1.6 TB.
Value repeat(const Value& seq, std::int64_t times, Interpreter& in)
{
    const std::size_t length = seq.isString() ? seq.asString().size() : seq.list().size();
    if (times <= 0 || length == 0)
        return seq.isString() ? Value(std::string()) : Value(List{});
    const auto n = static_cast<std::uint64_t>(times);
    std::uint64_t total = 0;
    if (__builtin_mul_overflow(static_cast<std::uint64_t>(length), n, &total))
        total = UINT64_MAX;
    in.checkSize(static_cast<std::size_t>(std::min<std::uint64_t>(total, SIZE_MAX)));
    if (seq.isString()) {
        in.produce(total);
        std::string out;
        out.reserve(total);
        for (std::uint64_t i = 0; i < n; ++i)
            out += seq.asString();
        return Value(std::move(out));
    }
    std::uint64_t once = 0;
    for (const Value& item : seq.list())
        once += copyBytes(item);
    std::uint64_t bytes = 0;
    if (__builtin_mul_overflow(once, n, &bytes))
        bytes = UINT64_MAX;
    in.produce(static_cast<std::size_t>(std::min<std::uint64_t>(bytes, SIZE_MAX)));
    List out;
    out.reserve(total);
    for (std::uint64_t i = 0; i < n; ++i)
        out.insert(out.end(), seq.list().begin(), seq.list().end());
    return Value(std::move(out));
}

}  // namespace

Value binaryOp(const std::string& op, const Value& a, const Value& b, Interpreter& in)
{
    if (op == "~") {
        const std::size_t limit = in.options().limits.maxOutputBytes;
        std::string s = toPythonStr(a, limit) + toPythonStr(b, limit);
        in.checkSize(s.size());
        in.produce(s.size());
        return Value(std::move(s));
    }
    const bool numbers = a.isNumber() && b.isNumber();
    const bool ints = isIntLike(a) && isIntLike(b);
    std::int64_t r = 0;
    if (op == "+") {
        if (ints) {
            if (__builtin_add_overflow(a.asInt(), b.asInt(), &r))
                throw Error("integer overflow");
            return Value(r);
        }
        if (numbers)
            return Value(a.asDouble() + b.asDouble());
        if (a.isString() && b.isString()) {
            in.checkSize(a.asString().size() + b.asString().size());
            in.produce(a.asString().size() + b.asString().size());
            return Value(a.asString() + b.asString());
        }
        if (a.isList() && b.isList()) {
            in.checkSize(a.list().size() + b.list().size());
            for (const List* l : {&a.list(), &b.list()})
                for (const Value& item : *l)
                    in.produce(copyBytes(item));
            List out = a.list();
            out.insert(out.end(), b.list().begin(), b.list().end());
            return Value(std::move(out));
        }
        unsupported(op, a, b);
    }
    if (op == "-") {
        if (ints) {
            if (__builtin_sub_overflow(a.asInt(), b.asInt(), &r))
                throw Error("integer overflow");
            return Value(r);
        }
        if (numbers)
            return Value(a.asDouble() - b.asDouble());
        unsupported(op, a, b);
    }
    if (op == "*") {
        if (ints) {
            if (__builtin_mul_overflow(a.asInt(), b.asInt(), &r))
                throw Error("integer overflow");
            return Value(r);
        }
        if (numbers)
            return Value(a.asDouble() * b.asDouble());
        if ((a.isString() || a.isList()) && isIntLike(b))
            return repeat(a, b.asInt(), in);
        if ((b.isString() || b.isList()) && isIntLike(a))
            return repeat(b, a.asInt(), in);
        unsupported(op, a, b);
    }
    if (op == "/") {
        if (!numbers)
            unsupported(op, a, b);
        if (b.asDouble() == 0)
            throw Error("division by zero");
        return Value(a.asDouble() / b.asDouble());
    }
    if (op == "//" || op == "%") {
        if (!numbers) {
            if (a.isString() && op == "%")
                throw Error("printf-style string formatting with '%' is not supported");
            unsupported(op, a, b);
        }
        if (b.asDouble() == 0)
            throw Error(op == "//" ? "integer division by zero" : "modulo by zero");
        if (ints) {
            const std::int64_t x = a.asInt(), y = b.asInt();
            if (x == INT64_MIN && y == -1)
                throw Error("integer overflow");
            std::int64_t q = x / y, m = x % y;
            if (m != 0 && ((m < 0) != (y < 0))) {
                --q;
                m += y;
            }
            return op == "//" ? Value(q) : Value(m);
        }
        const double x = a.asDouble(), y = b.asDouble();
        double m = std::fmod(x, y);
        if (m != 0 && ((m < 0) != (y < 0)))
            m += y;
        if (op == "%")
            return Value(m);
        return Value(std::floor(x / y));
    }
    if (op == "**") {
        if (!numbers)
            unsupported(op, a, b);
        if (ints && b.asInt() >= 0) {
            std::int64_t result = 1, base = a.asInt(), e = b.asInt();
            while (e > 0) {
                if (e & 1)
                    if (__builtin_mul_overflow(result, base, &result))
                        throw Error("integer overflow");
                e >>= 1;
                if (e > 0 && __builtin_mul_overflow(base, base, &base))
                    throw Error("integer overflow");
            }
            return Value(result);
        }
        if (a.asDouble() == 0 && b.asDouble() < 0)
            throw Error("zero to a negative power");
        return Value(std::pow(a.asDouble(), b.asDouble()));
    }
    throw Error("unknown operator '" + op + "'");
}

bool lessThan(const Value& a, const Value& b, bool caseSensitive)
{
    if (a.isNumber() && b.isNumber()) {
        if (a.isFloat() || b.isFloat())
            return a.asDouble() < b.asDouble();
        return a.asInt() < b.asInt();
    }
    if (a.isString() && b.isString())
        return caseSensitive ? a.asString() < b.asString()
                             : unicode::lower(a.asString()) < unicode::lower(b.asString());
    if (a.isList() && b.isList()) {
        const List& x = a.list();
        const List& y = b.list();
        for (std::size_t i = 0; i < x.size() && i < y.size(); ++i) {
            if (pythonEquals(x[i], y[i]))
                continue;
            return lessThan(x[i], y[i], caseSensitive);
        }
        return x.size() < y.size();
    }
    for (const Value* v : {&a, &b})
        if (v->isUndefined())
            throw Error(v->undefinedHint().empty() ? "undefined value in comparison" : v->undefinedHint());
    throw Error(std::string("'<' not supported between '") + a.typeName() + "' and '" + b.typeName() + "'");
}

bool contains(const Value& container, const Value& item)
{
    if (container.isString()) {
        if (!item.isString())
            throw Error(std::string("'in <string>' requires string as left operand, not ") + item.typeName());
        return container.asString().find(item.asString()) != std::string::npos;
    }
    if (container.isList()) {
        for (const Value& v : container.list())
            if (pythonEquals(v, item))
                return true;
        return false;
    }
    if (container.isDict() && !container.isNamespace())
        return item.isString() && container.dictRef().find(item.asString());
    if (container.isUndefined())
        return false;
    throw Error(std::string("argument of type '") + container.typeName() + "' is not iterable");
}

bool compareOp(const std::string& op, const Value& a, const Value& b)
{
    if (op == "==")
        return pythonEquals(a, b);
    if (op == "!=")
        return !pythonEquals(a, b);
    if (op == "<")
        return lessThan(a, b);
    if (op == ">")
        return lessThan(b, a);
    if (op == "<=")
        return lessThan(a, b) || pythonEquals(a, b);
    if (op == ">=")
        return lessThan(b, a) || pythonEquals(a, b);
    if (op == "in")
        return contains(b, a);
    if (op == "notin")
        return !contains(b, a);
    throw Error("unknown comparison '" + op + "'");
}

std::vector<Value> iterate(const Value& v)
{
    switch (v.kind()) {
    case Value::Kind::Undefined: return {};
    case Value::Kind::List: return v.list();
    case Value::Kind::Dict: {
        std::vector<Value> keys;
        for (const auto& [k, item] : v.dictRef())
            keys.emplace_back(k);
        return keys;
    }
    case Value::Kind::String: {
        std::vector<Value> chars;
        const auto b = unicode::boundaries(v.asString());
        for (std::size_t i = 0; i + 1 < b.size(); ++i)
            chars.emplace_back(v.asString().substr(b[i], b[i + 1] - b[i]));
        return chars;
    }
    default: throw Error(std::string("'") + v.typeName() + "' object is not iterable");
    }
}

std::int64_t pyLength(const Value& v)
{
    switch (v.kind()) {
    case Value::Kind::Undefined: return 0;
    case Value::Kind::String: return static_cast<std::int64_t>(unicode::length(v.asString()));
    case Value::Kind::List: return static_cast<std::int64_t>(v.list().size());
    case Value::Kind::Dict: return static_cast<std::int64_t>(v.dictRef().size());
    default: throw Error(std::string("object of type '") + v.typeName() + "' has no len()");
    }
}

}  // namespace strata::chat_template
