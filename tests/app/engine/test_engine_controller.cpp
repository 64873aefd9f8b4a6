// The engine thread with a real (small, generated) model: loading and its errors, streamed replies
// with metrics, Stop within a token, prefix reuse across turns, document prefill, and the prompt
// built from a conversation.
#include "app/engine/chat_messages.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_host.hpp"
#include "app/engine/engine_values.hpp"
#include "strata/core/error.hpp"
#include "strata/model/model.hpp"
#include "tests/engine/model/model_fixtures.hpp"

#include <QElapsedTimer>
#include <algorithm>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace strata;
using strata::app::ChatTurnRequest;
using strata::app::EngineController;
using strata::app::ReplyMetrics;

namespace {

// Everything the controller emits, collected on the test thread. The connections are queued
// (the controller lives on the engine thread), so the lists are only touched here; a QSignalSpy
// would append from the engine thread while QTRY_ reads them.
struct Events : QObject {
    QList<double> progress;
    QStringList loaded, failed, runsOn;
    QString text;
    int textUpdates = 0;
    QList<ReplyMetrics> finished, prefilled;
    QList<qint64> prefillDone;
    QStringList errors;

    explicit Events(EngineController* c)
    {
        connect(c, &EngineController::loadProgress, this, [this](double f) { progress << f; });
        connect(c, &EngineController::modelLoaded, this, [this](const QString&, const QString& d) { loaded << d; });
        connect(c, &EngineController::modelRunsOn, this, [this](const QString& where) { runsOn << where; });
        connect(c, &EngineController::loadFailed, this, [this](const QString&, const QString& m) { failed << m; });
        connect(c, &EngineController::tokensReady, this, [this](quint64, const QString& t) {
            text += t;
            ++textUpdates;
        });
        connect(c, &EngineController::replyFinished, this, [this](quint64, const ReplyMetrics& m) { finished << m; });
        connect(c, &EngineController::prefillProgress, this,
                [this](quint64, qint64 done, qint64, double) { prefillDone << done; });
        connect(c, &EngineController::prefillFinished, this, [this](quint64, const ReplyMetrics& m) { prefilled << m; });
        connect(c, &EngineController::error, this, [this](quint64, const QString& m) { errors << m; });
    }
    void clearReply()
    {
        text.clear();
        textUpdates = 0;
        finished.clear();
        prefilled.clear();
        prefillDone.clear();
        errors.clear();
    }
};

domain::ChatMessage message(domain::ChatRole role, const QString& content)
{
    domain::ChatMessage m;
    m.role = role;
    m.content = content;
    return m;
}

ChatTurnRequest turn(quint64 id, QList<domain::ChatMessage> history, int maxTokens)
{
    ChatTurnRequest r;
    r.requestId = id;
    r.conversationId = 1;
    r.history = std::move(history);
    r.sampling.seed = 7;  // the same reply every run
    r.sampling.maxTokens = maxTokens;
    return r;
}

}  // namespace

