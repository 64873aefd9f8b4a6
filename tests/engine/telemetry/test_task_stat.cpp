// Parsing /proc/<pid>/task/<tid>/stat lines, names with spaces and parentheses included.
#include <QTest>

#include "strata/telemetry/thread_usage.hpp"

using strata::telemetry::parseTaskStat;
using strata::telemetry::TaskStat;

class TestTaskStat : public QObject {
    Q_OBJECT
private slots:
    void parsesTheFieldsWeUse()
    {
        // Fields 1..39 of proc(5); utime = 14 (1234), stime = 15 (56), processor = 39 (3).
        const char* line = "4242 (pool worker 1) R 4200 4200 4200 0 -1 4194368 100 0 0 0 1234 56 "
                           "0 0 20 0 9 0 500 1000000 200 18446744073709551615 1 1 0 0 0 0 0 0 0 "
                           "0 0 0 -1 3 0 0 0 0 0\n";
        TaskStat stat;
        QVERIFY(parseTaskStat(line, stat));
        QCOMPARE(stat.tid, 4242);
        QCOMPARE(std::string(stat.name.data()), std::string("pool worker 1"));
        QCOMPARE(stat.state, 'R');
        QCOMPARE(stat.userTicks, std::uint64_t{1234});
        QCOMPARE(stat.systemTicks, std::uint64_t{56});
        QCOMPARE(stat.lastCpu, 3);
    }

    void nameWithParenthesesAndLongName()
    {
        const char* line = "7 (a) b) (c)) S 1 1 1 0 -1 0 0 0 0 0 10 20 0 0 20 0 1 0 5 0 0 0 0 0 0 0 "
                           "0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
        TaskStat stat;
        QVERIFY(parseTaskStat(line, stat));
        QCOMPARE(std::string(stat.name.data()), std::string("a) b) (c)"));
        QCOMPARE(stat.userTicks, std::uint64_t{10});
        QCOMPARE(stat.systemTicks, std::uint64_t{20});
        QCOMPARE(stat.lastCpu, 1);

        const std::string longName = "9 (" + std::string(40, 'x') + ") S 1 1 1 0 -1 0 0 0 0 0 1 2";
        QVERIFY(parseTaskStat(longName, stat));
        QCOMPARE(std::string(stat.name.data()), std::string(15, 'x'));
        QCOMPARE(stat.lastCpu, -1);  // the line stopped before the processor field
    }

    void rejectsMalformedLines()
    {
        TaskStat stat;
        QVERIFY(!parseTaskStat("", stat));
        QVERIFY(!parseTaskStat("12 no parentheses R 1 2 3", stat));
        QVERIFY(!parseTaskStat("x (name) R 1 1 1 0 -1 0 0 0 0 0 1 2", stat));
        QVERIFY(!parseTaskStat("12 (name) R 1 1 1 0 -1 0 0 0 0 0 1", stat));    // no stime
        QVERIFY(!parseTaskStat("12 (name) R 1 1 1 0 -1 0 0 0 0 0 1 z", stat));  // stime not a number
        QVERIFY(!parseTaskStat("12 (name) RR 1 1 1 0 -1 0 0 0 0 0 1 2", stat));
        QVERIFY(!parseTaskStat(") 12 (", stat));
    }
};

QTEST_APPLESS_MAIN(TestTaskStat)
#include "test_task_stat.moc"
