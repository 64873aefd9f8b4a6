// The built-in list of popular GGUF models (resources/catalogue/catalogue.json) the user can
// download with one click. Sizes there are approximate; the download checks the server's.
#pragma once

#include <QList>
#include <QString>
#include <QUrl>

namespace strata::domain::models {

struct CatalogueEntry {
    QString name;          // "Qwen3 4B"
    QString repo;          // "Qwen/Qwen3-4B-GGUF"
    QString fileName;      // "Qwen3-4B-Q4_K_M.gguf"
    QUrl url;              // https://huggingface.co/<repo>/resolve/main/<file>
    QString quantization;  // "Q4_K_M"
    QString parameters;    // "4B"
    qint64 approxSizeBytes = -1;
    QString sha256;  // empty unless known (Hugging Face sends it as the ETag anyway)
    QString license;
};

struct Catalogue {
    QList<CatalogueEntry> entries;
    QString error;  // why the catalogue could not be read; names the entry and field

    // Parse a catalogue document; `source` names it in error messages.
    static Catalogue parse(const QByteArray& json, const QString& source);
    static Catalogue builtIn();  // the resource :/catalogue/catalogue.json
};

}  // namespace strata::domain::models
