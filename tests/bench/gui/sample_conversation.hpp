// Chat content for the GUI benchmark and the screenshots: messages with what makes a chat view
// expensive (headings, lists, links, inline code, fenced code in several languages, tables,
// reasoning), and a long Markdown reply to stream.
#pragma once

#include "domain/chat/chat_types.hpp"

#include <QList>
#include <QStringList>

namespace strata::bench {

// `count` messages, user and assistant in turn, cycling through a few realistic exchanges.
QList<domain::ChatMessage> sampleConversation(int count);

// A short exchange for screenshots: a question, then a reply with reasoning, a heading, a list,
// inline code, a highlighted code block and a table.
QList<domain::ChatMessage> showcaseConversation();

// A reply as a model writes it: "<think>...</think>" then Markdown with prose, lists, code
// blocks and tables, repeated until it has at least `minTokens` pieces (see splitIntoTokens).
QString sampleStreamedReply(int minTokens);

// Cuts text into token-sized pieces the way a tokenizer's output looks when decoded: each piece
// is its leading whitespace plus up to four further characters (English averages about four
// characters per token). Joining the pieces gives the text back exactly.
QStringList splitIntoTokens(const QString& text);

}  // namespace strata::bench
