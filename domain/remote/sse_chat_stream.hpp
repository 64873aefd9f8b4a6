// Reads a streamed /v1/chat/completions reply as it arrives: Server-Sent Events, one JSON chunk per
// "data:" line, "data: [DONE]" at the end. The bytes come in network-sized pieces, so a line may be
// cut anywhere (inside a UTF-8 character too): only whole lines are read. Each chunk's
// choices[0].delta.content is reply text and its finish_reason, when set, how the reply ended; a
// chunk {"error": ...} (what servers send when generation fails mid-stream) ends the stream with
// that error. Comments (": ping") and other SSE fields (event:, id:) are skipped.
#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace strata::domain {

class SseChatStream {
public:
    // The reply's token counts, from a chunk's "usage" (the last one, with
    // stream_options.include_usage, on vLLM, llama-server, Ollama, LM Studio and Strata).
    struct Usage {
        int promptTokens = 0;
        int completionTokens = 0;
    };
    struct Update {
        QString text;           // reply text in this piece of the stream (may be empty)
        int contentChunks = 0;  // chunks that carried text: about one per token on every server we know
    };

    // Reads what arrived; text of complete lines only. After an error or [DONE] nothing more is read.
    Update feed(const QByteArray& bytes);

    bool done() const { return m_done; }                            // [DONE] seen
    const QString& error() const { return m_error; }                // why the stream is unusable ("" while it is fine)
    const QString& finishReason() const { return m_finishReason; }  // the last finish_reason sent
    const std::optional<Usage>& usage() const { return m_usage; }   // nullopt: the server sent none

private:
    void readLine(const QByteArray& line, Update& update);

    QByteArray m_pending;  // an incomplete last line
    bool m_done = false;
    QString m_error;
    QString m_finishReason;
    std::optional<Usage> m_usage;
};

// A readable message for an error reply: the JSON's error.message (OpenAI's shape, also vLLM's,
// llama-server's and Strata's) or a string "error" (Ollama's native shape), else the start of the
// body; empty when there is none of these.
QString remoteErrorText(const QByteArray& body);

}  // namespace strata::domain
