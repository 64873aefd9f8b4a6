// The subcommands of strata-gguf. Each returns the process exit code.
#pragma once

#include "arguments.hpp"
#include "strata/model/router_skew.hpp"

#include <cstdint>
#include <string>

namespace strata::tools {

int runInfo(Arguments& args);
int runMkmodel(Arguments& args);
int runQuantize(Arguments& args);
int runRouting(Arguments& args);
int runSkew(Arguments& args);

// --router-skew, --calibration-tokens, --calibration-window and --threads (mkmodel and skew).
model::RouterSkewOptions routerSkewOptions(Arguments& args, uint64_t defaultSeed);
// Shapes `file`'s routers in place and prints the target and fitted top-10 % share per layer.
void shapeAndReport(const std::string& file, const model::RouterSkewOptions& options);

}  // namespace strata::tools
