// What strata-cli does in each mode; each returns the process exit status.
#pragma once

#include "cli_options.hpp"

namespace strata::cli {

int runChat(const CliOptions& o);        // interactive, stdin/stdout
int runPrompt(const CliOptions& o);      // -p TEXT
int runLogits(const CliOptions& o);      // --tokens IDS (--logits-out / --ids)
int runTokenize(const CliOptions& o);    // --tokenize TEXT
int runDetokenize(const CliOptions& o);  // --detokenize IDS
int runRenderChat(const CliOptions& o);  // --render-chat FILE.json

}  // namespace strata::cli
