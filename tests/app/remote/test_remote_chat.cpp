// The chat window with a remote model: a second strata-server on a free loopback port, started
// with an API key, is chosen through "Remote server..."; a wrong key is refused with the server's
// 401 shown; with the right key a reply streams in and equals the server's own greedy answer to the
// same prompt. A scripted server gives what a real one does not on demand: a broken event stream
// and a reply that never ends, which Stop must end at once, a whole JSON reply to a stream
// request, and a key to forget. A server that is gone is reported. The model selector's menu edits,
// forgets the key of, and removes a remote entry.
// The keychain is off here: keys are kept for the session only, and the dialog says so (the keychain
// itself: test_remote_keychain, on a private D-Bus session bus).
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_telemetry_link.hpp"
#include "app/remote/remote_keys.hpp"
#include "domain/remote/remote_endpoint.hpp"
#include "domain/storage/chat_store.hpp"
#include "strata/model/generation.hpp"
#include "tests/app/isolated_settings.hpp"
#include "tests/app/notice_texts.hpp"
#include "tests/app/remote/http_header_value.hpp"
#include "tests/engine/model/model_fixtures.hpp"
#include "tests/server/server_process.hpp"
#include "ui/ab/ab_dialog.hpp"
#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/chat_view.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/chat/remote_model_dialog.hpp"
#include "ui/main_window.hpp"
#include "ui/panels/token_rate_panel.hpp"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using strata::app::Application;
using strata::test::noticeTexts;

namespace {

void typeAndSend(Application& app, const QString& text)
{
    auto* input = app.window().chatPanel()->input();
    input->setFocus();
    QTest::keyClicks(input, text);
    QTest::keyClick(input, Qt::Key_Return);
}

// Opens "Remote server...", fills it in as a user does and presses OK.
void chooseRemote(Application& app, const QString& address, const QString& key, const QString& model)
{
    auto* selector = app.window().modelSelector();
    QTest::mouseClick(selector->findChild<QAbstractButton*>(QStringLiteral("remoteModelButton")), Qt::LeftButton);
    auto* dialog = selector->findChild<strata::ui::RemoteModelDialog*>(QStringLiteral("remoteModelDialog"));
    QVERIFY(dialog);
    dialog->addressEdit()->setText(address);
    dialog->keyEdit()->setText(key);
    dialog->modelEdit()->setText(model);
    dialog->accept();
}

// strata-server (tests/server/server_process.hpp) with this test's context length.
class ServerProcess : public strata::test::ServerProcess {
public:
    ServerProcess(const QString& model, const QStringList& extra)
        : strata::test::ServerProcess(QStringLiteral(STRATA_SERVER_TOOL), model, extra, 512)
    {}
};

// The "Remote server..." dialog open now (an earlier one may not be deleted yet).
strata::ui::RemoteModelDialog* openRemoteDialog(Application& app)
{
    for (auto* dialog : app.window().findChildren<strata::ui::RemoteModelDialog*>())
        if (dialog->isVisible())
            return dialog;
    return nullptr;
}

// A scripted HTTP server: /v1/models lists "scripted"; a chat request gets `chatReply` written
// at once and the connection is kept open (a stream that has not ended) until the client closes it.
class ScriptedServer : public QObject {
public:
    ScriptedServer()
    {
        m_server.listen(QHostAddress::LocalHost);
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket* socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] { answer(socket); });
                connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
                    if (m_chatSockets.remove(socket))
                        ++closedChats;
                    m_requests.remove(socket);
                    socket->deleteLater();
                });
            }
        });
    }
    // Connections the client left open end with m_server, after the members their handlers use.
    ~ScriptedServer() override
    {
        for (QTcpSocket* socket : m_server.findChildren<QTcpSocket*>())
            socket->disconnect(this);
    }
    QString base() const { return QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()); }
    void close() { m_server.close(); }

    QByteArray chatReply;
    QByteArray requiredKey;  // set: requests without "Authorization: Bearer <it>" get a 401
    int closedChats = 0;     // chat requests whose connection the client closed

