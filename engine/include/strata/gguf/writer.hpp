// Builds GGUF v3 files (v2 on request, for tests): metadata of every type, tensors, alignment.
#pragma once

#include "strata/gguf/ggml_type.hpp"
#include "strata/gguf/metadata.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace strata::gguf {

// An owned metadata value for writing. Arrays hold elements of one type (arrays nest).
class MetaValue {
public:
    static MetaValue u8(uint8_t v) { return scalar(ValueType::UInt8, v); }
    static MetaValue i8(int8_t v) { return scalar(ValueType::Int8, v); }
    static MetaValue u16(uint16_t v) { return scalar(ValueType::UInt16, v); }
    static MetaValue i16(int16_t v) { return scalar(ValueType::Int16, v); }
    static MetaValue u32(uint32_t v) { return scalar(ValueType::UInt32, v); }
    static MetaValue i32(int32_t v) { return scalar(ValueType::Int32, v); }
    static MetaValue u64(uint64_t v) { return scalar(ValueType::UInt64, v); }
    static MetaValue i64(int64_t v) { return scalar(ValueType::Int64, v); }
    static MetaValue f32(float v) { return scalar(ValueType::Float32, v); }
    static MetaValue f64(double v) { return scalar(ValueType::Float64, v); }
    static MetaValue boolean(bool v) { return scalar(ValueType::Bool, static_cast<uint8_t>(v ? 1 : 0)); }
    static MetaValue string(std::string v);
    // Every element must have type `elementType` (checked when the file is written).
    static MetaValue array(ValueType elementType, std::vector<MetaValue> elements);
    static MetaValue stringArray(const std::vector<std::string>& v);
    static MetaValue i32Array(const std::vector<int32_t>& v);
    static MetaValue f32Array(const std::vector<float>& v);
    // A copy of a value read from a file (to carry metadata over into a new file).
    static MetaValue fromValue(const Value& v);

    ValueType type() const { return type_; }
    ValueType elementType() const { return elementType_; }
    const std::vector<std::byte>& scalarBytes() const { return bytes_; }  // fixed-size types
    const std::string& text() const { return text_; }                     // String
    const std::vector<MetaValue>& elements() const { return elements_; }  // Array

private:
    template <typename T>
    static MetaValue scalar(ValueType type, T v);

    ValueType type_ = ValueType::UInt8;
    ValueType elementType_ = ValueType::UInt8;
    std::vector<std::byte> bytes_;
    std::string text_;
    std::vector<MetaValue> elements_;
};

class Writer {
public:
    // Byte offsets of each section in the last serialised file (tests cut files at these).
    struct Layout {
        uint64_t headerEnd = 0;                // after magic, version and the two counts
        std::vector<uint64_t> keyValueStarts;  // one per metadata entry
        uint64_t metadataEnd = 0;
        std::vector<uint64_t> tensorInfoStarts;  // one per tensor
        uint64_t tensorInfosEnd = 0;
        uint64_t dataStart = 0;
        std::vector<uint64_t> tensorDataStarts;  // absolute
        uint64_t fileSize = 0;
    };

    void setVersion(uint32_t version) { version_ = version; }  // 3 by default; 2 for tests
    // Also written as the "general.alignment" key when it differs from 32.
    void setAlignment(uint32_t alignment);
    uint32_t alignment() const { return alignment_; }

    // Adds or replaces a key (file order is the order of first insertion).
    void set(std::string key, MetaValue value);
    bool has(std::string_view key) const;

    // `data` must hold exactly the bytes the type and shape need; it is moved in, not copied.
    void addTensor(std::string name, GgmlType type, std::vector<uint64_t> shape, std::vector<std::byte> data);
    size_t tensorCount() const { return tensors_.size(); }

    std::vector<std::byte> toBytes(Layout* layout = nullptr) const;
    // Writes to `<path>.tmp` and renames it over `path`, so a reader never sees half a file.
    void write(const std::filesystem::path& path) const;

private:
    struct Tensor {
        std::string name;
        GgmlType type;
        std::vector<uint64_t> shape;
        std::vector<std::byte> data;
    };

    uint32_t version_ = 3;
    uint32_t alignment_ = 32;
    std::vector<std::pair<std::string, MetaValue>> metadata_;
    std::vector<Tensor> tensors_;
};

template <typename T>
MetaValue MetaValue::scalar(ValueType type, T v)
{
    MetaValue m;
    m.type_ = type;
    m.bytes_.resize(sizeof(T));
    std::memcpy(m.bytes_.data(), &v, sizeof(T));
    return m;
}

}  // namespace strata::gguf
