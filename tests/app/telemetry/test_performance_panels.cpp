// The live panels with the real engine and the real telemetry thread, on a small generated model:
// frames reach the panels while a reply streams (tok/s, pool, cores, process, GPU status); the
// waiting policy switched from the tool bar mid-reply reaches the running pool, shows in the pool
// panel within a second, and the greedy reply is the same as without a switch; the policy is
// saved and applied to the next model loaded.
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_telemetry_link.hpp"
#include "app/telemetry/performance_wiring.hpp"
#include "app/telemetry/wait_policy_setting.hpp"
#include "domain/storage/chat_store.hpp"
#include "tests/app/isolated_settings.hpp"
#include "tests/engine/model/model_fixtures.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/chat/welcome_view.hpp"
#include "ui/panels/cpu_cores_panel.hpp"
#include "ui/panels/expert_map_panel.hpp"
#include "ui/panels/gpu_panel.hpp"
#include "ui/panels/performance_panels.hpp"
#include "ui/panels/pool_panel.hpp"
#include "ui/panels/process_panel.hpp"
#include "ui/panels/rolling_chart.hpp"
#include "ui/panels/token_rate_panel.hpp"
#include "ui/panels/wait_policy_bar.hpp"

#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using strata::app::Application;
using strata::domain::TelemetryFrame;
namespace pool = strata::pool;

namespace {

constexpr int kFastSamplingMs = 40;  // faster than the app's 2 Hz, so a short reply sees several frames

struct Frames : QObject {
    QList<TelemetryFrame> all;
    explicit Frames(Application& app)
    {
        connect(&app.performance().telemetry(), &strata::app::TelemetryHost::frameReady, this,
                [this](const TelemetryFrame& f) { all << f; });
    }
};

// Sends `text` in a new conversation with greedy sampling and returns its id.
qint64 sendGreedy(Application& app, const QString& text, int maxTokens)
{
    app.coordinator().newConversation();
    const qint64 id = app.coordinator().currentConversation();
    strata::domain::ConversationSettings settings;
    settings.sampling.temperature = 0;  // greedy: the reply does not depend on timing
    settings.sampling.maxTokens = maxTokens;
    settings.sampling.seed = 1;
    app.store().setConversationSettings(id, settings);
    app.coordinator().send(text);
    return id;
}

QString replyOf(Application& app, qint64 id)
{
    const QList<strata::domain::ChatMessage> messages = app.store().messages(id);
    return messages.size() == 2 ? messages[1].content + messages[1].reasoning : QString();
}

}  // namespace

class TestPerformancePanels : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_model;

    void loadModel(Application& app)
    {
        emit app.window().modelSelector()->loadRequested(m_model);
        QTRY_VERIFY_WITH_TIMEOUT(app.performance().link().poolTelemetry().has_value(), 30000);
    }

