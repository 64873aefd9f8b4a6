// The main window opens (offscreen), has its menus, and the About dialog lists the build's features;
// at its first-start size on 1280x800 and 1920x1080 screens no text is cut, panels open and busy.
#include "app/command_line.hpp"
#include "domain/telemetry/telemetry_frame.hpp"
#include "ui/about_dialog.hpp"
#include "ui/build_features.hpp"
#include "ui/chat/model_selector.hpp"
#include "ui/main_window.hpp"
#include "ui/panels/cpu_cores_panel.hpp"
#include "ui/panels/performance_panels.hpp"
#include "ui/panels/pool_panel.hpp"
#include "ui/panels/token_rate_panel.hpp"
#include "ui/window_size.hpp"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>
#include <numeric>

using strata::ui::AboutDialog;
using strata::ui::MainWindow;

namespace {

// A frame with every figure at a large value: the widest texts the panels show.
strata::domain::TelemetryFrame busyFrame()
{
    strata::domain::TelemetryFrame frame;
    frame.system.cpuTotalPercent = 100;
    frame.system.process.cpuPercent = 3199;
    frame.system.process.rssBytes = std::uint64_t(99) << 30;
    frame.system.cores.resize(32);
    frame.system.gpuStatus = "no NVIDIA driver (libnvidia-ml.so.1: cannot open shared object file)";
    strata::pool::PoolTelemetry pool;
    pool.policy = strata::pool::WaitPolicy::adaptive();
    pool.workers.resize(31);
    pool.adaptiveSpinMicros = 2000;
    pool.adaptiveHostSpinMicros = 2000;
    pool.wakeLatencyMicros = 250;
    frame.pool = pool;
    frame.poolRates = {99.9, 99.9, 12345, 100.0, 999.9, 12345.6, 12345};
    frame.workerCores.assign(31, 31);
    frame.prefillTokensPerSecond = 12345.6;
    frame.decodeTokensPerSecond = 1234.5;
    // A long prompt streaming on a hybrid GPU model: 32 stagers on every core, a chunk's timings.
    frame.stagers = strata::domain::ThreadGroupUsage{32, 3200.0, std::vector<int>(32)};
    std::iota(frame.stagers->cores.begin(), frame.stagers->cores.end(), 0);
    frame.prefillStream = strata::domain::PrefillStreamRates{99, 811008, 9999.9, 9999.9, 99999.9, 9999.9, 99999.9};
    return frame;
}

// Every text of `window` shown narrower (or lower) than it needs: "name 'text' w < needed".
QStringList cutTexts(const QWidget& window)
{
    QStringList cut;
    auto check = [&](const QWidget* w, const QString& text, QSize needed) {
        if (w->width() < needed.width() || w->height() < needed.height())
            cut << QStringLiteral("%1 '%2' %3x%4 < %5x%6")
                       .arg(w->objectName(), text.left(40))
                       .arg(w->width())
                       .arg(w->height())
                       .arg(needed.width())
                       .arg(needed.height());
    };
    for (const QLabel* label : window.findChildren<QLabel*>()) {
        if (!label->isVisibleTo(&window) || label->text().isEmpty() || label->visibleRegion().isEmpty())
            continue;
        if (label->wordWrap())
            check(label, label->text(), {0, label->heightForWidth(label->width())});
        else
            check(label, label->text(), {label->sizeHint().width(), 0});
    }
    for (const QAbstractButton* button : window.findChildren<QAbstractButton*>())
        if (button->isVisibleTo(&window) && !button->text().isEmpty() && !button->visibleRegion().isEmpty())
            check(button, button->text(), {button->sizeHint().width(), 0});
    for (const QLineEdit* edit : window.findChildren<QLineEdit*>()) {
        if (!edit->isVisibleTo(&window) || edit->placeholderText().isEmpty() || !edit->text().isEmpty())
            continue;
        // The hint, the frame and the text margins (QLineEdit's own 2 px a side, the frame 2 more).
        check(edit, edit->placeholderText(), {edit->fontMetrics().horizontalAdvance(edit->placeholderText()) + 8, 0});
    }
    // Text a widget paints itself: the CPU cores' legend.
    for (const strata::ui::CpuCoresPanel* cores : window.findChildren<strata::ui::CpuCoresPanel*>())
        if (cores->isVisibleTo(&window) && !cores->visibleRegion().isEmpty())
            check(cores, QStringLiteral("legend"), {cores->legendBounds().right() + 1, 0});
    return cut;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QCoreApplication::setApplicationVersion(QStringLiteral(STRATA_VERSION)); }

