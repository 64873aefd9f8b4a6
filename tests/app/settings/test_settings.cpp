// The settings panel: preferences survive a restart (a fresh QSettings on the same file, and a
// whole new Application), bad stored values read as defaults, the dialog says when the loaded
// model needs a reload, a changed KV cache type and context take effect after "Reload model now", and a
// changed wake-ahead reaches the loaded model without one.
#include "app/application.hpp"
#include "app/chat_coordinator.hpp"
#include "app/engine/engine_controller.hpp"
#include "app/engine/engine_values.hpp"
#include "app/settings/engine_preferences.hpp"
#include "app/settings/settings_controller.hpp"
#include "app/settings/theme.hpp"
#include "domain/settings/preferences_store.hpp"
#include "domain/storage/chat_store.hpp"
#include "tests/app/isolated_settings.hpp"
#include "tests/engine/model/model_fixtures.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/settings/engine_settings_page.hpp"
#include "ui/settings/settings_dialog.hpp"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace strata;

namespace {

domain::Preferences changedPreferences()
{
    domain::Preferences p;
    p.engine.threads = 1;
    p.engine.pinThreads = true;
    p.engine.contextLength = 128;
    p.engine.kvCacheType = model::KvType::Q8_0;
    p.engine.batchSize = 32;
    p.engine.gpu = 1;
    p.engine.vramBudgetMiB = 2048;
    p.engine.gpuWait = model::CudaHostWait::Yield;
    p.engine.experts = model::ExpertPlacement::Cache;
    p.engine.expertBudgetMiB = 6144;
    p.engine.cpuExpertLayers = 3;
    p.engine.expertWakeAhead = model::ExpertWakeAhead::Off;
    p.sampling.temperature = 0.25;
    p.sampling.topK = 7;
    p.sampling.seed = 42;
    p.sampling.dropOldestTurns = false;
    p.theme = QStringLiteral("dark");
    p.language = QStringLiteral("de");
    return p;
}

}  // namespace

