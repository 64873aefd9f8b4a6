// Templates we cannot run fail with a TemplateError that says where (line, column) and why;
// hostile templates (endless loops, deep recursion, exploding strings) stop instead of hanging.
#include "strata/chat_template/chat_template.hpp"
#include "strata/chat_template/json.hpp"

#include <QtTest/QtTest>

using namespace strata::chat_template;

namespace {

struct Failure {
    bool thrown = false;
    int line = 0;
    int column = 0;
    bool raised = false;
    std::string message;
    std::string what;
};

Failure compileError(const std::string& source)
{
    Failure f;
    try {
        ChatTemplate t(source, "t");
    } catch (const TemplateError& e) {
        f = {true, e.line(), e.column(), e.raisedByTemplate(), e.message(), e.what()};
    }
    return f;
}

Failure renderError(const std::string& source, const RenderOptions& options = {}, const std::string& contextJson = "{}")
{
    Failure f;
    const ChatTemplate t(source, "t");
    try {
        t.render(parseJson(contextJson), options);
    } catch (const TemplateError& e) {
        f = {true, e.line(), e.column(), e.raisedByTemplate(), e.message(), e.what()};
    }
    return f;
}

bool mentions(const Failure& f, const char* text)
{
    return f.message.find(text) != std::string::npos;
}

}  // namespace

class TestChatTemplateErrors : public QObject {
    Q_OBJECT

private slots:
    void unterminatedTags()
    {
        Failure f = compileError("hello\n  {{ name ");
        QVERIFY(f.thrown);
        QCOMPARE(f.line, 2);
        QCOMPARE(f.column, 3);
        QVERIFY2(mentions(f, "never closed"), f.what.c_str());

        f = compileError("{% if x %}\nyes\n");
        QVERIFY(f.thrown);
        QVERIFY2(mentions(f, "endif"), f.what.c_str());

        f = compileError("a {# comment");
        QVERIFY(f.thrown);
        QCOMPARE(f.column, 3);
        QVERIFY2(mentions(f, "comment"), f.what.c_str());

        f = compileError("{% for x in y %}{% endif %}");
        QVERIFY(f.thrown);
        QVERIFY2(f.what.find("t:1:") == 0, f.what.c_str());

        f = compileError("{% raw %}never closed");
        QVERIFY(f.thrown);
        QVERIFY2(mentions(f, "endraw"), f.what.c_str());

        f = compileError("{{ 'abc }}");
        QVERIFY(f.thrown);
        QVERIFY2(mentions(f, "unterminated string"), f.what.c_str());
    }

    void unknownFiltersAndTestsAtCompileTime()
    {
        Failure f = compileError("line one\n  {{ x | nofilter }}");
        QVERIFY(f.thrown);
        QCOMPARE(f.line, 2);
        QCOMPARE(f.column, 10);
        QVERIFY2(mentions(f, "no filter named 'nofilter'"), f.what.c_str());
        QVERIFY2(f.what.rfind("t:2:10: ", 0) == 0, f.what.c_str());

        f = compileError("{% if x is frobnicated %}{% endif %}");
        QVERIFY(f.thrown);
        QVERIFY2(mentions(f, "no test named 'frobnicated'"), f.what.c_str());
    }

    void badSyntax()
    {
        for (const char* src : {"{{ 1 + }}", "{{ ) }}", "{% set %}", "{% for in x %}{% endfor %}", "{{ a b }}",
                                "{% macro m( %}{% endmacro %}", "{{ [1, 2 }}", "{{ {'a' 1} }}", "{% include 'x' %}",
                                "{% break %}", "{% frobnicate %}", "{{ x | }}", "{{ x is }}", "{{ 1 +* 2 }}"}) {
            const Failure f = compileError(src);
            QVERIFY2(f.thrown, src);
            QVERIFY2(f.line == 1 && f.column >= 1, src);
        }
        Failure f = compileError("ok\n{% if x %}\n  {{ 1 + }}\n{% endif %}");
        QVERIFY(f.thrown);
        QCOMPARE(f.line, 3);
    }

    void raiseExceptionComesThrough()
    {
        const Failure f = renderError("a\n{{ raise_exception('Only user and assistant roles are supported!') }}");
        QVERIFY(f.thrown);
        QVERIFY(f.raised);
        QCOMPARE(QString::fromStdString(f.message), QString("Only user and assistant roles are supported!"));
        QCOMPARE(f.line, 2);
        QVERIFY2(f.what.find("Only user and assistant") != std::string::npos, f.what.c_str());
    }