    void opensWithMenus()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QStringList menus;
        for (QAction* action : window.menuBar()->actions())
            menus << action->text().remove(QLatin1Char('&'));
        QCOMPARE(menus, (QStringList{QStringLiteral("File"), QStringLiteral("Chat"), QStringLiteral("View"),
                                     QStringLiteral("Tools"), QStringLiteral("Help")}));
    }

    void statusLineSaysWhereTheModelRuns()
    {
        MainWindow window;
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("No model loaded"));
        auto* pool = window.findChild<strata::ui::PoolPanel*>();
        QVERIFY(pool);
        QCOMPARE(pool->gpuWaitText(), QStringLiteral("no model on a GPU"));
        window.setModelLoaded(true, QStringLiteral("GPU 0: NVIDIA H200"), strata::model::CudaHostWait::BlockingSync);
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Model loaded, running on GPU 0: NVIDIA H200"));
        QCOMPARE(pool->gpuWaitText(), QStringLiteral("blocking sync"));  // the pool panel says how the host waits
        window.setModelLoaded(false);
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("No model loaded"));
        QCOMPARE(pool->gpuWaitText(), QStringLiteral("no model on a GPU"));
    }

    // A remote reply's rate and time to first token reach the status line, which the next message
    // replaces, and the token-rate panel, which keeps them while the remote model stays chosen.
    void remoteReplyFiguresStayInTheTokenRatePanel()
    {
        MainWindow window;
        auto* rates = window.findChild<strata::ui::TokenRatePanel*>();
        QVERIFY(rates);
        window.setRemoteModelLoaded(QStringLiteral("served @ 127.0.0.1:8080"));
        QVERIFY2(rates->caption().contains(QStringLiteral("first token: after the first reply")),
                 qPrintable(rates->caption()));
        window.showRemoteReplyFigures(52.0, 240.0);
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("first token after 240 ms")));
        window.statusBar()->showMessage(QStringLiteral("something else"));
        QVERIFY2(rates->caption().contains(QStringLiteral("last reply 52.0 tok/s, first token after 240 ms")),
                 qPrintable(rates->caption()));
        window.setModelLoaded(true);
        QCOMPARE(rates->caption(), QStringLiteral("Prefill — · Decode —"));
    }

    void aboutActionOpensDialogListingFeatures()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* about = window.findChild<QAction*>(QStringLiteral("aboutAction"));
        QVERIFY(about);
        about->trigger();
        auto* dialog = window.findChild<AboutDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());

        auto* tree = dialog->findChild<QTreeWidget*>(QStringLiteral("buildFeatures"));
        QVERIFY(tree);
        QStringList names;
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            names << tree->topLevelItem(i)->text(0);
            const QString builtIn = tree->topLevelItem(i)->text(1);
            QVERIFY2(builtIn == QLatin1String("yes") || builtIn == QLatin1String("no"), qPrintable(builtIn));
        }
        QCOMPARE(names, (QStringList{QStringLiteral("CUDA"), QStringLiteral("Vulkan"),
                                     QStringLiteral("KF6 SyntaxHighlighting")}));

        // The dialog reports what this build really contains.
#ifdef STRATA_HAVE_KSYNTAXHIGHLIGHTING
        QCOMPARE(tree->topLevelItem(2)->text(1), QStringLiteral("yes"));
#else
        QCOMPARE(tree->topLevelItem(2)->text(1), QStringLiteral("no"));
#endif
#ifdef STRATA_HAVE_CUDA
        QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("yes"));
        QVERIFY(!tree->topLevelItem(0)->text(2).isEmpty());  // device status
#else
        QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("no"));
