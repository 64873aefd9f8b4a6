// Text generation: chat prompts through the model's template, streaming valid UTF-8, stop
// strings, cancellation within one token, metrics.
#include "model_fixtures.hpp"
#include "strata/model/generation.hpp"
#include "strata/tokenizer/streaming_detokenizer.hpp"

#include <QTest>

#include <algorithm>
#include <atomic>

using namespace strata;

class TestGeneration : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_path = test::writeModel(m_dir, test::smallSpec("qwen3", gguf::GgmlType::Q8_0), "gen");
        m_model = model::Model::open(m_path, {.threads = 1});
    }
    void cleanupTestCase() { m_model.reset(); }

    void stopStringsAreHeldBackAndCut()
    {
        model::StopStringFilter f({"</end>", "STOP"});
        QCOMPARE(f.push("hello <"), std::string("hello "));
        QCOMPARE(f.push("/en"), std::string());
        QCOMPARE(f.push("x"), std::string("</enx"));
        QCOMPARE(f.push("abc ST"), std::string("abc "));
        QCOMPARE(f.push("OP and more"), std::string());
        QVERIFY(f.stopped());
        QCOMPARE(f.push("later"), std::string());
        model::StopStringFilter g({"\xC3\xA9!"});         // "é!"
        QCOMPARE(g.push("a\xC3\xA9"), std::string("a"));  // "é" may start the stop string
        QCOMPARE(g.push("z"), std::string("\xC3\xA9z"));
        QCOMPARE(g.flush(), std::string());
    }

    void chatPromptUsesTheTemplateAndSpecialTokens()
    {
        const auto tmpl = model::chatTemplateOf(*m_model);
        const auto ids = model::chatPromptTokens(*m_model, tmpl, {{.role = "user", .content = "hi"}});
        const tokenizer::Tokenizer& tok = m_model->requireTokenizer();
        const std::string text = tok.decode(ids);
        QCOMPARE(text, std::string("<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"));
        // <|im_start|> is one control token, not its characters.
        QCOMPARE(ids.front(), tok.findToken("<|im_start|>"));
    }

    // Issue 18: Stop and shutdown reach a template's render through the same flag style as generate().
    void aCancelledFlagEndsTheTemplateRender()
    {
        std::atomic<bool> cancel{true};
        chat_template::RenderOptions render;
        render.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(chat_template::RenderCancelled,
                                 model::chatPromptTokens(*m_model, model::chatTemplateOf(*m_model),
                                                         {{.role = "user", .content = "hi"}}, {}, render));
    }

    // onToken sees every generated token, with the logits greedy sampling took its argmax from.
    void onTokenSeesEachTokenWithItsLogits()
    {
        model::Session session(*m_model, {.contextLength = 128});
        const auto prompt =
            model::chatPromptTokens(*m_model, model::chatTemplateOf(*m_model), {{.role = "user", .content = "hello"}});
        model::GenerationRequest req;
        req.sampling = model::SamplingParams::greedy();
        req.maxTokens = 6;
        std::vector<int32_t> tokens;
        bool argmax = true;
        model::GenerationCallbacks cb;
        cb.onToken = [&](int32_t token, std::span<const float> logits) {
            tokens.push_back(token);
            argmax = argmax && size_t(token) < logits.size()
                     && std::max_element(logits.begin(), logits.end()) - logits.begin() == token;
        };
        const auto m = model::generate(*m_model, session, prompt, req, cb);
        QCOMPARE(tokens.size(), size_t(m.generatedTokens));
        QVERIFY(!tokens.empty());
        QVERIFY(argmax);
        // The reply's tokens are what the session holds after the prompt.
        const auto& held = session.tokens();
        QCOMPARE(held.size(), prompt.size() + tokens.size());
        for (size_t i = 0; i < tokens.size(); ++i)
            QCOMPARE(held[prompt.size() + i], tokens[i]);
    }

    void generatesStreamsAndReportsMetrics()
    {
        model::Session session(*m_model, {.contextLength = 128});
        const auto tmpl = model::chatTemplateOf(*m_model);
        const auto prompt = model::chatPromptTokens(*m_model, tmpl, {{.role = "user", .content = "hello"}});
        model::GenerationRequest req;
        req.sampling = model::SamplingParams::greedy();
        req.maxTokens = 12;
        std::string streamed;
        int pieces = 0;
        const auto m = model::generate(*m_model, session, prompt, req, {.onText = [&](std::string_view p) {
            streamed += p;
            ++pieces;
        }});
        QCOMPARE(m.promptTokens, uint32_t(prompt.size()));
        QCOMPARE(m.prefilledTokens, uint32_t(prompt.size()));
        QVERIFY(m.generatedTokens <= 12);
        if (m.finish == model::FinishReason::Length)
            QCOMPARE(m.generatedTokens, 12u);
        QVERIFY(m.prefillTokensPerSecond > 0);
        QVERIFY(m.timeToFirstTokenSeconds > 0);
        // Streaming equals decoding the generated ids at once.
        const auto& all = session.tokens();
        std::vector<int32_t> generated(all.begin() + long(prompt.size()), all.end());
        const tokenizer::Tokenizer& tok = m_model->requireTokenizer();
        if (m.finish == model::FinishReason::Length) {
            // the last sampled token was appended too
            QCOMPARE(generated.size(), size_t(12));
        }
        // Random weights emit arbitrary byte tokens: the stream must still be valid UTF-8, and be
        // exactly what the streaming detokenizer makes of the generated ids, nothing lost.
        QVERIFY(QString::fromUtf8(streamed.data(), qsizetype(streamed.size())).toUtf8().toStdString() == streamed);
        tokenizer::StreamingDetokenizer detok(tok, {.renderSpecial = false});
        std::string expected;
        for (int32_t id : generated)
            expected += detok.push(id);
        expected += detok.finish();
        QCOMPARE(QByteArray::fromStdString(streamed).toHex(), QByteArray::fromStdString(expected).toHex());

        // Greedy is deterministic; the second run reuses the whole prompt but its last token.
        std::string again;
        const auto m2 =
            model::generate(*m_model, session, prompt, req, {.onText = [&](std::string_view p) { again += p; }});
        QCOMPARE(again, streamed);
        QCOMPARE(m2.reusedTokens, uint32_t(prompt.size() - 1));
        QCOMPARE(m2.prefilledTokens, 1u);
    }

    void cancelStopsWithinOneToken()
    {
        model::Session session(*m_model, {.contextLength = 128});
        const auto prompt =
            model::chatPromptTokens(*m_model, model::chatTemplateOf(*m_model), {{.role = "user", .content = "go"}});
        model::GenerationRequest req;
        req.sampling = model::SamplingParams::greedy();
        req.maxTokens = 100;
        std::atomic<bool> cancel{false};
        uint32_t seen = 0;
        const auto m = model::generate(*m_model, session, prompt, req,
                                       {.onText =
                                            [&](std::string_view) {
                                                if (++seen == 3)
                                                    cancel = true;
                                            },
                                        .cancel = &cancel});
        if (m.finish == model::FinishReason::Cancelled)
            QVERIFY(m.generatedTokens <= 4);  // pieces can lag a token behind ids (UTF-8)
        cancel = true;
        const auto m2 = model::generate(*m_model, session, prompt, req, {.cancel = &cancel});
        QCOMPARE(m2.finish, model::FinishReason::Cancelled);
        QCOMPARE(m2.generatedTokens, 0u);
    }

private:
    QTemporaryDir m_dir;
    std::filesystem::path m_path;
    std::unique_ptr<model::Model> m_model;
};

QTEST_APPLESS_MAIN(TestGeneration)
#include "test_generation.moc"
