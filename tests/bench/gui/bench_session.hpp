// What the GUI benchmark and the screenshot tool share: a throw-away settings folder and chat
// database, conversations written into it before the app starts, and waiting on the event loop.
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QCommandLineParser>
#include <QList>
#include <QString>
#include <QTemporaryDir>
#include <functional>

namespace strata::bench {

class BenchSession {
public:
    BenchSession();  // settings go to a temporary folder: the user's own stay untouched

    bool isValid() const { return m_dir.isValid(); }
    QString databasePath() const { return m_dir.filePath(QStringLiteral("chats.sqlite")); }
    QString filePath(const QString& name) const { return m_dir.filePath(name); }

    // Stores a conversation with these messages; false (with a message on stderr) on failure.
    bool addConversation(const QString& title, const QList<domain::ChatMessage>& messages);

private:
    QTemporaryDir m_dir;
};

// --help and the tool's one-line description.
void describeTool(QCommandLineParser& parser, const QString& description);

// Runs the event loop until `done` or the timeout; returns `done()`.
bool waitFor(const std::function<bool()>& done, int timeoutMs);

// Runs the event loop for this long.
void settle(int ms);

}  // namespace strata::bench