#endif
        auto* qtLabel = dialog->findChild<QLabel*>(QStringLiteral("qtVersionLabel"));
        QVERIFY(qtLabel && qtLabel->text().contains(QString::fromLatin1(qVersion())));
    }

    void textFitsAtCommonScreenSizes_data()
    {
        QTest::addColumn<QSize>("screen");
        // Free areas under a 30 px task bar; the window's own size is chosen from them.
        QTest::newRow("1280x800") << QSize(1280, 770);
        QTest::newRow("1920x1080") << QSize(1920, 1050);
    }

    void textFitsAtCommonScreenSizes()
    {
        QFETCH(QSize, screen);
        MainWindow window;
        window.resize(strata::ui::defaultWindowSize(screen));
        window.panels()->setAllOpen(true);
        window.setModelLoaded(true, QStringLiteral("CPU, 32 threads"), strata::model::CudaHostWait::BlockingSync);
        // The longest line a loaded model puts above the chat (app/model_description.cpp's shape).
        window.modelSelector()->setRecentModels({QStringLiteral("/models/demo-qwen3-Q8_0.gguf")});
        window.modelSelector()->setLoaded(QStringLiteral("/models/demo-qwen3-Q8_0.gguf"),
                                          QStringLiteral("Strata demo (random weights) · qwen3 · 1.3M parameters · "
                                                         "Q8_0 · context 40960 tokens · KV cache q8_0"));
        window.panels()->showFrame(busyFrame());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        // Wider or higher than the screen: the minimum sizes of the parts add up to more than it has.
        QVERIFY2(window.width() <= screen.width() && window.height() <= screen.height(),
                 qPrintable(QStringLiteral("window %1x%2").arg(window.width()).arg(window.height())));
        const QStringList cut = cutTexts(window);
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QLatin1Char('\n'))));
        // The bottom row of charts gets room of its own (its size hint alone: ~95 px, charts ~50 px).
        const auto* tokens = window.findChild<QDockWidget*>(QStringLiteral("tokenRateDock"));
        QVERIFY(tokens);
        QVERIFY2(tokens->height() >= 150, qPrintable(QString::number(tokens->height())));
    }

    void defaultWindowSizeFollowsTheScreen()
    {
        QCOMPARE(strata::ui::defaultWindowSize(QSize(1280, 770)), QSize(1280, 738));  // a laptop: all of it
        QCOMPARE(strata::ui::defaultWindowSize(QSize(1920, 1050)), QSize(1536, 840));
        QCOMPARE(strata::ui::defaultWindowSize(QSize(5120, 2880)), QSize(1800, 1100));
        QCOMPARE(strata::ui::defaultWindowSize(QSize()), QSize(1100, 720));  // no screen known
    }

    void versionTextNamesVersionAndFeatures()
    {
        const QString text = strata::app::versionText();
        QVERIFY(text.startsWith(QStringLiteral("Strata ") + QStringLiteral(STRATA_VERSION)));
        QVERIFY(text.contains(QStringLiteral("CUDA: ")));
        QVERIFY(text.contains(QStringLiteral("Vulkan: ")));
        QVERIFY(text.contains(QStringLiteral("KF6 SyntaxHighlighting: ")));
        // The GPUs found, or why there are none (this machine may have either).
        QVERIFY(text.contains(QStringLiteral("GPU 0: ")) || text.contains(QStringLiteral("GPUs: none (")));
    }

    void gpuListTextNamesEachDeviceOrWhyNone()
    {
        strata::CudaRuntimeInfo none;
        none.status = "no NVIDIA driver";
        QCOMPARE(strata::ui::gpuListText(none), QStringLiteral("GPUs: none (no NVIDIA driver)"));

        strata::CudaRuntimeInfo two;
        two.status = "2 devices";
        two.devices = {{0, "NVIDIA H200", 9, 0, size_t(140) << 30}, {1, "NVIDIA L4", 8, 9, size_t(24) << 30}};
        QCOMPARE(strata::ui::gpuListText(two), QStringLiteral("GPU 0: NVIDIA H200 (compute 9.0, 140.0 GiB)\n"
                                                              "GPU 1: NVIDIA L4 (compute 8.9, 24.0 GiB)"));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
