#include "strata/gguf/writer.hpp"

#include "gguf/checked_math.hpp"
#include "strata/core/error.hpp"

#include <bit>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace strata::gguf {

MetaValue MetaValue::string(std::string v)
{
    MetaValue m;
    m.type_ = ValueType::String;
    m.text_ = std::move(v);
    return m;
}

MetaValue MetaValue::array(ValueType elementType, std::vector<MetaValue> elements)
{
    MetaValue m;
    m.type_ = ValueType::Array;
    m.elementType_ = elementType;
    m.elements_ = std::move(elements);
    return m;
}

MetaValue MetaValue::stringArray(const std::vector<std::string>& v)
{
    std::vector<MetaValue> e;
    e.reserve(v.size());
    for (const auto& s : v)
        e.push_back(string(s));
    return array(ValueType::String, std::move(e));
}

MetaValue MetaValue::i32Array(const std::vector<int32_t>& v)
{
    std::vector<MetaValue> e;
    e.reserve(v.size());
    for (int32_t x : v)
        e.push_back(i32(x));
    return array(ValueType::Int32, std::move(e));
}

MetaValue MetaValue::f32Array(const std::vector<float>& v)
{
    std::vector<MetaValue> e;
    e.reserve(v.size());
    for (float x : v)
        e.push_back(f32(x));
    return array(ValueType::Float32, std::move(e));
}

MetaValue MetaValue::fromValue(const Value& v)
{
    switch (v.type()) {
    case ValueType::String: return string(std::string(*v.asString()));
    case ValueType::Array: {
        std::vector<MetaValue> e;
        e.reserve(v.size());
        if (const size_t s = valueTypeSize(v.elementType()); s != 0) {
            const auto raw = v.rawElements();
            for (uint64_t i = 0; i < v.size(); ++i) {
                MetaValue m;
                m.type_ = v.elementType();
                m.bytes_.assign(raw.begin() + static_cast<ptrdiff_t>(i * s),
                                raw.begin() + static_cast<ptrdiff_t>((i + 1) * s));
                e.push_back(std::move(m));
            }
        } else if (v.elementType() == ValueType::String) {
            const std::vector<std::string_view> items = v.strings().value_or(std::vector<std::string_view>{});
            for (std::string_view sv : items)
                e.push_back(string(std::string(sv)));
        } else {
            for (uint64_t i = 0; i < v.size(); ++i)
                e.push_back(fromValue(v.at(i)));
        }
        return array(v.elementType(), std::move(e));
    }
    default: {
        MetaValue m;
        m.type_ = v.type();
        const auto raw = v.rawElements();
        m.bytes_.assign(raw.begin(), raw.end());
        return m;
    }
    }
}

void Writer::setAlignment(uint32_t alignment)
{
    if (alignment == 0 || !std::has_single_bit(alignment))
        throw Error("GGUF writer: alignment " + std::to_string(alignment) + " is not a power of two");
    alignment_ = alignment;
}

void Writer::set(std::string key, MetaValue value)
{
    for (auto& [k, v] : metadata_)
        if (k == key) {
            v = std::move(value);
            return;
        }
    metadata_.emplace_back(std::move(key), std::move(value));
}

bool Writer::has(std::string_view key) const
{
    for (const auto& kv : metadata_)
        if (kv.first == key)
            return true;
    return false;
}

void Writer::addTensor(std::string name, GgmlType type, std::vector<uint64_t> shape, std::vector<std::byte> data)
{
    const auto traits = ggmlTypeTraits(static_cast<uint32_t>(type));
    const auto where = "GGUF writer: tensor '" + name + "': ";
    if (!traits)
        throw Error(where + "unknown type");
    if (shape.empty() || shape.size() > 4)
        throw Error(where + std::to_string(shape.size()) + " dimensions (1 to 4 allowed)");
    uint64_t elements = 1;
    for (uint64_t d : shape) {
        const auto e = detail::checkedMul(elements, d);
        if (d == 0 || !e)
            throw Error(where + "bad shape");
        elements = *e;
    }
    if (shape[0] % traits->blockElements != 0)
        throw Error(where + "row length " + std::to_string(shape[0]) + " is not a multiple of "
                    + std::string(traits->name) + "'s block of " + std::to_string(traits->blockElements));
    const uint64_t bytes = elements / traits->blockElements * traits->blockBytes;
    if (data.size() != bytes)
        throw Error(where + "holds " + std::to_string(data.size()) + " bytes, its type and shape need "
                    + std::to_string(bytes));
    for (const auto& t : tensors_)
        if (t.name == name)
            throw Error(where + "added twice");
    tensors_.push_back({std::move(name), type, std::move(shape), std::move(data)});
}

