// The parsed template: expression and statement nodes. One node struct per family keeps the
// parser and interpreter short; `kind` says which fields are used.
#pragma once

#include "strata/chat_template/value.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace strata::chat_template {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

enum class ExprKind {
    Literal,     // value
    Name,        // name
    List,        // children
    Tuple,       // children
    DictLit,     // children: key, value, key, value...
    Attribute,   // children[0].name
    Item,        // children[0][children[1]]
    Slice,       // children[0][children[1]:children[2]:children[3]] (null = omitted)
    Call,        // children[0](children[1..], kwargs)
    Filter,      // children[0] | name(children[1..], kwargs); children[0] null inside {% filter %}
    Test,        // children[0] is [not] name(children[1..])
    Unary,       // op children[0]: "not", "-", "+"
    Binary,      // children[0] op children[1]: + - * / // % ** ~ and or
    Compare,     // children[0] ops[0] children[1] ops[1] ...: == != < <= > >= in notin (chains like Python)
    Conditional  // children[1] if children[0] else children[2] (null: undefined)
};

struct Expr {
    ExprKind kind;
    int line = 0;
    int column = 0;
    Value value;
    std::string name;      // name, attribute, filter/test name or operator
    bool negated = false;  // "is not"
    std::vector<ExprPtr> children;
    std::vector<std::pair<std::string, ExprPtr>> kwargs;
    std::vector<std::string> ops;  // Compare
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Body = std::vector<StmtPtr>;

enum class StmtKind { Data, Output, If, For, Set, SetBlock, Macro, CallBlock, FilterBlock, Break, Continue, Scope };

// Left side of an assignment or loop variable: a name, names to unpack, or namespace.attribute.
struct Target {
    std::vector<std::string> names;
    bool unpack = false;
    std::string namespaceName;  // set ns.attr: names = {attr}
};

struct MacroParam {
    std::string name;
    ExprPtr defaultValue;  // may be null
};

struct Stmt {
    StmtKind kind;
    int line = 0;
    int column = 0;
    std::string text;   // Data text, macro name
    ExprPtr expr;       // Output, For iterable, Set value, CallBlock call, FilterBlock/SetBlock filter
    ExprPtr condition;  // For ... if condition
    Target target;
    std::vector<std::pair<ExprPtr, Body>> branches;  // If/elif
    Body body;
    Body elseBody;
    std::vector<MacroParam> params;  // Macro, CallBlock (caller's parameters)
};

struct Program {
    Body body;
};

}  // namespace strata::chat_template
