#include "chat_template/parser.hpp"

#include "strata/chat_template/chat_template.hpp"

#include <charconv>
#include <set>

namespace strata::chat_template {

namespace {

// Deep nesting would overflow the native stack (the parser and interpreter recurse per level).
constexpr int kMaxParseDepth = 100;

class Parser {
public:
    Parser(std::vector<Token> tokens, const std::string& name) : toks_(std::move(tokens)), name_(name) {}

    std::unique_ptr<Program> run()
    {
        auto program = std::make_unique<Program>();
        std::string endTag;
        program->body = parseBody({}, endTag);
        return program;
    }

private:
    struct DepthGuard {
        Parser& p;
        explicit DepthGuard(Parser& parser) : p(parser)
        {
            if (++p.depth_ > kMaxParseDepth)
                p.fail(p.cur(), "template nested too deeply (more than 100 levels)");
        }
        ~DepthGuard() { --p.depth_; }
        DepthGuard(const DepthGuard&) = delete;
        DepthGuard& operator=(const DepthGuard&) = delete;
    };

    [[noreturn]] void fail(const Token& at, const std::string& message) const
    {
        throw TemplateError(name_, at.line, at.column, message);
    }

    const Token& cur() const { return toks_[pos_]; }
    const Token& peek(std::size_t ahead = 1) const { return toks_[std::min(pos_ + ahead, toks_.size() - 1)]; }
    const Token& next()
    {
        const Token& t = toks_[pos_];
        if (pos_ + 1 < toks_.size())
            ++pos_;
        return t;
    }
    bool isOp(const char* op) const { return cur().type == TokenType::Operator && cur().text == op; }
    bool isName(const char* n) const { return cur().type == TokenType::Name && cur().text == n; }
    bool skipOp(const char* op)
    {
        if (!isOp(op))
            return false;
        next();
        return true;
    }
    bool skipName(const char* n)
    {
        if (!isName(n))
            return false;
        next();
        return true;
    }
    static std::string describe(const Token& t)
    {
        switch (t.type) {
        case TokenType::Data: return "template text";
        case TokenType::VariableBegin: return "'{{'";
        case TokenType::VariableEnd: return "'}}'";
        case TokenType::BlockBegin: return "'{%'";
        case TokenType::BlockEnd: return "'%}'";
        case TokenType::Name: return "'" + t.text + "'";
        case TokenType::String: return "string";
        case TokenType::Int:
        case TokenType::Float: return "number";
        case TokenType::Operator: return "'" + t.text + "'";
        case TokenType::End: return "end of template";
        }
        return "token";
    }
    void expectOp(const char* op)
    {
        if (!skipOp(op))
            fail(cur(), std::string("expected '") + op + "', found " + describe(cur()));
    }
    std::string expectName(const char* what)
    {
        if (cur().type != TokenType::Name)
            fail(cur(), std::string("expected ") + what + ", found " + describe(cur()));
        return next().text;
    }
    void expectBlockEnd()
    {
        if (cur().type != TokenType::BlockEnd)
            fail(cur(), "expected end of statement '%}', found " + describe(cur()));
        next();
    }

    ExprPtr node(ExprKind kind, const Token& at)
    {
        auto e = std::make_unique<Expr>();
        e->kind = kind;
        e->line = at.line;
        e->column = at.column;
        return e;
    }

    StmtPtr stmt(StmtKind kind, const Token& at)
    {
        auto s = std::make_unique<Stmt>();
        s->kind = kind;
        s->line = at.line;
        s->column = at.column;
        return s;
    }

    // Statements until a block tag named in `ends` (consumed up to the tag name, returned in endTag).
    Body parseBody(const std::set<std::string>& ends, std::string& endTag)
    {
        DepthGuard guard(*this);
        Body body;
        for (;;) {
            const Token& t = cur();
            switch (t.type) {
            case TokenType::End:
                if (!ends.empty()) {
                    std::string list;
                    for (const auto& e : ends)
                        list += (list.empty() ? "'" : " or '") + e + "'";
                    fail(t, "unexpected end of template, expected " + list);
                }
                return body;
            case TokenType::Data: {
                auto s = stmt(StmtKind::Data, t);
                s->text = t.text;
                next();
                body.push_back(std::move(s));
                break;
            }
            case TokenType::VariableBegin: {
                auto s = stmt(StmtKind::Output, t);
                next();
                s->expr = parseTuple(true, false);
                if (cur().type != TokenType::VariableEnd)
                    fail(cur(), "expected end of print statement '}}', found " + describe(cur()));
                next();
                body.push_back(std::move(s));
                break;
            }
            case TokenType::BlockBegin: {
                next();
                const Token& nameTok = cur();
                if (nameTok.type != TokenType::Name)
                    fail(nameTok, "expected a statement name after '{%', found " + describe(nameTok));
                if (ends.count(nameTok.text)) {
                    endTag = nameTok.text;
                    next();
                    return body;
                }
                body.push_back(parseStatement());
                break;
            }
            default: fail(t, "unexpected " + describe(t));
            }
        }
    }

