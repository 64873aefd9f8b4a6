// The GPU options of the tools that open a model for use (strata-cli, strata-server): which device,
// how much VRAM, how the host waits for the GPU, and where a MoE model's experts live.
#pragma once

#include "strata/model/model.hpp"

#include <string>

namespace strata::tools {

// When argv[i] is one of these options, applies it (and its value, advancing i) to `options` and
// returns true; a bad value throws strata::Error naming the option. Otherwise returns false.
//   --device cpu|cuda|cuda:N|cuda:N,M,...    --gpu-budgets MIB,MIB,...    --vram-budget MIB
//   --gpu-wait blocking|spin|yield|adaptive
//   --experts gpu|cache:MIB|cpu:LAYERS    --wake-ahead [on|off|auto]    --no-wake-ahead    --expert-state FILE
bool parseGpuOption(int argc, char** argv, int& i, model::ModelOptions& options);

// The lines those options add to a tool's usage.
const char* gpuOptionsUsage();

}  // namespace strata::tools
