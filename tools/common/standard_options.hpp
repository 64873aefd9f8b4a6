// What every command-line tool answers before it reads anything else: --help or -h (its usage on
// stdout, exit 0) and --version. Looked for anywhere on the line, so "strata-gguf mkmodel --help"
// answers too.
#pragma once

namespace strata::tools {

bool wantsHelp(int argc, char** argv);
bool wantsVersion(int argc, char** argv);
// "strata-gguf 0.1.0 (gcc 12.2.0, RelWithDebInfo; CUDA yes, Vulkan no)" on stdout.
void printVersion(const char* tool);

}  // namespace strata::tools