    StmtPtr parseStatement()
    {
        const Token& t = cur();
        const std::string& n = t.text;
        if (n == "for")
            return parseFor();
        if (n == "if")
            return parseIf();
        if (n == "set")
            return parseSet();
        if (n == "macro")
            return parseMacro();
        if (n == "call")
            return parseCallBlock();
        if (n == "filter")
            return parseFilterBlock();
        if (n == "break" || n == "continue") {
            if (loopDepth_ == 0)
                fail(t, "'" + n + "' outside of a loop");
            auto s = stmt(n == "break" ? StmtKind::Break : StmtKind::Continue, t);
            next();
            expectBlockEnd();
            return s;
        }
        if (n == "generation") {  // Hugging Face's AssistantTracker tag: renders its body as is
            auto s = stmt(StmtKind::Scope, t);
            next();
            expectBlockEnd();
            std::string endTag;
            s->body = parseBody({"endgeneration"}, endTag);
            expectBlockEnd();
            return s;
        }
        if (n.rfind("end", 0) == 0 || n == "elif" || n == "else")
            fail(t, "unexpected '" + n + "': no open block it could close");
        static const std::set<std::string> unsupported = {"extends", "include", "import", "from",
                                                          "block",   "with",    "do",     "autoescape"};
        if (unsupported.count(n))
            fail(t, "'" + n + "' is not supported in chat templates");
        fail(t, "unknown statement '" + n + "'");
    }

    StmtPtr parseFor()
    {
        auto s = stmt(StmtKind::For, next());
        s->target = parseTarget(false);
        if (!skipName("in"))
            fail(cur(), "expected 'in' in for loop, found " + describe(cur()));
        s->expr = parseTuple(false, false);
        if (skipName("if"))
            s->condition = parseExpression(true);
        if (isName("recursive"))
            fail(cur(), "recursive loops are not supported");
        expectBlockEnd();
        std::string endTag;
        ++loopDepth_;
        s->body = parseBody({"endfor", "else"}, endTag);
        --loopDepth_;
        if (endTag == "else") {
            expectBlockEnd();
            s->elseBody = parseBody({"endfor"}, endTag);
        }
        expectBlockEnd();
        return s;
    }

    StmtPtr parseIf()
    {
        auto s = stmt(StmtKind::If, next());
        for (;;) {
            ExprPtr cond = parseTuple(true, false);
            expectBlockEnd();
            std::string endTag;
            Body body = parseBody({"elif", "else", "endif"}, endTag);
            s->branches.emplace_back(std::move(cond), std::move(body));
            if (endTag == "elif")
                continue;
            if (endTag == "else") {
                expectBlockEnd();
                s->elseBody = parseBody({"endif"}, endTag);
            }
            expectBlockEnd();
            return s;
        }
    }

    StmtPtr parseSet()
    {
        const Token& at = next();
        Target target = parseTarget(true);
        if (skipOp("=")) {
            auto s = stmt(StmtKind::Set, at);
            s->target = std::move(target);
            s->expr = parseTuple(true, false);
            expectBlockEnd();
            return s;
        }
        auto s = stmt(StmtKind::SetBlock, at);
        s->target = std::move(target);
        if (s->target.unpack)
            fail(at, "a block set assigns one name");
        if (isOp("|"))
            s->expr = parseFilterChain(nullptr);
        expectBlockEnd();
        std::string endTag;
        s->body = parseBody({"endset"}, endTag);
        expectBlockEnd();
        return s;
    }

    Target parseTarget(bool allowNamespace)
    {
        Target target;
        const bool paren = skipOp("(");
        for (;;) {
            std::string n = expectName("a variable name");
            if (isOp(".")) {
                if (!allowNamespace || paren || !target.names.empty())
                    fail(cur(), "cannot assign to an attribute here");
                next();
                target.namespaceName = n;
                target.names.push_back(expectName("an attribute name"));
                return target;
            }
            target.names.push_back(std::move(n));
            if (!skipOp(","))
                break;
            target.unpack = true;
            if (paren ? isOp(")") : (isName("in") || isOp("=")))
                break;
        }
        if (paren) {
            expectOp(")");
            target.unpack = true;
        }
        return target;
    }

