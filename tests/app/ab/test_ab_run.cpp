// A/B runs on a small generated model: 2x2 repetitions through the dialog give 4 rows in the
// order A B A B with real measurements, medians and B/A that match the rows, and CSV and JSON
// exports that parse back to the same values; Cancel ends a long run early.
#include "app/ab/ab_controller.hpp"
#include "domain/ab/ab_summary.hpp"
#include "tests/engine/model/model_fixtures.hpp"
#include "ui/ab/ab_config_editor.hpp"
#include "ui/ab/ab_dialog.hpp"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace strata;

class TestAbRun : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_model;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        gguf::ModelSpec spec = test::smallSpec("qwen3", gguf::GgmlType::Q8_0);
        m_model = QString::fromStdString(test::writeModel(m_dir, spec, "ab").string());
    }

    void medianOfOddAndEvenCounts()
    {
        QCOMPARE(domain::median({}), 0.0);
        QCOMPARE(domain::median({3, 1, 2}), 2.0);
        QCOMPARE(domain::median({4, 1, 3, 2}), 2.5);
    }

    void twoByTwoGivesTableMediansAndExports()
    {
        app::AbController controller;
        controller.openDialog(nullptr, m_model);
        ui::AbDialog* dialog = controller.dialog();
        QVERIFY(dialog);
        QVERIFY(dialog->startButton()->isEnabled());
        // Two computing threads each (one worker and the engine thread), so the pool has
        // completion waits to measure; only the waiting policy differs.
        dialog->editorA()->setConfig(domain::AbConfig{.policy = pool::WaitPolicy::fixedSpin(200), .threads = 2});
        dialog->editorB()->setConfig(domain::AbConfig{.policy = pool::WaitPolicy::park(), .threads = 2});
        dialog->repetitionsBox()->setValue(2);
        dialog->maxTokensBox()->setValue(8);
        dialog->startButton()->click();
        QVERIFY(controller.isRunning());
        QVERIFY(dialog->cancelButton()->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 60000);

        const QList<domain::AbRow> rows = controller.rows();
        QVERIFY2(rows.size() == 4, qPrintable(dialog->statusLabel()->text()));
        QCOMPARE(dialog->runsTable()->rowCount(), 4);
        const QStringList order = {QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("A"), QStringLiteral("B")};
        QList<double> decodeA, decodeB;
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(rows[i].run, i + 1);
            QCOMPARE(rows[i].config, order[i]);
            QVERIFY(rows[i].promptTokens > 0);
            QVERIFY(rows[i].generatedTokens > 0);
            QVERIFY(rows[i].prefillTokensPerSecond > 0);
            QVERIFY(rows[i].decodeTokensPerSecond > 0);
            QVERIFY(rows[i].cpuPercent > 0);
            QVERIFY(rows[i].completionWaitP50Micros >= 0);
            (i % 2 ? decodeB : decodeA) << rows[i].decodeTokensPerSecond;
        }
        // The medians, computed here from the rows, are what the dialog shows.
        const double medianA = (decodeA[0] + decodeA[1]) / 2, medianB = (decodeB[0] + decodeB[1]) / 2;
        const domain::AbSummary summary = domain::summarize(rows);
        QCOMPARE(summary.decodeTokensPerSecond.a, medianA);
        QCOMPARE(summary.decodeTokensPerSecond.b, medianB);
        QCOMPARE(summary.decodeTokensPerSecond.ratio, medianB / medianA);
        QCOMPARE(dialog->mediansTable()->item(1, 3)->text(), QString::number(medianB / medianA, 'f', 3));
        QVERIFY(dialog->findChild<QPushButton*>(QStringLiteral("abExportCsvButton"))->isEnabled());

        // CSV: header, 4 runs, median A, median B, ratio; numbers exact.
        const QString csvPath = m_dir.filePath(QStringLiteral("ab.csv"));
        QCOMPARE(controller.exportTo(csvPath, false), QString());
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        const QByteArray csvText = csv.readAll();
        qInfo().noquote() << "A/B run (fixed-spin 200 us vs park, 2 threads each):\n" << csvText;
        const QList<QByteArray> lines = csvText.trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 4 + 3);
        QVERIFY(lines[0].startsWith("run,config,prompt_tokens,generated_tokens,prefill_tok_s,decode_tok_s"));
        for (int i = 0; i < 4; ++i) {
            const QList<QByteArray> f = lines[1 + i].split(',');
            QCOMPARE(f.size(), 8);
            QCOMPARE(f[0].toInt(), rows[i].run);
            QCOMPARE(QString::fromUtf8(f[1]), rows[i].config);
            QCOMPARE(f[3].toInt(), rows[i].generatedTokens);
            QCOMPARE(f[4].toDouble(), rows[i].prefillTokensPerSecond);
            QCOMPARE(f[5].toDouble(), rows[i].decodeTokensPerSecond);
            QCOMPARE(f[6].toDouble(), rows[i].cpuPercent);
            QCOMPARE(f[7].toDouble(), rows[i].completionWaitP50Micros);
        }
        const QList<QByteArray> ratio = lines[7].split(',');
        QCOMPARE(ratio[0], QByteArray("ratio"));
        QCOMPARE(ratio[1], QByteArray("B/A"));
        QCOMPARE(ratio[5].toDouble(), medianB / medianA);
        QCOMPARE(lines[5].split(',')[5].toDouble(), medianA);

        // JSON: the request, the runs and the medians.
        const QString jsonPath = m_dir.filePath(QStringLiteral("ab.json"));
        QCOMPARE(controller.exportTo(jsonPath, true), QString());
        QFile jsonFile(jsonPath);
        QVERIFY(jsonFile.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonObject json = QJsonDocument::fromJson(jsonFile.readAll(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(json.value(QStringLiteral("repetitions")).toInt(), 2);
        QCOMPARE(json.value(QStringLiteral("config_a")).toObject().value(QStringLiteral("wait_policy")).toString(),
                 QString::fromStdString(pool::toString(pool::WaitPolicy::fixedSpin(200))));
        const QJsonArray runs = json.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 4);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(runs[i].toObject().value(QStringLiteral("config")).toString(), rows[i].config);
            QCOMPARE(runs[i].toObject().value(QStringLiteral("decode_tok_s")).toDouble(), rows[i].decodeTokensPerSecond);
        }
        const QJsonObject decode =
            json.value(QStringLiteral("medians")).toObject().value(QStringLiteral("decode_tok_s")).toObject();
        QCOMPARE(decode.value(QStringLiteral("a")).toDouble(), medianA);
        QCOMPARE(decode.value(QStringLiteral("b")).toDouble(), medianB);
        QCOMPARE(decode.value(QStringLiteral("ratio_b_over_a")).toDouble(), medianB / medianA);
    }

    void cancelEndsALongRunEarly()
    {
        app::AbController controller;
        domain::AbRequest request;
        request.modelPath = m_model;
        request.prompt = QStringLiteral("Count to a thousand.");
        request.a = domain::AbConfig{.policy = pool::WaitPolicy::adaptive(), .threads = 1};
        request.b = domain::AbConfig{.policy = pool::WaitPolicy::park(), .threads = 1};
        request.repetitions = 100;
        request.maxTokens = 200;
        controller.start(request);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.rows().isEmpty(), 60000);
        controller.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 10000);
        QVERIFY(controller.rows().size() < 200);
    }

    void missingModelFailsWithAMessage()
    {
        app::AbController controller;
        controller.openDialog(nullptr, m_dir.filePath(QStringLiteral("missing.gguf")));
        controller.dialog()->startButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 10000);
        QVERIFY(controller.rows().isEmpty());
        QVERIFY2(controller.dialog()->statusLabel()->text().contains(QStringLiteral("failed")),
                 qPrintable(controller.dialog()->statusLabel()->text()));
    }
};

QTEST_MAIN(TestAbRun)
#include "test_ab_run.moc"
