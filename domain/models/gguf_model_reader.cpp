#include "domain/models/gguf_model_reader.hpp"

#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"
#include "strata/model/cuda_memory.hpp"

#include <QFile>
#include <QFileInfo>
#include <map>
#include <string>

namespace strata::domain::models {

namespace {

// Metadata values longer than this are cut in the table (the chat template has its own view).
constexpr qsizetype kMaxShownChars = 300;
// The table lists this many keys, then one row with the count of the rest. Real models have 20 to
// 60; a hostile file may have 65,536 (the reader's cap), each a QString pair on the GUI side.
constexpr qsizetype kMaxListedKeys = 256;
// Real chat templates are under 20 KiB; the engine renders at most its own limits anyway.
constexpr qsizetype kMaxTemplateBytes = 1 << 20;

// At most `maxBytes` of `s` (UTF-8), as text: the copy never holds more than that.
QString cutText(std::string_view s, qsizetype maxBytes)
{
    if (qsizetype(s.size()) <= maxBytes)
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    return QString::fromUtf8(s.data(), maxBytes) + QStringLiteral("…");
}

QString text(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// A per-layer array or one number for all layers; empty when the key is missing.
QList<int> perLayer(const gguf::Metadata& md, const std::string& key)
{
    const gguf::Value* v = md.find(key);
    if (!v)
        return {};
    if (v->isArray()) {
        QList<int> out;
        if (const auto values = v->integers())
            for (int64_t x : *values)
                out << int(x);
        return out;
    }
    if (const auto x = v->asU64())
        return {int(*x)};
    return {};
}

int firstNonZero(const QList<int>& values)
{
    for (int v : values)
        if (v > 0)
            return v;
    return 0;
}

}  // namespace

QString quantizationName(const gguf::File& file)
{
    if (const auto fileType = file.metadata().getU32("general.file_type"))
        if (QString name = fileTypeName(*fileType); !name.isEmpty())
            return name;
    // No (known) file type: name the type that holds most of the weights.
    std::map<std::string_view, qint64> bytesByType;
    for (const gguf::TensorInfo& t : file.tensors())
        if (const auto traits = gguf::ggmlTypeTraits(uint32_t(t.type)))
            bytesByType[traits->name] += qint64(t.bytes());
    if (bytesByType.empty())
        return {};
    auto top = bytesByType.begin();
    for (auto it = bytesByType.begin(); it != bytesByType.end(); ++it)
        if (it->second > top->second)
            top = it;
    return text(top->first);
}

void readModelHeader(ModelEntry& entry)
{
    entry.sizeBytes = 0;
    for (const QString& file : entry.files)
        entry.sizeBytes += QFileInfo(file).size();
    if (entry.displayName.isEmpty())
        entry.displayName = QFileInfo(entry.path).completeBaseName();
    entry.gpuWeightsBytes = -1;
    entry.hparams.reset();
    try {
        const gguf::File file = gguf::File::open(std::filesystem::path(QFile::encodeName(entry.path).toStdString()));
        const gguf::Metadata& md = file.metadata();
        const std::string arch(md.getString("general.architecture").value_or(""));
        entry.architecture = text(arch);
        if (const auto name = md.getString("general.name"); name && !name->empty())
            entry.displayName = text(*name);
        const std::string p = arch + '.';
        entry.contextLength = qint64(md.getU64(p + "context_length").value_or(0));
        if (entry.contextLength == 0)
            entry.contextLength = -1;
        entry.expertCount = int(md.getU32(p + "expert_count").value_or(0));
        entry.expertUsedCount = int(md.getU32(p + "expert_used_count").value_or(0));
        entry.layerCount = int(md.getU32(p + "block_count").value_or(0));
        const QList<int> heads = perLayer(md, p + "attention.head_count");
        entry.kvHeadsPerLayer = perLayer(md, p + "attention.head_count_kv");
        if (entry.kvHeadsPerLayer.isEmpty())
            entry.kvHeadsPerLayer = heads;  // no grouped-query attention: one KV head per head
        const int embedding = int(md.getU32(p + "embedding_length").value_or(0));
        const int headCount = firstNonZero(heads);
        const int derived = headCount > 0 ? embedding / headCount : 0;
        entry.keyLength = int(md.getU32(p + "attention.key_length").value_or(uint32_t(derived)));
        entry.valueLength = int(md.getU32(p + "attention.value_length").value_or(uint32_t(derived)));
        entry.chatTemplate = cutText(md.getString("tokenizer.chat_template").value_or(""), kMaxTemplateBytes);

        qint64 parameters = 0;
        qint64 dataBytes = 0;
        for (const gguf::TensorInfo& t : file.tensors()) {
            parameters += qint64(t.elements);
            dataBytes += qint64(t.bytes());
        }
        entry.parameterCount = parameters;
        entry.tensorDataBytes = dataBytes;
        entry.gpuWeightsBytes = qint64(model::cudaWeightBytes(file));
        // The engine's own reading (what the VRAM estimate sizes the scratch from); a file it
        // refuses still lists, with the facts above, and only the VRAM column stays unknown.
        try {
            entry.hparams = model::readHparams(md, entry.path.toStdString());
        } catch (const strata::Error&) {}
        entry.quantization = quantizationName(file);

        entry.metadata.clear();
        for (const auto& kv : md.entries()) {
            if (entry.metadata.size() == kMaxListedKeys) {
                entry.metadata.append(
                    {QStringLiteral("…"),
                     QStringLiteral("%1 more keys").arg(qsizetype(md.entries().size()) - kMaxListedKeys)});
                break;
            }
            QString value = QString::fromStdString(kv.value.toDisplayString(8));
            if (value.size() > kMaxShownChars)
                value = value.left(kMaxShownChars) + QStringLiteral("…");
            entry.metadata.append({cutText(kv.key, kMaxShownChars), value});
        }
        entry.error.clear();
    } catch (const strata::Error& e) {
        entry.error = QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        entry.error = QStringLiteral("%1: %2").arg(entry.path, QString::fromUtf8(e.what()));
    }
}

}  // namespace strata::domain::models
