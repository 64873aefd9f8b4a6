// GGUF metadata: typed key/value pairs read straight from a file's bytes.
// Values are views into the mapped file (no copies); they stay valid while the File lives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace strata::gguf {

// Value type numbers as GGUF files store them: part of the format, never renumber.
enum class ValueType : uint32_t {
    UInt8 = 0,
    Int8 = 1,
    UInt16 = 2,
    Int16 = 3,
    UInt32 = 4,
    Int32 = 5,
    Float32 = 6,
    Bool = 7,
    String = 8,
    Array = 9,
    UInt64 = 10,
    Int64 = 11,
    Float64 = 12,
};

// "uint32", "string", ... (as gguf-py names them); "type N" for numbers outside the format.
std::string_view valueTypeName(ValueType type);
// Bytes one element of a fixed-size type takes; 0 for String and Array.
size_t valueTypeSize(ValueType type);
bool isIntegerType(ValueType type);

// One metadata value. Scalars, strings and arrays (of any type, nested too).
// Only the parser constructs non-empty Values; their bytes were validated when the file was opened.
class Value {
public:
    Value() = default;
    Value(ValueType type, std::span<const std::byte> payload, ValueType elementType = ValueType::UInt8,
          uint64_t count = 0)
        : type_(type), elementType_(elementType), count_(count), payload_(payload)
    {}

    ValueType type() const { return type_; }
    bool isArray() const { return type_ == ValueType::Array; }

    // Scalars. Integer getters accept any integer type whose value fits; the float getter also
    // takes integers; nullopt when the type does not convert or the value does not fit.
    std::optional<uint64_t> asU64() const;
    std::optional<int64_t> asI64() const;
    std::optional<double> asF64() const;
    std::optional<bool> asBool() const;
    std::optional<std::string_view> asString() const;

    // Arrays.
    ValueType elementType() const { return elementType_; }
    uint64_t size() const { return isArray() ? count_ : 0; }
    // The i-th element: O(1) for fixed-size element types, O(i) for strings and nested arrays.
    Value at(uint64_t i) const;
    // All elements of a string array as views into the file; nullopt for other values.
    std::optional<std::vector<std::string_view>> strings() const;
    // Every element of a numeric array converted; nullopt when the array is not numeric or an
    // element does not fit the target.
    std::optional<std::vector<int64_t>> integers() const;
    std::optional<std::vector<float>> floats() const;
    // The encoded bytes of a fixed-size scalar, or of the elements of an array of a fixed-size
    // type (little-endian, unaligned).
    std::span<const std::byte> rawElements() const { return payload_; }

    // Short human-readable rendering ("42", "\"llama\"", "[uint32 x 3: 1, 2, 3]").
    std::string toDisplayString(size_t maxElements = 8) const;

private:
    ValueType type_ = ValueType::UInt8;
    ValueType elementType_ = ValueType::UInt8;
    uint64_t count_ = 0;
    std::span<const std::byte> payload_;
};

// The key/value pairs of a file in file order, with lookup by key.
class Metadata {
public:
    struct Entry {
        std::string_view key;
        Value value;
    };

    void add(std::string_view key, Value value);  // the parser rejects duplicates before this
    const std::vector<Entry>& entries() const { return entries_; }
    size_t size() const { return entries_.size(); }
    const Value* find(std::string_view key) const;
    bool contains(std::string_view key) const { return find(key) != nullptr; }

    // Typed getters: nullopt when the key is missing or its value does not convert (see Value).
    std::optional<std::string_view> getString(std::string_view key) const;
    std::optional<uint32_t> getU32(std::string_view key) const;
    std::optional<uint64_t> getU64(std::string_view key) const;
    std::optional<int32_t> getI32(std::string_view key) const;
    std::optional<int64_t> getI64(std::string_view key) const;
    std::optional<float> getF32(std::string_view key) const;
    std::optional<double> getF64(std::string_view key) const;
    std::optional<bool> getBool(std::string_view key) const;
    std::optional<std::vector<std::string_view>> getStringArray(std::string_view key) const;
    std::optional<std::vector<int64_t>> getIntArray(std::string_view key) const;
    std::optional<std::vector<float>> getF32Array(std::string_view key) const;
    // The array value itself, for element-wise access without copying.
    const Value* getArray(std::string_view key) const;

private:
    std::vector<Entry> entries_;
    std::unordered_map<std::string_view, size_t> index_;
};

}  // namespace strata::gguf
