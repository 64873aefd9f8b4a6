#include "tests/bench/gui/bench_session.hpp"

#include "domain/storage/chat_store.hpp"

#include <QCoreApplication>
#include <QEventLoop>
#include <QSettings>
#include <QTimer>
#include <cstdio>

namespace strata::bench {

BenchSession::BenchSession()
{
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("config")));
    QCoreApplication::setOrganizationName(QStringLiteral("StrataBench"));
    QCoreApplication::setApplicationName(QStringLiteral("StrataBench"));
}

bool BenchSession::addConversation(const QString& title, const QList<domain::ChatMessage>& messages)
{
    domain::ChatStore store;
    if (!store.open(databasePath())) {
        std::fprintf(stderr, "%s\n", qPrintable(store.lastError()));
        return false;
    }
    const std::optional<qint64> id = store.createConversation(title);
    bool ok = id.has_value();
    for (qsizetype i = 0; ok && i < messages.size(); ++i)
        ok = store.addMessage(*id, messages.at(i)).has_value();
    if (!ok)
        std::fprintf(stderr, "%s\n", qPrintable(store.lastError()));
    return ok;
}

void describeTool(QCommandLineParser& parser, const QString& description)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
}

// A real event loop (as in QApplication::exec), not processEvents() in a loop with sleeps: the
// benchmark measures the event loop itself and must not add stalls of its own.
bool waitFor(const std::function<bool()>& done, int timeoutMs)
{
    if (done())
        return true;
    QEventLoop loop;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (done())
            loop.quit();
    });
    poll.start(5);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return done();
}

void settle(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

}  // namespace strata::bench
