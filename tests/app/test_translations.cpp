// The app's translations as a user gets them: the catalogue compiled into the app for the chosen
// language, menu texts and plural forms translated, numbers and sizes in that language's format,
// English left as written, and an unknown
// setting falling back to the system's language.
#include "app/model_description.hpp"
#include "app/translations.hpp"
#include "domain/models/download_list_model.hpp"

#include <QCoreApplication>
#include <QTest>

using namespace strata;

namespace {

QString fileMenu()
{
    return QCoreApplication::translate("strata::ui::MainWindow", "&File");
}

QString modelsIn(int n)
{
    return QCoreApplication::translate("strata::ui::LibraryPage", "%n model(s) in %1", nullptr, n)
        .arg(QStringLiteral("~/Models"));
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT

private slots:
    // Runs first: nothing is installed yet, so the source text comes back.
    void englishNeedsNoCatalogue()
    {
        QVERIFY(!app::installTranslations(*QCoreApplication::instance(), QStringLiteral("en")));
        QCOMPARE(fileMenu(), QStringLiteral("&File"));
    }

    void germanTranslatesMenusAndPlurals()
    {
        QVERIFY(app::installTranslations(*QCoreApplication::instance(), QStringLiteral("de")));
        QCOMPARE(fileMenu(), QStringLiteral("&Datei"));
        QCOMPARE(modelsIn(1), QStringLiteral("1 Modell in ~/Models"));
        QCOMPARE(modelsIn(3), QStringLiteral("3 Modelle in ~/Models"));
        // Text built outside a QObject, through QCoreApplication::translate with a context of its own.
        QCOMPARE(app::describeModelFacts({QString(), QStringLiteral("llama"), -1, QString(), 4096}),
                 QStringLiteral("unbenanntes Modell · llama · Kontext 4.096 Tokens"));
    }

    // The chosen language is also the default locale: numbers get a decimal comma and a thousands
    // dot, sizes too, whatever the system's locale (the tests run under C.UTF-8). Unit words such as
    // "Bytes" come from Qt's CLDR data, which moves between Qt versions (CI runs 6.4 and 6.8): left out.
    void germanFormatsNumbersAndSizes()
    {
        QCOMPARE(QLocale().language(), QLocale::German);
        QCOMPARE(app::describeModelFacts({QStringLiteral("Qwen3 0.6B"), QStringLiteral("qwen3"), 751'632'384,
                                          QStringLiteral("Q8_0"), 40960}),
                 QStringLiteral("Qwen3 0.6B · qwen3 · 751,6M Parameter · Q8_0 · Kontext 40.960 Tokens"));
        QCOMPARE(domain::models::formatBytes(1'610'612'736), QStringLiteral("1,5 GB"));
    }

    // Installed after German, so it is asked first.
    void simplifiedChineseTranslatesMenusAndPlurals()
    {
        QVERIFY(app::installTranslations(*QCoreApplication::instance(), QStringLiteral("zh_CN")));
        QCOMPARE(fileMenu(), QString::fromUtf8("文件(&F)"));
        QCOMPARE(modelsIn(3), QString::fromUtf8("~/Models 中有 3 个模型"));
    }

    void unknownLanguageMeansTheSystemLanguage()
    {
        QCOMPARE(app::translationLocale(QStringLiteral("system")), QLocale::system());
        QCOMPARE(app::translationLocale(QStringLiteral("klingon")), QLocale::system());
        QCOMPARE(app::translationLocale(QStringLiteral("zh_CN")).language(), QLocale::Chinese);
        QCOMPARE(app::translationLocale(QStringLiteral("zh_CN")).territory(), QLocale::China);
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "test_translations.moc"
