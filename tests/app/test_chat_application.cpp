// The whole chat window on a temporary database, with the real engine thread: first start shows
// the welcome view; load errors and "no model" arrive as readable notices; a sent message is
// stored and is there again after a restart; with a small generated model, a reply streams into
// the view and is stored with its metrics; Stop ends a reply mid-stream and Regenerate replaces it;
// the coordinator's in-memory history stays what the store holds; Cancel on a document's reading row
// stops the engine within a chunk and keeps the document; `strata model.gguf` opens that
// model, and the library lists it, added by hand, after a restart.
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/command_line.hpp"
#include "app/engine/engine_controller.hpp"
#include "domain/storage/chat_store.hpp"
#include "strata/core/error.hpp"
#include "strata/model/generation.hpp"
#include "strata/model/model.hpp"
#include "tests/app/isolated_settings.hpp"
#include "tests/app/notice_texts.hpp"
#include "tests/engine/model/model_fixtures.hpp"
#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/conversation_sidebar.hpp"
#include "ui/chat/message_widget.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/chat/prefill_progress_row.hpp"
#include "ui/chat/welcome_view.hpp"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QLabel>
#include <QListView>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>

using strata::app::Application;

using strata::test::noticeTexts;

class TestChatApplication : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString database() const { return m_dir.filePath(QStringLiteral("chats.sqlite")); }

    static bool setSampling(Application& app, qint64 conversation, int maxTokens, qint64 seed)
    {
        strata::domain::ConversationSettings settings;
        settings.sampling.maxTokens = maxTokens;
        settings.sampling.seed = seed;
        return app.store().setConversationSettings(conversation, settings);
    }

    // Whether the coordinator's history of the shown conversation `id` is what the store holds, field
    // by field; the first difference is logged.
    static bool sameAsStored(Application& app, qint64 id)
    {
        if (app.coordinator().currentConversation() != id) {
            qWarning("conversation %lld is not the one shown", static_cast<long long>(id));
            return false;
        }
        const QList<strata::domain::ChatMessage>& held = app.coordinator().history();
        const QList<strata::domain::ChatMessage> stored = app.store().messages(id);
        if (held.size() != stored.size()) {
            qWarning("%lld messages in memory, %lld stored", static_cast<long long>(held.size()),
                     static_cast<long long>(stored.size()));
            return false;
        }
        for (qsizetype i = 0; i < held.size(); ++i) {
            const strata::domain::ChatMessage& a = held.at(i);
            const strata::domain::ChatMessage& b = stored.at(i);
            if (a.id != b.id || a.role != b.role || a.content != b.content || a.reasoning != b.reasoning
                || a.createdMs != b.createdMs || a.metrics != b.metrics || a.model != b.model) {
                qWarning("message %lld differs: in memory id %lld \"%s\" %s, stored id %lld \"%s\" %s",
                         static_cast<long long>(i), static_cast<long long>(a.id), qPrintable(a.content),
                         QJsonDocument(a.metrics).toJson(QJsonDocument::Compact).constData(),
                         static_cast<long long>(b.id), qPrintable(b.content),
                         QJsonDocument(b.metrics).toJson(QJsonDocument::Compact).constData());
                return false;
            }
        }
        return true;
    }

    // Types into the message box and presses Enter, as a user does.
    static strata::ui::ChatInput* typeAndSend(Application& app, const QString& text)
    {
        auto* input = app.window().chatPanel()->input();
        input->setFocus();
        QTest::keyClicks(input, text);
        QTest::keyClick(input, Qt::Key_Return);
        return input;
    }

    // Shows the window and loads a small generated qwen3 model into it; the model's path, or ""
    // when the window or the model did not come up.
    // `wide`: 8 layers of width 1024 instead of 2 of 256 (~60x the work per token), for tests that
    // must act while a reply streams: the small model decodes thousands of tokens a second in a
    // Release build and often reaches its end-of-text token within 50 ms.
    QString showWithGeneratedModel(Application& app, const std::string& name, uint32_t context, bool wide = false)
    {
        strata::gguf::ModelSpec spec = strata::test::smallSpec("qwen3", strata::gguf::GgmlType::Q8_0);
        spec.context = context;
        if (wide) {
            spec.layers = 8;
            spec.embedding = 1024;
            spec.heads = 8;
            spec.kvHeads = 4;
            spec.feedForward = 2048;
        }
        const QString model = QString::fromStdString(strata::test::writeModel(m_dir, spec, name).string());
        app.show();
        if (!QTest::qWaitForWindowExposed(&app.window()))
            return {};
        emit app.window().modelSelector()->loadRequested(model);
        const bool loaded =
            QTest::qWaitFor([&] { return !app.window().chatPanel()->welcomeView()->isVisible(); }, 30000);
        return loaded ? model : QString();
    }

