// A/B runs on a small generated model: 2x2 repetitions through the dialog give 4 rows in the
// order A B A B with real measurements, medians and B/A that match the rows, and CSV and JSON
// exports that parse back to the same values; the waiting-policy preset gives the four policies in
// turn with their ratios to the best fixed one; Cancel ends a long run early; a side on a GPU can
// choose where a MoE model's experts live, and says so in its description.
#include "app/ab/ab_controller.hpp"
#include "domain/ab/ab_policy_summary.hpp"
#include "domain/ab/ab_summary.hpp"
#include "tests/engine/model/model_fixtures.hpp"
#include "ui/ab/ab_config_editor.hpp"
#include "ui/ab/ab_dialog.hpp"

#include <QComboBox>
#include <QElapsedTimer>
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
#include <memory>

#include <algorithm>

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

    // Expert placements and budgets are compared on a GPU: the editor offers them there (each value
    // for its placement), round-trips them, and a side's description names them.
    void sidesCanCompareExpertPlacementsOnAGpu()
    {
        ui::AbConfigEditor editor(QStringLiteral("A"), domain::AbConfig{});
        auto* device = editor.findChild<QComboBox*>(QStringLiteral("abDeviceBox"));
        auto* experts = editor.findChild<QComboBox*>(QStringLiteral("abExpertsBox"));
        auto* budget = editor.findChild<QSpinBox*>(QStringLiteral("abExpertBudgetBox"));
        auto* layers = editor.findChild<QSpinBox*>(QStringLiteral("abCpuExpertLayersBox"));
        QVERIFY(device && experts && budget && layers);
        QCOMPARE(device->count(), 1);  // no GPU given: the CPU only
        QVERIFY(!experts->isEnabled() && !budget->isEnabled() && !layers->isEnabled());
        QCOMPARE(editor.config().describe(), QStringLiteral("adaptive, threads: physical cores, KV f16"));

        editor.setGpus({{0, "NVIDIA H200", 9, 0, size_t(140) << 30}});
        domain::AbConfig cache{.threads = 4};
        cache.gpu = 0;
        cache.experts = model::ExpertPlacement::Cache;
        cache.expertBudgetMiB = 8192;
        editor.setConfig(cache);
        QVERIFY(experts->isEnabled() && budget->isEnabled() && !layers->isEnabled());
        QCOMPARE(editor.config(), cache);
        QCOMPARE(editor.config().describe(),
                 QStringLiteral("adaptive, threads: 4, KV f16, GPU 0, experts: VRAM cache 8192 MiB"));

        experts->setCurrentIndex(experts->findData(int(model::ExpertPlacement::CpuLayers)));
        layers->setValue(12);
        QVERIFY(layers->isEnabled() && !budget->isEnabled());
        QCOMPARE(editor.config().describe(),
                 QStringLiteral("adaptive, threads: 4, KV f16, GPU 0, experts: first 12 layers' on the CPU"));
        device->setCurrentIndex(device->findData(-1));
        QVERIFY(!experts->isEnabled());
        QCOMPARE(editor.config().gpu, -1);
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
            QCOMPARE(runs[i].toObject().value(QStringLiteral("decode_tok_s")).toDouble(),
                     rows[i].decodeTokensPerSecond);
        }
        const QJsonObject decode =
            json.value(QStringLiteral("medians")).toObject().value(QStringLiteral("decode_tok_s")).toObject();
        QCOMPARE(decode.value(QStringLiteral("a")).toDouble(), medianA);
        QCOMPARE(decode.value(QStringLiteral("b")).toDouble(), medianB);
        QCOMPARE(decode.value(QStringLiteral("ratio_b_over_a")).toDouble(), medianB / medianA);
    }

    void waitingPolicyPresetRunsEachPolicyOnOneModel()
    {
        app::AbController controller;
        controller.openDialog(nullptr, m_model);
        ui::AbDialog* dialog = controller.dialog();
        QVERIFY(dialog);
        dialog->editorA()->setConfig(domain::AbConfig{.policy = pool::WaitPolicy::park(), .threads = 2});
        const int preset = dialog->presetBox()->findData(int(domain::AbPreset::WaitingPolicies));
        QVERIFY(preset >= 0);
        dialog->presetBox()->setCurrentIndex(preset);
        QVERIFY(!dialog->editorB()->isEnabled());
        QVERIFY(dialog->policiesTable()->isVisibleTo(dialog));
        QVERIFY(!dialog->mediansTable()->isVisibleTo(dialog));
        dialog->repetitionsBox()->setValue(2);
        dialog->maxTokensBox()->setValue(6);
        dialog->startButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 120000);

        // adaptive park fixed:100us fixed:20ms, twice, with real measurements.
        const QList<domain::AbRow> rows = controller.rows();
        QVERIFY2(rows.size() == 8, qPrintable(dialog->statusLabel()->text()));
        const QStringList order = {QStringLiteral("adaptive"), QStringLiteral("park"), QStringLiteral("fixed:100us"),
                                   QStringLiteral("fixed:20ms")};
        for (int i = 0; i < rows.size(); ++i) {
            QCOMPARE(rows[i].run, i + 1);
            QCOMPARE(rows[i].config, order[i % 4]);
            QVERIFY(rows[i].decodeTokensPerSecond > 0);
            QVERIFY(rows[i].cpuPercent > 0);
        }
        // The table shows the summary of those rows: a line per policy, ratios to the best fixed.
        const QList<domain::AbPolicyLine> lines = domain::summarizePolicies(rows);
        QTableWidget* table = dialog->policiesTable();
        QCOMPARE(table->rowCount(), 4);
        double bestFixedDecode = 0;
        for (int i = 1; i < 4; ++i)
            bestFixedDecode = std::max(bestFixedDecode, lines[i].decodeTokensPerSecond);
        QCOMPARE(lines[0].decodeRatio, lines[0].decodeTokensPerSecond / bestFixedDecode);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(table->item(i, 0)->text(), order[i]);
            QCOMPARE(table->item(i, 4)->text(), QString::number(lines[i].decodeRatio, 'f', 3));
        }
        qInfo().noquote() << "waiting policies, decode tok/s and ratio to the best fixed:"
                          << lines[0].decodeTokensPerSecond << lines[0].decodeRatio;

        const QString csvPath = m_dir.filePath(QStringLiteral("policies.csv"));
        QCOMPARE(controller.exportTo(csvPath, false), QString());
        QFile csv(csvPath);
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().trimmed().split('\n').size(), 1 + 8 + 4 + 4);
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

    // The run renders the model's chat template on the A/B thread; a hostile one (it ends only at
    // the render's step or time budget, seconds away) must not outlast Cancel or the app's quit.
    // Issue 18, finding 3.
    domain::AbRequest hostileTemplateRequest()
    {
        gguf::ModelSpec spec = test::smallSpec("qwen3", gguf::GgmlType::Q8_0);
        gguf::Writer writer = tokenizer::syntheticModelFile(spec, tokenizer::syntheticByteVocabulary());
        writer.set("tokenizer.chat_template",
                   gguf::MetaValue::string("{% for i in range(100000) %}{% for j in range(100000) %}"
                                           "{% if messages | length > i + j %}x{% endif %}{% endfor %}{% endfor %}"));
        const QString path = m_dir.filePath(QStringLiteral("hostiletemplate.gguf"));
        writer.write(path.toStdString());
        domain::AbRequest request;
        request.modelPath = path;
        request.prompt = QStringLiteral("hi");
        request.a = domain::AbConfig{.policy = pool::WaitPolicy::park(), .threads = 1};
        request.b = request.a;
        request.maxTokens = 4;
        return request;
    }

    void cancelEndsAHostileTemplate()
    {
        app::AbController controller;
        controller.start(hostileTemplateRequest());
        QTest::qWait(300);  // the models are open, the render is under way
        QElapsedTimer cancelled;
        cancelled.start();
        controller.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isRunning(), 10000);
        const qint64 ms = cancelled.elapsed();
        qInfo("Cancel during a hostile render -> ended in %lld ms", ms);
        QVERIFY2(ms < 1000, qPrintable(QString::number(ms)));
    }

    void quitDuringAHostileTemplateTakesUnderASecond()
    {
        auto controller = std::make_unique<app::AbController>();
        controller->start(hostileTemplateRequest());
        QTest::qWait(300);
        QElapsedTimer quitting;
        quitting.start();
        controller.reset();  // the app quits: the A/B thread's host goes
        const qint64 ms = quitting.elapsed();
        qInfo("AbHost destroyed during a hostile render in %lld ms", ms);
        QVERIFY2(ms < 1000, qPrintable(QString::number(ms)));
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
