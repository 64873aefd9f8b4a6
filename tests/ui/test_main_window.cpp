// The main window opens (offscreen), has its menus, and the About dialog lists the build's features.
#include "app/command_line.hpp"
#include "ui/about_dialog.hpp"
#include "ui/build_features.hpp"
#include "ui/main_window.hpp"
#include "ui/panels/pool_panel.hpp"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>

using strata::ui::AboutDialog;
using strata::ui::MainWindow;

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