class TestEngineController : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_model;
    std::unique_ptr<app::EngineHost> m_host;
    std::unique_ptr<Events> m_events;
    QString m_firstReply;

    EngineController* engine() { return m_host->controller(); }
    void load(const QString& path, app::ModelLoadOptions options = {})
    {
        options.threads = options.threads == 0 ? 1 : options.threads;  // the machine is shared
        QMetaObject::invokeMethod(engine(), [e = engine(), path, options] { e->loadModel(path, options); },
                                  Qt::QueuedConnection);
    }
    void send(const ChatTurnRequest& r)
    {
        QMetaObject::invokeMethod(engine(), [e = engine(), r] { e->send(r); }, Qt::QueuedConnection);
    }
    void prefill(const ChatTurnRequest& r)
    {
        QMetaObject::invokeMethod(engine(), [e = engine(), r] { e->prefill(r); }, Qt::QueuedConnection);
    }
    static QString engineErrorFor(const QString& path, const model::ModelOptions& options = {.threads = 0})
    {
        try {
            model::Model::open(path.toStdString(), options);
        } catch (const Error& e) {
            return QString::fromUtf8(e.what());
        }
        return {};
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        gguf::ModelSpec spec = test::smallSpec("qwen3", gguf::GgmlType::Q8_0);
        spec.context = 1024;
        m_model = QString::fromStdString(test::writeModel(m_dir, spec, "chat").string());
        m_host = std::make_unique<app::EngineHost>();
        m_events = std::make_unique<Events>(engine());
    }

    void cleanupTestCase()
    {
        m_events.reset();
        m_host.reset();
    }

    void promptJoinsTurnsTheTemplateWouldRefuse()
    {
        ChatTurnRequest r;
        r.systemPrompt = QStringLiteral("Be brief.");
        r.history = {message(domain::ChatRole::User, QStringLiteral("DOC")),
                     message(domain::ChatRole::User, QStringLiteral("Q?")),
                     message(domain::ChatRole::Assistant, QString()),
                     message(domain::ChatRole::System, QStringLiteral("Extra.")),
                     message(domain::ChatRole::User, QStringLiteral("more"))};
        const auto m = app::chatMessagesFor(r);
        QCOMPARE(m.size(), size_t(2));
        QCOMPARE(m[0].role, std::string("system"));
        QCOMPARE(*m[0].content, std::string("Be brief.\n\nExtra."));
        QCOMPARE(m[1].role, std::string("user"));
        QCOMPARE(*m[1].content, std::string("DOC\n\nQ?\n\nmore"));
    }

    void sendWithoutModelSaysSo()
    {
        send(turn(1, {message(domain::ChatRole::User, QStringLiteral("hi"))}, 4));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->errors.size(), 1, 20000);
        QVERIFY2(m_events->errors[0].contains(QStringLiteral("No model is loaded")), qPrintable(m_events->errors[0]));
        QVERIFY(m_events->finished.isEmpty());
        m_events->clearReply();
    }

    void loadsTheModel()
    {
        load(m_model);
        QTRY_COMPARE_WITH_TIMEOUT(m_events->loaded.size(), 1, 30000);
        QVERIFY(m_events->failed.isEmpty());
        const QString description = m_events->loaded[0];
        QVERIFY2(description.contains(QStringLiteral("qwen3")) && description.contains(QStringLiteral("1024")),
                 qPrintable(description));
        // The status line's "where": load() asks for one thread, the engine thread (no workers).
        QCOMPARE(m_events->runsOn, QStringList{QStringLiteral("CPU, 1 thread")});
        QCOMPARE(m_events->progress.constFirst(), 0.0);
        QCOMPARE(m_events->progress.constLast(), 1.0);
        QVERIFY(std::is_sorted(m_events->progress.begin(), m_events->progress.end()));
    }

    void malformedFileGivesTheEnginesMessage()
    {
        QFile whole(m_model);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        const QString cut = m_dir.filePath(QStringLiteral("cut.gguf"));
        QFile truncated(cut);
        QVERIFY(truncated.open(QIODevice::WriteOnly));
        truncated.write(bytes.left(bytes.size() / 2));
        truncated.close();
        const QString expected = engineErrorFor(cut);
        QVERIFY(!expected.isEmpty());

        load(cut);
        QTRY_COMPARE_WITH_TIMEOUT(m_events->failed.size(), 1, 30000);
        QCOMPARE(m_events->failed[0], expected);
        load(m_dir.filePath(QStringLiteral("missing.gguf")));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->failed.size(), 2, 30000);
        QVERIFY2(m_events->failed[1].contains(QStringLiteral("does not exist")), qPrintable(m_events->failed[1]));
        QCOMPARE(m_events->loaded.size(), 1);  // the model loaded before is still there (next tests)
    }

    // A GPU the engine cannot use (no CUDA in this build, no driver, or no device 99): the load
    // fails with the engine's own reason, and the model loaded on the CPU before keeps answering
    // (sendStreamsAndFinishesWithMetrics runs next, on it).
    void gpuLoadThatFailsKeepsTheCpuModel()
    {
        app::ModelLoadOptions onGpu;
        onGpu.gpu = 99;
        const QString expected =
            engineErrorFor(m_model, {.threads = 0, .device = model::Device::Cuda, .cudaDevice = 99});
        QVERIFY(expected.contains(QStringLiteral("CUDA")));
        const qsizetype failedBefore = m_events->failed.size();
        load(m_model, onGpu);
        QTRY_COMPARE_WITH_TIMEOUT(m_events->failed.size(), failedBefore + 1, 30000);
        QCOMPARE(m_events->failed.constLast(), expected);
        QCOMPARE(m_events->loaded.size(), 1);
    }

    void loadOptionsPickTheEnginesDevice()
    {
        app::ModelLoadOptions options;
        const model::ModelOptions cpu = app::modelOptionsFrom(options);
        QCOMPARE(cpu.device, model::Device::Cpu);
        QCOMPARE(cpu.vramBudget, size_t(0));

        options.gpu = 1;
        options.vramBudgetMiB = 3072;
        options.gpuWait = model::CudaHostWait::Spin;
        const model::ModelOptions gpu = app::modelOptionsFrom(options);
        QCOMPARE(gpu.device, model::Device::Cuda);
        QCOMPARE(gpu.cudaDevice, 1);
        QCOMPARE(gpu.vramBudget, size_t(3072) << 20);
        QCOMPARE(gpu.cudaHostWait, model::CudaHostWait::Spin);
        QCOMPARE(app::sessionOptionsFrom(options).kv, options.kvCacheType);  // the rest is unchanged
    }

    void sendStreamsAndFinishesWithMetrics()
    {
        send(turn(2, {message(domain::ChatRole::User, QStringLiteral("hello"))}, 24));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->finished.size(), 1, 30000);
        QVERIFY2(m_events->errors.isEmpty(), qPrintable(m_events->errors.join('\n')));
        const ReplyMetrics m = m_events->finished[0];
        QVERIFY(m.generatedTokens > 0);
        QVERIFY(m.generatedTokens <= 24);
        QVERIFY(m.decodeTokensPerSecond > 0);
        QVERIFY(m.prefillTokensPerSecond > 0);
        QVERIFY(m.timeToFirstTokenMs > 0);
        QCOMPARE(m.prefilledTokens, m.promptTokens);  // a fresh session reuses nothing
        QVERIFY(!m_events->text.isEmpty());
        QVERIFY(m_events->textUpdates <= m.generatedTokens);
        QVERIFY(m.finish == model::FinishReason::Length || m.finish == model::FinishReason::EndOfGeneration);
        m_firstReply = m_events->text;
        m_events->clearReply();
    }

    void followUpReusesThePrefix()
    {
        send(turn(3,
                  {message(domain::ChatRole::User, QStringLiteral("hello")),
                   message(domain::ChatRole::Assistant, m_firstReply),
                   message(domain::ChatRole::User, QStringLiteral("and then?"))},
                  8));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->finished.size(), 1, 30000);
        const ReplyMetrics m = m_events->finished[0];
        // At least the first turn's prompt ("<|im_start|>user\nhello<|im_end|>\n...") is kept.
        QVERIFY2(m.reusedTokens >= 10, qPrintable(QString::number(m.reusedTokens)));
        QCOMPARE(m.reusedTokens + m.prefilledTokens, m.promptTokens);
        QVERIFY(m.prefilledTokens < m.promptTokens);
        m_events->clearReply();
    }

    void stopEndsALongReplyQuickly()
    {
        send(turn(4, {message(domain::ChatRole::User, QStringLiteral("write a lot"))}, 100000));
        QTRY_VERIFY_WITH_TIMEOUT(!m_events->text.isEmpty() || !m_events->finished.isEmpty(), 30000);
        QVERIFY2(m_events->finished.isEmpty(), "the reply ended before Stop; pick another seed or prompt");
        QElapsedTimer stopped;
        stopped.start();
        engine()->requestStop(4);  // the direct call the GUI makes
        QTRY_COMPARE_WITH_TIMEOUT(m_events->finished.size(), 1, 30000);
        const ReplyMetrics m = m_events->finished[0];
        QCOMPARE(m.finish, model::FinishReason::Cancelled);
        QVERIFY2(stopped.elapsed() < 5000, qPrintable(QString::number(stopped.elapsed())));
        QVERIFY(m.generatedTokens < 1000);
        qInfo("Stop → replyFinished on the test thread: %lld ms, %d tokens, decode %.0f tok/s", qint64(stopped.elapsed()),
              m.generatedTokens, m.decodeTokensPerSecond);
        m_events->clearReply();
    }

    void stopBeforeTheRequestStartsIsKept()
    {
        engine()->requestStop(5);
        send(turn(5, {message(domain::ChatRole::User, QStringLiteral("hello"))}, 50));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->finished.size(), 1, 30000);
        QCOMPARE(m_events->finished[0].finish, model::FinishReason::Cancelled);
        QCOMPARE(m_events->finished[0].generatedTokens, 0);
        // A stale stop does not cancel the next request.
        send(turn(6, {message(domain::ChatRole::User, QStringLiteral("hello"))}, 4));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->finished.size(), 2, 30000);
        QVERIFY(m_events->finished[1].finish != model::FinishReason::Cancelled);
        m_events->clearReply();
    }

    void documentPrefillStaysInContext()
    {
        QString document;
        for (int i = 0; document.size() < 1000; ++i)
            document += QStringLiteral("Line %1 of the document. ").arg(i);
        prefill(turn(7, {message(domain::ChatRole::User, document)}, 1));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->prefilled.size(), 1, 30000);
        QVERIFY2(m_events->errors.isEmpty(), qPrintable(m_events->errors.join('\n')));
        const ReplyMetrics read = m_events->prefilled[0];
        QCOMPARE(read.finish, model::FinishReason::EndOfGeneration);
        QVERIFY2(read.prefilledTokens > 512, qPrintable(QStringLiteral("%1 of %2").arg(read.prefilledTokens).arg(read.promptTokens)));  // more than one chunk, so more than one progress report
        QVERIFY(read.prefillTokensPerSecond > 0);
        QVERIFY(m_events->prefillDone.size() >= 2);
        QCOMPARE(m_events->prefillDone.constLast(), qint64(read.prefilledTokens));
        QVERIFY(m_events->text.isEmpty());

        send(turn(
            8, {message(domain::ChatRole::User, document), message(domain::ChatRole::User, QStringLiteral("Summary?"))},
            4));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->finished.size(), 1, 30000);
        const ReplyMetrics asked = m_events->finished[0];
        // Only the question and the assistant header are new.
        QVERIFY2(asked.reusedTokens >= read.promptTokens - 4, qPrintable(QString::number(asked.reusedTokens)));
        QVERIFY(asked.prefilledTokens < 40);
        m_events->clearReply();
    }

    void promptLongerThanTheContextIsAnError()
    {
        app::ModelLoadOptions small;
        small.contextLength = 64;
        load(m_model, small);
        QTRY_COMPARE_WITH_TIMEOUT(m_events->loaded.size(), 2, 30000);
        QVERIFY2(m_events->loaded[1].contains(QStringLiteral("context 64")), qPrintable(m_events->loaded[1]));
        send(turn(9, {message(domain::ChatRole::User, QString(200, QLatin1Char('x')))}, 4));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->errors.size(), 1, 30000);
        QVERIFY2(m_events->errors[0].contains(QStringLiteral("context")), qPrintable(m_events->errors[0]));
        QVERIFY(m_events->finished.isEmpty());
        m_events->clearReply();
    }

    void brokenTemplateIsReportedPerMessage()
    {
        gguf::ModelSpec spec = test::smallSpec("qwen3", gguf::GgmlType::Q8_0);
        gguf::Writer writer = tokenizer::syntheticModelFile(spec, tokenizer::syntheticByteVocabulary());
        writer.set("tokenizer.chat_template", gguf::MetaValue::string("{% for m in messages %}{{ m.content "));
        const QString path = m_dir.filePath(QStringLiteral("badtemplate.gguf"));
        writer.write(path.toStdString());
        load(path);
        QTRY_COMPARE_WITH_TIMEOUT(m_events->loaded.size(), 3, 30000);
        send(turn(10, {message(domain::ChatRole::User, QStringLiteral("hi"))}, 4));
        QTRY_COMPARE_WITH_TIMEOUT(m_events->errors.size(), 1, 30000);
        QVERIFY2(m_events->errors[0].contains(QStringLiteral("chat template")), qPrintable(m_events->errors[0]));
    }
};

QTEST_GUILESS_MAIN(TestEngineController)
#include "test_engine_controller.moc"