    void parseParams(std::vector<MacroParam>& params)
    {
        expectOp("(");
        while (!isOp(")")) {
            if (!params.empty())
                expectOp(",");
            if (isOp(")"))
                break;
            MacroParam p;
            p.name = expectName("a parameter name");
            if (skipOp("="))
                p.defaultValue = parseExpression(true);
            params.push_back(std::move(p));
        }
        next();
    }

    StmtPtr parseMacro()
    {
        auto s = stmt(StmtKind::Macro, next());
        s->text = expectName("a macro name");
        parseParams(s->params);
        expectBlockEnd();
        std::string endTag;
        const int savedLoops = loopDepth_;
        loopDepth_ = 0;
        s->body = parseBody({"endmacro"}, endTag);
        loopDepth_ = savedLoops;
        if (cur().type == TokenType::Name && cur().text == s->text)
            next();
        expectBlockEnd();
        return s;
    }

    StmtPtr parseCallBlock()
    {
        auto s = stmt(StmtKind::CallBlock, next());
        if (isOp("("))
            parseParams(s->params);
        s->expr = parseExpression(true);
        if (s->expr->kind != ExprKind::Call)
            fail(cur(), "expected a macro call after 'call'");
        expectBlockEnd();
        std::string endTag;
        s->body = parseBody({"endcall"}, endTag);
        expectBlockEnd();
        return s;
    }

    StmtPtr parseFilterBlock()
    {
        auto s = stmt(StmtKind::FilterBlock, next());
        s->expr = parseFilterChain(nullptr, true);
        expectBlockEnd();
        std::string endTag;
        s->body = parseBody({"endfilter"}, endTag);
        expectBlockEnd();
        return s;
    }

    // ---- expressions ----

    ExprPtr parseTuple(bool withCondition, bool explicitParens)
    {
        const Token& at = cur();
        std::vector<ExprPtr> items;
        bool sawComma = false;
        for (;;) {
            if (!items.empty()) {
                if (!skipOp(","))
                    break;
                sawComma = true;
            }
            if (cur().type == TokenType::VariableEnd || cur().type == TokenType::BlockEnd || isOp(")")
                || (!explicitParens && isName("in")) || isOp("=") || (!withCondition && isName("if")))
                break;
            items.push_back(parseExpression(withCondition));
        }
        if (!sawComma && items.size() == 1)
            return std::move(items[0]);
        if (items.empty() && !explicitParens)
            fail(at, "expected an expression, found " + describe(at));
        auto e = node(ExprKind::Tuple, at);
        e->children = std::move(items);
        return e;
    }

    ExprPtr parseExpression(bool withCondition)
    {
        DepthGuard guard(*this);
        return withCondition ? parseConditional() : parseOr();
    }

    ExprPtr parseConditional()
    {
        ExprPtr expr = parseOr();
        while (isName("if")) {
            auto e = node(ExprKind::Conditional, next());
            e->children.push_back(parseOr());
            e->children.push_back(std::move(expr));
            e->children.push_back(skipName("else") ? parseConditional() : nullptr);
            expr = std::move(e);
        }
        return expr;
    }

    ExprPtr binary(const Token& at, const std::string& op, ExprPtr l, ExprPtr r)
    {
        auto e = node(ExprKind::Binary, at);
        e->name = op;
        e->children.push_back(std::move(l));
        e->children.push_back(std::move(r));
        return e;
    }

    ExprPtr parseOr()
    {
        ExprPtr l = parseAnd();
        while (isName("or")) {
            const Token& at = next();
            l = binary(at, "or", std::move(l), parseAnd());
        }
        return l;
    }

    ExprPtr parseAnd()
    {
        ExprPtr l = parseNot();
        while (isName("and")) {
            const Token& at = next();
            l = binary(at, "and", std::move(l), parseNot());
        }
        return l;
    }

    ExprPtr parseNot()
    {
        if (isName("not")) {
            DepthGuard guard(*this);
            auto e = node(ExprKind::Unary, next());
            e->name = "not";
            e->children.push_back(parseNot());
            return e;
        }
        return parseCompare();
    }