private slots:
    void initTestCase()
    {
        strata::test::keepSettingsIn(m_dir, QStringLiteral("StrataPanelsTest"));
        strata::gguf::ModelSpec spec = strata::test::smallSpec("qwen3", strata::gguf::GgmlType::Q8_0);
        spec.context = 1024;
        m_model = QString::fromStdString(strata::test::writeModel(m_dir, spec, "panels").string());
    }

    void panelsReceiveRealTelemetryDuringGeneration()
    {
        Application app(m_dir.filePath(QStringLiteral("a.sqlite")));
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
        auto* panels = app.window().panels();
        QVERIFY(panels->anyOpen());
        QVERIFY(app.performance().telemetry().isActive());
        app.window().resize(1400, 900);
        loadModel(app);
        app.performance().telemetry().setActive(true, kFastSamplingMs);
        Frames frames(app);
        // A screenshot for review, taken mid-reply once the charts have a few points
        // (tools/dev/panels_screenshot.sh copies it to docs/screenshots/).
        const QString screenshot = QStringLiteral(STRATA_TEST_OUTPUT_DIR "/panels.png");
        QDir().mkpath(QStringLiteral(STRATA_TEST_OUTPUT_DIR));
        QFile::remove(screenshot);
        bool saved = false;
        connect(&app.performance().telemetry(), &strata::app::TelemetryHost::frameReady, &app.window(), [&] {
            if (!saved && frames.all.size() >= 8 && app.coordinator().isReplying()
                && frames.all.back().decodeTokensPerSecond > 0)
                saved = app.window().grab().save(screenshot);
        });

        sendGreedy(app, QStringLiteral("Tell me a long story"), 400);
        QVERIFY(app.coordinator().isReplying());
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 60000);
        QTest::qWait(3 * kFastSamplingMs);
        // A fast build can finish the reply within 8 frames; the charts still hold its points then.
        if (!saved)
            saved = app.window().grab().save(screenshot);

        // Some frame saw the pool at work and tokens flowing, from the real samplers.
        bool poolWorked = false, decoded = false, workersPlaced = false;
        for (const TelemetryFrame& f : frames.all) {
            QVERIFY(!f.system.cores.empty());
            QVERIFY(f.system.process.rssBytes > 0);
            if (!f.pool)  // sampled just before the load finished
                continue;
            poolWorked |= f.poolRates.batches > 0 && f.poolRates.completionWaitP50Micros.has_value();
            decoded |= f.decodeTokensPerSecond > 0;
            for (int core : f.workerCores)
                workersPlaced |= core >= 0;
        }
        QVERIFY2(frames.all.size() >= 3, qPrintable(QString::number(frames.all.size())));
        QVERIFY(poolWorked);
        QVERIFY(decoded);
        QVERIFY(frames.all.back().pool->workers.empty() || workersPlaced);
        QVERIFY2(saved, qPrintable(screenshot));

        // The panels show it.
        QVERIFY(panels->tokenRates()->chart()->sampleCount() > 0);
        QVERIFY(panels->tokenRates()->caption().contains(QStringLiteral("tok/s")));
        QCOMPARE(panels->pool()->policyText(), QStringLiteral("adaptive"));
        QVERIFY(panels->process()->caption().contains(QStringLiteral("MiB")));
        QVERIFY(panels->cpuCores()->coreCount() > 0);
        // A dense model on the CPU has no hybrid placement: no expert map reaches the panel.
        QVERIFY(!app.performance().link().expertTelemetry());
        QVERIFY(!frames.all.back().experts);
        QVERIFY(!panels->expertMap()->hasMap());
        QCOMPARE(panels->expertMap()->summaryText(), QStringLiteral("No hybrid model loaded"));
        if (frames.all.back().system.gpus.empty()) {  // this machine: no NVIDIA driver
            QVERIFY2(panels->gpu()->statusText().contains(QStringLiteral("No NVIDIA driver"))
                         || panels->gpu()->statusText().contains(QStringLiteral("No GPU figures")),
                     qPrintable(panels->gpu()->statusText()));
            QVERIFY(!panels->gpu()->chartShown());
        }
    }

    void policySwitchMidReplyReachesThePoolAndKeepsTheOutput()
    {
        constexpr int kTokens = 300;
        const QString prompt = QStringLiteral("Count slowly");
        QString reference;
        {
            Application app(m_dir.filePath(QStringLiteral("b.sqlite")));
            app.show();
            loadModel(app);
            const qint64 id = sendGreedy(app, prompt, kTokens);
            QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 60000);
            reference = replyOf(app, id);
        }
        QVERIFY(!reference.isEmpty());

        Application app(m_dir.filePath(QStringLiteral("c.sqlite")));
        app.show();
        loadModel(app);
        app.performance().telemetry().setActive(true, kFastSamplingMs);
        auto* panels = app.window().panels();
        auto* controller = app.engine().controller();
        std::optional<QElapsedTimer> switched;
        bool switchedMidReply = false;
        std::optional<pool::WaitPolicy> poolPolicyAfterSwitch;
        // At the first streamed text the user picks Park; at the next text the pool must say so.
        connect(controller, &strata::app::EngineController::tokensReady, &app.window(), [&] {
            if (!switched) {
                switched.emplace();
                switched->start();
                switchedMidReply = app.coordinator().isReplying();
                panels->policyBar()->choose(pool::WaitPolicy::park());
            } else if (!poolPolicyAfterSwitch) {
                poolPolicyAfterSwitch = app.performance().link().poolTelemetry()->policy;
            }
        });
        qint64 shownAfterMs = -1;
        connect(&app.performance().telemetry(), &strata::app::TelemetryHost::frameReady, &app.window(),
                [&](const TelemetryFrame&) {
                    if (switched && shownAfterMs < 0 && panels->pool()->policyText() == QStringLiteral("park"))
                        shownAfterMs = switched->elapsed();
                });
        const qint64 id = sendGreedy(app, prompt, kTokens);
        QTRY_VERIFY_WITH_TIMEOUT(!app.coordinator().isReplying(), 60000);
        QVERIFY(switched.has_value());
        QVERIFY(switchedMidReply);
        QTRY_VERIFY_WITH_TIMEOUT(shownAfterMs >= 0, 2000);
        QVERIFY2(shownAfterMs < 1000, qPrintable(QString::number(shownAfterMs)));
        QVERIFY(app.performance().link().poolTelemetry()->policy == pool::WaitPolicy::park());
        if (poolPolicyAfterSwitch)  // a reply that streamed one piece only has no "next text"
            QVERIFY(*poolPolicyAfterSwitch == pool::WaitPolicy::park());
        QCOMPARE(replyOf(app, id), reference);

        // Saved, and the next Application applies it to the model it loads.
        QSettings settings;
        QCOMPARE(settings.value(strata::app::kWaitPolicySettingsKey).toString(), QStringLiteral("park"));
    }

    void savedPolicyIsAppliedOnModelLoad()
    {
        {
            QSettings settings;
            strata::app::saveWaitPolicy(settings, pool::WaitPolicy::fixedSpin(250));
        }
        Application app(m_dir.filePath(QStringLiteral("d.sqlite")));
        QVERIFY(app.window().panels()->policyBar()->policy() == pool::WaitPolicy::fixedSpin(250));
        loadModel(app);
        QVERIFY(app.performance().link().poolTelemetry()->policy == pool::WaitPolicy::fixedSpin(250));
        // Unloading lets go of the pool: no snapshot, no crash, and a policy set now waits for the next model.
        QMetaObject::invokeMethod(app.engine().controller(), &strata::app::EngineController::unloadModel);
        QTRY_VERIFY_WITH_TIMEOUT(!app.performance().link().poolTelemetry().has_value(), 10000);
        app.window().panels()->policyBar()->choose(pool::WaitPolicy::adaptive());
        loadModel(app);
        QVERIFY(app.performance().link().poolTelemetry()->policy == pool::WaitPolicy::adaptive());
    }

    void hidingEveryPanelStopsSampling()
    {
        Application app(m_dir.filePath(QStringLiteral("e.sqlite")));
        app.show();
        QVERIFY(QTest::qWaitForWindowExposed(&app.window()));
        QVERIFY(app.performance().telemetry().isActive());
        app.window().panels()->setAllOpen(false);
        QVERIFY(!app.performance().telemetry().isActive());
        app.window().panels()->docks().front()->show();
        QTRY_VERIFY(app.performance().telemetry().isActive());
    }
};

QTEST_MAIN(TestPerformancePanels)
#include "test_performance_panels.moc"
