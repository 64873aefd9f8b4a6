// Model descriptions for the model selector: the words, a description read from a real GGUF
// file's header, and RecentModelDescriptions reading headers off the GUI thread.
#include "app/model_description.hpp"
#include "app/recent_model_descriptions.hpp"
#include "domain/models/gguf_model_reader.hpp"
#include "domain/models/model_entry.hpp"
#include "tests/engine/model/model_fixtures.hpp"

#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace strata;

class TestModelDescription : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    // Numbers follow the default locale (German: tests/app/test_translations); English here, whatever
    // the machine's locale is.
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void factsBecomeOneLine()
    {
        QCOMPARE(app::describeModelFacts({QStringLiteral("Qwen3 0.6B"), QStringLiteral("qwen3"), 751'632'384,
                                          QStringLiteral("Q8_0"), 40960}),
                 QStringLiteral("Qwen3 0.6B · qwen3 · 751.6M parameters · Q8_0 · context 40,960 tokens"));
        // Unknown facts are left out rather than shown as -1.
        QCOMPARE(app::describeModelFacts({QString(), QStringLiteral("llama"), -1, QString(), -1}),
                 QStringLiteral("unnamed model · llama"));
        QCOMPARE(app::parameterCountText(7'241'732'096), QStringLiteral("7.2B"));
    }

    void headerOfARealFile()
    {
        gguf::ModelSpec spec = test::smallSpec("qwen3", gguf::GgmlType::Q8_0);
        spec.name = "Tiny Qwen";
        const QString path = QString::fromStdString(test::writeModel(m_dir, spec, "tiny").string());
        domain::models::ModelEntry entry;
        entry.path = path;
        entry.files = {path};
        domain::models::readModelHeader(entry);
        const QString text = app::describeModelEntry(entry);
        QVERIFY2(text.startsWith(QStringLiteral("Tiny Qwen · qwen3 · ")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Q8_0")) && text.contains(QStringLiteral("context 256 tokens")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral(" parameters")));
    }

    void recentModelsAreDescribedInTheBackground()
    {
        gguf::ModelSpec spec = test::smallSpec("llama", gguf::GgmlType::F16);
        const QString good = QString::fromStdString(test::writeModel(m_dir, spec, "recent").string());
        const QString broken = m_dir.filePath(QStringLiteral("broken.gguf"));
        QFile file(broken);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("GGUF\x03");
        file.close();
        const QString missing = m_dir.filePath(QStringLiteral("gone.gguf"));

        app::RecentModelDescriptions descriptions;
        QSignalSpy described(&descriptions, &app::RecentModelDescriptions::described);
        descriptions.request({good, broken, missing});
        QTRY_COMPARE(described.size(), 3);
        QHash<QString, QString> byPath;
        for (const QList<QVariant>& args : described)
            byPath.insert(args.at(0).toString(), args.at(1).toString());
        QVERIFY2(byPath.value(good).contains(QStringLiteral("llama"))
                     && byPath.value(good).contains(QStringLiteral("F16")),
                 qPrintable(byPath.value(good)));
        QVERIFY2(byPath.value(broken).contains(QStringLiteral("broken.gguf")), qPrintable(byPath.value(broken)));
        QVERIFY(byPath.value(missing).contains(QStringLiteral("missing")));

        // Known and unchanged: answered at once, not read again.
        described.clear();
        descriptions.request({good});
        QCOMPARE(described.size(), 1);
        QCOMPARE(described.at(0).at(1).toString(), byPath.value(good));
    }
};

QTEST_MAIN(TestModelDescription)
#include "test_model_description.moc"
