#include "chat_template/interpreter.hpp"

#include "chat_template/unicode.hpp"

#include <ctime>

namespace strata::chat_template {

namespace {

// Jinja2's sandbox refuses ranges longer than this (MAX_RANGE); we do the same.
constexpr std::int64_t kMaxRange = 100000;

Value makeFunction(std::string name, std::function<Value(CallArgs&)> fn)
{
    return Value(std::make_shared<Function>(Function{std::move(name), std::move(fn)}));
}

Value undefinedName(const std::string& name)
{
    return Value::undefined("'" + name + "' is undefined");
}

}  // namespace

Interpreter::Interpreter(const std::string& templateName, const RenderOptions& options)
    : name_(templateName), options_(options),
      deadline_(options.limits.deadline.count() > 0 ? std::chrono::steady_clock::now() + options.limits.deadline
                                                    : std::chrono::steady_clock::time_point::max())
{}

Interpreter::~Interpreter()
{
    // Break reference cycles a template may have built (a list appended to itself, a namespace
    // holding itself): only mutated containers can be part of one.
    for (Value& v : mutated_) {
        if (v.isList())
            v.list().clear();
        else if (v.isDict())
            v.dictRef().clear();
    }
}

void Interpreter::fail(int line, int column, const std::string& message) const
{
    throw TemplateError(name_, line, column, message);
}

void Interpreter::rethrowAt(int line, int column) const
{
    try {
        throw;
    } catch (const TemplateError&) {
        throw;
    } catch (const TemplateRaised& raised) {
        throw TemplateError(name_, line, column, raised.what(), true);
    } catch (const Error& e) {
        throw TemplateError(name_, line, column, e.what());
    }
}

void Interpreter::step()
{
    if (++steps_ > options_.limits.maxSteps)
        throw Error("template ran too long (more than " + std::to_string(options_.limits.maxSteps)
                    + " steps); is it looping without end?");
    if (options_.cancel && options_.cancel->load(std::memory_order_relaxed))
        throw RenderCancelled(name_);
    // The clock every 256 steps: a step is ~0.1 us of work, so the deadline is seen within ~1 ms
    // of slack without paying a clock read (~20 ns) per step.
    if ((steps_ & 255) == 0 && std::chrono::steady_clock::now() > deadline_)
        throw Error("template took longer than " + std::to_string(options_.limits.deadline.count()) + " ms");
}

void Interpreter::produce(std::size_t bytes)
{
    if (bytes > options_.limits.maxProducedBytes - std::min(produced_, options_.limits.maxProducedBytes))
        throw Error("template built more than " + std::to_string(options_.limits.maxProducedBytes)
                    + " bytes in total (strings, list items and output)");
    produced_ += bytes;
}

std::size_t copyBytes(const Value& v)
{
    return sizeof(Value) + (v.isString() ? v.asString().size() : 0);
}

std::vector<Value> Interpreter::items(const Value& v)
{
    std::size_t bytes = 0;
    if (v.isList()) {
        for (const Value& item : v.list()) {
            step();
            bytes += copyBytes(item);
        }
    } else if (v.isString()) {
        // One string Value per character: the text plus a Value each.
        const std::size_t n = v.asString().size();
        bytes = n * (sizeof(Value) + 1);
        for (std::size_t i = 0; i < n; i += 64)
            step();
    } else if (v.isDict()) {
        for (const auto& entry : v.dictRef()) {
            step();
            bytes += sizeof(Value) + entry.first.size();
        }
    }
    produce(bytes);
    return iterate(v);
}

void Interpreter::checkSize(std::size_t size) const
{
    if (size > options_.limits.maxOutputBytes)
        throw Error("template output or value too large (more than " + std::to_string(options_.limits.maxOutputBytes)
                    + " bytes or items)");
}

void Interpreter::noteMutation(const Value& container)
{
    const void* key = container.isList() ? static_cast<const void*>(container.listPtr().get())
                                         : static_cast<const void*>(container.dictPtr().get());
    if (mutatedSeen_.insert(key).second)
        mutated_.push_back(container);
}

void Interpreter::emit(const std::string& text)
{
    checkSize(out_->size() + text.size());
    produce(text.size());
    out_->append(text);
}

std::string Interpreter::run(const Program& program, const Value& context)
{
    Scope globals(nullptr);
    if (context.isDict()) {
        const Value copy = context.deepCopy();
        for (const auto& [key, v] : copy.dictRef())
            globals.vars[key] = v;
    } else if (!context.isUndefined() && !context.isNone()) {
        throw Error("the template context must be a dict, got " + std::string(context.typeName()));
    }
    auto setGlobal = [&](const std::string& n, std::function<Value(CallArgs&)> fn) {
        if (!globals.vars.count(n))
            globals.vars[n] = makeFunction(n, std::move(fn));
    };
    setGlobal("raise_exception", [](CallArgs& a) -> Value {
        const std::string msg = a.positional.empty() ? std::string() : toPythonStr(a.positional[0]);
        throw TemplateRaised(msg);
    });
    setGlobal("range", [this](CallArgs& a) -> Value {
        ArgReader r{a, "range"};
        std::int64_t start = 0, stop = 0, stepBy = 1;
        if (a.positional.size() == 1)
            stop = r.integer(0, "stop", 0);
        else if (a.positional.size() >= 2) {
            start = r.integer(0, "start", 0);
            stop = r.integer(1, "stop", 0);
            stepBy = r.integer(2, "step", 1);
        } else
            throw Error("range expected at least 1 argument");
        if (stepBy == 0)
            throw Error("range() arg 3 must not be zero");
        const long double count = stepBy > 0 ? (static_cast<long double>(stop) - start + stepBy - 1) / stepBy
                                             : (static_cast<long double>(start) - stop - stepBy - 1) / -stepBy;
        if (count > kMaxRange)
            throw Error("range too big (more than 100000 items)");
        List out;
        out.reserve(count > 0 ? static_cast<std::size_t>(count) : 0);
        for (std::int64_t i = start; stepBy > 0 ? i < stop : i > stop; i += stepBy) {
            step();
            out.emplace_back(i);
        }
        return Value(std::move(out));
    });
    setGlobal("namespace", [](CallArgs& a) -> Value {
        auto d = std::make_shared<Dict>();
        for (const Value& p : a.positional) {
            if (!p.isDict())
                throw Error("namespace() takes keyword arguments or a dict");
            for (const auto& [k, v] : p.dictRef())
                d->set(k, v);
        }
        for (auto& [k, v] : a.keyword)
            d->set(k, v);
        return Value(d, true);
    });
    setGlobal("dict", [](CallArgs& a) -> Value {
        auto d = std::make_shared<Dict>();
        for (const Value& p : a.positional) {
            if (!p.isDict())
                throw Error("dict() takes keyword arguments or a dict");
            for (const auto& [k, v] : p.dictRef())
                d->set(k, v);
        }
        for (auto& [k, v] : a.keyword)
            d->set(k, v);
        return Value(d);
    });
    setGlobal("strftime_now", [this](CallArgs& a) -> Value {
        const std::string format = ArgReader{a, "strftime_now"}.string(0, "format", "");
        const std::time_t t = options_.now ? *options_.now : std::time(nullptr);
        std::tm tm{};
        localtime_r(&t, &tm);
        char buf[512];
        const std::size_t n = format.size() < 200 ? std::strftime(buf, sizeof buf, format.c_str(), &tm) : 0;
        if (n == 0 && !format.empty())
            throw Error("strftime_now: format too long or empty result");
        return Value(std::string(buf, n));
    });

    Scope root(&globals);
    std::string output;
    out_ = &output;
    execBody(program.body, root);
    return output;
}

Interpreter::Flow Interpreter::execBody(const Body& body, Scope& scope)
{
    for (const StmtPtr& s : body) {
        const Flow f = exec(*s, scope);
        if (f != Flow::Normal)
            return f;
    }
    return Flow::Normal;
}

std::string Interpreter::capture(const Body& body, Scope& scope)
{
    std::string buffer;
    std::string* saved = out_;
    out_ = &buffer;
    try {
        execBody(body, scope);
    } catch (...) {
        out_ = saved;
        throw;
    }
    out_ = saved;
    return buffer;
}

Interpreter::Flow Interpreter::exec(const Stmt& s, Scope& scope)
{
    step();
    try {
        switch (s.kind) {
        case StmtKind::Data: emit(s.text); return Flow::Normal;
        case StmtKind::Output:
            emit(toPythonStr(eval(*s.expr, scope), options_.limits.maxOutputBytes));
            return Flow::Normal;
        case StmtKind::If:
            for (const auto& [cond, body] : s.branches)
                if (eval(*cond, scope).truthy())
                    return execBody(body, scope);
            return execBody(s.elseBody, scope);
        case StmtKind::For: {
            Flow flow = Flow::Normal;
            execFor(s, scope, flow);
            return Flow::Normal;
        }
        case StmtKind::Set: assign(s.target, eval(*s.expr, scope), scope, s); return Flow::Normal;
        case StmtKind::SetBlock: {
            Value v(capture(s.body, scope));
            if (s.expr)
                v = evalFilter(*s.expr, scope, &v);
            assign(s.target, v, scope, s);
            return Flow::Normal;
        }
        case StmtKind::Macro: scope.vars[s.text] = defineMacro(s, scope); return Flow::Normal;
        case StmtKind::CallBlock: {
            const Value caller = makeCaller(s, scope);
            emit(toPythonStr(evalCall(*s.expr, scope, &caller), options_.limits.maxOutputBytes));
            return Flow::Normal;
        }
        case StmtKind::FilterBlock: {
            const Value body(capture(s.body, scope));
            emit(toPythonStr(evalFilter(*s.expr, scope, &body), options_.limits.maxOutputBytes));
            return Flow::Normal;
        }
        case StmtKind::Break: return Flow::Break;
        case StmtKind::Continue: return Flow::Continue;
        case StmtKind::Scope: return execBody(s.body, scope);
        }
    } catch (const Error&) {
        rethrowAt(s.line, s.column);
    }
    return Flow::Normal;
}

void Interpreter::assign(const Target& target, const Value& v, Scope& scope, const Stmt& at)
{
    (void)at;
    if (!target.namespaceName.empty()) {
        const Value* ns = scope.lookup(target.namespaceName);
        if (!ns || !ns->isNamespace())
            throw Error("cannot assign attribute on non-namespace object '" + target.namespaceName + "'");
        ns->dictRef().set(target.names[0], v);
        noteMutation(*ns);
        return;
    }
    if (!target.unpack) {
        scope.vars[target.names[0]] = v;
        return;
    }
    const std::vector<Value> items = this->items(v);
    if (items.size() != target.names.size())
        throw Error("cannot unpack " + std::to_string(items.size()) + " values into "
                    + std::to_string(target.names.size()) + " names");
    for (std::size_t i = 0; i < items.size(); ++i)
        scope.vars[target.names[i]] = items[i];
}

void Interpreter::execFor(const Stmt& s, Scope& scope, Flow& flow)
{
    std::vector<Value> items = this->items(eval(*s.expr, scope));
    if (s.condition) {
        std::vector<Value> kept;
        for (Value& item : items) {
            step();
            Scope probe(&scope);
            assign(s.target, item, probe, s);
            if (eval(*s.condition, probe).truthy())
                kept.push_back(std::move(item));
        }
        items = std::move(kept);
    }
    if (items.empty()) {
        Scope elseScope(&scope);
        execBody(s.elseBody, elseScope);
        return;
    }
    // One loop object for the whole loop, updated in place like Jinja2's LoopContext: building a
    // fresh dict per iteration made a 20000-iteration loop take seconds under ASan.
    const auto length = static_cast<std::int64_t>(items.size());
    auto loop = std::make_shared<Dict>();
    auto current = std::make_shared<std::int64_t>(0);
    const Value cycle = makeFunction("loop.cycle", [current](CallArgs& a) -> Value {
        if (a.positional.empty())
            throw Error("no items for cycling given");
        return a.positional[static_cast<std::size_t>(*current) % a.positional.size()];
    });
    for (std::int64_t i = 0; i < length; ++i) {
        step();
        // A string item is copied into loop.previtem, loop.nextitem and the loop variable.
        if (items[static_cast<std::size_t>(i)].isString())
            produce(3 * items[static_cast<std::size_t>(i)].asString().size());
        *current = i;
        Scope iter(&scope);
        loop->set("index", Value(i + 1));
        loop->set("index0", Value(i));
        loop->set("revindex", Value(length - i));
        loop->set("revindex0", Value(length - i - 1));
        loop->set("first", Value(i == 0));
        loop->set("last", Value(i == length - 1));
        loop->set("length", Value(length));
        loop->set("depth", Value(1));
        loop->set("depth0", Value(0));
        loop->set("previtem",
                  i > 0 ? items[static_cast<std::size_t>(i - 1)] : Value::undefined("there is no previous item"));
        loop->set("nextitem",
                  i + 1 < length ? items[static_cast<std::size_t>(i + 1)] : Value::undefined("there is no next item"));
        loop->set("cycle", cycle);
        iter.vars["loop"] = Value(loop);
        assign(s.target, items[static_cast<std::size_t>(i)], iter, s);
        flow = execBody(s.body, iter);
        if (flow == Flow::Break)
            break;
    }
    flow = Flow::Normal;
}

Value Interpreter::defineMacro(const Stmt& s, Scope& scope)
{
    Scope* defined = &scope;
    std::shared_ptr<bool> alive = scope.aliveFlag();
    const Stmt* macro = &s;
    return makeFunction(s.text, [this, macro, defined, alive](CallArgs& a) -> Value {
        if (!*alive)
            throw Error("macro '" + macro->text + "' called after its scope ended");
        if (++callDepth_ > options_.limits.maxCallDepth) {
            --callDepth_;
            throw Error("macro calls nested too deeply (more than " + std::to_string(options_.limits.maxCallDepth)
                        + ")");
        }
        struct DepthRestore {
            int& d;
            ~DepthRestore() { --d; }
        } restore{callDepth_};
        step();
        Scope local(defined);
        List varargs;
        for (std::size_t i = 0; i < a.positional.size(); ++i) {
            if (i < macro->params.size())
                local.vars[macro->params[i].name] = a.positional[i];
            else
                varargs.push_back(a.positional[i]);
        }
        auto kwargs = std::make_shared<Dict>();
        for (auto& [k, v] : a.keyword) {
            bool isParam = false;
            for (const MacroParam& p : macro->params)
                isParam = isParam || p.name == k;
            if (isParam || k == "caller")
                local.vars[k] = v;
            else
                kwargs->set(k, v);
        }
        for (const MacroParam& p : macro->params) {
            if (local.vars.count(p.name))
                continue;
            local.vars[p.name] = p.defaultValue ? eval(*p.defaultValue, local)
                                                : Value::undefined("parameter '" + p.name + "' was not provided");
        }
        local.vars["varargs"] = Value(std::move(varargs));
        local.vars["kwargs"] = Value(kwargs);
        return Value(capture(macro->body, local));
    });
}

Value Interpreter::makeCaller(const Stmt& s, Scope& scope)
{
    Scope* site = &scope;
    std::shared_ptr<bool> alive = scope.aliveFlag();
    const Stmt* block = &s;
    return makeFunction("caller", [this, block, site, alive](CallArgs& a) -> Value {
        if (!*alive)
            throw Error("caller() used after its call block ended");
        if (++callDepth_ > options_.limits.maxCallDepth) {
            --callDepth_;
            throw Error("calls nested too deeply");
        }
        struct DepthRestore {
            int& d;
            ~DepthRestore() { --d; }
        } restore{callDepth_};
        Scope local(site);
        for (std::size_t i = 0; i < block->params.size(); ++i) {
            const MacroParam& p = block->params[i];
            if (i < a.positional.size())
                local.vars[p.name] = a.positional[i];
            else if (p.defaultValue)
                local.vars[p.name] = eval(*p.defaultValue, local);
        }
        for (auto& [k, v] : a.keyword)
            local.vars[k] = v;
        return Value(capture(block->body, local));
    });
}

Value Interpreter::call(const Value& callee, CallArgs& args)
{
    if (callee.isUndefined())
        throw Error(callee.undefinedHint().empty() ? "undefined value is not callable" : callee.undefinedHint());
    if (!callee.isFunction())
        throw Error(std::string("'") + callee.typeName() + "' object is not callable");
    step();
    return callee.function().call(args);
}

Value Interpreter::getAttribute(const Value& obj, const std::string& name)
{
    if (obj.isUndefined())
        throw Error(obj.undefinedHint().empty() ? "'" + name + "' of an undefined value" : obj.undefinedHint());
    if (obj.isDict()) {
        if (const Value* v = obj.dictRef().find(name))
            return *v;
    }
    return Value::undefined("'" + std::string(obj.typeName()) + "' has no attribute '" + name + "'");
}

Value Interpreter::getItem(const Value& obj, const Value& key)
{
    if (obj.isUndefined())
        throw Error(obj.undefinedHint().empty() ? "subscript of an undefined value" : obj.undefinedHint());
    if (obj.isDict()) {
        if (key.isString())
            if (const Value* v = obj.dictRef().find(key.asString()))
                return *v;
        return Value::undefined("'" + std::string(obj.typeName()) + "' has no attribute " + toPythonRepr(key));
    }
    if ((obj.isList() || obj.isString()) && (key.isInt() || key.isBool())) {
        std::int64_t i = key.asInt();
        if (obj.isList()) {
            const auto n = static_cast<std::int64_t>(obj.list().size());
            if (i < 0)
                i += n;
            if (i >= 0 && i < n)
                return obj.list()[static_cast<std::size_t>(i)];
        } else {
            const auto b = unicode::boundaries(obj.asString());
            const auto n = static_cast<std::int64_t>(b.size()) - 1;
            if (i < 0)
                i += n;
            if (i >= 0 && i < n) {
                const auto u = static_cast<std::size_t>(i);
                return Value(obj.asString().substr(b[u], b[u + 1] - b[u]));
            }
        }
        return Value::undefined(std::string("'") + obj.typeName() + "' has no item " + std::to_string(key.asInt()));
    }
    if (key.isString())
        return getAttribute(obj, key.asString());
    return Value::undefined(std::string("'") + obj.typeName() + "' has no item " + toPythonRepr(key));
}

Value Interpreter::eval(const Expr& e, Scope& scope)
{
    try {
        // Every value an expression yields is a copy, strings by value: charge their text. (The
        // Value itself is transient; containers charge sizeof(Value) per item they store.)
        Value v = evalInner(e, scope);
        if (v.isString())
            produce(v.asString().size());
        return v;
    } catch (const Error&) {
        rethrowAt(e.line, e.column);
    }
}

void Interpreter::evalArgs(const Expr& e, Scope& scope, CallArgs& args, std::size_t firstChild)
{
    for (std::size_t i = firstChild; i < e.children.size(); ++i)
        args.positional.push_back(eval(*e.children[i], scope));
    for (const auto& [k, v] : e.kwargs)
        args.keyword.emplace_back(k, eval(*v, scope));
}

Value Interpreter::evalInner(const Expr& e, Scope& scope)
{
    switch (e.kind) {
    case ExprKind::Literal: return e.value;
    case ExprKind::Name: {
        const Value* v = scope.lookup(e.name);
        return v ? *v : undefinedName(e.name);
    }
    case ExprKind::List:
    case ExprKind::Tuple: {
        List items;
        for (const ExprPtr& c : e.children)
            items.push_back(eval(*c, scope));
        return e.kind == ExprKind::Tuple ? Value::tuple(std::move(items)) : Value(std::move(items));
    }
    case ExprKind::DictLit: {
        auto d = std::make_shared<Dict>();
        for (std::size_t i = 0; i + 1 < e.children.size(); i += 2) {
            const Value key = eval(*e.children[i], scope);
            if (!key.isString())
                throw Error("dict keys must be strings in chat templates");
            d->set(key.asString(), eval(*e.children[i + 1], scope));
        }
        return Value(d);
    }
    case ExprKind::Attribute: return getAttribute(eval(*e.children[0], scope), e.name);
    case ExprKind::Item: return getItem(eval(*e.children[0], scope), eval(*e.children[1], scope));
    case ExprKind::Slice: {
        const Value obj = eval(*e.children[0], scope);
        Value parts[3];
        for (int i = 0; i < 3; ++i)
            if (e.children[static_cast<std::size_t>(i) + 1])
                parts[i] = eval(*e.children[static_cast<std::size_t>(i) + 1], scope);
        for (const Value& p : parts)
            if (!p.isUndefined() && !p.isNone() && !p.isInt() && !p.isBool())
                throw Error("slice indices must be integers or none");
        const bool isString = obj.isString();
        if (!isString && !obj.isList())
            throw Error(std::string("'") + obj.typeName() + "' object is not subscriptable");
        std::vector<std::size_t> bounds;
        std::int64_t n = 0;
        if (isString) {
            bounds = unicode::boundaries(obj.asString());
            n = static_cast<std::int64_t>(bounds.size()) - 1;
        } else {
            n = static_cast<std::int64_t>(obj.list().size());
        }
        const bool hasStep = parts[2].isInt() || parts[2].isBool();
        const std::int64_t stepBy = hasStep ? parts[2].asInt() : 1;
        if (stepBy == 0)
            throw Error("slice step cannot be zero");
        auto clampIndex = [&](const Value& v, std::int64_t dflt) {
            if (!(v.isInt() || v.isBool()))
                return dflt;
            std::int64_t i = v.asInt();
            if (i < 0) {
                i += n;
                if (i < 0)
                    i = stepBy < 0 ? -1 : 0;
            } else if (i >= n) {
                i = stepBy < 0 ? n - 1 : n;
            }
            return i;
        };
        const std::int64_t start = clampIndex(parts[0], stepBy < 0 ? n - 1 : 0);
        const std::int64_t stop = clampIndex(parts[1], stepBy < 0 ? -1 : n);
        std::string s;
        List l;
        for (std::int64_t i = start; stepBy > 0 ? i < stop : i > stop; i += stepBy) {
            const auto u = static_cast<std::size_t>(i);
            if (!isString) {
                step();
                produce(copyBytes(obj.list()[u]));
            }
            if (isString)
                s.append(obj.asString(), bounds[u], bounds[u + 1] - bounds[u]);
            else
                l.push_back(obj.list()[u]);
        }
        return isString ? Value(std::move(s)) : Value(std::move(l));
    }
    case ExprKind::Call: return evalCall(e, scope, nullptr);
    case ExprKind::Filter: return evalFilter(e, scope, nullptr);
    case ExprKind::Test: {
        const Value v = eval(*e.children[0], scope);
        CallArgs args;
        evalArgs(e, scope, args, 1);
        return Value(applyTest(e.name, v, args) != e.negated);
    }
    case ExprKind::Unary: {
        const Value v = eval(*e.children[0], scope);
        if (e.name == "not")
            return Value(!v.truthy());
        if (v.isUndefined())
            throw Error(v.undefinedHint().empty() ? "undefined value in arithmetic" : v.undefinedHint());
        if (v.isFloat())
            return Value(e.name == "-" ? -v.asDouble() : v.asDouble());
        if (v.isInt() || v.isBool()) {
            if (e.name == "+")
                return Value(v.asInt());
            if (v.asInt() == INT64_MIN)
                throw Error("integer overflow");
            return Value(-v.asInt());
        }
        throw Error(std::string("bad operand type for unary ") + e.name + ": '" + v.typeName() + "'");
    }
    case ExprKind::Binary: return evalBinary(e, scope);
    case ExprKind::Compare: return evalCompare(e, scope);
    case ExprKind::Conditional:
        if (eval(*e.children[0], scope).truthy())
            return eval(*e.children[1], scope);
        return e.children[2] ? eval(*e.children[2], scope)
                             : Value::undefined("the condition was false and there is no else");
    }
    return Value();
}

Value Interpreter::evalCall(const Expr& e, Scope& scope, const Value* extraCaller)
{
    CallArgs args;
    const Expr& callee = *e.children[0];
    if (callee.kind == ExprKind::Attribute) {
        const Value obj = eval(*callee.children[0], scope);
        evalArgs(e, scope, args, 1);
        if (extraCaller)
            args.keyword.emplace_back("caller", *extraCaller);
        if (obj.isString() || obj.isList() || obj.isDict()) {
            bool found = false;
            Value result = callMethod(*this, obj, callee.name, args, found);
            if (found)
                return result;
        }
        return call(getAttribute(obj, callee.name), args);
    }
    const Value fn = eval(callee, scope);
    evalArgs(e, scope, args, 1);
    if (extraCaller)
        args.keyword.emplace_back("caller", *extraCaller);
    return call(fn, args);
}

Value Interpreter::evalFilter(const Expr& e, Scope& scope, const Value* blockInput)
{
    const Value input = e.children[0]
                            ? (e.children[0]->kind == ExprKind::Filter ? evalFilter(*e.children[0], scope, blockInput)
                                                                       : eval(*e.children[0], scope))
                            : (blockInput ? *blockInput : Value());
    CallArgs args;
    evalArgs(e, scope, args, 1);
    try {
        return applyFilter(e.name, input, args);
    } catch (const Error&) {
        rethrowAt(e.line, e.column);
    }
}

Value Interpreter::applyFilter(const std::string& name, const Value& v, CallArgs& args)
{
    const auto& filters = filterRegistry();
    auto it = filters.find(name);
    if (it == filters.end())
        throw Error("no filter named '" + name + "'");
    step();
    return it->second(*this, v, args);
}

bool Interpreter::applyTest(const std::string& name, const Value& v, CallArgs& args)
{
    const auto& tests = testRegistry();
    auto it = tests.find(name);
    if (it == tests.end())
        throw Error("no test named '" + name + "'");
    return it->second(*this, v, args);
}

Value Interpreter::evalBinary(const Expr& e, Scope& scope)
{
    if (e.name == "and") {
        Value l = eval(*e.children[0], scope);
        return l.truthy() ? eval(*e.children[1], scope) : l;
    }
    if (e.name == "or") {
        Value l = eval(*e.children[0], scope);
        return l.truthy() ? l : eval(*e.children[1], scope);
    }
    const Value l = eval(*e.children[0], scope);
    const Value r = eval(*e.children[1], scope);
    return binaryOp(e.name, l, r, *this);
}

Value Interpreter::evalCompare(const Expr& e, Scope& scope)
{
    Value left = eval(*e.children[0], scope);
    for (std::size_t i = 0; i < e.ops.size(); ++i) {
        Value right = eval(*e.children[i + 1], scope);
        if (!compareOp(e.ops[i], left, right))
            return Value(false);
        left = std::move(right);
    }
    return Value(true);
}

const Value* ArgReader::get(std::size_t position, const char* keyword) const
{
    if (position < args.positional.size())
        return &args.positional[position];
    for (const auto& [k, v] : args.keyword)
        if (k == keyword)
            return &v;
    return nullptr;
}

Value ArgReader::value(std::size_t position, const char* keyword, Value fallback) const
{
    const Value* v = get(position, keyword);
    return v ? *v : fallback;
}

std::string ArgReader::string(std::size_t position, const char* keyword, std::string fallback) const
{
    const Value* v = get(position, keyword);
    if (!v)
        return fallback;
    if (!v->isString())
        throw Error(std::string(function) + ": argument '" + keyword + "' must be a string, got " + v->typeName());
    return v->asString();
}

std::int64_t ArgReader::integer(std::size_t position, const char* keyword, std::int64_t fallback) const
{
    const Value* v = get(position, keyword);
    if (!v || v->isNone())
        return fallback;
    if (!v->isInt() && !v->isBool())
        throw Error(std::string(function) + ": argument '" + keyword + "' must be an integer, got " + v->typeName());
    return v->asInt();
}

bool ArgReader::boolean(std::size_t position, const char* keyword, bool fallback) const
{
    const Value* v = get(position, keyword);
    return v ? v->truthy() : fallback;
}

namespace {

void validateExpr(const Expr* e, const std::string& name)
{
    if (!e)
        return;
    if (e->kind == ExprKind::Filter && !filterRegistry().count(e->name))
        throw TemplateError(name, e->line, e->column, "no filter named '" + e->name + "'");
    if (e->kind == ExprKind::Test && !testRegistry().count(e->name))
        throw TemplateError(name, e->line, e->column, "no test named '" + e->name + "'");
    for (const ExprPtr& c : e->children)
        validateExpr(c.get(), name);
    for (const auto& kv : e->kwargs)
        validateExpr(kv.second.get(), name);
}

void validateBody(const Body& body, const std::string& name)
{
    for (const StmtPtr& s : body) {
        validateExpr(s->expr.get(), name);
        validateExpr(s->condition.get(), name);
        for (const auto& [cond, b] : s->branches) {
            validateExpr(cond.get(), name);
            validateBody(b, name);
        }
        for (const MacroParam& p : s->params)
            validateExpr(p.defaultValue.get(), name);
        validateBody(s->body, name);
        validateBody(s->elseBody, name);
    }
}

}  // namespace

void validateProgram(const Program& program, const std::string& templateName)
{
    validateBody(program.body, templateName);
}

}  // namespace strata::chat_template
