// The document-reading row: the rate over the last few seconds and the time left at that rate
// (domain::PrefillEstimate), written in the locale's format, and Cancel forwarded once as the chat
// panel's stop request; the row goes when the reading ends.
#include "domain/chat/prefill_estimate.hpp"
#include "ui/chat/chat_panel.hpp"
#include "ui/chat/code_highlighting.hpp"
#include "ui/chat/prefill_progress_row.hpp"

#include <QLocale>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <cmath>

using strata::domain::PrefillEstimate;
using strata::domain::PrefillFigures;
using strata::ui::PrefillProgressRow;

namespace {
bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9;
}
}  // namespace

class TestPrefillProgress : public QObject {
    Q_OBJECT
private slots:
    // The first chunk already gives a rate (the reading began at 0 tokens, 0 s) and a time left.
    void firstChunkGivesARateAndTheTimeLeft()
    {
        PrefillEstimate estimate;
        const PrefillFigures f = estimate.add(512, 4096, 1.0);
        QCOMPARE(f.done, std::int64_t{512});
        QCOMPARE(f.total, std::int64_t{4096});
        QVERIFY(near(f.tokensPerSecond, 512.0));
        QVERIFY(f.secondsLeft && near(*f.secondsLeft, 7.0));
    }

    // A prompt that slows down (attention over a longer context): the rate is that of the last
    // kWindowSeconds, not the average since the start, so the time left follows the slowdown.
    void timeLeftFollowsTheRecentRate()
    {
        PrefillEstimate estimate;
        double t = 0;
        std::int64_t done = 0;
        for (int i = 0; i < 10; ++i)  // 10 s at 1,000 tok/s
            estimate.add(done += 1000, 100000, t += 1.0);
        PrefillFigures f;
        for (int i = 0; i < 10; ++i)  // then 10 s at 250 tok/s
            f = estimate.add(done += 250, 100000, t += 1.0);
        QVERIFY2(near(f.tokensPerSecond, 250.0), qPrintable(QString::number(f.tokensPerSecond)));
        QVERIFY(f.secondsLeft && near(*f.secondsLeft, (100000.0 - 12500.0) / 250.0));
        // Half-way into the window the old speed still counts for its part: between the two.
        estimate.reset();
        t = 0;
        done = 0;
        for (int i = 0; i < 10; ++i)
            estimate.add(done += 1000, 100000, t += 1.0);
        for (int i = 0; i < 2; ++i)
            f = estimate.add(done += 250, 100000, t += 1.0);
        QVERIFY(f.tokensPerSecond > 250.0 && f.tokensPerSecond < 1000.0);
    }

    void unknownTotalOrTheEndHasNoGuess()
    {
        PrefillEstimate estimate;
        QVERIFY(!estimate.add(0, 0, 0.0).secondsLeft);  // the request just went out
        estimate.reset();
        const PrefillFigures end = estimate.add(300, 300, 0.5);
        QVERIFY(end.secondsLeft && *end.secondsLeft == 0.0);
        // A new reading with the same estimate, not reset: it starts over rather than giving a negative rate.
        const PrefillFigures again = estimate.add(100, 800, 0.25);
        QVERIFY(near(again.tokensPerSecond, 400.0));
    }

    // Whole seconds rounded up; minutes and hours with two-digit seconds and minutes; numbers in the
    // locale's format.
    void figuresAndTimeLeftAreWrittenInTheLocale()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::German));
        const QString figures = PrefillProgressRow::figuresText({1234, 50000, 812.54, 59.2});
        const QString waiting = PrefillProgressRow::figuresText({0, 50000, 0.0, std::nullopt});
        const QString starting = PrefillProgressRow::figuresText({0, 0, 0.0, std::nullopt});
        const QStringList left = {PrefillProgressRow::timeLeftText(0.2), PrefillProgressRow::timeLeftText(185),
                                  PrefillProgressRow::timeLeftText(3725), PrefillProgressRow::timeLeftText(-3)};
        QLocale::setDefault(before);
        QCOMPARE(figures, QStringLiteral("1.234 of 50.000 tokens, 812,5 tok/s, 1 min 00 s left"));
        QCOMPARE(waiting, QStringLiteral("0 of 50.000 tokens, 0,0 tok/s"));
        QVERIFY2(!starting.contains(QStringLiteral("0 of 0")), qPrintable(starting));  // no total yet: no figures
        QCOMPARE(left, (QStringList{QStringLiteral("1 s"), QStringLiteral("3 min 05 s"), QStringLiteral("1 h 02 min"),
                                    QStringLiteral("0 s")}));
    }

    // Cancel asks the chat panel for a stop once (the engine stops at the end of its chunk); the
    // row shows the figures per chunk and goes when the reading ends.
    void cancelAsksForAStopOnceAndTheRowGoes()
    {
        strata::ui::CodeHighlighting highlighting;
        strata::ui::ChatPanel panel(&highlighting);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        PrefillProgressRow* row = panel.prefillRow();
        QVERIFY(row && !row->isVisible());
        QSignalSpy stopped(&panel, &strata::ui::ChatPanel::stopRequested);
        panel.showPrefillProgress({0, 0, 0.0, std::nullopt});
        panel.showPrefillProgress({2048, 8192, 1024.0, 6.0});
        QVERIFY(row->isVisible());
        QCOMPARE(row->figuresShown(), PrefillProgressRow::figuresText({2048, 8192, 1024.0, 6.0}));
        QVERIFY(row->figuresShown().endsWith(PrefillProgressRow::timeLeftText(6.0) + QStringLiteral(" left")));
        QVERIFY(row->cancelButton()->isVisible() && row->cancelButton()->isEnabled());
        QTest::mouseClick(row->cancelButton(), Qt::LeftButton);
        QTest::mouseClick(row->cancelButton(), Qt::LeftButton);  // disabled now: no second request
        QCOMPARE(stopped.size(), 1);
        panel.prefillFinished();
        QVERIFY(!row->isVisible());
        // The next reading starts with Cancel enabled again.
        panel.showPrefillProgress({0, 0, 0.0, std::nullopt});
        QVERIFY(row->isVisible() && row->cancelButton()->isEnabled());
    }
};

QTEST_MAIN(TestPrefillProgress)
#include "test_prefill_progress.moc"
