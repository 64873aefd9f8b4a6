// The remote engine's protocol pieces without a network: endpoint addresses as users type them,
// the request body, and the event stream read from pieces cut anywhere, with every kind of bad
// stream giving a readable error instead of text.
#include "domain/remote/chat_completion_body.hpp"
#include "domain/remote/remote_endpoint.hpp"
#include "domain/remote/sse_chat_stream.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using strata::domain::SseChatStream;

class TestRemoteProtocol : public QObject {
    Q_OBJECT
private slots:
    void addressesAsUsersTypeThem()
    {
        for (const QString& typed :
             {QStringLiteral("http://127.0.0.1:8080"), QStringLiteral("http://127.0.0.1:8080/"),
              QStringLiteral(" http://127.0.0.1:8080/v1 "), QStringLiteral("http://127.0.0.1:8080/v1/")}) {
            const auto endpoint = strata::domain::remoteEndpointFrom(typed, QStringLiteral("qwen3"));
            QVERIFY2(endpoint, qPrintable(typed));
            QCOMPARE(endpoint->baseUrl, QStringLiteral("http://127.0.0.1:8080"));
            QCOMPARE(strata::domain::remoteApiUrl(*endpoint, QStringLiteral("models")).toString(),
                     QStringLiteral("http://127.0.0.1:8080/v1/models"));
            const QString path = strata::domain::remoteModelPath(*endpoint);
            QVERIFY(strata::domain::isRemoteModelPath(path));
            QCOMPARE(strata::domain::remoteEndpointFromPath(path), endpoint);
            QCOMPARE(strata::domain::remoteDisplayName(*endpoint), QStringLiteral("qwen3 @ 127.0.0.1:8080"));
        }
        QString why;
        QVERIFY(!strata::domain::remoteEndpointFrom(QStringLiteral("ftp://host"), QStringLiteral("m"), &why));
        QVERIFY2(why.contains(QStringLiteral("not a server address")), qPrintable(why));
        QVERIFY(!strata::domain::remoteEndpointFrom(QStringLiteral("127.0.0.1:8080"), QStringLiteral("m"), &why));
        QVERIFY(!strata::domain::remoteEndpointFrom(QStringLiteral("http://host"), QStringLiteral(" "), &why));
        QVERIFY2(why.contains(QStringLiteral("model")), qPrintable(why));
        QVERIFY(!strata::domain::isRemoteModelPath(QStringLiteral("/models/remote.gguf")));
    }

    void bodyCarriesTheConversationAndSampling()
    {
        strata::domain::SamplingSettings sampling;
        sampling.temperature = 0;
        sampling.maxTokens = 12;
        sampling.seed = 7;
        QList<strata::domain::ChatMessage> history(3);
        history[0].content = QStringLiteral("Hi");
        history[1].role = strata::domain::ChatRole::Assistant;  // failed before its first token: left out
        history[2].content = QStringLiteral("Again");
        const QJsonObject body =
            QJsonDocument::fromJson(
                strata::domain::chatCompletionBody(QStringLiteral("m"), QStringLiteral("Be brief"), history, sampling))
                .object();
        QCOMPARE(body.value(QStringLiteral("stream")).toBool(), true);
        QCOMPARE(
            body.value(QStringLiteral("stream_options")).toObject().value(QStringLiteral("include_usage")).toBool(),
            true);
        QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("m"));
        QCOMPARE(body.value(QStringLiteral("max_tokens")).toInt(), 12);
        QCOMPARE(body.value(QStringLiteral("temperature")).toDouble(), 0.0);
        QCOMPARE(body.value(QStringLiteral("seed")).toInteger(), 7);
        const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
        QCOMPARE(messages.size(), 3);
        QCOMPARE(messages[0].toObject().value(QStringLiteral("role")).toString(), QStringLiteral("system"));
        QCOMPARE(messages[2].toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Again"));
        sampling.seed = -1;
        QVERIFY(!QJsonDocument::fromJson(strata::domain::chatCompletionBody(QStringLiteral("m"), {}, history, sampling))
                     .object()
                     .contains(QStringLiteral("seed")));
    }

    // The same stream fed whole and one byte at a time (lines and a UTF-8 character cut apart) reads the same.
    void streamReadFromAnyCut()
    {
        const QByteArray stream =
            ": ping\r\n\r\n"
            "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\r\n\r\n"
            "data: {\"choices\":[{\"delta\":{\"content\":\"Gr\xc3\xbc\"}}]}\n\n"
            "event: ignored\nid: 3\n"
            "data:{\"choices\":[{\"delta\":{\"content\":\"\xc3\x9f dich\"},\"finish_reason\":null}]}\n\n"
            "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"length\"}]}\n\n"
            "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2}}\n\n"
            "data: [DONE]\n\n"
            "data: {\"choices\":[{\"delta\":{\"content\":\"after the end\"}}]}\n\n";
        for (const qsizetype step : {stream.size(), qsizetype(1)}) {
            SseChatStream reader;
            QString text;
            int chunks = 0;
            for (qsizetype at = 0; at < stream.size(); at += step) {
                const SseChatStream::Update update = reader.feed(stream.mid(at, step));
                text += update.text;
                chunks += update.contentChunks;
            }
            QCOMPARE(text, QString::fromUtf8("Grüß dich"));
            QCOMPARE(chunks, 2);
            QVERIFY(reader.done());
            QCOMPARE(reader.error(), QString());
            QCOMPARE(reader.finishReason(), QStringLiteral("length"));
            QVERIFY(reader.usage());
            QCOMPARE(reader.usage()->promptTokens, 5);
            QCOMPARE(reader.usage()->completionTokens, 2);
        }
    }

    void badStreamsGiveReadableErrors_data()
    {
        QTest::addColumn<QByteArray>("stream");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not JSON") << QByteArray("data: {oops\n\n") << QStringLiteral("not a JSON object");
        QTest::newRow("no choices") << QByteArray("data: {\"id\":1}\n\n") << QStringLiteral("no \"choices\"");
        QTest::newRow("error chunk") << QByteArray("data: {\"error\":{\"message\":\"context is full\"}}\n\n")
                                     << QStringLiteral("context is full");
        QTest::newRow("endless line") << QByteArray(5 << 20, 'x') << QStringLiteral("4 MiB");
    }
    void badStreamsGiveReadableErrors()
    {
        QFETCH(QByteArray, stream);
        QFETCH(QString, expected);
        SseChatStream reader;
        const QByteArray good = "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"}}]}\n\n";
        QCOMPARE(reader.feed(good + stream).text, QStringLiteral("ok"));
        QVERIFY2(reader.error().contains(expected), qPrintable(reader.error()));
        QVERIFY(reader.feed(good).text.isEmpty());  // nothing is read after an error
    }

    void errorBodiesOfEveryServer()
    {
        QCOMPARE(strata::domain::remoteErrorText(R"({"error":{"message":"Invalid API key","type":"x"}})"),
                 QStringLiteral("Invalid API key"));
        QCOMPARE(strata::domain::remoteErrorText(R"({"error":"model 'x' not found"})"),
                 QStringLiteral("model 'x' not found"));
        QCOMPARE(strata::domain::remoteErrorText("Bad Gateway\n"), QStringLiteral("Bad Gateway"));
    }
};

QTEST_GUILESS_MAIN(TestRemoteProtocol)
#include "test_remote_protocol.moc"