namespace {

class Out {
public:
    explicit Out(std::vector<std::byte>& b) : b_(b) {}
    template <typename T>
    void put(T v)
    {
        const auto* p = reinterpret_cast<const std::byte*>(&v);
        b_.insert(b_.end(), p, p + sizeof(T));
    }
    void putString(std::string_view s)
    {
        put<uint64_t>(s.size());
        const auto* p = reinterpret_cast<const std::byte*>(s.data());
        b_.insert(b_.end(), p, p + s.size());
    }
    void putBytes(std::span<const std::byte> s) { b_.insert(b_.end(), s.begin(), s.end()); }
    void padTo(uint64_t align) { b_.resize(*detail::alignUp(b_.size(), align), std::byte{0}); }
    uint64_t size() const { return b_.size(); }

private:
    std::vector<std::byte>& b_;
};

void putValue(Out& out, const MetaValue& v, const std::string& key)
{
    switch (v.type()) {
    case ValueType::String: out.putString(v.text()); return;
    case ValueType::Array:
        out.put<uint32_t>(static_cast<uint32_t>(v.elementType()));
        out.put<uint64_t>(v.elements().size());
        for (const MetaValue& e : v.elements()) {
            if (e.type() != v.elementType())
                throw Error("GGUF writer: key '" + key + "': " + std::string(valueTypeName(e.type()))
                            + " element in an array of " + std::string(valueTypeName(v.elementType())));
            putValue(out, e, key);
        }
        return;
    default: out.putBytes(v.scalarBytes());
    }
}

}  // namespace

std::vector<std::byte> Writer::toBytes(Layout* layout) const
{
    Layout l;
    std::vector<std::byte> bytes;
    Out out(bytes);
    out.put<uint32_t>(0x46554747);  // "GGUF"
    out.put<uint32_t>(version_);
    out.put<uint64_t>(tensors_.size());
    const bool writeAlignment = alignment_ != 32 && !has("general.alignment");
    out.put<uint64_t>(metadata_.size() + (writeAlignment ? 1 : 0));
    l.headerEnd = out.size();
    for (const auto& [key, value] : metadata_) {
        l.keyValueStarts.push_back(out.size());
        out.putString(key);
        out.put<uint32_t>(static_cast<uint32_t>(value.type()));
        putValue(out, value, key);
    }
    if (writeAlignment) {
        l.keyValueStarts.push_back(out.size());
        out.putString("general.alignment");
        out.put<uint32_t>(static_cast<uint32_t>(ValueType::UInt32));
        out.put<uint32_t>(alignment_);
    }
    l.metadataEnd = out.size();
    uint64_t offset = 0;
    std::vector<uint64_t> offsets;
    for (const Tensor& t : tensors_) {
        l.tensorInfoStarts.push_back(out.size());
        out.putString(t.name);
        out.put<uint32_t>(static_cast<uint32_t>(t.shape.size()));
        for (uint64_t d : t.shape)
            out.put<uint64_t>(d);
        out.put<uint32_t>(static_cast<uint32_t>(t.type));
        out.put<uint64_t>(offset);
        offsets.push_back(offset);
        offset = *detail::alignUp(offset + t.data.size(), alignment_);
    }
    l.tensorInfosEnd = out.size();
    out.padTo(alignment_);
    l.dataStart = out.size();
    for (size_t i = 0; i < tensors_.size(); ++i) {
        out.padTo(alignment_);
        l.tensorDataStarts.push_back(out.size());
        out.putBytes(tensors_[i].data);
    }
    if (!tensors_.empty())
        out.padTo(alignment_);
    l.fileSize = out.size();
    if (layout)
        *layout = std::move(l);
    return bytes;
}

void Writer::write(const std::filesystem::path& path) const
{
    const std::vector<std::byte> bytes = toBytes();
    std::filesystem::path tmp = path;
    tmp += ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f)
            throw Error(tmp.string() + ": cannot create");
        f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
        f.flush();
        if (!f) {
            std::error_code ec;
            std::filesystem::remove(tmp, ec);
            throw Error(tmp.string() + ": write failed");
        }
    }
    std::error_code ec;
    std::filesystem::rename(tmp, path, ec);
    if (ec) {
        std::filesystem::remove(tmp, ec);
        throw Error(path.string() + ": cannot rename the finished file into place: " + ec.message());
    }
}

}  // namespace strata::gguf