private slots:
    void initTestCase()
    {
        // Keep the user's real settings out of the test.
        strata::test::keepSettingsIn(m_dir, QStringLiteral("StrataTest"));
        QStandardPaths::setTestModeEnabled(true);  // and the user's models folder out of the library
    }

    void aModelNamedOnTheCommandLineOpensAndIsListed()
    {
        const strata::gguf::ModelSpec spec = strata::test::smallSpec("qwen3", strata::gguf::GgmlType::Q8_0);
        const QString model = QString::fromStdString(strata::test::writeModel(m_dir, spec, "cli").string());
        auto parse = [](const QStringList& arguments) {
            QCommandLineParser parser;
            strata::app::configureCommandLine(parser);
            return parser.parse(QStringList{QStringLiteral("strata")} + arguments)
                       ? strata::app::modelArgument(parser)
                       : strata::app::ModelArgument{{}, parser.errorText()};
        };
        QVERIFY(!parse({model, model}).error.isEmpty());
        QCOMPARE(parse({}).path, QString());
        const strata::app::ModelArgument argument = parse({QDir::current().relativeFilePath(model)});
        QCOMPARE(argument.error, QString());
        QCOMPARE(argument.path, model);

        const QString db = m_dir.filePath(QStringLiteral("command-line.sqlite"));
        {
            Application app(db);
            app.show(argument.path);
            QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
            QTRY_COMPARE_WITH_TIMEOUT(app.coordinator().modelPath(), model, 30000);
            QTRY_VERIFY(!app.window().chatPanel()->welcomeView()->isVisible());
        }
        Application app(db);  // started again, without a model named
        const strata::domain::models::ModelListModel* library = app.modelServices().library().model();
        const QString listed = QFileInfo(model).canonicalFilePath();
        QTRY_VERIFY_WITH_TIMEOUT(library->rowOf(listed) >= 0, 10000);
        QVERIFY(library->entryAt(library->rowOf(listed))->addedByHand);
    }

    void welcomeViewShowsWithoutModel()
    {
        Application app(database());
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
        auto* welcome = app.window().findChild<strata::ui::WelcomeView*>(QStringLiteral("welcomeView"));
        QVERIFY(welcome);
        QVERIFY(welcome->isVisible());
        auto* getModel = welcome->findChild<QWidget*>(QStringLiteral("getModelButton"));
        QVERIFY(getModel && getModel->isVisible());
        QSignalSpy wanted(welcome, &strata::ui::WelcomeView::modelManagerRequested);
        QTest::mouseClick(getModel, Qt::LeftButton);
        QCOMPARE(wanted.size(), 1);
    }

    void loadErrorAppearsInTheChat()
    {
        const QString model = m_dir.filePath(QStringLiteral("tiny.gguf"));
        QFile file(model);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("GGUF");
        file.close();

        Application app(database());
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
        emit app.window().modelSelector()->loadRequested(model);
        QTRY_COMPARE(noticeTexts(app).size(), 1);
        const QString text = noticeTexts(app).constFirst();
        QVERIFY2(text.contains(QStringLiteral("tiny.gguf")), qPrintable(text));
        // The engine's own message, word for word.
        QString engineMessage;
        try {
            strata::model::Model::open(model.toStdString(), {.threads = 0});
        } catch (const strata::Error& e) {
            engineMessage = QString::fromUtf8(e.what());
        }
        QVERIFY(!engineMessage.isEmpty());
        QVERIFY2(text.contains(engineMessage), qPrintable(text));
        QVERIFY(app.window().chatPanel()->chatView()->notices().constFirst()->property("isError").toBool());
        QVERIFY(app.window().chatPanel()->welcomeView()->isVisible());  // still no model

        emit app.window().modelSelector()->loadRequested(m_dir.filePath(QStringLiteral("missing.gguf")));
        QTRY_COMPARE(noticeTexts(app).size(), 2);
        QVERIFY2(noticeTexts(app).at(1).contains(QStringLiteral("does not exist")), qPrintable(noticeTexts(app).at(1)));
    }

    void sentMessageIsStoredAndSurvivesRestart()
    {
        const QString db = m_dir.filePath(QStringLiteral("restart.sqlite"));
        {
            Application app(db);
            app.show();
            QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
            auto* input = app.window().chatPanel()->input();
            input->setFocus();
            QTest::keyClicks(input, QStringLiteral("What is a GGUF file?"));
            QTest::keyClick(input, Qt::Key_Return);
            QCOMPARE(input->toPlainText(), QString());
            // The engine thread answers that no model is loaded; the window says so and is usable again.
            QTRY_COMPARE(noticeTexts(app).size(), 1);
            QVERIFY(noticeTexts(app).constFirst().contains(QStringLiteral("No model is loaded")));
            QTRY_VERIFY(!app.coordinator().isReplying());
            QVERIFY(!app.window().chatPanel()->isGenerating());
        }
        Application app(db);
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
        QListView* list = app.window().sidebar()->listView();
        QCOMPARE(list->model()->rowCount(), 1);
        QCOMPARE(list->model()->index(0, 0).data().toString(), QStringLiteral("What is a GGUF file?"));
        QTRY_COMPARE(app.window().chatPanel()->chatView()->messageWidgets().size(), 1);
        QCOMPARE(app.window().chatPanel()->chatView()->messageWidgets().constFirst()->content(),
                 QStringLiteral("What is a GGUF file?"));
    }

    void replyStreamsFromTheEngine()
    {
        Application app(m_dir.filePath(QStringLiteral("engine.sqlite")));
        QVERIFY(!showWithGeneratedModel(app, "chat", 512).isEmpty());
        QVERIFY(noticeTexts(app).isEmpty());

        app.coordinator().newConversation();
        const qint64 id = app.coordinator().currentConversation();
        QVERIFY(id != 0);
        QVERIFY(setSampling(app, id, 16, 3));  // short: the machine is slow under ASan
        typeAndSend(app, QStringLiteral("Hello there"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 30000);
        QVERIFY2(noticeTexts(app).isEmpty(), qPrintable(noticeTexts(app).join('\n')));

        const QList<strata::domain::ChatMessage> stored = app.store().messages(id);
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored[1].role, strata::domain::ChatRole::Assistant);
        const QJsonObject metrics = stored[1].metrics;
        QVERIFY(metrics.value(QStringLiteral("generated_tokens")).toInt() > 0);
        QVERIFY(metrics.value(QStringLiteral("decode_tok_s")).toDouble() > 0);
        // The finish reason is stored in the engine's one spelling.
        const QString finish = metrics.value(QStringLiteral("finish_reason")).toString();
        QVERIFY2(strata::model::finishReasonFromString(finish.toStdString()), qPrintable(finish));
        QVERIFY(!(stored[1].content + stored[1].reasoning).isEmpty());
        // A chat made with "New chat" is named by its first message.
        QCOMPARE(app.store().conversation(id)->summary.title, QStringLiteral("Hello there"));
        const QList<strata::ui::MessageWidget*> shown = app.window().chatPanel()->chatView()->messageWidgets();
        QCOMPARE(shown.size(), 2);
        QCOMPARE(shown[1]->content(), stored[1].content);
    }

    // "Paste document": the text becomes a user message, the progress bar moves, a notice reports
    // the tokens read; a follow-up question then reuses the document's tokens and prefills only
    // the new ones.
    void documentPrefillThenFollowUpReusesIt()
    {
        Application app(m_dir.filePath(QStringLiteral("document.sqlite")));
        QVERIFY(!showWithGeneratedModel(app, "document", 2048).isEmpty());
        app.coordinator().newConversation();
        const qint64 id = app.coordinator().currentConversation();
        QVERIFY(id != 0);
        QVERIFY(setSampling(app, id, 4, 3));

        QString document;
        for (int i = 0; document.size() < 1000; ++i)
            document += QStringLiteral("Line %1 of the document. ").arg(i);
        auto* bar = app.window().chatPanel()->findChild<QProgressBar*>(QStringLiteral("prefillProgress"));
        QVERIFY(bar);
        QSignalSpy progress(bar, &QProgressBar::valueChanged);
        QApplication::clipboard()->setText(document);
        app.window().pasteDocument();
        QVERIFY(app.coordinator().isReplying());
        QVERIFY(bar->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 60000);
        QVERIFY(!bar->isVisible());
        bool moved = false;
        for (const QList<QVariant>& value : progress)
            moved = moved || value.constFirst().toInt() > 0;
        QVERIFY2(moved, "the progress bar never moved");

        const QStringList notices = noticeTexts(app);
        QCOMPARE(notices.size(), 1);
        const QRegularExpressionMatch read =
            QRegularExpression(QStringLiteral("Document read: (\\d+) tokens")).match(notices.constFirst());
        QVERIFY2(read.hasMatch(), qPrintable(notices.constFirst()));
        const int documentTokens = read.captured(1).toInt();
        QVERIFY2(documentTokens > 200, qPrintable(notices.constFirst()));
        QList<strata::domain::ChatMessage> stored = app.store().messages(id);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].content, document);
        QCOMPARE(stored[0].metrics.value(QStringLiteral("document")).toString(), QStringLiteral("Pasted text"));
        QCOMPARE(app.window().chatPanel()->chatView()->messageWidgets().constFirst()->content(), document);

        typeAndSend(app, QStringLiteral("Summary?"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 60000);
        stored = app.store().messages(id);
        QCOMPARE(stored.size(), 3);
        QCOMPARE(stored[1].content, QStringLiteral("Summary?"));
        QCOMPARE(stored[2].role, strata::domain::ChatRole::Assistant);
        const QJsonObject metrics = stored[2].metrics;
        const int prompt = metrics.value(QStringLiteral("prompt_tokens")).toInt();
        const int reused = metrics.value(QStringLiteral("reused_tokens")).toInt();
        const int prefilled = metrics.value(QStringLiteral("prefilled_tokens")).toInt();
        const QString figures = QStringLiteral("prompt %1, reused %2, prefilled %3, document %4")
                                    .arg(prompt)
                                    .arg(reused)
                                    .arg(prefilled)
                                    .arg(documentTokens);
        QVERIFY2(prompt > documentTokens, qPrintable(figures));  // the document is in the follow-up's context
        QCOMPARE(reused + prefilled, prompt);
        // Only the new turn is prefilled: the question, its turn markers and the reply header.
        QVERIFY2(reused >= documentTokens - 4, qPrintable(figures));
        QVERIFY2(prefilled > 0 && prefilled < 40, qPrintable(figures));
    }

    // Cancel on the reading row: the engine stops at the end of the chunk it is on, the row goes and
    // the chat is idle again; the document stays stored and shown, and what was read stays in the
    // engine's cache, so the next message reads only the rest.
    void cancelStopsReadingWithinAChunkAndKeepsTheDocument()
    {
        // Written on the engine thread (direct connections), read here; declared before the app so
        // they outlive its engine thread.
        std::atomic<qint64> engineDone{0};
        std::atomic<int> finishedPrefilled{-1}, finishedPrompt{-1};
        Application app(m_dir.filePath(QStringLiteral("cancel.sqlite")));
        strata::app::ModelLoadOptions options;
        options.batchSize = 16;  // a chunk of 16 tokens: a document of hundreds is read in dozens
        app.coordinator().setLoadOptions(options);
        QVERIFY(!showWithGeneratedModel(app, "cancel", 2048, true).isEmpty());
        strata::app::EngineController* engine = app.engine().controller();
        connect(
            engine, &strata::app::EngineController::prefillProgress, engine,
            [&engineDone](quint64, qint64 done, qint64, double, double) { engineDone = done; }, Qt::DirectConnection);
        connect(
            engine, &strata::app::EngineController::prefillFinished, engine,
            [&](quint64, const strata::app::ReplyMetrics& m) {
                finishedPrompt = m.promptTokens - m.reusedTokens;
                finishedPrefilled = m.prefilledTokens;
            },
            Qt::DirectConnection);
        app.coordinator().newConversation();
        const qint64 id = app.coordinator().currentConversation();
        QVERIFY(setSampling(app, id, 1, 5));

        QString document;
        for (int i = 0; document.size() < 1200; ++i)
            document += QStringLiteral("Line %1 of the long document. ").arg(i);
        strata::ui::PrefillProgressRow* row = app.window().chatPanel()->prefillRow();
        auto* stop = app.window().chatPanel()->findChild<QAbstractButton*>(QStringLiteral("stopButton"));
        auto* send = app.window().chatPanel()->findChild<QAbstractButton*>(QStringLiteral("sendButton"));
        QVERIFY(row && stop && send);
        QApplication::clipboard()->setText(document);
        app.window().pasteDocument();
        QVERIFY(row->isVisible());
        QVERIFY(stop->isEnabled() && !send->isEnabled());  // Stop and Esc end the reading too
        QTRY_VERIFY_WITH_TIMEOUT(engineDone.load() >= 16, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(row->figuresShown().contains(QStringLiteral(" left")), 30000);  // an ETA shown
        QTest::mouseClick(row->cancelButton(), Qt::LeftButton);
        // Read after the stop was requested: at most the chunk then in progress follows.
        const qint64 doneAtCancel = engineDone.load();
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 30000);
        QVERIFY(!row->isVisible());
        QVERIFY(send->isEnabled() && !stop->isEnabled());
        const QString figures = QStringLiteral("read %1 of %2, %3 when cancelled")
                                    .arg(finishedPrefilled.load())
                                    .arg(finishedPrompt.load())
                                    .arg(doneAtCancel);
        QVERIFY2(finishedPrefilled.load() > 0 && finishedPrefilled.load() < finishedPrompt.load(), qPrintable(figures));
        QVERIFY2(finishedPrefilled.load() <= doneAtCancel + 16, qPrintable(figures));
        const QStringList notices = noticeTexts(app);
        QCOMPARE(notices.size(), 1);
        QVERIFY2(notices.constFirst().startsWith(QStringLiteral("Reading stopped after")),
                 qPrintable(notices.constFirst()));

        // Nothing lost: the document is stored and shown, and the next message reuses what was read.
        QList<strata::domain::ChatMessage> stored = app.store().messages(id);
        QCOMPARE(stored.size(), 1);
        QCOMPARE(stored[0].content, document);
        QCOMPARE(app.window().chatPanel()->chatView()->messageWidgets().constFirst()->content(), document);
        typeAndSend(app, QStringLiteral("Summary?"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 120000);
        stored = app.store().messages(id);
        QCOMPARE(stored.size(), 3);
        const int prompt = stored[2].metrics.value(QStringLiteral("prompt_tokens")).toInt();
        const int reused = stored[2].metrics.value(QStringLiteral("reused_tokens")).toInt();
        QVERIFY2(prompt > finishedPrompt.load(), qPrintable(figures));  // the whole document is in the context
        QVERIFY2(reused >= finishedPrefilled.load() - 4,
                 qPrintable(figures + QStringLiteral(", reused %1").arg(reused)));
    }

    void stopMidStreamThenRegenerate()
    {
        Application app(m_dir.filePath(QStringLiteral("stop.sqlite")));
        const QString model = showWithGeneratedModel(app, "stop", 1024, true);
        QVERIFY(!model.isEmpty());
        app.coordinator().newConversation();
        const qint64 id = app.coordinator().currentConversation();
        QVERIFY(setSampling(app, id, 100000, 4));  // only Stop (or the model's end token) ends it
        auto* input = typeAndSend(app, QStringLiteral("write a lot"));
        strata::ui::ChatView* view = app.window().chatPanel()->chatView();
        QTRY_VERIFY_WITH_TIMEOUT(view->isStreaming() || !app.coordinator().isReplying(), 30000);
        QVERIFY2(app.coordinator().isReplying(), "the reply ended before Stop; pick another seed");
        auto* stop = app.window().findChild<QAbstractButton*>(QStringLiteral("stopButton"));
        QVERIFY(stop && stop->isEnabled());
        app.window().activateWindow();
        QTest::keyClick(input, Qt::Key_Escape);  // the keyboard's Stop
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 5000);
        QVERIFY(!stop->isEnabled());
        QList<strata::domain::ChatMessage> stored = app.store().messages(id);
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored[1].metrics.value(QStringLiteral("finish_reason")).toString(), QStringLiteral("cancelled"));
        QVERIFY(stored[1].metrics.value(QStringLiteral("generated_tokens")).toInt() < 1000);
        QCOMPARE(stored[1].model, model);
        QCOMPARE(view->messageWidgets().size(), 2);
        QCOMPARE(view->messageWidgets().at(1)->content(), stored[1].content);

        // Regenerate replaces the stopped reply with a new one.
        QVERIFY(setSampling(app, id, 8, 4));
        auto* regenerate = app.window().findChild<QAbstractButton*>(QStringLiteral("regenerateButton"));
        QVERIFY(regenerate && regenerate->isEnabled());
        QTest::keyClick(input, Qt::Key_R, Qt::ControlModifier);  // the keyboard's Regenerate
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 30000);
        stored = app.store().messages(id);
        QCOMPARE(stored.size(), 2);
        // (SQLite may give the new row the old id: the finish reason shows it is a new reply.)
        QVERIFY(stored[1].metrics.value(QStringLiteral("finish_reason")).toString() != QLatin1String("cancelled"));
        QVERIFY(stored[1].metrics.value(QStringLiteral("generated_tokens")).toInt() <= 8);
        QCOMPARE(view->messageWidgets().size(), 2);
        QCOMPARE(view->messageWidgets().at(1)->content(), stored[1].content);
    }

    // The coordinator keeps the shown conversation's messages in memory and builds each request from
    // them instead of reading the store: after a send, a regenerate, an edit-and-resend and switches
    // between conversations (one of them while a reply streams) they must be what the store holds.
    void historyInMemoryFollowsTheStore()
    {
        Application app(m_dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY(!showWithGeneratedModel(app, "history", 1024).isEmpty());
        strata::app::ChatCoordinator& coordinator = app.coordinator();
        strata::ui::ChatView* view = app.window().chatPanel()->chatView();
        const auto waitForReply = [&] { return QTest::qWaitFor([&] { return !coordinator.isReplying(); }, 30000); };

        coordinator.newConversation();
        const qint64 first = coordinator.currentConversation();
        QVERIFY(setSampling(app, first, 8, 3));
        typeAndSend(app, QStringLiteral("First question"));
        QVERIFY(waitForReply());
        QCOMPARE(coordinator.history().size(), 2);
        QVERIFY2(sameAsStored(app, first), "after a send");
        typeAndSend(app, QStringLiteral("Second question"));
        QVERIFY(waitForReply());
        QCOMPARE(coordinator.history().size(), 4);
        QVERIFY2(sameAsStored(app, first), "after a second send");

        QVERIFY(setSampling(app, first, 3, 9));
        coordinator.regenerate();
        QVERIFY(waitForReply());
        QCOMPARE(coordinator.history().size(), 4);
        QVERIFY2(sameAsStored(app, first), "after a regenerate");
        QVERIFY(coordinator.history().constLast().metrics.value(QStringLiteral("generated_tokens")).toInt() <= 3);

        coordinator.editAndResend(coordinator.history().constFirst().id, QStringLiteral("First question, edited"));
        QVERIFY(waitForReply());
        QCOMPARE(coordinator.history().size(), 2);
        QCOMPARE(coordinator.history().constFirst().content, QStringLiteral("First question, edited"));
        QVERIFY2(sameAsStored(app, first), "after an edit-and-resend");

        // Another conversation is shown while the first one's reply streams: the reply is stored in
        // the first and must not appear in the second's history or view.
        coordinator.newConversation();
        const qint64 second = coordinator.currentConversation();
        QVERIFY(setSampling(app, second, 8, 3));
        typeAndSend(app, QStringLiteral("In the second chat"));
        QVERIFY(waitForReply());
        coordinator.selectConversation(first);
        QVERIFY(setSampling(app, first, 8, 5));
        typeAndSend(app, QStringLiteral("Third question"));
        QVERIFY(coordinator.isReplying());
        coordinator.selectConversation(second);
        QVERIFY(waitForReply());
        QVERIFY2(sameAsStored(app, second), "the other conversation, a reply streaming into the first");
        QCOMPARE(app.store().messages(second).size(), 2);
        QTRY_COMPARE(view->messageWidgets().size(), 2);
        coordinator.selectConversation(first);
        QCOMPARE(coordinator.history().size(), 4);
        QCOMPARE(coordinator.history().at(2).content, QStringLiteral("Third question"));
        QVERIFY2(sameAsStored(app, first), "back in the first conversation");
        QTRY_COMPARE(view->messageWidgets().size(), 4);
    }

    void keyboardShortcuts()
    {
        Application app(m_dir.filePath(QStringLiteral("keys.sqlite")));
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
        app.window().activateWindow();
        QTest::keyClick(&app.window(), Qt::Key_N, Qt::ControlModifier);  // new chat
        QCOMPARE(app.window().sidebar()->listView()->model()->rowCount(), 1);
        QVERIFY(app.coordinator().currentConversation() != 0);
        app.window().sidebar()->listView()->setFocus();
        QTest::keyClick(&app.window(), Qt::Key_L, Qt::ControlModifier);  // focus the message box
        QTRY_VERIFY(app.window().chatPanel()->input()->hasFocus());
    }
};

QTEST_MAIN(TestChatApplication)
#include "test_chat_application.moc"