    ExprPtr parseCompare()
    {
        const Token& at = cur();
        ExprPtr first = parseMath1();
        ExprPtr cmp;
        for (;;) {
            std::string op;
            if (cur().type == TokenType::Operator
                && (cur().text == "==" || cur().text == "!=" || cur().text == "<" || cur().text == "<="
                    || cur().text == ">" || cur().text == ">=")) {
                op = next().text;
            } else if (isName("in")) {
                next();
                op = "in";
            } else if (isName("not") && peek().type == TokenType::Name && peek().text == "in") {
                next();
                next();
                op = "notin";
            } else {
                break;
            }
            if (!cmp) {
                cmp = node(ExprKind::Compare, at);
                cmp->children.push_back(std::move(first));
            }
            cmp->ops.push_back(op);
            cmp->children.push_back(parseMath1());
        }
        return cmp ? std::move(cmp) : std::move(first);
    }

    ExprPtr parseMath1()
    {
        ExprPtr l = parseConcat();
        while (isOp("+") || isOp("-")) {
            const Token& at = next();
            l = binary(at, at.text, std::move(l), parseConcat());
        }
        return l;
    }

    ExprPtr parseConcat()
    {
        ExprPtr l = parseMath2();
        while (isOp("~")) {
            const Token& at = next();
            l = binary(at, "~", std::move(l), parseMath2());
        }
        return l;
    }

    ExprPtr parseMath2()
    {
        ExprPtr l = parsePow();
        while (isOp("*") || isOp("/") || isOp("//") || isOp("%")) {
            const Token& at = next();
            l = binary(at, at.text, std::move(l), parsePow());
        }
        return l;
    }

    ExprPtr parsePow()
    {
        ExprPtr l = parseUnary(true);
        while (isOp("**")) {
            const Token& at = next();
            l = binary(at, "**", std::move(l), parseUnary(true));
        }
        return l;
    }

    ExprPtr parseUnary(bool withFilter)
    {
        DepthGuard guard(*this);
        ExprPtr e;
        if (isOp("-") || isOp("+")) {
            e = node(ExprKind::Unary, cur());
            e->name = next().text;
            e->children.push_back(parseUnary(false));
        } else {
            e = parsePrimary();
        }
        e = parsePostfix(std::move(e));
        if (withFilter)
            e = parseFilterExpr(std::move(e));
        return e;
    }

    ExprPtr parsePrimary()
    {
        const Token& t = cur();
        switch (t.type) {
        case TokenType::Name: {
            next();
            if (t.text == "true" || t.text == "True")
                return literal(t, Value(true));
            if (t.text == "false" || t.text == "False")
                return literal(t, Value(false));
            if (t.text == "none" || t.text == "None")
                return literal(t, Value::none());
            auto e = node(ExprKind::Name, t);
            e->name = t.text;
            return e;
        }
        case TokenType::String: {
            std::string s = next().text;
            while (cur().type == TokenType::String)
                s += next().text;
            return literal(t, Value(std::move(s)));
        }
        case TokenType::Int: {
            next();
            std::int64_t v = 0;
            auto r = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
            if (r.ec != std::errc())
                fail(t, "integer literal out of range");
            return literal(t, Value(v));
        }
        case TokenType::Float: {
            next();
            double v = 0;
            std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
            return literal(t, Value(v));
        }
        case TokenType::Operator:
            if (t.text == "(") {
                next();
                ExprPtr e = parseTuple(true, true);
                expectOp(")");
                return e;
            }
            if (t.text == "[") {
                auto e = node(ExprKind::List, next());
                while (!isOp("]")) {
                    if (!e->children.empty())
                        expectOp(",");
                    if (isOp("]"))
                        break;
                    e->children.push_back(parseExpression(true));
                }
                next();
                return e;
            }
            if (t.text == "{") {
                auto e = node(ExprKind::DictLit, next());
                while (!isOp("}")) {
                    if (!e->children.empty())
                        expectOp(",");
                    if (isOp("}"))
                        break;
                    e->children.push_back(parseExpression(true));
                    expectOp(":");
                    e->children.push_back(parseExpression(true));
                }
                next();
                return e;
            }
            break;
        default: break;
        }
        fail(t, "unexpected " + describe(t) + ", expected an expression");
    }

    ExprPtr literal(const Token& at, Value v)
    {
        auto e = node(ExprKind::Literal, at);
        e->value = std::move(v);
        return e;
    }

    ExprPtr parsePostfix(ExprPtr e)
    {
        for (;;) {
            if (isOp(".")) {
                const Token& at = next();
                if (cur().type == TokenType::Int) {
                    auto item = node(ExprKind::Item, at);
                    item->children.push_back(std::move(e));
                    item->children.push_back(parsePrimary());
                    e = std::move(item);
                } else {
                    auto attr = node(ExprKind::Attribute, at);
                    attr->name = expectName("an attribute name");
                    attr->children.push_back(std::move(e));
                    e = std::move(attr);
                }
            } else if (isOp("[")) {
                e = parseSubscript(std::move(e));
            } else if (isOp("(")) {
                e = parseCall(std::move(e));
            } else {
                return e;
            }
        }
    }

