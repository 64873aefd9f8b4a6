// One model of the library as the scanner saw it: a GGUF file, or the parts of a split GGUF.
// Plain data, copied from the scanner's thread to the GUI thread.
#pragma once

#include "strata/model/hparams.hpp"

#include <QList>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>
#include <optional>

namespace strata::domain::models {

struct ModelEntry {
    QString path;          // the file to open (the first part of a split model)
    QStringList files;     // every part, in order (one entry for a single file)
    QString displayName;   // general.name, else the file name without ".gguf"
    qint64 sizeBytes = 0;  // all parts together

    QString architecture;        // general.architecture
    qint64 parameterCount = -1;  // elements of all tensors
    QString quantization;        // general.file_type as llama.cpp names it ("Q4_K_M")
    qint64 contextLength = -1;   // <arch>.context_length
    int expertCount = 0;         // <arch>.expert_count (0: dense)
    int expertUsedCount = 0;     // <arch>.expert_used_count
    int layerCount = 0;          // <arch>.block_count
    QList<int> kvHeadsPerLayer;  // <arch>.attention.head_count_kv (one value repeated, or per layer)
    int keyLength = 0;           // per head; <arch>.attention.key_length or embedding / heads
    int valueLength = 0;
    qint64 tensorDataBytes = -1;              // the weights themselves
    qint64 gpuWeightsBytes = -1;              // the weights as the CUDA backend lays them out (model::cudaWeightBytes)
    std::optional<model::Hparams> hparams;    // as the engine reads them; none when it cannot (VRAM unknown)
    QString chatTemplate;                     // tokenizer.chat_template
    QList<QPair<QString, QString>> metadata;  // every key, its value as text (long arrays summarised)

    QString error;  // not empty: the file is malformed or incomplete and cannot be loaded
    // Downloaded with no hash to check it against: it may not be the file its source published.
    bool unverified = false;
    // Opened from outside the library's folders (ModelLibrarySettings::addedFiles): removing it
    // from the library forgets it and leaves the file alone.
    bool addedByHand = false;
    bool loadable() const { return error.isEmpty(); }
};

// llama.cpp's names for general.file_type values ("Q4_K_M" for 15); empty for unknown numbers.
QString fileTypeName(quint32 fileType);

}  // namespace strata::domain::models

Q_DECLARE_METATYPE(strata::domain::models::ModelEntry)
