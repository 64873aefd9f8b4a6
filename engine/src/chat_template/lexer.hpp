// Splits a Jinja2 template into text and tag tokens the way Jinja2's lexer does with Hugging
// Face's settings: trim_blocks, lstrip_blocks, '-'/'+' whitespace control, raw blocks, newlines
// normalised to '\n' and one trailing newline dropped (keep_trailing_newline=False).
#pragma once

#include <string>
#include <vector>

namespace strata::chat_template {

enum class TokenType {
    Data,
    VariableBegin,
    VariableEnd,
    BlockBegin,
    BlockEnd,
    Name,
    String,
    Int,
    Float,
    Operator,
    End
};

struct Token {
    TokenType type;
    std::string text;  // Data text, name, decoded string, number text or operator
    int line;
    int column;
};

std::vector<Token> tokenize(const std::string& source, const std::string& templateName);

}  // namespace strata::chat_template
