// The subcommands of strata-gguf. Each returns the process exit code.
#pragma once

#include "arguments.hpp"

namespace strata::tools {

int runInfo(Arguments& args);
int runMkmodel(Arguments& args);
int runQuantize(Arguments& args);
int runRouting(Arguments& args);

}  // namespace strata::tools