private:
    void answer(QTcpSocket* socket)
    {
        QByteArray& request = m_requests[socket];
        request += socket->readAll();
        const qsizetype headerEnd = request.indexOf("\r\n\r\n");
        if (headerEnd < 0 || request.isEmpty() || request.startsWith('-'))
            return;
        if (!requiredKey.isEmpty()
            && strata::test::headerValue(request.left(headerEnd), "Authorization") != "Bearer " + requiredKey) {
            const QByteArray body = R"({"error":{"message":"the API key is not valid","type":"authentication_error"}})";
            socket->write("HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nConnection: close\r\n"
                          "Content-Length: "
                          + QByteArray::number(body.size()) + "\r\n\r\n" + body);
            socket->disconnectFromHost();
        } else if (request.startsWith("GET /v1/models")) {
            const QByteArray body = R"({"object":"list","data":[{"id":"scripted","object":"model"}]})";
            socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                          "Content-Length: "
                          + QByteArray::number(body.size()) + "\r\n\r\n" + body);
            socket->disconnectFromHost();  // so the chat request comes on a connection of its own
        } else {
            m_chatSockets.insert(socket);
            socket->write(chatReply);
        }
        request = "-";  // answered: later bytes are ignored
    }

    QTcpServer m_server;
    QHash<QTcpSocket*, QByteArray> m_requests;
    QSet<QTcpSocket*> m_chatSockets;
};

QByteArray streamHead()
{
    return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n";
}

QByteArray contentChunk(const QString& text)
{
    const QJsonObject chunk{
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{{QStringLiteral("delta"), QJsonObject{{QStringLiteral("content"), text}}}}}}};
    return "data: " + QJsonDocument(chunk).toJson(QJsonDocument::Compact) + "\n\n";
}

}  // namespace

