// One line that tells models apart in the model selector: name, architecture, size,
// quantization and context. The same words for a recent model (read from its file's header) and
// for the loaded one (from the engine, with the context the session really has).
#pragma once

#include "strata/model/backend.hpp"

#include <QString>
#include <optional>

namespace strata::domain::models {
struct ModelEntry;
}

namespace strata::app {

struct ModelFacts {
    QString name;                              // general.name ("" when missing)
    QString architecture;                      // general.architecture
    qint64 parameters = -1;                    // -1: unknown
    QString quantization;                      // "Q4_K_M"; "" when unknown
    qint64 contextLength = -1;                 // tokens; -1: unknown
    std::optional<model::KvType> kvCacheType;  // of a loaded model; none for a file on disk
};

// "Qwen3 0.6B · qwen3 · 0.8B parameters · Q8_0 · context 4096 tokens · KV cache f16"; unknown
// facts are left out.
QString describeModelFacts(const ModelFacts& facts);

// The facts of a header read by domain::models::readModelHeader (the file's trained context length);
// an unreadable file gives its reader's error instead.
QString describeModelEntry(const domain::models::ModelEntry& entry);

// "950.0M", "1.5B": parameters as people say them.
QString parameterCountText(qint64 parameters);

}  // namespace strata::app
