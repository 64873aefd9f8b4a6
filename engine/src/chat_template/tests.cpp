// Jinja2's built-in tests ("x is defined", "n is divisibleby 3"...).
#include "chat_template/interpreter.hpp"

namespace strata::chat_template {

namespace {

const Value& arg(CallArgs& a, const char* test)
{
    if (a.positional.empty())
        throw Error(std::string("test '") + test + "' needs an argument");
    return a.positional[0];
}

std::int64_t intOf(const Value& v, const char* test)
{
    if (!v.isInt() && !v.isBool())
        throw Error(std::string("test '") + test + "' needs an integer, got " + v.typeName());
    return v.asInt();
}

bool isLower(const std::string& s, bool lower)
{
    bool cased = false;
    for (char c : s) {
        if (c >= 'a' && c <= 'z') {
            if (!lower)
                return false;
            cased = true;
        }
        if (c >= 'A' && c <= 'Z') {
            if (lower)
                return false;
            cased = true;
        }
    }
    return cased;
}

}  // namespace

const std::unordered_map<std::string, TestFn>& testRegistry()
{
    static const std::unordered_map<std::string, TestFn> tests = {
        {"defined", [](Interpreter&, const Value& v, CallArgs&) { return !v.isUndefined(); }},
        {"undefined", [](Interpreter&, const Value& v, CallArgs&) { return v.isUndefined(); }},
        {"none", [](Interpreter&, const Value& v, CallArgs&) { return v.isNone(); }},
        {"string", [](Interpreter&, const Value& v, CallArgs&) { return v.isString(); }},
        {"number", [](Interpreter&, const Value& v, CallArgs&) { return v.isNumber(); }},
        {"integer", [](Interpreter&, const Value& v, CallArgs&) { return v.isInt(); }},
        {"float", [](Interpreter&, const Value& v, CallArgs&) { return v.isFloat(); }},
        {"boolean", [](Interpreter&, const Value& v, CallArgs&) { return v.isBool(); }},
        {"true", [](Interpreter&, const Value& v, CallArgs&) { return v.isBool() && v.asBool(); }},
        {"false", [](Interpreter&, const Value& v, CallArgs&) { return v.isBool() && !v.asBool(); }},
        {"mapping", [](Interpreter&, const Value& v, CallArgs&) { return v.kind() == Value::Kind::Dict; }},
        {"iterable",
         [](Interpreter&, const Value& v, CallArgs&) {
             return v.isUndefined() || v.isString() || v.isList() || v.kind() == Value::Kind::Dict;
         }},
        {"sequence", [](Interpreter&, const Value& v,
                        CallArgs&) { return v.isString() || v.isList() || v.kind() == Value::Kind::Dict; }},
        {"callable", [](Interpreter&, const Value& v, CallArgs&) { return v.isFunction(); }},
        {"odd", [](Interpreter&, const Value& v, CallArgs&) { return (intOf(v, "odd") % 2) != 0; }},
        {"even", [](Interpreter&, const Value& v, CallArgs&) { return (intOf(v, "even") % 2) == 0; }},
        {"divisibleby",
         [](Interpreter&, const Value& v, CallArgs& a) {
             const std::int64_t d = intOf(arg(a, "divisibleby"), "divisibleby");
             if (d == 0)
                 throw Error("divisibleby 0");
             if (d == -1)
                 return true;
             return intOf(v, "divisibleby") % d == 0;
         }},
        {"equalto", [](Interpreter&, const Value& v, CallArgs& a) { return pythonEquals(v, arg(a, "equalto")); }},
        {"eq", [](Interpreter&, const Value& v, CallArgs& a) { return pythonEquals(v, arg(a, "eq")); }},
        {"==", [](Interpreter&, const Value& v, CallArgs& a) { return pythonEquals(v, arg(a, "==")); }},
        {"ne", [](Interpreter&, const Value& v, CallArgs& a) { return !pythonEquals(v, arg(a, "ne")); }},
        {"!=", [](Interpreter&, const Value& v, CallArgs& a) { return !pythonEquals(v, arg(a, "!=")); }},
        {"lt", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp("<", v, arg(a, "lt")); }},
        {"lessthan", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp("<", v, arg(a, "lessthan")); }},
        {"le", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp("<=", v, arg(a, "le")); }},
        {"gt", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp(">", v, arg(a, "gt")); }},
        {"greaterthan",
         [](Interpreter&, const Value& v, CallArgs& a) { return compareOp(">", v, arg(a, "greaterthan")); }},
        {"ge", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp(">=", v, arg(a, "ge")); }},
        {"<", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp("<", v, arg(a, "<")); }},
        {"<=", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp("<=", v, arg(a, "<=")); }},
        {">", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp(">", v, arg(a, ">")); }},
        {">=", [](Interpreter&, const Value& v, CallArgs& a) { return compareOp(">=", v, arg(a, ">=")); }},
        {"in", [](Interpreter&, const Value& v, CallArgs& a) { return contains(arg(a, "in"), v); }},
        {"sameas",
         [](Interpreter&, const Value& v, CallArgs& a) {
             const Value& o = arg(a, "sameas");
             if (v.kind() != o.kind())
                 return false;
             if (v.isList())
                 return v.listPtr() == o.listPtr();
             if (v.isDict())
                 return v.dictPtr() == o.dictPtr();
             return pythonEquals(v, o);
         }},
        {"lower", [](Interpreter&, const Value& v, CallArgs&) { return v.isString() && isLower(v.asString(), true); }},
        {"upper", [](Interpreter&, const Value& v, CallArgs&) { return v.isString() && isLower(v.asString(), false); }},
        {"escaped", [](Interpreter&, const Value&, CallArgs&) { return false; }},
    };
    return tests;
}

}  // namespace strata::chat_template