    ExprPtr parseSubscript(ExprPtr target)
    {
        const Token& at = next();  // '['
        ExprPtr parts[3];
        int part = 0;
        bool isSlice = false;
        for (;;) {
            if (isOp("]"))
                break;
            if (isOp(":")) {
                next();
                isSlice = true;
                if (++part > 2)
                    fail(cur(), "too many ':' in slice");
                continue;
            }
            if (parts[part])
                fail(cur(), "expected ':' or ']' in subscript, found " + describe(cur()));
            parts[part] = parseExpression(true);
        }
        next();
        if (!isSlice) {
            if (!parts[0])
                fail(at, "empty subscript");
            auto e = node(ExprKind::Item, at);
            e->children.push_back(std::move(target));
            e->children.push_back(std::move(parts[0]));
            return e;
        }
        auto e = node(ExprKind::Slice, at);
        e->children.push_back(std::move(target));
        for (auto& p : parts)
            e->children.push_back(std::move(p));
        return e;
    }

    void parseArgs(Expr& call)
    {
        expectOp("(");
        bool first = true;
        while (!isOp(")")) {
            if (!first)
                expectOp(",");
            first = false;
            if (isOp(")"))
                break;
            if (isOp("*") || isOp("**"))
                fail(cur(), "*args and **kwargs in calls are not supported");
            if (cur().type == TokenType::Name && peek().type == TokenType::Operator && peek().text == "=") {
                std::string key = next().text;
                next();
                call.kwargs.emplace_back(std::move(key), parseExpression(true));
            } else {
                if (!call.kwargs.empty())
                    fail(cur(), "positional argument after keyword argument");
                call.children.push_back(parseExpression(true));
            }
        }
        next();
    }

    ExprPtr parseCall(ExprPtr callee)
    {
        auto e = node(ExprKind::Call, cur());
        e->children.push_back(std::move(callee));
        parseArgs(*e);
        return e;
    }

    // One or more "| name(args)" applied to `input` (null inside {% filter %} and block set).
    ExprPtr parseFilterChain(ExprPtr input, bool startsWithName = false)
    {
        bool firstFilter = true;
        while (isOp("|") || (startsWithName && firstFilter)) {
            if (!(startsWithName && firstFilter))
                next();
            firstFilter = false;
            auto f = node(ExprKind::Filter, cur());
            f->name = expectName("a filter name");
            while (isOp(".")) {
                next();
                f->name += "." + expectName("a filter name");
            }
            f->children.push_back(std::move(input));
            if (isOp("("))
                parseArgs(*f);
            input = std::move(f);
        }
        return input;
    }

    ExprPtr parseFilterExpr(ExprPtr e)
    {
        for (;;) {
            if (isOp("|")) {
                e = parseFilterChain(std::move(e));
            } else if (isName("is")) {
                e = parseTest(std::move(e));
            } else if (isOp("(")) {
                e = parseCall(std::move(e));
            } else {
                return e;
            }
        }
    }

    ExprPtr parseTest(ExprPtr subject)
    {
        auto t = node(ExprKind::Test, next());
        t->negated = skipName("not");
        t->name = expectName("a test name");
        while (isOp(".")) {
            next();
            t->name += "." + expectName("a test name");
        }
        t->children.push_back(std::move(subject));
        if (isOp("(")) {
            parseArgs(*t);
        } else {
            const Token& c = cur();
            const bool startsArg =
                c.type == TokenType::Name || c.type == TokenType::String || c.type == TokenType::Int
                || c.type == TokenType::Float
                || (c.type == TokenType::Operator && (c.text == "(" || c.text == "[" || c.text == "{"));
            if (startsArg && !isName("else") && !isName("or") && !isName("and")) {
                if (isName("is"))
                    fail(c, "you cannot chain multiple tests with 'is'");
                t->children.push_back(parsePostfix(parsePrimary()));
            }
        }
        return t;
    }

    std::vector<Token> toks_;
    const std::string& name_;
    std::size_t pos_ = 0;
    int depth_ = 0;
    int loopDepth_ = 0;
};

}  // namespace

std::unique_ptr<Program> parseTemplate(const std::string& source, const std::string& templateName)
{
    return Parser(tokenize(source, templateName), templateName).run();
}

}  // namespace strata::chat_template
