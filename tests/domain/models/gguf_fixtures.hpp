// Small GGUF files written with the engine's writer, for the library and dialog tests.
#pragma once

#include "strata/gguf/writer.hpp"

#include <QFile>
#include <QString>
#include <cstring>
#include <string>

namespace fixtures {

inline std::vector<std::byte> f32Data(size_t elements)
{
    std::vector<std::byte> out(elements * 4);
    for (size_t i = 0; i < elements; ++i) {
        const float v = float(i % 7) * 0.25f;
        std::memcpy(out.data() + i * 4, &v, 4);
    }
    return out;
}

// A tiny "qwen3moe"-like model: 2 layers, 4 heads, 2 KV heads, head size 16, 8 experts (2 used).
// Tensors: token_embd 64x32, two 64x64 weights: 64*32 + 2*64*64 = 10240 parameters.
inline strata::gguf::Writer tinyModel(const std::string& name = "Tiny Test Model")
{
    using strata::gguf::MetaValue;
    strata::gguf::Writer w;
    w.set("general.architecture", MetaValue::string("qwen3moe"));
    w.set("general.name", MetaValue::string(name));
    w.set("general.file_type", MetaValue::u32(15));  // Q4_K_M
    w.set("qwen3moe.context_length", MetaValue::u32(40960));
    w.set("qwen3moe.block_count", MetaValue::u32(2));
    w.set("qwen3moe.embedding_length", MetaValue::u32(64));
    w.set("qwen3moe.attention.head_count", MetaValue::u32(4));
    w.set("qwen3moe.attention.head_count_kv", MetaValue::u32(2));
    w.set("qwen3moe.attention.key_length", MetaValue::u32(16));
    w.set("qwen3moe.attention.value_length", MetaValue::u32(16));
    w.set("qwen3moe.expert_count", MetaValue::u32(8));
    w.set("qwen3moe.expert_used_count", MetaValue::u32(2));
    w.set("tokenizer.chat_template", MetaValue::string("{% for m in messages %}<|im_start|>{{ m.role }}{% endfor %}"));
    w.addTensor("token_embd.weight", strata::gguf::GgmlType::F32, {64, 32}, f32Data(64 * 32));
    w.addTensor("blk.0.attn_q.weight", strata::gguf::GgmlType::F32, {64, 64}, f32Data(64 * 64));
    w.addTensor("blk.1.attn_q.weight", strata::gguf::GgmlType::F32, {64, 64}, f32Data(64 * 64));
    return w;
}

inline void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
}

inline QByteArray toQBytes(const std::vector<std::byte>& bytes)
{
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

inline std::filesystem::path fsPath(const QString& path)
{
    return std::filesystem::path(QFile::encodeName(path).toStdString());
}

}  // namespace fixtures
