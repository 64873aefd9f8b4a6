// ConversationListModel over a real store: create, rename in place, delete, filter, move on activity.
#include "domain/storage/chat_store.hpp"
#include "domain/storage/conversation_list_model.hpp"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using strata::domain::ChatStore;
using strata::domain::ConversationListModel;

class TestConversationListModel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    static QStringList titles(const ConversationListModel& model)
    {
        QStringList list;
        for (int row = 0; row < model.rowCount(); ++row)
            list << model.index(row).data().toString();
        return list;
    }

private slots:
    // "Not named yet" is state (an empty title), not text: it shows as "New chat" in the current
    // language, is stored empty, and edits start from an empty field.
    void unnamedConversationShowsAsNewChat()
    {
        ChatStore store;
        QVERIFY(store.open(m_dir.filePath(QStringLiteral("unnamed.sqlite"))));
        ConversationListModel model(store);
        const qint64 id = model.create(QString()).value();
        QCOMPARE(store.conversation(id)->summary.title, QString());
        QCOMPARE(model.index(0).data(Qt::DisplayRole).toString(), QStringLiteral("New chat"));
        QCOMPARE(model.index(0).data(Qt::EditRole).toString(), QString());
        QVERIFY(model.index(0).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("New chat\n")));
        QVERIFY(model.rename(id, QStringLiteral("Named")));
        QCOMPARE(model.index(0).data(Qt::DisplayRole).toString(), QStringLiteral("Named"));
    }

    void operations()
    {
        ChatStore store;
        QVERIFY(store.open(m_dir.filePath(QStringLiteral("model.sqlite"))));
        ConversationListModel model(store);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);

        const qint64 first = model.create(QStringLiteral("Apples")).value();
        QTest::qWait(2);
        const qint64 second = model.create(QStringLiteral("Bananas")).value();
        QCOMPARE(titles(model), (QStringList{QStringLiteral("Bananas"), QStringLiteral("Apples")}));
        QCOMPARE(model.index(0).data(ConversationListModel::IdRole).toLongLong(), second);

        // Rename through the view's editor path (setData) reaches the store.
        QVERIFY(model.flags(model.index(1)) & Qt::ItemIsEditable);
        QVERIFY(model.setData(model.index(1), QStringLiteral("Green apples"), Qt::EditRole));
        QCOMPARE(store.conversation(first)->summary.title, QStringLiteral("Green apples"));
        QVERIFY(!model.setData(model.index(1), QStringLiteral("   "), Qt::EditRole));  // blank titles refused

        // Activity moves a conversation to the top.
        QTest::qWait(2);
        strata::domain::ChatMessage message;
        message.content = QStringLiteral("banana bread recipe");
        QVERIFY(store.addMessage(first, message));
        QSignalSpy moved(&model, &QAbstractItemModel::rowsMoved);
        model.touched(first);
        QCOMPARE(moved.size(), 1);
        QCOMPARE(model.index(0).data(ConversationListModel::IdRole).toLongLong(), first);

        // The filter searches titles and message text.
        model.setFilter(QStringLiteral("bread"));
        QCOMPARE(titles(model), QStringList{QStringLiteral("Green apples")});
        model.setFilter(QStringLiteral("banana"));
        QCOMPARE(model.rowCount(), 2);
        model.setFilter(QString());

        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QVERIFY(model.remove(second));
        QCOMPARE(removed.size(), 1);
        QCOMPARE(titles(model), QStringList{QStringLiteral("Green apples")});
        QVERIFY(!store.conversation(second));

        // A store that fails reports readably instead of changing the list.
        QSignalSpy errors(&model, &ConversationListModel::storeError);
        QVERIFY(!model.remove(424242));
        QCOMPARE(errors.size(), 1);
        QVERIFY(errors.first().first().toString().contains(QStringLiteral("424242")));
        QCOMPARE(model.rowCount(), 1);
    }
};

QTEST_GUILESS_MAIN(TestConversationListModel)
#include "test_conversation_list_model.moc"
