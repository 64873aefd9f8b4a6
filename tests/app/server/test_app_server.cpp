// The app's API server (Tools > API server) with the real engine thread and real HTTP on loopback:
// off by default; another address than loopback without an API key is refused with a clear
// message; start and stop from the panel; without a model it answers that none is loaded; with a
// small generated model it serves the loaded model, logs the request and shows a decode rate; its
// settings (the header timeout too, which reaches the server) persist across restarts; a server
// stopped before its accept loop began leaves nothing listening; and a chat reply and a server
// request at the same time both complete, each with the text it has alone.
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/server/engine_job_runner.hpp"
#include "app/server/server_controller.hpp"
#include "domain/storage/chat_store.hpp"
#include "server/api_server.hpp"
#include "tests/app/isolated_settings.hpp"
#include "tests/engine/model/model_fixtures.hpp"
#include "ui/chat/chat_input.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/chat/welcome_view.hpp"
#include "ui/server/server_panel.hpp"

#include <QComboBox>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <future>

using strata::app::Application;
using Json = nlohmann::json;

namespace {

struct HttpReply {
    int status = 0;  // 0: no reply (the reason is printed)
    Json body;
};

// Every request is bounded, so a server that accepts and never answers fails the test with the
// reason instead of blocking it (cpp-httplib 0.18's client waits 300 s for a reply by default).
HttpReply reply(const httplib::Result& r, const std::string& path)
{
    if (!r) {
        qWarning("%s: no reply (%s)", path.c_str(), httplib::to_string(r.error()).c_str());
        return {};
    }
    return {r->status, Json::parse(r->body, nullptr, false)};
}

HttpReply post(quint16 port, const std::string& path, const Json& body, const std::string& key = {})
{
    httplib::Client client("127.0.0.1", port);
    client.set_connection_timeout(10, 0);
    client.set_read_timeout(120, 0);  // a wide model under ASan on a shared machine
    httplib::Headers headers;
    if (!key.empty())
        headers.emplace("Authorization", "Bearer " + key);
    return reply(client.Post(path.c_str(), headers, body.dump(), "application/json"), path);
}

HttpReply get(quint16 port, const std::string& path)
{
    httplib::Client client("127.0.0.1", port);
    client.set_connection_timeout(10, 0);
    client.set_read_timeout(30, 0);
    return reply(client.Get(path.c_str()), path);
}

// Whether a socket listens on the loopback port: the kernel completes a connect() to any listening
// socket, served or not, so this tells a socket left open apart from one closed.
bool listensOn(quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return connected;
}

Json greedyChat(const std::string& text, int maxTokens)
{
    return {{"messages", Json::array({{{"role", "user"}, {"content", text}}})},
            {"temperature", 0},
            {"max_tokens", maxTokens}};
}

std::string replyText(const HttpReply& reply)
{
    return reply.body.at("choices").at(0).at("message").value("content", std::string());
}

// Fills the panel's fields and presses Start, as a user does.
void startFromPanel(Application& app, const QString& host, int port, const QString& key = {})
{
    strata::ui::ServerPanel* panel = app.window().serverPanel();
    panel->findChild<QComboBox*>(QStringLiteral("serverHost"))->setCurrentText(host);
    panel->findChild<QSpinBox*>(QStringLiteral("serverPort"))->setValue(port);
    panel->findChild<QLineEdit*>(QStringLiteral("serverApiKey"))->setText(key);
    QTest::mouseClick(panel->startStopButton(), Qt::LeftButton);
}

}  // namespace

class TestAppServer : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString database(const QString& name) const { return m_dir.filePath(name + QStringLiteral(".sqlite")); }

    // Loads a small generated qwen3 model (`wide`: ~60x the work per token, so a reply lasts long
    // enough for a request to arrive meanwhile); false when it did not load.
    bool loadGeneratedModel(Application& app, const std::string& name, bool wide = false)
    {
        strata::gguf::ModelSpec spec = strata::test::smallSpec("qwen3", strata::gguf::GgmlType::Q8_0);
        spec.context = 1024;
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
            return false;
        emit app.window().modelSelector()->loadRequested(model);
        return QTest::qWaitFor([&] { return !app.window().chatPanel()->welcomeView()->isVisible(); }, 60000);
    }