    void runtimeErrorsHavePositions()
    {
        Failure f = renderError("x\n  {{ 1 + 'a' }}");
        QVERIFY(f.thrown);
        QCOMPARE(f.line, 2);
        QVERIFY2(mentions(f, "unsupported operand"), f.what.c_str());

        f = renderError("{{ missing.attr.deeper }}");
        QVERIFY(f.thrown);
        QVERIFY2(mentions(f, "'missing' is undefined"), f.what.c_str());

        f = renderError("{{ 1 // 0 }}");
        QVERIFY(f.thrown);
        f = renderError("{% for x in 5 %}{% endfor %}");
        QVERIFY2(f.thrown && mentions(f, "not iterable"), f.what.c_str());
        f = renderError("{{ {'a': 1} | tojson }}{{ undefined_value | tojson }}");
        QVERIFY2(f.thrown && mentions(f, "not JSON serializable"), f.what.c_str());
        f = renderError("{% set a, b = [1] %}");
        QVERIFY2(f.thrown && mentions(f, "unpack"), f.what.c_str());
        f = renderError("{% set x = 1 %}{% set x.y = 2 %}");
        QVERIFY2(f.thrown && mentions(f, "non-namespace"), f.what.c_str());
        f = renderError("{{ 9223372036854775807 + 1 }}");
        QVERIFY2(f.thrown && mentions(f, "overflow"), f.what.c_str());
    }

    void deepRecursionStops()
    {
        const Failure f = renderError("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}");
        QVERIFY(f.thrown);
        QVERIFY2(mentions(f, "nested too deeply"), f.what.c_str());

        std::string deep(2000, '(');
        deep = "{{ " + deep + "1" + std::string(2000, ')') + " }}";
        const Failure p = compileError(deep);
        QVERIFY2(p.thrown && mentions(p, "nested too deeply"), p.what.c_str());

        std::string blocks;
        for (int i = 0; i < 500; ++i)
            blocks += "{% if true %}";
        const Failure b = compileError(blocks);
        QVERIFY2(b.thrown && mentions(b, "nested too deeply"), b.what.c_str());

        const Failure c = compileError("{{ " + std::string(5000, '-') + "1 }}");
        QVERIFY(c.thrown);
    }

    void hugeLoopsStop()
    {
        RenderOptions options;
        options.limits.maxSteps = 200000;
        QElapsedTimer timer;
        timer.start();
        Failure f =
            renderError("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}", options);
        QVERIFY(f.thrown);
        QVERIFY2(mentions(f, "too long"), f.what.c_str());
        QVERIFY(timer.elapsed() < 20000);

        f = renderError("{{ range(1000000000) | length }}");
        QVERIFY2(f.thrown && mentions(f, "range too big"), f.what.c_str());
    }

    void explodingValuesStop()
    {
        RenderOptions options;
        options.limits.maxOutputBytes = 1 << 20;
        Failure f = renderError(
            "{% set ns = namespace(s='xy') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
            options);
        QVERIFY2(f.thrown && mentions(f, "too large"), f.what.c_str());
        f = renderError("{{ 'x' * 100000000 }}", options);
        QVERIFY2(f.thrown && mentions(f, "too large"), f.what.c_str());
        f = renderError("{{ [1] * 100000000 }}", options);
        QVERIFY2(f.thrown && mentions(f, "too large"), f.what.c_str());
        f = renderError("{% for i in range(100000) %}0123456789abcdef{% endfor %}", options);
        QVERIFY2(f.thrown && mentions(f, "too large"), f.what.c_str());
    }

    void circularValuesFailWithoutCrashOrLeak()
    {
        Failure f = renderError("{% set l = [] %}{% set _ = l.append(l) %}{{ l }}");
        QVERIFY2(f.thrown && mentions(f, "nested too deeply"), f.what.c_str());
        f = renderError("{% set ns = namespace() %}{% set ns.self = ns %}{{ ns | tojson }}");
        QVERIFY(f.thrown);
        f = renderError("{% set ns = namespace() %}{% set ns.self = ns %}{{ ns == ns.self }}{{ ns }}");
        QVERIFY(f.thrown);
    }
};

QTEST_APPLESS_MAIN(TestChatTemplateErrors)
#include "test_chat_template_errors.moc"
