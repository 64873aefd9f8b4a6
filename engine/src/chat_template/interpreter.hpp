// Runs a parsed template: scopes, statements, expressions with Python semantics, macros, and the
// runaway limits. Filters, tests and methods live in their own files and use this class's helpers.
#pragma once

#include "chat_template/ast.hpp"
#include "strata/chat_template/chat_template.hpp"

#include <chrono>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace strata::chat_template {

// Variables visible at one level: the template's top level, a loop iteration, a macro call.
struct Scope {
    Scope* parent = nullptr;
    std::unordered_map<std::string, Value> vars;
    std::shared_ptr<bool> alive;  // created when a macro or caller() captures this scope
    explicit Scope(Scope* p) : parent(p) {}
    ~Scope()
    {
        if (alive)
            *alive = false;
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    std::shared_ptr<bool> aliveFlag()
    {
        if (!alive)
            alive = std::make_shared<bool>(true);
        return alive;
    }
    const Value* lookup(const std::string& name) const
    {
        for (const Scope* s = this; s; s = s->parent) {
            auto it = s->vars.find(name);
            if (it != s->vars.end())
                return &it->second;
        }
        return nullptr;
    }
};

// raise_exception() from the template; becomes a TemplateError with raisedByTemplate() set.
struct TemplateRaised : Error {
    using Error::Error;
};

class Interpreter {
public:
    Interpreter(const std::string& templateName, const RenderOptions& options);
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    std::string run(const Program& program, const Value& context);

    // Helpers for filters, tests and methods.
    void step();  // counts work; throws past the step limit or deadline, or when cancelled
    void checkSize(std::size_t bytesOrItems) const;  // throws past the output limit
    // Charges bytes about to be built against the render's total (RenderLimits::maxProducedBytes).
    void produce(std::size_t bytes);
    // The items of a for loop or filter input, charged (a step and its bytes per item) before
    // they are copied.
    std::vector<Value> items(const Value& v);
    void noteMutation(const Value& container);  // list.append, namespace attribute set
    Value call(const Value& callee, CallArgs& args);
    bool applyTest(const std::string& name, const Value& v, CallArgs& args);
    Value applyFilter(const std::string& name, const Value& v, CallArgs& args);
    Value getAttribute(const Value& obj, const std::string& name);
    Value getItem(const Value& obj, const Value& key);
    const RenderOptions& options() const { return options_; }

private:
    enum class Flow { Normal, Break, Continue };

    Flow execBody(const Body& body, Scope& scope);
    Flow exec(const Stmt& s, Scope& scope);
    void execFor(const Stmt& s, Scope& scope, Flow& flow);
    void assign(const Target& target, const Value& v, Scope& scope, const Stmt& at);
    Value defineMacro(const Stmt& s, Scope& scope);
    Value makeCaller(const Stmt& s, Scope& scope);
    std::string capture(const Body& body, Scope& scope);

    Value eval(const Expr& e, Scope& scope);
    Value evalInner(const Expr& e, Scope& scope);
    Value evalCall(const Expr& e, Scope& scope, const Value* extraCaller);
    Value evalFilter(const Expr& e, Scope& scope, const Value* blockInput);
    Value evalBinary(const Expr& e, Scope& scope);
    Value evalCompare(const Expr& e, Scope& scope);
    void evalArgs(const Expr& e, Scope& scope, CallArgs& args, std::size_t firstChild);
    [[noreturn]] void fail(int line, int column, const std::string& message) const;
    // Inside a catch block: rethrows the current error as a TemplateError at this position.
    [[noreturn]] void rethrowAt(int line, int column) const;
    void emit(const std::string& text);

    const std::string& name_;
    const RenderOptions& options_;
    std::string* out_ = nullptr;
    std::size_t steps_ = 0;
    std::size_t produced_ = 0;
    std::chrono::steady_clock::time_point deadline_;
    int callDepth_ = 0;
    std::unordered_set<const void*> mutatedSeen_;
    std::vector<Value> mutated_;  // cleared at the end so circular references cannot leak
};

// Arithmetic, comparison and containment with Python semantics (operators.cpp).
Value binaryOp(const std::string& op, const Value& a, const Value& b, Interpreter& in);
// What copying `v` costs: a Value, plus its text for a string (lists and dicts are shared).
std::size_t copyBytes(const Value& v);
bool compareOp(const std::string& op, const Value& a, const Value& b);
bool contains(const Value& container, const Value& item);
// Python's `<` for sorting and min/max; strings may compare case-insensitively.
bool lessThan(const Value& a, const Value& b, bool caseSensitive = true);
std::vector<Value> iterate(const Value& v);  // for-loop items; strata::Error when not iterable
std::int64_t pyLength(const Value& v);

// Registries (filters.cpp, tests.cpp, methods.cpp).
using FilterFn = Value (*)(Interpreter&, const Value&, CallArgs&);
using TestFn = bool (*)(Interpreter&, const Value&, CallArgs&);
const std::unordered_map<std::string, FilterFn>& filterRegistry();
const std::unordered_map<std::string, TestFn>& testRegistry();
// Calls obj.name(args) for str/dict/list methods; sets `found` false when there is no such method.
Value callMethod(Interpreter& in, const Value& obj, const std::string& name, CallArgs& args, bool& found);

// Reads filter/method arguments by position or keyword.
struct ArgReader {
    CallArgs& args;
    const char* function;
    const Value* get(std::size_t position, const char* keyword) const;
    Value value(std::size_t position, const char* keyword, Value fallback) const;
    std::string string(std::size_t position, const char* keyword, std::string fallback) const;
    std::int64_t integer(std::size_t position, const char* keyword, std::int64_t fallback) const;
    bool boolean(std::size_t position, const char* keyword, bool fallback) const;
};

// Checks filter and test names once after parsing (Jinja2 reports unknown ones at compile time).
void validateProgram(const Program& program, const std::string& templateName);

}  // namespace strata::chat_template