class TestSettings : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_model;

    QString iniPath() const { return m_dir.filePath(QStringLiteral("prefs.ini")); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        strata::test::keepSettingsIn(m_dir, QStringLiteral("StrataSettingsTest"));
        gguf::ModelSpec spec = test::smallSpec("qwen3", gguf::GgmlType::Q8_0);
        spec.context = 512;
        m_model = QString::fromStdString(test::writeModel(m_dir, spec, "settings").string());
    }

    void defaultsWhenNothingIsStored()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("empty.ini")), QSettings::IniFormat);
        QCOMPARE(domain::PreferencesStore(settings).load(), domain::Preferences{});
    }

    void preferencesPersistAcrossRestart()
    {
        const domain::Preferences wanted = changedPreferences();
        QVERIFY(wanted != domain::Preferences{});
        {
            QSettings settings(iniPath(), QSettings::IniFormat);
            domain::PreferencesStore(settings).save(wanted);
        }
        QSettings fresh(iniPath(), QSettings::IniFormat);  // as after a restart
        QCOMPARE(fresh.value(QStringLiteral("engine/kvCacheType")).toString(), QStringLiteral("q8_0"));
        QCOMPARE(fresh.value(QStringLiteral("engine/device")).toString(), QStringLiteral("cuda:1"));
        QCOMPARE(fresh.value(QStringLiteral("engine/gpuWait")).toString(), QStringLiteral("yield"));
        QCOMPARE(fresh.value(QStringLiteral("engine/experts")).toString(), QStringLiteral("cache"));
        QCOMPARE(fresh.value(QStringLiteral("engine/expertBudgetMiB")).toInt(), 6144);
        QCOMPARE(domain::PreferencesStore(fresh).load(), wanted);
    }

    // The settings' engine part reaches a model load unchanged, and comes back from one (the dialog
    // compares what the loaded model runs with).
    void enginePreferencesRoundTripThroughLoadOptions()
    {
        const domain::EnginePreferences wanted = changedPreferences().engine;
        const app::ModelLoadOptions options = app::loadOptionsFrom(wanted);
        QCOMPARE(options.gpu, 1);
        QCOMPARE(options.vramBudgetMiB, 2048);
        QCOMPARE(options.gpuWait, model::CudaHostWait::Yield);
        QCOMPARE(options.experts, model::ExpertPlacement::Cache);
        QCOMPARE(options.expertBudgetMiB, 6144);
        QCOMPARE(options.cpuExpertLayers, 3);
        QVERIFY(options.expertWakeAhead == model::ExpertWakeAhead::Off);
        QCOMPARE(app::enginePreferencesFrom(options), wanted);
    }

    void expertPlacementDefaultsToAllInVram()
    {
        const domain::EnginePreferences defaults;
        QCOMPARE(defaults.experts, model::ExpertPlacement::Gpu);
        // Automatic: on while the decode is GPU-heavy, off while CPU-positive (hybrid-moe.md).
        QVERIFY(defaults.expertWakeAhead == model::ExpertWakeAhead::Auto);
        QCOMPARE(app::modelOptionsFrom(app::loadOptionsFrom(defaults)).cudaExperts.placement,
                 model::ExpertPlacement::Gpu);
        QVERIFY(app::modelOptionsFrom(app::loadOptionsFrom(defaults)).cudaExperts.wakeAhead
                == model::ExpertWakeAhead::Auto);
        // Stored as its word; the checkbox's old bool: true stays on, false (its default) is automatic.
        const std::pair<const char*, model::ExpertWakeAhead> wakeAhead[] = {
            {"off", model::ExpertWakeAhead::Off},    {"on", model::ExpertWakeAhead::On},
            {"auto", model::ExpertWakeAhead::Auto},  {"true", model::ExpertWakeAhead::On},
            {"false", model::ExpertWakeAhead::Auto}, {"sometimes", model::ExpertWakeAhead::Auto}};
        for (const auto& [stored, mode] : wakeAhead) {
            QSettings settings(m_dir.filePath(QStringLiteral("wake-ahead.ini")), QSettings::IniFormat);
            settings.setValue(QStringLiteral("engine/expertWakeAhead"), QString::fromLatin1(stored));
            const domain::Preferences loaded = domain::PreferencesStore(settings).load();
            QVERIFY2(loaded.engine.expertWakeAhead == mode, stored);
            domain::PreferencesStore(settings).save(loaded);
            QCOMPARE(settings.value(QStringLiteral("engine/expertWakeAhead")).toString(),
                     QString::fromLatin1(model::toString(mode).data()));
        }
        for (const char* stored : {"gpu", "cache", "cpu-layers"}) {
            QSettings settings(m_dir.filePath(QStringLiteral("experts.ini")), QSettings::IniFormat);
            settings.setValue(QStringLiteral("engine/experts"), QString::fromLatin1(stored));
            const domain::Preferences loaded = domain::PreferencesStore(settings).load();
            domain::PreferencesStore(settings).save(loaded);
            QCOMPARE(settings.value(QStringLiteral("engine/experts")).toString(), QString::fromLatin1(stored));
        }
    }

    // The settings become the engine's CudaExperts on a GPU; the pool keeps its threads for the CPU
    // experts; the learnt cache's state goes per model into the app's folder for it.
    void expertSettingsBuildTheEnginesCudaExperts()
    {
        app::ModelLoadOptions options;
        options.threads = 5;
        options.gpu = 0;
        options.experts = model::ExpertPlacement::Cache;
        options.expertBudgetMiB = 6144;
        options.cpuExpertLayers = 7;  // not this placement's: passed on, unused
        options.expertWakeAhead = model::ExpertWakeAhead::Off;
        options.expertStateFolder = m_dir.filePath(QStringLiteral("expert-cache"));
        model::ModelOptions o = app::modelOptionsFrom(options, m_model);
        QCOMPARE(o.device, model::Device::Cuda);
        QCOMPARE(o.threads, 4);  // the engine thread is the fifth
        QCOMPARE(o.cudaExperts.placement, model::ExpertPlacement::Cache);
        QCOMPARE(o.cudaExperts.budget, size_t(6144) << 20);
        QVERIFY(o.cudaExperts.wakeAhead == model::ExpertWakeAhead::Off);
        const QFileInfo modelFile(m_model);
        const QString state = options.expertStateFolder + QLatin1Char('/') + modelFile.fileName() + QLatin1Char('-')
                              + QString::number(modelFile.size()) + QStringLiteral(".json");
        QCOMPARE(QString::fromStdString(o.cudaExperts.stateFile), state);
        QCOMPARE(app::expertStateFile(options.expertStateFolder, m_model), state);

        QVERIFY(app::modelOptionsFrom(options).cudaExperts.stateFile.empty());  // no model path: not kept
        options.expertStateFolder.clear();
        QVERIFY(app::modelOptionsFrom(options, m_model).cudaExperts.stateFile.empty());

        options.experts = model::ExpertPlacement::CpuLayers;
        o = app::modelOptionsFrom(options, m_model);
        QCOMPARE(o.cudaExperts.placement, model::ExpertPlacement::CpuLayers);
        QCOMPARE(o.cudaExperts.cpuLayers, 7u);
        QVERIFY(o.cudaExperts.stateFile.empty());  // a static placement learns nothing

        options.gpu = -1;  // the CPU: every expert on the pool anyway
        o = app::modelOptionsFrom(options, m_model);
        QCOMPARE(o.device, model::Device::Cpu);
        QCOMPARE(o.cudaExperts.placement, model::ExpertPlacement::Gpu);
        QCOMPARE(o.threads, 4);
    }

    // The prefill chunk defaults to automatic (0, shown as such), which reaches the engine as 0 so it
    // can pick 8192 tokens for a hybrid MoE on the GPU; a chosen size reaches it unchanged.
    void prefillChunkIsAutomaticByDefault()
    {
        ui::EngineSettingsPage page(4, {});
        auto* batch = page.findChild<QSpinBox*>(QStringLiteral("batchBox"));
        QVERIFY(batch);
        page.setValues(domain::EnginePreferences{});
        QCOMPARE(batch->value(), 0);
        QCOMPARE(batch->text(), ui::EngineSettingsPage::tr("Automatic"));
        QCOMPARE(page.values().batchSize, 0);
        app::ModelLoadOptions options;
        QCOMPARE(app::modelOptionsFrom(options, m_model).batchSize, 0u);
        options.batchSize = 2048;
        QCOMPARE(app::modelOptionsFrom(options, m_model).batchSize, 2048u);
    }

    // The page offers the expert placement only for a GPU, and each value only for its placement.
    void expertControlsFollowDeviceAndPlacement()
    {
        const std::vector<CudaDeviceInfo> gpus{{0, "NVIDIA H200", 9, 0, size_t(140) << 30}};
        ui::EngineSettingsPage page(4, gpus);
        auto* device = page.findChild<QComboBox*>(QStringLiteral("deviceBox"));
        auto* experts = page.findChild<QComboBox*>(QStringLiteral("expertsBox"));
        auto* budget = page.findChild<QSpinBox*>(QStringLiteral("expertBudgetBox"));
        auto* layers = page.findChild<QSpinBox*>(QStringLiteral("cpuExpertLayersBox"));
        auto* wake = page.findChild<QComboBox*>(QStringLiteral("expertWakeAheadBox"));
        QVERIFY(device && experts && budget && layers && wake);
        page.setValues(domain::EnginePreferences{});
        QVERIFY(!experts->isEnabled() && !budget->isEnabled() && !layers->isEnabled() && !wake->isEnabled());
        QCOMPARE(experts->count(), 3);

        domain::EnginePreferences hybrid;
        hybrid.gpu = 0;
        hybrid.experts = model::ExpertPlacement::Cache;
        hybrid.expertBudgetMiB = 12288;
        hybrid.expertWakeAhead = model::ExpertWakeAhead::Off;
        page.setValues(hybrid);
        QVERIFY(experts->isEnabled() && budget->isEnabled() && wake->isEnabled());
        QVERIFY(!layers->isEnabled());
        QCOMPARE(page.values(), hybrid);

        experts->setCurrentIndex(experts->findData(int(model::ExpertPlacement::CpuLayers)));
        QVERIFY(layers->isEnabled() && !budget->isEnabled());
        layers->setValue(12);
        QCOMPARE(wake->count(), 3);
        wake->setCurrentIndex(wake->findData(int(model::ExpertWakeAhead::On)));
        QCOMPARE(page.values().experts, model::ExpertPlacement::CpuLayers);
        QCOMPARE(page.values().cpuExpertLayers, 12);
        QVERIFY(page.values().expertWakeAhead == model::ExpertWakeAhead::On);

        experts->setCurrentIndex(experts->findData(int(model::ExpertPlacement::Gpu)));
        QVERIFY(!layers->isEnabled() && !budget->isEnabled() && !wake->isEnabled());
        QCOMPARE(page.values().experts, model::ExpertPlacement::Gpu);
    }

    void badStoredValuesReadAsDefaults()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("bad.ini")), QSettings::IniFormat);
        settings.setValue(QStringLiteral("engine/threads"), -3);
        settings.setValue(QStringLiteral("engine/kvCacheType"), QStringLiteral("q2_k"));
        settings.setValue(QStringLiteral("engine/batchSize"), QStringLiteral("many"));
        settings.setValue(QStringLiteral("engine/device"), QStringLiteral("cuda:-2"));
        settings.setValue(QStringLiteral("engine/vramBudgetMiB"), -5);
        settings.setValue(QStringLiteral("engine/gpuWait"), QStringLiteral("nap"));
        settings.setValue(QStringLiteral("engine/experts"), QStringLiteral("ram"));
        settings.setValue(QStringLiteral("engine/expertBudgetMiB"), -1);
        settings.setValue(QStringLiteral("engine/cpuExpertLayers"), QStringLiteral("all"));
        settings.setValue(QStringLiteral("sampling/defaults"), QStringLiteral("{not json"));
        settings.setValue(QStringLiteral("appearance/theme"), QStringLiteral("purple"));
        QCOMPARE(domain::PreferencesStore(settings).load(), domain::Preferences{});
    }

    void dialogSaysWhenAReloadIsNeeded()
    {
        ui::SettingsDialog dialog(domain::Preferences{}, 4, {}, nullptr);
        QVERIFY(!dialog.reloadNeeded());
        dialog.setLoadedEngine(domain::EnginePreferences{});
        QVERIFY(!dialog.reloadNeeded());
        auto* kv = dialog.findChild<QComboBox*>(QStringLiteral("kvTypeBox"));
        QVERIFY(kv);
        kv->setCurrentIndex(kv->findData(QStringLiteral("q8_0")));
        QVERIFY(dialog.reloadNeeded());
        QVERIFY(!dialog.findChild<QWidget*>(QStringLiteral("reloadNotice"))->isHidden());
        dialog.setLoadedEngine(std::nullopt);  // no model: nothing to reload
        QVERIFY(!dialog.reloadNeeded());
        QVERIFY(dialog.findChild<QWidget*>(QStringLiteral("reloadNotice"))->isHidden());
        QCOMPARE(dialog.preferences().engine.kvCacheType, model::KvType::Q8_0);
        auto* threads = dialog.findChild<QSpinBox*>(QStringLiteral("threadsBox"));
        QVERIFY(!threads->accessibleName().isEmpty());
        QVERIFY(threads->specialValueText().contains(QLatin1Char('4')));  // the physical core count
    }

    // Issue 18, finding 4: long chats go on by default; the form and the stored defaults carry it.
    void longChatsGoOnByDefaultAndTheSettingIsKept()
    {
        QVERIFY(domain::SamplingSettings{}.dropOldestTurns);
        ui::SettingsDialog dialog(domain::Preferences{}, 4, {}, nullptr);
        auto* box = dialog.findChild<QCheckBox*>(QStringLiteral("dropOldestTurnsBox"));
        QVERIFY(box);
        QVERIFY(box->isChecked());
        box->setChecked(false);
        QCOMPARE(dialog.preferences().sampling.dropOldestTurns, false);
        const QJsonObject json = dialog.preferences().sampling.toJson();
        QCOMPARE(domain::SamplingSettings::fromJson(json).dropOldestTurns, false);
        QCOMPARE(domain::SamplingSettings::fromJson({}).dropOldestTurns, true);  // rows stored before the setting
    }

    // The device list: only the CPU without GPUs; the CPU and each GPU by name with two; a GPU
    // saved on another machine stays chosen and says it is not found. The budget follows the choice.
    void deviceChoiceListsTheGpusFound()
    {
        ui::EngineSettingsPage none(4, {});
        auto* device = none.findChild<QComboBox*>(QStringLiteral("deviceBox"));
        auto* budget = none.findChild<QSpinBox*>(QStringLiteral("vramBudgetBox"));
        auto* wait = none.findChild<QComboBox*>(QStringLiteral("gpuWaitBox"));
        QVERIFY(device && budget && wait);
        QCOMPARE(device->count(), 1);
        QCOMPARE(device->currentData().toInt(), -1);
        QVERIFY(!budget->isEnabled());
        QVERIFY(!wait->isEnabled());

        const std::vector<CudaDeviceInfo> gpus{{0, "NVIDIA H200", 9, 0, size_t(140) << 30},
                                               {1, "NVIDIA L4", 8, 9, size_t(24) << 30}};
        ui::EngineSettingsPage two(4, gpus);
        device = two.findChild<QComboBox*>(QStringLiteral("deviceBox"));
        budget = two.findChild<QSpinBox*>(QStringLiteral("vramBudgetBox"));
        QCOMPARE(device->count(), 4);
        QCOMPARE(device->itemText(1), QStringLiteral("GPU 0: NVIDIA H200"));
        QCOMPARE(device->itemText(2), QStringLiteral("GPU 1: NVIDIA L4"));
        QCOMPARE(device->itemText(3), QStringLiteral("GPUs 0, 1: layers split"));
        domain::EnginePreferences onL4;
        onL4.gpu = 1;
        onL4.vramBudgetMiB = 8192;
        onL4.gpuWait = model::CudaHostWait::Spin;
        two.setValues(onL4);
        QCOMPARE(device->currentText(), QStringLiteral("GPU 1: NVIDIA L4"));
        QVERIFY(budget->isEnabled());
        QVERIFY(two.findChild<QComboBox*>(QStringLiteral("gpuWaitBox"))->isEnabled());
        QCOMPARE(two.values(), onL4);
        device->setCurrentIndex(0);
        QVERIFY(!budget->isEnabled());
        QCOMPARE(two.values().gpu, -1);

        domain::EnginePreferences elsewhere;
        elsewhere.gpu = 3;
        none.setValues(elsewhere);
        QCOMPARE(none.findChild<QComboBox*>(QStringLiteral("deviceBox"))->currentText(),
                 QStringLiteral("GPU 3: not found"));
        QCOMPARE(none.values().gpu, 3);
    }

    // Issue 24: the split entry stands for every GPU found, its per-GPU budgets are typed as a list,
    // and the choice is stored as "cuda:0,1" and "40000,0", read back and handed to the engine.
    void aLayerSplitIsChosenStoredAndLoaded()
    {
        const std::vector<CudaDeviceInfo> gpus{{0, "NVIDIA H200", 9, 0, size_t(140) << 30},
                                               {1, "NVIDIA H200", 9, 0, size_t(140) << 30}};
        ui::EngineSettingsPage page(4, gpus);
        auto* device = page.findChild<QComboBox*>(QStringLiteral("deviceBox"));
        auto* budgets = page.findChild<QLineEdit*>(QStringLiteral("gpuBudgetsBox"));
        QVERIFY(device && budgets);
        QVERIFY(!budgets->isEnabled());
        device->setCurrentIndex(device->findText(QStringLiteral("GPUs 0, 1: layers split")));
        QVERIFY(budgets->isEnabled());
        budgets->setText(QStringLiteral("40000, 0"));
        const domain::EnginePreferences chosen = page.values();
        QCOMPARE(chosen.gpu, 0);
        QCOMPARE(chosen.splitGpus, QList<int>{1});
        QCOMPARE(chosen.gpuBudgetsMiB, (QList<int>{40000, 0}));

        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
        domain::Preferences p;
        p.engine = chosen;
        domain::PreferencesStore(settings).save(p);
        QCOMPARE(settings.value(QStringLiteral("engine/device")).toString(), QStringLiteral("cuda:0,1"));
        QCOMPARE(settings.value(QStringLiteral("engine/gpuBudgetsMiB")).toString(), QStringLiteral("40000,0"));
        QCOMPARE(domain::PreferencesStore(settings).load().engine, chosen);

        const model::ModelOptions o = app::modelOptionsFrom(app::loadOptionsFrom(chosen));
        QCOMPARE(o.cudaDevice, 0);
        QCOMPARE(o.cudaSplit.devices, (std::vector<int>{0, 1}));
        QCOMPARE(o.cudaSplit.budgets, (std::vector<size_t>{size_t(40000) << 20, 0}));

        // A hand-edited list that is not numbers reads as the default: the CPU, no budgets.
        settings.setValue(QStringLiteral("engine/device"), QStringLiteral("cuda:0,x"));
        settings.setValue(QStringLiteral("engine/gpuBudgetsMiB"), QStringLiteral("-4"));
        const domain::EnginePreferences bad = domain::PreferencesStore(settings).load().engine;
        QCOMPARE(bad.gpu, -1);
        QVERIFY(bad.splitGpus.isEmpty() && bad.gpuBudgetsMiB.isEmpty());

        // A split saved elsewhere (GPUs 2 and 3) stays chosen on a machine with GPUs 0 and 1.
        domain::EnginePreferences elsewhere;
        elsewhere.gpu = 2;
        elsewhere.splitGpus = {3};
        page.setValues(elsewhere);
        QCOMPARE(device->currentText(), QStringLiteral("GPUs 2, 3: layers split"));
        QCOMPARE(page.values(), elsewhere);
    }

    void themeSetsThePalette()
    {
        app::ThemeApplier theme;
        const QColor system = QApplication::palette().color(QPalette::Window);
        theme.apply(QStringLiteral("dark"));
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
        theme.apply(QStringLiteral("light"));
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() > 150);
        theme.apply(QStringLiteral("system"));
        QCOMPARE(QApplication::palette().color(QPalette::Window), system);
    }

    // A whole app: preferences applied in one run are there in the next, the new-chat sampling
    // defaults reach a new conversation, and a reload gives the model the new context and KV type.
    void kvAndContextTakeEffectAfterReload()
    {
        const QString database = m_dir.filePath(QStringLiteral("chats.sqlite"));
        domain::Preferences wanted;
        wanted.engine.threads = 1;  // the machine is shared
        wanted.sampling.temperature = 0.3;
        wanted.sampling.topK = 5;
        {
            app::Application application(database);
            application.settings().apply(wanted);
            application.coordinator().newConversation();
            const auto conversation = application.store().conversation(application.coordinator().currentConversation());
            QVERIFY(conversation);
            QCOMPARE(conversation->settings.sampling, wanted.sampling);
            QStringList loaded;
            connect(application.engine().controller(), &app::EngineController::modelLoaded, this,
                    [&loaded](const QString&, const QString& description) { loaded << description; });
            emit application.window().modelSelector()->loadRequested(m_model);
            QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 30000);
            QVERIFY2(loaded[0].contains(QStringLiteral("context 512")), qPrintable(loaded[0]));
            QVERIFY2(loaded[0].contains(QStringLiteral("KV cache f16")), qPrintable(loaded[0]));

            application.settings().openDialog(&application.window());
            ui::SettingsDialog* dialog = application.settings().dialog();
            QVERIFY(dialog);
            QTRY_VERIFY(!dialog->reloadNeeded());
            auto* context = dialog->findChild<QSpinBox*>(QStringLiteral("contextBox"));
            auto* kv = dialog->findChild<QComboBox*>(QStringLiteral("kvTypeBox"));
            context->setValue(128);
            kv->setCurrentIndex(kv->findData(QStringLiteral("q8_0")));
            QVERIFY(dialog->reloadNeeded());
            dialog->findChild<QPushButton*>(QStringLiteral("reloadModelButton"))->click();
            QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 2, 30000);
            QVERIFY2(loaded[1].contains(QStringLiteral("context 128")), qPrintable(loaded[1]));
            QVERIFY2(loaded[1].contains(QStringLiteral("KV cache q8_0")), qPrintable(loaded[1]));
            QTRY_VERIFY(!dialog->reloadNeeded());
            QVERIFY(application.coordinator().loadedOptions());
            QCOMPARE(application.coordinator().loadedOptions()->kvCacheType, model::KvType::Q8_0);
            // The expert cache's states go into the app's data folder (the database's), nowhere else.
            QCOMPARE(application.coordinator().loadedOptions()->expertStateFolder,
                     m_dir.filePath(QStringLiteral("expert-cache")));
        }
        app::Application restarted(database);
        QCOMPARE(restarted.settings().preferences().engine.contextLength, 128);
        QCOMPARE(restarted.settings().preferences().engine.kvCacheType, model::KvType::Q8_0);
        QCOMPARE(restarted.settings().preferences().engine.threads, 1);
    }

    // "Wake the CPU's workers ahead" applied while a model is loaded reaches it at once: the engine
    // thread switches the loaded model (EngineController::setExpertWakeAhead), the coordinator
    // records that it runs with the new mode, and the dialog offers no reload for it.
    void wakeAheadReachesTheLoadedModelWithoutAReload()
    {
        app::Application application(m_dir.filePath(QStringLiteral("wake-ahead.sqlite")));
        domain::Preferences preferences = application.settings().preferences();
        preferences.engine.threads = 1;  // the machine is shared
        application.settings().apply(preferences);
        QStringList loaded;
        connect(application.engine().controller(), &app::EngineController::modelLoaded, this,
                [&loaded](const QString&, const QString& description) { loaded << description; });
        emit application.window().modelSelector()->loadRequested(m_model);
        QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, 30000);
        QTRY_VERIFY(application.coordinator().loadedOptions());
        const model::ExpertWakeAhead before = application.coordinator().loadedOptions()->expertWakeAhead;
        QVERIFY(before == preferences.engine.expertWakeAhead);

        preferences.engine.expertWakeAhead =
            before == model::ExpertWakeAhead::Off ? model::ExpertWakeAhead::On : model::ExpertWakeAhead::Off;
        application.settings().apply(preferences);
        QTRY_VERIFY(application.coordinator().loadedOptions()->expertWakeAhead == preferences.engine.expertWakeAhead);
        application.settings().openDialog(&application.window());
        QVERIFY(application.settings().dialog());
        QVERIFY(!application.settings().dialog()->reloadNeeded());
        QCOMPARE(loaded.size(), 1);  // no reload happened
    }
};

QTEST_MAIN(TestSettings)
#include "test_settings.moc"