private slots:
    void initTestCase()
    {
        // Keep the user's real settings out of the test.
        strata::test::keepSettingsIn(m_dir, QStringLiteral("StrataServerTest"));
    }

    // Each test starts from the defaults (a test that leaves the server on would start it in the next).
    void init() { QSettings().remove(QStringLiteral("server")); }

    void offByDefaultAndAnotherAddressNeedsAKey()
    {
        Application app(database(QStringLiteral("key")));
        QVERIFY(!app.server().isRunning());
        QVERIFY(!app.server().preferences().enabled);
        QCOMPARE(app.server().preferences().host, QStringLiteral("127.0.0.1"));
        strata::ui::ServerPanel* panel = app.window().serverPanel();
        QVERIFY(panel->statusLabel()->text().contains(QStringLiteral("off")));

        startFromPanel(app, QStringLiteral("0.0.0.0"), 0);
        QVERIFY(!app.server().isRunning());
        const QString message = panel->statusLabel()->text();
        QVERIFY2(message.contains(QStringLiteral("API key")) && message.contains(QStringLiteral("0.0.0.0")),
                 qPrintable(message));
        QCOMPARE(panel->startStopButton()->text(), QStringLiteral("Start server"));
        QVERIFY(!QSettings().value(QStringLiteral("server/enabled")).toBool());

        // With a key it starts, and asks every client for it.
        startFromPanel(app, QStringLiteral("0.0.0.0"), 0, QStringLiteral("sesame"));
        QVERIFY2(app.server().isRunning(), qPrintable(panel->statusLabel()->text()));
        const quint16 port = app.server().port();
        QCOMPARE(post(port, "/v1/chat/completions", greedyChat("hi", 1)).status, 401);
        QCOMPARE(post(port, "/v1/chat/completions", greedyChat("hi", 1), "sesame").status, 503);  // no model yet
        QTest::mouseClick(panel->startStopButton(), Qt::LeftButton);
        QTRY_VERIFY(!app.server().isRunning());
    }

    void startStopWithoutAModel()
    {
        Application app(database(QStringLiteral("nomodel")));
        strata::ui::ServerPanel* panel = app.window().serverPanel();
        startFromPanel(app, QStringLiteral("127.0.0.1"), 0);
        QVERIFY2(app.server().isRunning(), qPrintable(panel->statusLabel()->text()));
        const quint16 port = app.server().port();
        QVERIFY(port != 0);
        QVERIFY(panel->statusLabel()->text().contains(QStringLiteral("http://127.0.0.1:%1/v1").arg(port)));
        QCOMPARE(panel->startStopButton()->text(), QStringLiteral("Stop server"));

        const HttpReply models = get(port, "/v1/models");
        QCOMPARE(models.status, 200);
        QVERIFY(models.body.at("data").empty());
        const HttpReply chat = post(port, "/v1/chat/completions", greedyChat("hi", 1));
        QCOMPARE(chat.status, 503);
        const std::string message = chat.body.at("error").at("message");
        QVERIFY2(message.find("no model is loaded") != std::string::npos, message.c_str());
        QTRY_VERIFY(panel->log()->toPlainText().contains(QStringLiteral("POST /v1/chat/completions  503")));

        QTest::mouseClick(panel->startStopButton(), Qt::LeftButton);
        QTRY_VERIFY(!app.server().isRunning());
        QCOMPARE(panel->startStopButton()->text(), QStringLiteral("Start server"));
        QVERIFY(!listensOn(port));
    }

    void settingsPersistAndTheServerComesBack()
    {
        quint16 port = 0;
        {
            Application app(database(QStringLiteral("persist")));
            startFromPanel(app, QStringLiteral("127.0.0.1"), 0, QStringLiteral("k1"));
            QVERIFY(app.server().isRunning());
            port = app.server().port();
        }
        QVERIFY(!listensOn(port));  // quitting stopped it
        {
            // Left on: the next start serves again, with the same settings in the panel.
            Application app(database(QStringLiteral("persist")));
            QVERIFY(app.server().isRunning());
            QCOMPARE(app.server().preferences().apiKey, QStringLiteral("k1"));
            QCOMPARE(app.window().serverPanel()->preferences().apiKey, QStringLiteral("k1"));
            QCOMPARE(app.window().serverPanel()->preferences().host, QStringLiteral("127.0.0.1"));
            QCOMPARE(get(app.server().port(), "/health").status, 200);
            QTest::mouseClick(app.window().serverPanel()->startStopButton(), Qt::LeftButton);
            QTRY_VERIFY(!app.server().isRunning());
        }
        Application app(database(QStringLiteral("persist")));
        QVERIFY(!app.server().isRunning());  // stopped by the user: stays off
        QCOMPARE(app.server().preferences().apiKey, QStringLiteral("k1"));
    }

    // Quitting right after Start can stop the server before its thread has begun the accept loop:
    // the bound socket is closed then too (it was left open, so a client connected and waited for a
    // reply forever, and the port stayed taken until the app ended).
    void aServerStoppedBeforeItsAcceptLoopListensNoMore()
    {
        Application app(database(QStringLiteral("early")));
        strata::app::EngineJobRunner runner(app.engine().controller());
        strata::server::ServerConfig config;
        config.port = 0;
        quint16 port = 0;
        {
            strata::server::ApiServer api(runner, config);
            port = api.bind();
            QVERIFY(listensOn(port));
            api.stop();
            QVERIFY(api.run());  // returns at once
            QVERIFY2(!listensOn(port), "stopped before run(): the socket is still open after run()");
        }
        {
            strata::server::ApiServer api(runner, config);
            port = api.bind();
            api.stop();
        }
        QVERIFY2(!listensOn(port), "stopped, never run: the socket is still open after the destructor");
        {
            strata::server::ApiServer api(runner, config);
            port = api.bind();
        }
        QVERIFY2(!listensOn(port), "never run: the socket is still open after the destructor");
    }

    // The panel's header timeout reaches the server (a header trickled from 1 s on is cut within the
    // watchdog's look, where the default 10 s would keep it), and it persists like the other fields.
    void headerTimeoutPersistsAndCutsSlowHeaders()
    {
        {
            Application app(database(QStringLiteral("header")));
            strata::ui::ServerPanel* panel = app.window().serverPanel();
            auto* timeout = panel->findChild<QSpinBox*>(QStringLiteral("serverHeaderTimeout"));
            QVERIFY(timeout);
            QCOMPARE(timeout->value(), 10);
            timeout->setValue(1);
            startFromPanel(app, QStringLiteral("127.0.0.1"), 0);
            QVERIFY2(app.server().isRunning(), qPrintable(panel->statusLabel()->text()));
            QVERIFY(!timeout->isEnabled());

            const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
            sockaddr_in a{};
            a.sin_family = AF_INET;
            a.sin_port = htons(app.server().port());
            a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            QCOMPARE(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
            QElapsedTimer clock;
            clock.start();
            const QByteArray head = "GET /health HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
            qint64 cutMs = -1;
            for (qsizetype i = 0; cutMs < 0 && clock.elapsed() < 6000; ++i) {
                ::send(fd, head.constData() + i % head.size(), 1, MSG_NOSIGNAL);  // fails once cut off
                QCoreApplication::processEvents();
                pollfd p{fd, POLLIN, 0};
                char byte = 0;
                if (::poll(&p, 1, 200) > 0 && ::recv(fd, &byte, 1, 0) <= 0)
                    cutMs = clock.elapsed();
            }
            ::close(fd);
            QVERIFY2(cutMs >= 0 && cutMs < 3000, qPrintable(QString("cut off after %1 ms").arg(cutMs)));
            QCOMPARE(QSettings().value(QStringLiteral("server/headerTimeout")).toInt(), 1);
        }
        Application app(database(QStringLiteral("header")));
        QVERIFY(app.server().isRunning());
        QCOMPARE(app.server().preferences().headerTimeoutSeconds, 1);
        QCOMPARE(app.window().serverPanel()->preferences().headerTimeoutSeconds, 1);
        QTest::mouseClick(app.window().serverPanel()->startStopButton(), Qt::LeftButton);
        QTRY_VERIFY(!app.server().isRunning());
    }

    void servesTheLoadedModel()
    {
        Application app(database(QStringLiteral("serve")));
        QVERIFY(loadGeneratedModel(app, "served"));
        startFromPanel(app, QStringLiteral("127.0.0.1"), 0);
        QVERIFY(app.server().isRunning());
        const quint16 port = app.server().port();

        const HttpReply models = get(port, "/v1/models");
        QCOMPARE(models.status, 200);
        QCOMPARE(models.body.at("data").at(0).at("id").get<std::string>(), "served");
        const HttpReply chat = post(port, "/v1/chat/completions", greedyChat("Hello", 8));
        QCOMPARE(chat.status, 200);
        QCOMPARE(chat.body.at("model").get<std::string>(), "served");
        QVERIFY(chat.body.at("usage").at("completion_tokens").get<int>() > 0);
        QVERIFY(chat.body.at("usage").at("prompt_tokens").get<int>() > 0);

        strata::ui::ServerPanel* panel = app.window().serverPanel();
        QTRY_VERIFY(panel->log()->toPlainText().contains(QStringLiteral("POST /v1/chat/completions  200")));
        QVERIFY(panel->log()->toPlainText().contains(QStringLiteral("generated")));
        QTRY_VERIFY(panel->rateLabel()->text().contains(QStringLiteral("tok/s")));
    }

    // The chat and the server share the engine thread's model and session: a request that arrives
    // while a reply streams waits its turn, and each gets the text it gets alone.
    void chatReplyAndServerRequestAtOnce()
    {
        Application app(database(QStringLiteral("together")));
        QVERIFY(loadGeneratedModel(app, "together", true));
        startFromPanel(app, QStringLiteral("127.0.0.1"), 0);
        QVERIFY(app.server().isRunning());
        const quint16 port = app.server().port();
        const Json request = greedyChat("What is a worker pool?", 12);

        auto chatOnce = [&app]() -> QString {
            app.coordinator().newConversation();
            const qint64 id = app.coordinator().currentConversation();
            strata::domain::ConversationSettings settings;
            settings.sampling.maxTokens = 24;
            settings.sampling.seed = 3;
            if (!app.store().setConversationSettings(id, settings))
                return {};
            auto* input = app.window().chatPanel()->input();
            input->setFocus();
            QTest::keyClicks(input, QStringLiteral("Tell me about threads"));
            QTest::keyClick(input, Qt::Key_Return);
            return QString::number(id);
        };
        auto replyOf = [&app](const QString& id) {
            const QList<strata::domain::ChatMessage> stored = app.store().messages(id.toLongLong());
            return stored.size() == 2 ? stored[1].content + stored[1].reasoning : QString();
        };

        // Each alone first.
        const HttpReply alone = post(port, "/v1/chat/completions", request);
        QCOMPARE(alone.status, 200);
        const QString first = chatOnce();
        QVERIFY(!first.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 120000);
        const QString chatAlone = replyOf(first);
        QVERIFY(!chatAlone.isEmpty());

        // Then together: the request goes out while the reply streams.
        const QString second = chatOnce();
        QVERIFY(app.coordinator().isReplying());
        std::future<HttpReply> together =
            std::async(std::launch::async, [&] { return post(port, "/v1/chat/completions", request); });
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 120000);
        QVERIFY(QTest::qWaitFor([&] { return together.wait_for(std::chrono::seconds(0)) == std::future_status::ready; },
                                120000));
        const HttpReply reply = together.get();
        QCOMPARE(reply.status, 200);
        QCOMPARE(replyText(reply), replyText(alone));
        QCOMPARE(replyOf(second), chatAlone);
    }
};

QTEST_MAIN(TestAppServer)
#include "test_app_server.moc"
