#include "strata/gguf/metadata.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <utility>

namespace strata::gguf {

std::string_view valueTypeName(ValueType type)
{
    switch (type) {
    case ValueType::UInt8: return "uint8";
    case ValueType::Int8: return "int8";
    case ValueType::UInt16: return "uint16";
    case ValueType::Int16: return "int16";
    case ValueType::UInt32: return "uint32";
    case ValueType::Int32: return "int32";
    case ValueType::Float32: return "float32";
    case ValueType::Bool: return "bool";
    case ValueType::String: return "string";
    case ValueType::Array: return "array";
    case ValueType::UInt64: return "uint64";
    case ValueType::Int64: return "int64";
    case ValueType::Float64: return "float64";
    }
    return "unknown type";
}

size_t valueTypeSize(ValueType type)
{
    switch (type) {
    case ValueType::UInt8:
    case ValueType::Int8:
    case ValueType::Bool: return 1;
    case ValueType::UInt16:
    case ValueType::Int16: return 2;
    case ValueType::UInt32:
    case ValueType::Int32:
    case ValueType::Float32: return 4;
    case ValueType::UInt64:
    case ValueType::Int64:
    case ValueType::Float64: return 8;
    case ValueType::String:
    case ValueType::Array: return 0;
    }
    return 0;
}

bool isIntegerType(ValueType type)
{
    switch (type) {
    case ValueType::UInt8:
    case ValueType::Int8:
    case ValueType::UInt16:
    case ValueType::Int16:
    case ValueType::UInt32:
    case ValueType::Int32:
    case ValueType::UInt64:
    case ValueType::Int64: return true;
    default: return false;
    }
}

namespace {

template <typename T>
T load(std::span<const std::byte> bytes)
{
    T v{};
    if (bytes.size() >= sizeof(T))
        std::memcpy(&v, bytes.data(), sizeof(T));
    return v;
}

uint64_t loadU64(std::span<const std::byte> b)
{
    return b.size() >= 8 ? load<uint64_t>(b) : 0;
}

// Decodes the element at the front of `bytes` (already validated by the parser, but checked
// again so a Value can never read past its payload). Returns the value and bytes consumed.
std::pair<Value, size_t> decodeFront(std::span<const std::byte> bytes, ValueType type)
{
    if (const size_t s = valueTypeSize(type); s != 0)
        return {Value(type, bytes.first(std::min(s, bytes.size()))), s};
    if (type == ValueType::String) {
        const uint64_t n = loadU64(bytes);
        if (bytes.size() < 8 || n > bytes.size() - 8)
            return {Value(), bytes.size()};
        return {Value(type, bytes.subspan(8, n)), 8 + n};
    }
    // Nested array: uint32 element type, uint64 count, elements.
    if (bytes.size() < 12)
        return {Value(), bytes.size()};
    const auto elem = static_cast<ValueType>(load<uint32_t>(bytes));
    const uint64_t count = load<uint64_t>(bytes.subspan(4));
    size_t used = 12;
    for (uint64_t i = 0; i < count && used < bytes.size(); ++i)
        used += decodeFront(bytes.subspan(used), elem).second;
    used = std::min(used, bytes.size());
    return {Value(ValueType::Array, bytes.subspan(12, used - 12), elem, count), used};
}

}  // namespace

std::optional<uint64_t> Value::asU64() const
{
    switch (type_) {
    case ValueType::UInt8: return load<uint8_t>(payload_);
    case ValueType::UInt16: return load<uint16_t>(payload_);
    case ValueType::UInt32: return load<uint32_t>(payload_);
    case ValueType::UInt64: return load<uint64_t>(payload_);
    case ValueType::Int8:
    case ValueType::Int16:
    case ValueType::Int32:
    case ValueType::Int64: {
        const auto v = asI64();
        if (v && *v >= 0)
            return static_cast<uint64_t>(*v);
        return std::nullopt;
    }
    default: return std::nullopt;
    }
}

std::optional<int64_t> Value::asI64() const
{
    switch (type_) {
    case ValueType::Int8: return load<int8_t>(payload_);
    case ValueType::Int16: return load<int16_t>(payload_);
    case ValueType::Int32: return load<int32_t>(payload_);
    case ValueType::Int64: return load<int64_t>(payload_);
    case ValueType::UInt8:
    case ValueType::UInt16:
    case ValueType::UInt32:
    case ValueType::UInt64: {
        const auto v = asU64();
        if (v && *v <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
            return static_cast<int64_t>(*v);
        return std::nullopt;
    }
    default: return std::nullopt;
    }
}

std::optional<double> Value::asF64() const
{
    if (type_ == ValueType::Float32)
        return load<float>(payload_);
    if (type_ == ValueType::Float64)
        return load<double>(payload_);
    if (const auto i = asI64())
        return static_cast<double>(*i);
    if (const auto u = asU64())
        return static_cast<double>(*u);
    return std::nullopt;
}

std::optional<bool> Value::asBool() const
{
    if (type_ != ValueType::Bool)
        return std::nullopt;
    return load<uint8_t>(payload_) != 0;
}

std::optional<std::string_view> Value::asString() const
{
    if (type_ != ValueType::String)
        return std::nullopt;
    return std::string_view(reinterpret_cast<const char*>(payload_.data()), payload_.size());
}

Value Value::at(uint64_t i) const
{
    if (!isArray() || i >= count_)
        return Value();
    if (const size_t s = valueTypeSize(elementType_); s != 0) {
        if (i * s + s > payload_.size())
            return Value();
        return Value(elementType_, payload_.subspan(i * s, s));
    }
    size_t pos = 0;
    for (uint64_t k = 0; k < i && pos < payload_.size(); ++k)
        pos += decodeFront(payload_.subspan(pos), elementType_).second;
    if (pos >= payload_.size())
        return Value();
    return decodeFront(payload_.subspan(pos), elementType_).first;
}

std::optional<std::vector<std::string_view>> Value::strings() const
{
    if (!isArray() || elementType_ != ValueType::String)
        return std::nullopt;
    std::vector<std::string_view> out;
    out.reserve(count_);
    size_t pos = 0;
    for (uint64_t k = 0; k < count_ && pos < payload_.size(); ++k) {
        auto [v, used] = decodeFront(payload_.subspan(pos), ValueType::String);
        out.push_back(v.asString().value_or(std::string_view()));
        pos += used;
    }
    return out;
}

std::optional<std::vector<int64_t>> Value::integers() const
{
    if (!isArray() || !isIntegerType(elementType_))
        return std::nullopt;
    std::vector<int64_t> out;
    out.reserve(count_);
    for (uint64_t k = 0; k < count_; ++k) {
        const auto v = at(k).asI64();
        if (!v)
            return std::nullopt;
        out.push_back(*v);
    }
    return out;
}

std::optional<std::vector<float>> Value::floats() const
{
    if (!isArray()
        || (elementType_ != ValueType::Float32 && elementType_ != ValueType::Float64 && !isIntegerType(elementType_)))
        return std::nullopt;
    std::vector<float> out;
    out.reserve(count_);
    const size_t s = valueTypeSize(elementType_);
    for (uint64_t k = 0; k < count_; ++k) {
        if (elementType_ == ValueType::Float32) {
            out.push_back(load<float>(payload_.subspan(k * s)));
            continue;
        }
        const auto v = at(k).asF64();
        if (!v)
            return std::nullopt;
        out.push_back(static_cast<float>(*v));
    }
    return out;
}

std::string Value::toDisplayString(size_t maxElements) const
{
    switch (type_) {
    case ValueType::String: {
        std::string s(*asString());
        if (s.size() > 60)
            s = s.substr(0, 57) + "...";
        return "\"" + s + "\"";
    }
    case ValueType::Bool: return *asBool() ? "true" : "false";
    case ValueType::Float32:
    case ValueType::Float64: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%g", *asF64());
        return buf;
    }
    case ValueType::Array: {
        std::string s = "[" + std::string(valueTypeName(elementType_)) + " x " + std::to_string(count_);
        const uint64_t shown = std::min<uint64_t>(count_, maxElements);
        for (uint64_t i = 0; i < shown; ++i)
            s += (i == 0 ? ": " : ", ") + at(i).toDisplayString(maxElements);
        if (shown < count_)
            s += ", ...";
        return s + "]";
    }
    default:
        if (const auto u = asU64())
            return std::to_string(*u);
        if (const auto i = asI64())
            return std::to_string(*i);
        return "?";
    }
}

void Metadata::add(std::string_view key, Value value)
{
    index_.emplace(key, entries_.size());
    entries_.push_back({key, value});
}

const Value* Metadata::find(std::string_view key) const
{
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : &entries_[it->second].value;
}

std::optional<std::string_view> Metadata::getString(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->asString() : std::nullopt;
}

std::optional<uint32_t> Metadata::getU32(std::string_view key) const
{
    const auto v = getU64(key);
    if (!v || *v > std::numeric_limits<uint32_t>::max())
        return std::nullopt;
    return static_cast<uint32_t>(*v);
}

std::optional<uint64_t> Metadata::getU64(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->asU64() : std::nullopt;
}

std::optional<int32_t> Metadata::getI32(std::string_view key) const
{
    const auto v = getI64(key);
    if (!v || *v < std::numeric_limits<int32_t>::min() || *v > std::numeric_limits<int32_t>::max())
        return std::nullopt;
    return static_cast<int32_t>(*v);
}

std::optional<int64_t> Metadata::getI64(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->asI64() : std::nullopt;
}

std::optional<float> Metadata::getF32(std::string_view key) const
{
    const auto v = getF64(key);
    return v ? std::optional<float>(static_cast<float>(*v)) : std::nullopt;
}

std::optional<double> Metadata::getF64(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->asF64() : std::nullopt;
}

std::optional<bool> Metadata::getBool(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->asBool() : std::nullopt;
}

std::optional<std::vector<std::string_view>> Metadata::getStringArray(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->strings() : std::nullopt;
}

std::optional<std::vector<int64_t>> Metadata::getIntArray(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->integers() : std::nullopt;
}

std::optional<std::vector<float>> Metadata::getF32Array(std::string_view key) const
{
    const Value* v = find(key);
    return v ? v->floats() : std::nullopt;
}

const Value* Metadata::getArray(std::string_view key) const
{
    const Value* v = find(key);
    return v && v->isArray() ? v : nullptr;
}

}  // namespace strata::gguf
