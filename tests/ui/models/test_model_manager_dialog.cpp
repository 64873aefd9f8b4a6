// The model manager dialog (offscreen): the library with good and broken models, details and the
// RAM estimate, keyboard use, the catalogue, a download from the URL field into the library, and
// the main window's Models… action.
#include "domain/models/model_services.hpp"
#include "tests/domain/models/gguf_fixtures.hpp"
#include "tests/domain/models/test_http_server.hpp"
#include "ui/main_window.hpp"
#include "ui/models/catalogue_page.hpp"
#include "ui/models/downloads_page.hpp"
#include "ui/models/library_page.hpp"
#include "ui/models/model_manager_dialog.hpp"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace strata;
using domain::models::ModelListModel;

class TestModelManagerDialog : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    QString m_folder;

    domain::models::DownloadSettings testDownloads()
    {
        domain::models::DownloadSettings s;
        s.allowHttpToLoopback = true;  // the test server is plain http on 127.0.0.1
        s.stallTimeoutMs = 1000;
        s.retryBaseDelayMs = 50;
        s.diskReserveBytes = 0;
        return s;
    }

    static int rowNamed(QAbstractItemModel* model, const QString& fileName)
    {
        for (int r = 0; r < model->rowCount(); ++r)
            if (model->index(r, 0).data(ModelListModel::PathRole).toString().endsWith(QLatin1Char('/') + fileName))
                return r;
        return -1;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QDir(domain::models::ModelLibrarySettings::defaultFolder()).removeRecursively();
    }
    void cleanupTestCase() { QDir(domain::models::ModelLibrarySettings::defaultFolder()).removeRecursively(); }

    void init()
    {
        QDir(domain::models::ModelLibrarySettings::defaultFolder()).removeRecursively();
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        m_folder = m_dir->filePath(QStringLiteral("models"));
        QVERIFY(QDir().mkpath(m_folder));
        m_settings->setValue(QStringLiteral("models/folders"), QStringList{m_folder});
        fixtures::tinyModel("Good Model").write(fixtures::fsPath(m_folder + QStringLiteral("/good.gguf")));
        fixtures::writeFile(m_folder + QStringLiteral("/broken.gguf"), "GGUF\x03\0\0\0 and then nothing sensible");
    }
    void cleanup()
    {
        m_settings.reset();
        m_dir.reset();
    }

    void libraryListsModelsWithDetailsAndErrors()
    {
        domain::models::ModelServices services(*m_settings, testDownloads());
        QSignalSpy scanned(&services.library(), &domain::models::ModelLibrary::scanFinished);
        ui::ModelManagerDialog dialog(services);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_COMPARE_WITH_TIMEOUT(services.library().model()->rowCount(), 2, 10000);

        auto* view = dialog.findChild<QTableView*>(QStringLiteral("libraryView"));
        QVERIFY(view);
        QAbstractItemModel* shown = view->model();
        const int good = rowNamed(shown, QStringLiteral("good.gguf"));
        const int broken = rowNamed(shown, QStringLiteral("broken.gguf"));
        QVERIFY(good >= 0 && broken >= 0);
        QCOMPARE(shown->index(good, ModelListModel::NameColumn).data().toString(), QStringLiteral("Good Model"));
        QCOMPARE(shown->index(good, ModelListModel::ArchitectureColumn).data().toString(), QStringLiteral("qwen3moe"));
        QCOMPARE(shown->index(good, ModelListModel::ParametersColumn).data().toString(), QStringLiteral("10 K"));
        QCOMPARE(shown->index(good, ModelListModel::ContextColumn).data().toString(),
                 QLocale().toString(40960));  // grouped as the locale groups (packaging.md)
        QCOMPARE(shown->index(good, ModelListModel::StatusColumn).data().toString(), QStringLiteral("OK"));
        const QString error = shown->index(broken, ModelListModel::StatusColumn).data().toString();
        QVERIFY2(error.contains(QLatin1String("broken.gguf")), qPrintable(error));

        // The broken model cannot be loaded: its button is off and Enter does nothing.
        QSignalSpy load(&services, &domain::models::ModelServices::loadInChatRequested);
        auto* loadButton = dialog.findChild<QPushButton*>(QStringLiteral("loadButton"));
        view->setFocus();
        view->setCurrentIndex(shown->index(broken, 0));
        QVERIFY(!loadButton->isEnabled());
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(load.size(), 0);
        auto* summary = dialog.findChild<QLabel*>(QStringLiteral("modelSummary"));
        QVERIFY(summary->text().contains(QLatin1String("cannot be loaded")));

        // The good one: details, metadata, template, memory; Enter asks the chat to load it.
        view->setCurrentIndex(shown->index(good, 0));
        QVERIFY(loadButton->isEnabled());
        auto* metadata = dialog.findChild<QTableWidget*>(QStringLiteral("modelMetadata"));
        QCOMPARE(metadata->rowCount(), 13);
        QCOMPARE(metadata->item(0, 0)->text(), QStringLiteral("general.architecture"));
        auto* memory = dialog.findChild<QLabel*>(QStringLiteral("memoryEstimate"));
        QVERIFY2(memory->text().contains(QLatin1String("KV cache")), qPrintable(memory->text()));
        auto* context = dialog.findChild<QSpinBox*>(QStringLiteral("contextLength"));
        QCOMPARE(context->value(), 8192);
        // RAM and VRAM side by side: weights, KV cache, buffers, total.
        auto* table = dialog.findChild<QTableWidget*>(QStringLiteral("memoryTable"));
        QVERIFY(table);
        QCOMPARE(table->columnCount(), 2);
        QCOMPARE(table->rowCount(), 4);
        QVERIFY(!table->item(3, 0)->text().isEmpty());
        QVERIFY(!table->item(3, 1)->text().isEmpty());
        const QString before = memory->text();
        const QString ramBefore = table->item(3, 0)->text();
        context->setValue(32768);
        QVERIFY(memory->text() != before);
        QVERIFY(table->item(3, 0)->text() != ramBefore);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(load.size(), 1);
        QCOMPARE(load.at(0).at(0).toString(), m_folder + QStringLiteral("/good.gguf"));
    }

    void keyboardSwitchesTabsAndCatalogueIsListed()
    {
        domain::models::ModelServices services(*m_settings, testDownloads());
        ui::ModelManagerDialog dialog(services);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClick(&dialog, Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(dialog.tabs()->currentWidget(), dialog.cataloguePage());
        auto* list = dialog.findChild<QTreeWidget*>(QStringLiteral("catalogueList"));
        QCOMPARE(list->topLevelItemCount(), services.catalogue().entries.size());
        QVERIFY(list->topLevelItemCount() >= 7);
        QVERIFY(list->topLevelItem(0)->text(3).startsWith(QLatin1Char('~')));  // sizes say they are approximate
        QTest::keyClick(&dialog, Qt::Key_3, Qt::ControlModifier);
        QCOMPARE(dialog.tabs()->currentWidget(), dialog.downloadsPage());
        QTest::keyClick(&dialog, Qt::Key_1, Qt::ControlModifier);
        QCOMPARE(dialog.tabs()->currentWidget(), dialog.libraryPage());
    }

    // A label with a mnemonic ("&HTTPS") and no buddy shows the "&" itself and focuses nothing.
    void everyMnemonicLabelHasABuddy()
    {
        domain::models::ModelServices services(*m_settings, testDownloads());
        ui::ModelManagerDialog dialog(services);
        int withMnemonic = 0;
        for (const QLabel* label : dialog.findChildren<QLabel*>()) {
            QString text = label->text();
            text.remove(QLatin1String("&&"));
            if (!text.contains(QLatin1Char('&')) || label->textFormat() == Qt::RichText)
                continue;
            ++withMnemonic;
            QVERIFY2(label->buddy(), qPrintable(label->text()));
        }
        QVERIFY(withMnemonic >= 2);  // "Any &HTTPS URL:" and "Save &to:" at least
        dialog.tabs()->setCurrentWidget(dialog.cataloguePage());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTest::keyClick(&dialog, Qt::Key_H, Qt::AltModifier);
        QTRY_COMPARE(QApplication::focusWidget(), dialog.findChild<QLineEdit*>(QStringLiteral("downloadUrl")));
    }

    void urlDownloadLandsInTheLibrary()
    {
        TestHttpServer server;
        QVERIFY(server.listen());
        strata::gguf::Writer w = fixtures::tinyModel("Downloaded Model");
        const QByteArray body = fixtures::toQBytes(w.toBytes());
        server.setResource("/repo/resolve/main/fetched.gguf",
                           {.body = body, .etag = QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex()});

        domain::models::ModelServices services(*m_settings, testDownloads());
        ui::ModelManagerDialog dialog(services);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTRY_COMPARE_WITH_TIMEOUT(services.library().model()->rowCount(), 2, 10000);
        dialog.tabs()->setCurrentWidget(dialog.cataloguePage());
        auto* url = dialog.findChild<QLineEdit*>(QStringLiteral("downloadUrl"));
        auto* target = dialog.findChild<QComboBox*>(QStringLiteral("downloadFolder"));
        QCOMPARE(target->itemText(0), domain::models::ModelLibrarySettings::defaultFolder());
        target->setCurrentIndex(target->findText(m_folder));
        url->setFocus();
        url->setText(server.url("/repo/resolve/main/fetched.gguf").toString());
        QTest::keyClick(url, Qt::Key_Return);
        QCOMPARE(dialog.tabs()->currentWidget(), dialog.downloadsPage());
        QCOMPARE(services.downloads().model()->rowCount(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(services.downloads().model()->stateAt(0), domain::models::DownloadState::Completed,
                                  10000);
        QTRY_COMPARE_WITH_TIMEOUT(services.library().model()->rowCount(), 3, 10000);
        const int row = services.library().model()->rowOf(m_folder + QStringLiteral("/fetched.gguf"));
        QVERIFY(row >= 0);
        QCOMPARE(services.library().model()->entryAt(row)->displayName, QStringLiteral("Downloaded Model"));

        // A plain-http URL to the internet is refused in the field itself.
        dialog.tabs()->setCurrentWidget(dialog.cataloguePage());
        url->setText(QStringLiteral("http://example.org/model.gguf"));
        QTest::keyClick(url, Qt::Key_Return);
        QCOMPARE(services.downloads().model()->rowCount(), 1);
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("catalogueStatus"))->text().contains(QLatin1String("https")));
    }

    void mainWindowOpensTheDialogWithCtrlM()
    {
        domain::models::ModelServices services(*m_settings, testDownloads());  // outlives the window's dialogs
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* action = window.findChild<QAction*>(QStringLiteral("modelsAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_M));
        // The window never makes services of its own: without them there is nothing to open.
        QVERIFY(!action->isEnabled());
        action->trigger();
        QVERIFY(!window.findChild<ui::ModelManagerDialog*>());
        window.setModelServices(&services);
        QVERIFY(action->isEnabled());
        action->trigger();
        auto* dialog = window.findChild<ui::ModelManagerDialog*>();
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(services.library().model()->rowCount(), 2, 10000);
        action->trigger();  // a second time raises the same dialog
        QCOMPARE(window.findChildren<ui::ModelManagerDialog*>().size(), 1);
    }
};

QTEST_MAIN(TestModelManagerDialog)
#include "test_model_manager_dialog.moc"
