// Builds the AST from tokens with Jinja2's grammar and operator precedence.
#pragma once

#include "chat_template/ast.hpp"
#include "chat_template/lexer.hpp"

namespace strata::chat_template {

std::unique_ptr<Program> parseTemplate(const std::string& source, const std::string& templateName);

}  // namespace strata::chat_template
