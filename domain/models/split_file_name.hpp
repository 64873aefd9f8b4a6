// Split GGUF models are stored as "<base>-00001-of-00003.gguf", "<base>-00002-of-00003.gguf", ...
#pragma once

#include <QString>

namespace strata::domain::models {

struct SplitFileName {
    QString base;   // "Qwen3-30B-A3B-Q4_K_M"
    int index = 0;  // 1-based
    int count = 0;
};

// True when `fileName` (no folder) follows the split pattern with 1 <= index <= count.
bool parseSplitFileName(const QString& fileName, SplitFileName& out);

QString splitFileName(const QString& base, int index, int count);

}  // namespace strata::domain::models
