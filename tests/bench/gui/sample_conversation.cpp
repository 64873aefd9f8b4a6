#include "tests/bench/gui/sample_conversation.hpp"

namespace strata::bench {

namespace {

const QStringList kQuestions = {
    QStringLiteral("How do I read a file line by line in C++ and count the words?"),
    QStringLiteral("Compare Q4_K_M and Q8_0 quantization for a 7B model."),
    QStringLiteral("Write a Python function that merges two sorted lists."),
    QStringLiteral("What does `PRAGMA journal_mode = WAL` change in SQLite?"),
};

const QStringList kAnswers = {
    QStringLiteral("## Counting words\n\n"
                   "Open the file with `std::ifstream` and read it with `std::getline`:\n\n"
                   "```cpp\n"
                   "#include <fstream>\n#include <sstream>\n#include <string>\n\n"
                   "std::size_t countWords(const std::string& path)\n{\n"
                   "    std::ifstream in(path);\n    std::size_t words = 0;\n"
                   "    for (std::string line; std::getline(in, line);) {\n"
                   "        std::istringstream split(line);\n"
                   "        for (std::string word; split >> word;)\n            ++words;\n    }\n"
                   "    return words;\n}\n"
                   "```\n\n"
                   "- `std::getline` drops the newline.\n"
                   "- `operator>>` skips any whitespace, tabs included.\n\n"
                   "See [cppreference](https://en.cppreference.com/w/cpp/string/basic_string/getline) for details."),
    QStringLiteral("| Format | Bits per weight | Size of 7B | Quality loss |\n"
                   "|---|---:|---:|---|\n"
                   "| Q4_K_M | 4.8 | 4.1 GiB | small |\n"
                   "| Q5_K_M | 5.7 | 4.8 GiB | very small |\n"
                   "| Q8_0 | 8.5 | 7.2 GiB | negligible |\n\n"
                   "**Q4_K_M** is the usual choice when memory is tight; *Q8_0* when it is not.\n\n"
                   "1. Measure perplexity on your own text.\n"
                   "2. Compare the speed: decoding is memory bound, so smaller is faster."),
    QStringLiteral("Walk both lists with two indices and take the smaller head each time:\n\n"
                   "```python\n"
                   "def merge(a: list[int], b: list[int]) -> list[int]:\n"
                   "    out, i, j = [], 0, 0\n"
                   "    while i < len(a) and j < len(b):\n"
                   "        if a[i] <= b[j]:\n            out.append(a[i]); i += 1\n"
                   "        else:\n            out.append(b[j]); j += 1\n"
                   "    return out + a[i:] + b[j:]\n"
                   "```\n\n"
                   "> The merge is stable: equal items keep the order they had in `a` before `b`.\n\n"
                   "It runs in O(n + m) time."),
    QStringLiteral("### Write-ahead logging\n\n"
                   "With WAL, a commit **appends** pages to a `-wal` file instead of rewriting the database:\n\n"
                   "- readers never block writers, and writers never block readers;\n"
                   "- a commit with `synchronous = NORMAL` needs no `fsync`;\n"
                   "- a crash keeps every committed transaction.\n\n"
                   "```sql\nPRAGMA journal_mode = WAL;\nPRAGMA synchronous = NORMAL;\n```\n\n"
                   "| Mode | Readers during a write | fsync per commit |\n|---|---|---|\n"
                   "| DELETE | blocked | 2 |\n| WAL | allowed | 0 (NORMAL) |"),
};

const QString kReasoning =
    QStringLiteral("The user wants a practical answer. I should show code first, then explain the edge cases "
                   "briefly, and keep the table short.");

}  // namespace

QList<domain::ChatMessage> sampleConversation(int count)
{
    QList<domain::ChatMessage> messages;
    for (int i = 0; i < count; ++i) {
        domain::ChatMessage message;
        const qsizetype pair = (i / 2) % kQuestions.size();
        if (i % 2 == 0) {
            message.role = domain::ChatRole::User;
            message.content = kQuestions.at(pair);
        } else {
            message.role = domain::ChatRole::Assistant;
            message.content = kAnswers.at(pair);
            message.reasoning = kReasoning;
        }
        messages << message;
    }
    return messages;
}

QList<domain::ChatMessage> showcaseConversation()
{
    domain::ChatMessage question;
    question.role = domain::ChatRole::User;
    question.content = kQuestions.at(0);
    domain::ChatMessage answer;
    answer.role = domain::ChatRole::Assistant;
    answer.reasoning = kReasoning;
    answer.content = kAnswers.at(0).section(QStringLiteral("\n\nSee ["), 0, 0)
                     + QStringLiteral("\n\n| Approach | Handles tabs | Speed |\n|---|---|---:|\n"
                                      "| `getline` + `>>` | yes | 1.0x |\n| `std::regex` | yes | 0.2x |");
    return {question, answer};
}

QString sampleStreamedReply(int minTokens)
{
    QString reply = QStringLiteral("<think>") + kReasoning + QStringLiteral("</think>\n\n");
    // Counted per answer (splitting the whole reply each time would be quadratic), then checked:
    // at a seam the whitespace joins the next piece, so the sum can overcount by one per seam.
    qsizetype counted = splitIntoTokens(reply).size();
    for (qsizetype i = 0; counted < minTokens; ++i) {
        const QString answer = kAnswers.at(i % kAnswers.size()) + QStringLiteral("\n\n");
        reply += answer;
        counted += splitIntoTokens(answer).size();
    }
    while (splitIntoTokens(reply).size() < minTokens)
        reply += kAnswers.at(0) + QStringLiteral("\n\n");
    return reply;
}

QStringList splitIntoTokens(const QString& text)
{
    QStringList pieces;
    qsizetype at = 0;
    while (at < text.size()) {
        qsizetype end = at;
        while (end < text.size() && text.at(end).isSpace())
            ++end;
        const qsizetype wordEnd = std::min(text.size(), end + 4);
        while (end < wordEnd && !text.at(end).isSpace())
            ++end;
        pieces << text.mid(at, end - at);
        at = end;
    }
    return pieces;
}

}  // namespace strata::bench
