// TokenCoalescer: at most one update per interval, nothing lost, nothing reordered.
#include "app/engine/token_coalescer.hpp"

#include <QElapsedTimer>
#include <QTest>
#include <thread>

using strata::app::TokenCoalescer;
using namespace std::chrono_literals;

class TestTokenCoalescer : public QObject {
    Q_OBJECT
private slots:
    // A fake clock: 1000 tokens at 200 tok/s (5 ms apart) become ~60 updates per second of stream.
    void limitsRateWithoutLosingText()
    {
        std::chrono::steady_clock::time_point now{};
        TokenCoalescer coalescer(16ms, [&now] { return now; });
        QString sent;
        QString expected;
        int updates = 0;
        auto lastUpdate = now;
        bool first = true;
        for (int i = 0; i < 1000; ++i) {
            const QString piece = QStringLiteral("t%1 ").arg(i);
            expected += piece;
            if (auto out = coalescer.push(piece)) {
                if (!first)
                    QVERIFY(now - lastUpdate >= 16ms);
                first = false;
                lastUpdate = now;
                sent += *out;
                ++updates;
            }
            now += 5ms;
        }
        sent += coalescer.take();
        QCOMPARE(sent, expected);  // same text, same order
        const double seconds = 1000 * 0.005;
        QVERIFY2(updates <= seconds * 1000 / 16 + 1, qPrintable(QString::number(updates)));
        QVERIFY2(updates >= seconds * 1000 / 20, qPrintable(QString::number(updates)));  // ~every 4th token
    }

    void firstPieceGoesOutAtOnceAndSlowStreamsAreNotDelayed()
    {
        std::chrono::steady_clock::time_point now{};
        TokenCoalescer coalescer(16ms, [&now] { return now; });
        QCOMPARE(coalescer.push(QStringLiteral("Hello")).value_or(QString()), QStringLiteral("Hello"));
        now += 50ms;  // 20 tok/s: slower than the limit, so every token is its own update
        QCOMPARE(coalescer.push(QStringLiteral(" world")).value_or(QString()), QStringLiteral(" world"));
        now += 1ms;
        QVERIFY(!coalescer.push(QStringLiteral("!")));
        QCOMPARE(coalescer.take(), QStringLiteral("!"));
        QCOMPARE(coalescer.take(), QString());
    }

    void emptyPiecesNeverProduceUpdates()
    {
        std::chrono::steady_clock::time_point now{};
        TokenCoalescer coalescer(16ms, [&now] { return now; });
        QVERIFY(!coalescer.push(QString()));
        now += 100ms;
        QVERIFY(!coalescer.push(QString()));
        coalescer.push(QStringLiteral("a"));
        now += 1ms;
        coalescer.push(QStringLiteral("b"));
        coalescer.reset();
        QCOMPARE(coalescer.take(), QString());
        QCOMPARE(coalescer.push(QStringLiteral("c")).value_or(QString()), QStringLiteral("c"));  // new reply: at once
    }

    // The real clock, as the engine thread will use it: ~0.3 s of tokens every 2 ms.
    void realClockKeepsUnderSixtyPerSecond()
    {
        TokenCoalescer coalescer;
        QElapsedTimer elapsed;
        elapsed.start();
        int updates = 0;
        int tokens = 0;
        QString sent;
        QString expected;
        while (elapsed.elapsed() < 300 && tokens < 1000) {
            const QString piece = QString::number(tokens++) + QLatin1Char(',');
            expected += piece;
            if (auto out = coalescer.push(piece)) {
                sent += *out;
                ++updates;
            }
            std::this_thread::sleep_for(2ms);
        }
        sent += coalescer.take();
        const double rate = updates / (elapsed.elapsed() / 1000.0);
        qInfo("%d tokens, %d updates in %lld ms: %.1f updates/s", tokens, updates,
              static_cast<long long>(elapsed.elapsed()), rate);
        QCOMPARE(sent, expected);
        QVERIFY2(rate <= 64, qPrintable(QString::number(rate)));
        QVERIFY(updates < tokens);
    }
};

QTEST_GUILESS_MAIN(TestTokenCoalescer)
#include "test_token_coalescer.moc"
