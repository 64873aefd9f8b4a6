// strata-gguf end to end: mkmodel writes a file, info describes it (text and JSON), quantize
// converts it, routing counts its experts' selections, and bad input gives a clear error and a
// non-zero exit code.
#include "strata/gguf/file.hpp"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

namespace {

struct Run {
    int exitCode;
    QString out, err;
};

Run tool(const QStringList& args)
{
    QProcess p;
    p.start(STRATA_GGUF_TOOL, args);
    p.waitForFinished(120000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

class TestGgufTool : public QObject {
    Q_OBJECT

private slots:
    void mkmodelThenInfo()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("moe.gguf");
        Run r = tool({"mkmodel",   path,   "--arch",         "qwen3moe", "--layers",    "2",   "--embedding", "256",
                      "--experts", "4",    "--experts-used", "2",        "--expert-ff", "256", "--type",      "Q8_0",
                      "--context", "8192", "--seed",         "5"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = tool({"info", path, "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o["architecture"].toString(), QString("qwen3moe"));
        QCOMPARE(o["file_type_name"].toString(), QString("MOSTLY_Q8_0"));
        QCOMPARE(o["expert_count"].toInt(), 4);
        QCOMPARE(o["expert_used_count"].toInt(), 2);
        QCOMPARE(o["context_length"].toInt(), 8192);
        QCOMPARE(o["chat_template"].toBool(), true);
        QCOMPARE(o["tokenizer"].toObject()["model"].toString(), QString("gpt2"));
        const QJsonArray tensors = o["tensors"].toArray();
        qint64 params = 0;
        bool sawExperts = false;
        for (const auto& t : tensors) {
            const QJsonObject to = t.toObject();
            qint64 n = 1;
            for (const auto& d : to["shape"].toArray())
                n *= d.toInteger();
            params += n;
            if (to["name"].toString() == "blk.1.ffn_down_exps.weight") {
                sawExperts = true;
                QCOMPARE(to["type"].toString(), QString("Q8_0"));
                QCOMPARE(to["bytes"].toInteger(), qint64(256 / 32 * 34 * 256 * 4));
            }
        }
        QVERIFY(sawExperts);
        QCOMPARE(o["parameters"].toInteger(), params);

        r = tool({"info", path});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("architecture:  qwen3moe"));
        QVERIFY(r.out.contains("experts:       4 (2 used per token)"));
        QVERIFY(r.out.contains("chat template: yes"));
        QVERIFY(r.out.contains("blk.0.attn_q_norm.weight"));

        // routing: every token's selections counted per layer; with 4 experts the top 10 % is 0.4 of
        // the top expert, so its share is 0.4 times the top expert's.
        r = tool({"routing", "-m", path, "-n", "16", "--json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject routing = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonArray layers = routing["layers"].toArray();
        QCOMPARE(layers.size(), 2);
        for (const auto& l : layers) {
            const QJsonObject lo = l.toObject();
            QCOMPARE(lo["selections"].toInt(), 16 * 2);
            QVERIFY(lo["top_expert_share"].toDouble() >= 0.25);
            QVERIFY(qAbs(lo["top_tenth_share"].toDouble() - 0.4 * lo["top_expert_share"].toDouble()) < 1e-9);
        }
    }

    void quantizeThenInfo()
    {
        QTemporaryDir dir;
        const QString in = dir.filePath("f32.gguf"), out = dir.filePath("q4k.gguf");
        QCOMPARE(tool({"mkmodel", in, "--arch", "llama", "--layers", "1"}).exitCode, 0);
        Run r = tool({"quantize", in, out, "Q4_K"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = tool({"info", out, "--json"});
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8()).object();
        QCOMPARE(o["file_type_name"].toString(), QString("MOSTLY_Q4_K_M"));
        for (const auto& t : o["tensors"].toArray()) {
            const QJsonObject to = t.toObject();
            const bool norm = to["shape"].toArray().size() == 1;
            QCOMPARE(to["type"].toString(), QString(norm ? "F32" : "Q4_K"));
        }
    }

    // The benchmarks' fast path: N rows drawn per tensor, then repeated.
    void distinctRowsRepeatTheDrawnRows()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("fast.gguf");
        const Run r =
            tool({"mkmodel", path, "--arch", "llama", "--layers", "1", "--type", "Q4_K", "--distinct-rows", "3"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto file = strata::gguf::File::open(path.toStdString());
        const strata::gguf::TensorInfo* t = file.findTensor("blk.0.ffn_up.weight");
        QVERIFY(t && t->rows() > 6);
        const size_t rowBytes = t->bytes() / t->rows();
        const auto row = [&](uint64_t i) { return t->data.subspan(i * rowBytes, rowBytes); };
        const auto same = [&](uint64_t a, uint64_t b) { return std::ranges::equal(row(a), row(b)); };
        QVERIFY(!same(0, 1) && !same(1, 2) && !same(0, 2));
        for (uint64_t i = 3; i < t->rows(); ++i)
            QVERIFY2(same(i, i % 3), qPrintable(QString("row %1").arg(i)));
    }

    void errorsAreClear()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.gguf");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("GGUF\x03\0\0\0", 8);
        f.close();
        Run r = tool({"info", bad});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(bad) && r.err.contains("tensor count at byte offset 8"), qPrintable(r.err));
        r = tool({"mkmodel", dir.filePath("x.gguf"), "--arch", "llama", "--layerz", "2"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("unknown option --layerz"));
        QCOMPARE(tool({"frobnicate"}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestGgufTool)
#include "test_gguf_tool.moc"
