// The architecture descriptions, one per file in this folder.
#pragma once

#include "strata/model/architecture.hpp"

namespace strata::model::arch {
extern const Architecture llama;
extern const Architecture qwen2;
extern const Architecture qwen3;
extern const Architecture qwen3moe;
}  // namespace strata::model::arch