class TestRemoteChat : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_model;

    QString database(const char* name) const { return m_dir.filePath(QString::fromLatin1(name) + ".sqlite"); }

    // A new conversation with greedy sampling and a short reply cap; its id.
    static qint64 greedyConversation(Application& app, int maxTokens)
    {
        app.coordinator().newConversation();
        const qint64 id = app.coordinator().currentConversation();
        strata::domain::ConversationSettings settings;
        settings.sampling.temperature = 0;
        settings.sampling.maxTokens = maxTokens;
        app.store().setConversationSettings(id, settings);
        return id;
    }

    // Sends "Hello there" in a new greedy conversation with the remote model chosen; the streamed
    // reply must equal the server's own non-streamed greedy answer to the same prompt.
    static void greedyReplyEqualsTheServers(Application& app, const QString& base, const QString& key,
                                            const QString& model)
    {
        const qint64 id = greedyConversation(app, 24);
        const std::uint64_t decodedBefore = app.engine().controller()->telemetryLink()->tokenCounts().decoded;
        typeAndSend(app, QStringLiteral("Hello there"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 60000);
        QVERIFY2(noticeTexts(app).isEmpty(), qPrintable(noticeTexts(app).join('\n')));
        const QList<strata::domain::ChatMessage> stored = app.store().messages(id);
        QCOMPARE(stored.size(), 2);
        const QJsonObject metrics = stored[1].metrics;
        QVERIFY(metrics.value(QStringLiteral("generated_tokens")).toInt() > 0);
        QVERIFY(metrics.value(QStringLiteral("ttft_ms")).toDouble() > 0);
        QCOMPARE(stored[1].model, app.coordinator().modelPath());
        // Counted where the token-rate panel reads the engine's tokens.
        QCOMPARE(app.engine().controller()->telemetryLink()->tokenCounts().decoded - decodedBefore,
                 std::uint64_t(metrics.value(QStringLiteral("generated_tokens")).toInt()));
        QVERIFY(app.window().statusBar()->currentMessage().contains(QStringLiteral("first token after")));
        // And the token-rate panel keeps the stored reply's time to first token.
        const QString caption = app.window().findChild<strata::ui::TokenRatePanel*>()->caption();
        QVERIFY2(
            caption.contains(QStringLiteral("first token after %1 ms")
                                 .arg(QLocale().toString(metrics.value(QStringLiteral("ttft_ms")).toDouble(), 'f', 0))),
            qPrintable(caption));

        // The same prompt, not streamed, straight to the server: the same greedy text.
        QNetworkAccessManager network;
        QNetworkRequest request(QUrl(base + QStringLiteral("/v1/chat/completions")));
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
        if (!key.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + key.toUtf8());
        const QJsonObject body{{QStringLiteral("model"), model},
                               {QStringLiteral("temperature"), 0},
                               {QStringLiteral("max_tokens"), 24},
                               {QStringLiteral("messages"),
                                QJsonArray{QJsonObject{{QStringLiteral("role"), QStringLiteral("user")},
                                                       {QStringLiteral("content"), QStringLiteral("Hello there")}}}}};
        QNetworkReply* reply = network.post(request, QJsonDocument(body).toJson());
        QSignalSpy finished(reply, &QNetworkReply::finished);
        QVERIFY(finished.wait(60000));
        const QJsonObject answer = QJsonDocument::fromJson(reply->readAll()).object();
        reply->deleteLater();
        const QJsonObject message = answer.value(QStringLiteral("choices"))
                                        .toArray()
                                        .first()
                                        .toObject()
                                        .value(QStringLiteral("message"))
                                        .toObject();
        // The counts come from the stream's usage chunk: the server's own, as in its whole reply.
        const QJsonObject usage = answer.value(QStringLiteral("usage")).toObject();
        QCOMPARE(metrics.value(QStringLiteral("generated_tokens")).toInt(),
                 usage.value(QStringLiteral("completion_tokens")).toInt());
        QCOMPARE(metrics.value(QStringLiteral("prompt_tokens")).toInt(),
                 usage.value(QStringLiteral("prompt_tokens")).toInt());
        const QString reference = message.value(QStringLiteral("content")).toString();
        QVERIFY(!reference.isEmpty());
        QCOMPARE(stored[1].reasoning + stored[1].content,
                 message.value(QStringLiteral("reasoning_content")).toString() + reference);
    }

private slots:
    void initTestCase()
    {
        strata::test::keepSettingsIn(m_dir, QStringLiteral("StrataTest"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings().setValue(QStringLiteral("remote/useKeychain"), false);  // CI runs no keychain
        const strata::gguf::ModelSpec spec = strata::test::smallSpec("qwen3", strata::gguf::GgmlType::Q8_0);
        m_model = QString::fromStdString(strata::test::writeModel(m_dir, spec, "served").string());
    }

    // Without a keychain the key is kept in memory for the session and never written to the settings.
    void keysWithoutAKeychainAreKeptForTheSessionOnly()
    {
        QSettings settings;
        strata::app::RemoteKeys keys(strata::app::RemoteKeys::Storage::SessionOnly);
        QVERIFY(!keys.keychainWorks());
        QSignalSpy told(&keys, &strata::app::RemoteKeys::keptForSessionOnly);
        keys.store(QStringLiteral("http://a:1"), QStringLiteral("sekret-123"));
        QCOMPARE(told.size(), 0);  // chosen, not a failure: the dialog's note says it
        QVERIFY2(keys.storageNote().contains(QStringLiteral("until Strata quits")), qPrintable(keys.storageNote()));
        QString fetched = QStringLiteral("unset");
        keys.fetch(QStringLiteral("http://a:1"), [&](const QString& key) { fetched = key; });
        QCOMPARE(fetched, QStringLiteral("sekret-123"));
        keys.fetch(QStringLiteral("http://b:2"), [&](const QString& key) { fetched = key; });
        QCOMPARE(fetched, QString());
        settings.sync();
        QFile file(settings.fileName());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("sekret-123"));

        Application app(database("note"));
        app.show();
        QTest::mouseClick(
            app.window().modelSelector()->findChild<QAbstractButton*>(QStringLiteral("remoteModelButton")),
            Qt::LeftButton);
        auto* note = app.window().findChild<QLabel*>(QStringLiteral("remoteKeyNote"));
        QVERIFY(note);
        QVERIFY2(note->text().contains(QStringLiteral("never written to the settings file")), qPrintable(note->text()));
        auto* dialog = app.window().findChild<strata::ui::RemoteModelDialog*>(QStringLiteral("remoteModelDialog"));
        dialog->addressEdit()->setText(QStringLiteral("localhost:8080"));  // no scheme
        dialog->modelEdit()->setText(QStringLiteral("m"));
        dialog->accept();
        QVERIFY(dialog->isVisible());
        QVERIFY2(dialog->errorText().contains(QStringLiteral("http://host:port")), qPrintable(dialog->errorText()));
        dialog->reject();
    }

    // Where no session bus runs (CI), no keychain can answer: the first key stored falls back to the
    // session, and the user is told why. Skipped where a bus runs: the test must not write to a real keychain.
    void aKeychainThatCannotAnswerFallsBackToTheSession()
    {
        if (qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS"))
            QSKIP("a session bus runs here: a keychain might answer, and a test must not write to it");
        strata::app::RemoteKeys keys(strata::app::RemoteKeys::Storage::Keychain);
        QVERIFY(keys.keychainWorks());  // until it fails
        QSignalSpy told(&keys, &strata::app::RemoteKeys::keptForSessionOnly);
        keys.store(QStringLiteral("http://a:1"), QStringLiteral("sekret-456"));
        QVERIFY(told.wait(30000));
        QVERIFY(!keys.keychainWorks());
        QVERIFY2(told.constFirst().constFirst().toString().contains(QStringLiteral("No keychain is available")),
                 qPrintable(told.constFirst().constFirst().toString()));
        QString fetched;
        keys.fetch(QStringLiteral("http://a:1"), [&](const QString& key) { fetched = key; });
        QCOMPARE(fetched, QStringLiteral("sekret-456"));
    }

    void replyFromASecondStrataServerEqualsItsGreedyText()
    {
        ServerProcess server(m_model, {"--api-key", "sekret"});
        QVERIFY2(!server.base().isEmpty(), qPrintable(server.error()));
        Application app(database("remote"));
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window()));

        // "List models" offers what the server lists; with a wrong key it says why it cannot.
        {
            auto* selector = app.window().modelSelector();
            QTest::mouseClick(selector->findChild<QAbstractButton*>(QStringLiteral("remoteModelButton")),
                              Qt::LeftButton);
            auto* dialog = selector->findChild<strata::ui::RemoteModelDialog*>(QStringLiteral("remoteModelDialog"));
            QVERIFY(dialog);
            dialog->addressEdit()->setText(server.base() + QStringLiteral("/v1/"));
            dialog->keyEdit()->setText(QStringLiteral("wrong"));
            QTest::mouseClick(dialog->listButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(dialog->listStatus().contains(QStringLiteral("HTTP 401")), 10000);
            dialog->keyEdit()->setText(QStringLiteral("sekret"));
            QTest::mouseClick(dialog->listButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(dialog->listStatus().contains(QStringLiteral("lists 1 model")), 10000);
            QCOMPARE(dialog->modelCombo()->count(), 1);
            QCOMPARE(dialog->modelEdit()->text(), QStringLiteral("served"));
            dialog->reject();
        }

        chooseRemote(app, server.base(), QStringLiteral("wrong"), QStringLiteral("served"));
        QTRY_COMPARE_WITH_TIMEOUT(noticeTexts(app).size(), 1, 10000);
        QVERIFY2(noticeTexts(app).constFirst().contains(QStringLiteral("refused the API key (HTTP 401)")),
                 qPrintable(noticeTexts(app).constFirst()));
        QVERIFY(app.coordinator().modelPath().isEmpty());

        chooseRemote(app, server.base() + QStringLiteral("/v1"), QStringLiteral("sekret"), QStringLiteral("elsewhere"));
        QTRY_COMPARE_WITH_TIMEOUT(noticeTexts(app).size(), 2, 10000);
        QVERIFY2(noticeTexts(app).at(1).contains(
                     QStringLiteral("does not serve a model named \"elsewhere\"; it lists: served")),
                 qPrintable(noticeTexts(app).at(1)));

        chooseRemote(app, server.base(), QStringLiteral("sekret"), QStringLiteral("served"));
        QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
        QVERIFY(app.window().statusBar()->currentMessage().contains(QStringLiteral("do not apply")));
        QVERIFY(app.window()
                    .findChild<QDockWidget*>(QStringLiteral("cpuCoresDock"))
                    ->windowTitle()
                    .contains(QStringLiteral("not the remote model")));
        QCOMPARE(app.window().findChild<QDockWidget*>(QStringLiteral("tokenRateDock"))->windowTitle(),
                 QStringLiteral("Tokens per second"));
        QCOMPARE(app.window().modelSelector()->combo()->currentText(),
                 QStringLiteral("served @ ") + QUrl(server.base()).authority());

        greedyReplyEqualsTheServers(app, server.base(), QStringLiteral("sekret"), QStringLiteral("served"));
    }

    // A dev check, skipped unless STRATA_REMOTE_PEER names a running server as "URL#model" (no key):
    // tools/dev/llama_server_peer.sh runs it against llama.cpp's llama-server.
    void replyFromAPeerServer()
    {
        const QString peer = qEnvironmentVariable("STRATA_REMOTE_PEER");
        if (peer.isEmpty())
            QSKIP("STRATA_REMOTE_PEER is not set (tools/dev/llama_server_peer.sh sets it)");
        const QString base = peer.section(QLatin1Char('#'), 0, 0);
        const QString model = peer.section(QLatin1Char('#'), 1);
        Application app(database("peer"));
        app.show();
        chooseRemote(app, base, {}, model);
        QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel() || !noticeTexts(app).isEmpty(), 30000);
        QVERIFY2(app.coordinator().isRemoteModel(), qPrintable(noticeTexts(app).join('\n')));
        greedyReplyEqualsTheServers(app, base, {}, model);
    }

    void brokenStreamIsReportedNotShownAsText()
    {
        ScriptedServer scripted;
        scripted.chatReply = streamHead() + contentChunk(QStringLiteral("Hi")) + "data: {oops\n\n";
        Application app(database("broken"));
        app.show();
        chooseRemote(app, scripted.base(), {}, QStringLiteral("scripted"));
        QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
        const int before = int(noticeTexts(app).size());
        greedyConversation(app, 16);
        typeAndSend(app, QStringLiteral("Hello"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 10000);
        QCOMPARE(noticeTexts(app).size(), before + 1);
        QVERIFY2(noticeTexts(app).last().contains(QStringLiteral("could not be read"))
                     && noticeTexts(app).last().contains(QStringLiteral("not a JSON object")),
                 qPrintable(noticeTexts(app).last()));
        QTRY_VERIFY(scripted.closedChats > 0);  // the broken stream's request was closed

        // The server goes away: the next message says it could not be reached.
        scripted.close();
        typeAndSend(app, QStringLiteral("Still there?"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 10000);
        QVERIFY2(noticeTexts(app).last().contains(QStringLiteral("Could not reach the remote server")),
                 qPrintable(noticeTexts(app).last()));
    }

    // A server that ignores "stream": true and answers one chat.completion object: the chat shows
    // its text and keeps its usage, where reading it as an event stream found no "data: [DONE]".
    void aWholeJsonReplyToAStreamRequestIsShown()
    {
        ScriptedServer scripted;
        const QByteArray body =
            R"({"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant",)"
            R"("content":"A whole answer."},"finish_reason":"length"}],)"
            R"("usage":{"prompt_tokens":9,"completion_tokens":4,"total_tokens":13}})";
        scripted.chatReply = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                             + QByteArray::number(body.size()) + "\r\n\r\n" + body;
        Application app(database("whole"));
        app.show();
        chooseRemote(app, scripted.base(), {}, QStringLiteral("scripted"));
        QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
        const int before = int(noticeTexts(app).size());
        const qint64 id = greedyConversation(app, 16);
        const std::uint64_t decodedBefore = app.engine().controller()->telemetryLink()->tokenCounts().decoded;
        typeAndSend(app, QStringLiteral("Hello"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 10000);
        QVERIFY2(noticeTexts(app).size() == before, qPrintable(noticeTexts(app).join('\n')));
        const QList<strata::domain::ChatMessage> stored = app.store().messages(id);
        QCOMPARE(stored.size(), 2);
        QCOMPARE(stored[1].content, QStringLiteral("A whole answer."));
        QCOMPARE(stored[1].metrics.value(QStringLiteral("generated_tokens")).toInt(), 4);
        QCOMPARE(stored[1].metrics.value(QStringLiteral("prompt_tokens")).toInt(), 9);
        QCOMPARE(stored[1].metrics.value(QStringLiteral("finish_reason")).toString(),
                 QString::fromLatin1(strata::model::toString(strata::model::FinishReason::Length)));
        QCOMPARE(app.engine().controller()->telemetryLink()->tokenCounts().decoded - decodedBefore, std::uint64_t(4));
    }

    // The model selector's menu on a remote entry: forget the key kept for its server (the next
    // request goes without it and is refused), edit the entry (the dialog opens filled in, and the
    // edited server takes the old entry's place), and remove it from the recent models.
    void remoteEntriesAreEditedForgottenAndRemoved()
    {
        ScriptedServer guarded;
        guarded.requiredKey = "sekret";
        guarded.chatReply = streamHead() + contentChunk(QStringLiteral("Hi")) + "data: [DONE]\n\n";
        ScriptedServer moved;
        Application app(database("manage"));
        app.show();
        chooseRemote(app, guarded.base(), QStringLiteral("sekret"), QStringLiteral("scripted"));
        QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
        const QString guardedPath = app.coordinator().modelPath();
        auto* selector = app.window().modelSelector();
        QCOMPARE(selector->combo()->currentData().toString(), guardedPath);

        auto* forget = selector->findChild<QAction*>(QStringLiteral("forgetRemoteKeyAction"));
        QVERIFY(forget);
        QVERIFY(forget->isEnabled());
        const qsizetype before = noticeTexts(app).size();
        forget->trigger();
        QCOMPARE(noticeTexts(app).size(), before + 1);
        QVERIFY2(noticeTexts(app).last().contains(QStringLiteral("forgotten")), qPrintable(noticeTexts(app).last()));
        QString kept = QStringLiteral("unset");
        app.remoteKeys().fetch(guarded.base(), [&](const QString& key) { kept = key; });
        QCOMPARE(kept, QString());
        greedyConversation(app, 16);
        typeAndSend(app, QStringLiteral("Hello"));
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 10000);
        QVERIFY2(noticeTexts(app).last().contains(QStringLiteral("refused the API key (HTTP 401)")),
                 qPrintable(noticeTexts(app).last()));

        selector->findChild<QAction*>(QStringLiteral("editRemoteModelAction"))->trigger();
        strata::ui::RemoteModelDialog* dialog = openRemoteDialog(app);
        QVERIFY(dialog);
        QCOMPARE(dialog->addressEdit()->text(), guarded.base());
        QCOMPARE(dialog->modelEdit()->text(), QStringLiteral("scripted"));
        dialog->addressEdit()->setText(moved.base());
        dialog->accept();
        const QString movedPath = strata::domain::remoteModelPath({moved.base(), QStringLiteral("scripted")});
        QTRY_COMPARE_WITH_TIMEOUT(app.coordinator().modelPath(), movedPath, 10000);
        QCOMPARE(selector->combo()->findData(guardedPath), -1);
        QVERIFY(selector->combo()->findData(movedPath) > 0);
        QVERIFY(!QSettings().value(QStringLiteral("models/recent")).toStringList().contains(guardedPath));

        QCOMPARE(selector->combo()->currentData().toString(), movedPath);
        selector->findChild<QAction*>(QStringLiteral("removeRecentModelAction"))->trigger();
        QCOMPARE(selector->combo()->findData(movedPath), -1);
        QVERIFY(!QSettings().value(QStringLiteral("models/recent")).toStringList().contains(movedPath));
        QVERIFY(!selector->findChild<QAction*>(QStringLiteral("removeRecentModelAction"))->isEnabled());
    }

    // Tools > A/B run with a remote model chosen and no local one loaded: the runs compare waiting
    // policies on this computer's engine, so the dialog has no model to run, rather than the
    // remote model's name taken for a file.
    void abRunsNeverTakeTheRemoteModelForAFile()
    {
        ScriptedServer scripted;
        Application app(database("ab"));
        app.show();
        chooseRemote(app, scripted.base(), {}, QStringLiteral("scripted"));
        QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
        emit app.window().abRunRequested();
        auto* dialog = app.window().findChild<strata::ui::AbDialog*>(QStringLiteral("abDialog"));
        QVERIFY(dialog);
        QVERIFY(dialog->request().modelPath.isEmpty());
        QVERIFY(!dialog->findChild<QPushButton*>(QStringLiteral("abStartButton"))->isEnabled());
        dialog->close();
    }

    void stopEndsAStreamThatNeverEnds()
    {
        ScriptedServer scripted;
        scripted.chatReply = streamHead() + contentChunk(QStringLiteral("partial "));
        Application app(database("stop"));
        app.show();
        chooseRemote(app, scripted.base(), {}, QStringLiteral("scripted"));
        QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
        const qint64 id = greedyConversation(app, 16);
        typeAndSend(app, QStringLiteral("Hello"));
        QTRY_COMPARE_WITH_TIMEOUT(app.store().messages(id).size(), 2, 10000);  // the reply began
        QVERIFY(app.coordinator().isReplying());
        QElapsedTimer clock;
        clock.start();
        emit app.window().chatPanel()->stopRequested();
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 5000);
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        const strata::domain::ChatMessage reply = app.store().messages(id).at(1);
        QCOMPARE(reply.content, QStringLiteral("partial "));
        QCOMPARE(reply.metrics.value(QStringLiteral("finish_reason")).toString(),
                 QString::fromLatin1(strata::model::toString(strata::model::FinishReason::Cancelled)));
        QTRY_VERIFY(scripted.closedChats > 0);  // the request was aborted, not left open
    }

    // Quitting while a remote reply streams: the strata-remote thread ends at once (nothing there blocks).
    void quitDuringARemoteStreamIsQuick()
    {
        ScriptedServer scripted;
        scripted.chatReply = streamHead() + contentChunk(QStringLiteral("partial "));
        QElapsedTimer clock;
        {
            Application app(database("quit"));
            app.show();
            chooseRemote(app, scripted.base(), {}, QStringLiteral("scripted"));
            QTRY_VERIFY_WITH_TIMEOUT(app.coordinator().isRemoteModel(), 10000);
            const qint64 id = greedyConversation(app, 16);
            typeAndSend(app, QStringLiteral("Hello"));
            QTRY_COMPARE_WITH_TIMEOUT(app.store().messages(id).size(), 2, 10000);
            clock.start();
        }
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        QTRY_VERIFY(scripted.closedChats > 0);
    }

    void serverThatIsNotThereIsReported()
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();  // nothing listens there now
        Application app(database("down"));
        app.show();
        chooseRemote(app, QStringLiteral("http://127.0.0.1:%1").arg(port), {}, QStringLiteral("m"));
        QTRY_VERIFY_WITH_TIMEOUT(!noticeTexts(app).isEmpty(), 10000);
        QVERIFY2(noticeTexts(app).last().contains(QStringLiteral("Could not reach the remote server 127.0.0.1:")),
                 qPrintable(noticeTexts(app).last()));
        QVERIFY(!app.coordinator().isRemoteModel());
    }
};

QTEST_MAIN(TestRemoteChat)
#include "test_remote_chat.moc"
