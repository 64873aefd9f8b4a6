// Conversations and their messages in one SQLite file (Qt SQL, QSQLITE driver).
//
// Threading: a ChatStore belongs to the GUI thread and is used only there; it owns one connection
// with a name unique to the object, never shared with another thread. That is safe for the GUI
// because every change is one short transaction in WAL mode with synchronous=NORMAL (a commit
// appends to the WAL without an fsync; tests/app measure a streamed-reply update at well under a
// millisecond), and a reply being generated is saved at most every ~0.5 s, not per token.
// WAL also keeps every committed transaction intact when the process is killed.
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <optional>

class QSqlDatabase;

namespace strata::domain {

struct ConversationSummary {
    qint64 id = 0;
    QString title;
    qint64 createdMs = 0;
    qint64 updatedMs = 0;
};

struct Conversation {
    ConversationSummary summary;
    ConversationSettings settings;
    QString modelPath;
};

class ChatStore {
    Q_DECLARE_TR_FUNCTIONS(ChatStore)
public:
    ChatStore();
    ~ChatStore();
    ChatStore(const ChatStore&) = delete;
    ChatStore& operator=(const ChatStore&) = delete;

    // Opens (creating if needed), checks (PRAGMA quick_check) and migrates the database at
    // `path`. On failure returns false and lastError() says which file and what is wrong; the
    // store then refuses every operation. A damaged file is copied first (lastError() names the
    // copy). Replies cut off by the end of the app get finish_reason "interrupted".
    bool open(const QString& path);
    bool isOpen() const { return m_open; }
    QString lastError() const { return m_lastError; }
    QString path() const { return m_path; }
    int schemaVersion() const;
    // "wal", or what SQLite kept when it could not use WAL there (then commits sync fully).
    QString journalMode() const { return m_journalMode; }

    std::optional<qint64> createConversation(const QString& title, const ConversationSettings& settings = {});
    bool renameConversation(qint64 id, const QString& title);
    bool deleteConversation(qint64 id);  // with its messages
    bool setConversationSettings(qint64 id, const ConversationSettings& settings);
    bool setConversationModel(qint64 id, const QString& modelPath);
    std::optional<Conversation> conversation(qint64 id);
    QList<ConversationSummary> conversations();  // most recently updated first
    // Conversations whose title or any message contains `text` (case-insensitive for ASCII).
    QList<ConversationSummary> search(const QString& text);

    std::optional<qint64> addMessage(qint64 conversationId, const ChatMessage& message);
    // Rewrites a message's text (a streamed reply saved as it grows, or its final form).
    bool updateMessage(qint64 messageId, const QString& content, const QString& reasoning, const QJsonObject& metrics);
    QList<ChatMessage> messages(qint64 conversationId);
    // Removes `messageId` and every later message of its conversation (edit-and-resend, regenerate).
    bool deleteMessagesFrom(qint64 conversationId, qint64 messageId);

private:
    QSqlDatabase database() const;
    bool fail(const QString& what, const QString& detail);
    bool touchConversation(qint64 id, qint64 nowMs);
    QList<ConversationSummary> summaries(const QString& sql, const QVariantList& bindings);

    QString m_connectionName;
    QString m_path;
    QString m_lastError;
    QString m_journalMode;
    bool m_open = false;
};

}  // namespace strata::domain
