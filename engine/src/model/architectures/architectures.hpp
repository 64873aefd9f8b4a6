// The architecture descriptions, one per file in this folder.
#pragma once

#include "strata/model/architecture.hpp"

namespace strata::model::arch {
extern const Architecture kLlama;
extern const Architecture kQwen2;
extern const Architecture kQwen3;
extern const Architecture kQwen3moe;
}  // namespace strata::model::arch
