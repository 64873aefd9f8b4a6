#include "gguf/part_parser.hpp"

#include "gguf/byte_cursor.hpp"
#include "gguf/checked_math.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <numeric>
#include <unordered_set>

namespace strata::gguf::detail {

void throwParseError(std::string_view file, std::string_view field, uint64_t offset, std::string_view problem)
{
    throw Error(std::string(file) + ": " + std::string(field) + " at byte offset " + std::to_string(offset) + ": "
                + std::string(problem));
}

namespace {

constexpr uint32_t kMagic = 0x46554747;  // "GGUF" read as a little-endian uint32
// Nested arrays are legal but no real file nests deeply; the bound keeps recursion shallow.
constexpr int kMaxArrayDepth = 8;
// Caps on what a file may claim, so a crafted header costs bounded memory and time before
// anything is checked against a model. Real files stay far below each: llama.cpp's writers emit
// ~50 keys, the largest vocabulary (Gemma 3) is 262144 tokens, its longest key well under 100
// bytes. A 56 MB file of 3M tiny keys took 750 MB and 10 s to open before (issue 18).
constexpr uint64_t kMaxMetadataKeys = 1u << 16;
constexpr uint64_t kMaxArrayLength = 1u << 24;  // 64x the largest vocabulary
constexpr uint64_t kMaxKeyBytes = 65535;        // the GGUF spec: keys are at most 2^16 - 1 bytes
// The GGUF spec caps tensor names at 64 bytes; ggml stores them in a 64-byte field.
constexpr uint64_t kMaxTensorNameBytes = 64;
constexpr uint64_t kMaxTensors = 1u << 20;  // DeepSeek V3 has ~1,100 tensors per file
// Smallest encodings, used to bound counts by the bytes that remain before allocating anything.
constexpr uint64_t kMinKeyValueBytes = 8 + 4 + 1;            // empty key, type, 1-byte value
constexpr uint64_t kMinTensorInfoBytes = 8 + 4 + 8 + 4 + 8;  // empty name, 1 dim, type, offset

std::string quoted(std::string_view s)
{
    return "'" + std::string(s.substr(0, 80)) + (s.size() > 80 ? "...'" : "'");
}

bool validValueType(uint32_t t)
{
    return t <= static_cast<uint32_t>(ValueType::Float64);
}

class Parser {
public:
    Parser(std::span<const std::byte> bytes, const std::string& fileName) : cur_(bytes, fileName) {}

    ParsedPart run()
    {
        ParsedPart out;
        readHeader(out);
        readMetadata(out);
        readAlignment(out);
        readTensorInfos(out);
        placeData(out);
        return out;
    }

private:
    void readHeader(ParsedPart& out)
    {
        const auto magic = cur_.read<uint32_t>([] { return "magic"; });
        if (magic != kMagic)
            cur_.fail([] { return "magic"; }, 0, "not a GGUF file (expected the bytes 'GGUF')");
        const uint64_t versionAt = cur_.offset();
        const auto version = cur_.read<uint32_t>([] { return "version"; });
        if (version == 1)
            cur_.fail([] { return "version"; }, versionAt,
                      "GGUF version 1 is not supported (its counts were 32-bit); convert the file again");
        if (version != 2 && version != 3) {
            std::string problem = "unsupported GGUF version " + std::to_string(version) + " (2 and 3 are)";
            if ((version & 0xffffu) == 0 && version != 0)
                problem += "; this looks like a big-endian file, which is not supported";
            cur_.fail([] { return "version"; }, versionAt, problem);
        }
        out.version = version;
        tensorCountAt_ = cur_.offset();
        tensorCount_ = cur_.read<uint64_t>([] { return "tensor count"; });
        kvCountAt_ = cur_.offset();
        kvCount_ = cur_.read<uint64_t>([] { return "metadata key/value count"; });
        if (kvCount_ > kMaxMetadataKeys)
            cur_.fail([] { return "metadata key/value count"; }, kvCountAt_,
                      std::to_string(kvCount_) + " keys, more than the " + std::to_string(kMaxMetadataKeys)
                          + " allowed");
        if (tensorCount_ > kMaxTensors)
            cur_.fail([] { return "tensor count"; }, tensorCountAt_,
                      std::to_string(tensorCount_) + " tensors, more than the " + std::to_string(kMaxTensors)
                          + " allowed");
        boundCount(kvCount_, kMinKeyValueBytes, kvCountAt_, "metadata key/value count");
        boundCount(tensorCount_, kMinTensorInfoBytes, tensorCountAt_, "tensor count");
    }

    // A count is a lie when its smallest possible encoding needs more bytes than the file has left.
    void boundCount(uint64_t count, uint64_t minBytes, uint64_t at, const char* field)
    {
        const auto need = checkedMul(count, minBytes);
        if (!need || *need > cur_.remaining())
            cur_.fail([&] { return field; }, at,
                      std::to_string(count) + " entries cannot fit in the " + std::to_string(cur_.remaining())
                          + " bytes that remain");
    }

    void readMetadata(ParsedPart& out)
    {
        std::unordered_set<std::string_view> seen;
        for (uint64_t i = 0; i < kvCount_; ++i) {
            const uint64_t keyAt = cur_.offset();
            const auto keyField = [&] { return "metadata key " + std::to_string(i); };
            const std::string_view key = cur_.readString(keyField);
            if (key.size() > kMaxKeyBytes)
                cur_.fail(keyField, keyAt,
                          "key of " + std::to_string(key.size()) + " bytes, more than " + std::to_string(kMaxKeyBytes));
            const auto field = [&] { return "metadata key " + std::to_string(i) + " " + quoted(key); };
            if (!seen.insert(key).second)
                cur_.fail(field, keyAt, "duplicate key");
            if (key == "general.alignment")
                alignmentKeyAt_ = keyAt;
            const uint64_t typeAt = cur_.offset();
            const auto type = cur_.read<uint32_t>([&] { return field() + " type"; });
            if (!validValueType(type))
                cur_.fail([&] { return field() + " type"; }, typeAt, "unknown value type " + std::to_string(type));
            const Value v = readValue(static_cast<ValueType>(type), 0, FieldFn(field));
            out.metadata.add(key, v);
        }
    }

    // Field is type-erased here: the function recurses for nested arrays.
    using FieldFn = std::function<std::string()>;
    Value readValue(ValueType type, int depth, const FieldFn& field)
    {
        if (const size_t s = valueTypeSize(type); s != 0)
            return Value(type, cur_.take(s, [&] { return field() + " value"; }));
        if (type == ValueType::String) {
            const std::string_view s = cur_.readString([&] { return field() + " value"; });
            return Value(type, std::as_bytes(std::span(s.data(), s.size())));
        }
        // Array: element type, count, elements.
        const uint64_t typeAt = cur_.offset();
        const auto elem = cur_.read<uint32_t>([&] { return field() + " array element type"; });
        if (!validValueType(elem))
            cur_.fail([&] { return field() + " array element type"; }, typeAt,
                      "unknown value type " + std::to_string(elem));
        const auto elemType = static_cast<ValueType>(elem);
        if (elemType == ValueType::Array && depth + 1 >= kMaxArrayDepth)
            cur_.fail([&] { return field() + " array element type"; }, typeAt,
                      "arrays nested deeper than " + std::to_string(kMaxArrayDepth) + " levels");
        const uint64_t countAt = cur_.offset();
        const auto count = cur_.read<uint64_t>([&] { return field() + " array count"; });
        if (count > kMaxArrayLength)
            cur_.fail([&] { return field() + " array count"; }, countAt,
                      std::to_string(count) + " elements, more than the " + std::to_string(kMaxArrayLength)
                          + " allowed");
        const size_t fixed = valueTypeSize(elemType);
        const uint64_t minElem = fixed != 0 ? fixed : (elemType == ValueType::String ? 8 : 12);
        const auto need = checkedMul(count, minElem);
        if (!need || *need > cur_.remaining())
            cur_.fail([&] { return field() + " array count"; }, countAt,
                      std::to_string(count) + " " + std::string(valueTypeName(elemType))
                          + " elements cannot fit in the " + std::to_string(cur_.remaining()) + " bytes that remain");
        const uint64_t start = cur_.offset();
        if (fixed != 0) {
            cur_.take(*need, [&] { return field() + " array elements"; });
        } else if (elemType == ValueType::String) {
            for (uint64_t k = 0; k < count; ++k)
                cur_.readString([&] { return field() + " element " + std::to_string(k); });
        } else {
            for (uint64_t k = 0; k < count; ++k)
                readValue(ValueType::Array, depth + 1,
                          FieldFn([&] { return field() + " element " + std::to_string(k); }));
        }
        return Value(ValueType::Array, cur_.bytes().subspan(start, cur_.offset() - start), elemType, count);
    }

    void readAlignment(ParsedPart& out)
    {
        const Value* v = out.metadata.find("general.alignment");
        if (!v)
            return;
        const auto a = v->asU64();
        const auto fail = [&](const std::string& problem) {
            throwParseError(cur_.fileName(), "metadata key 'general.alignment'", alignmentKeyAt_, problem);
        };
        if (!a)
            fail("must be an unsigned integer, is " + std::string(valueTypeName(v->type())));
        if (*a == 0 || *a > (1u << 30) || !std::has_single_bit(*a))
            fail("alignment " + std::to_string(*a) + " is not a power of two between 1 and 2^30");
        out.alignment = static_cast<uint32_t>(*a);
    }

    void readTensorInfos(ParsedPart& out)
    {
        out.tensors.reserve(tensorCount_);
        for (uint64_t i = 0; i < tensorCount_; ++i) {
            TensorInfo t;
            const uint64_t infoAt = cur_.offset();
            t.name = cur_.readString([&] { return "tensor " + std::to_string(i) + " name"; });
            const auto field = [&] { return "tensor " + std::to_string(i) + " " + quoted(t.name); };
            if (t.name.empty())
                cur_.fail(field, infoAt, "empty tensor name");
            if (t.name.size() > kMaxTensorNameBytes)
                cur_.fail(field, infoAt,
                          "name of " + std::to_string(t.name.size()) + " bytes, more than the GGUF limit of "
                              + std::to_string(kMaxTensorNameBytes));
            const uint64_t dimsAt = cur_.offset();
            t.dimCount = cur_.read<uint32_t>([&] { return field() + " dimension count"; });
            if (t.dimCount == 0 || t.dimCount > kMaxDims)
                cur_.fail([&] { return field() + " dimension count"; }, dimsAt,
                          std::to_string(t.dimCount) + " dimensions (1 to 4 allowed)");
            uint64_t elements = 1;
            for (uint32_t d = 0; d < t.dimCount; ++d) {
                const uint64_t dimAt = cur_.offset();
                const auto dimField = [&] { return field() + " dimension " + std::to_string(d); };
                t.shape[d] = cur_.read<uint64_t>(dimField);
                if (t.shape[d] == 0 || t.shape[d] > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
                    cur_.fail(dimField, dimAt, "size " + std::to_string(t.shape[d]) + " is out of range");
                const auto e = checkedMul(elements, t.shape[d]);
                if (!e || *e > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
                    cur_.fail(dimField, dimAt, "element count overflows 63 bits");
                elements = *e;
            }
            t.elements = elements;
            const uint64_t typeAt = cur_.offset();
            const auto type = cur_.read<uint32_t>([&] { return field() + " type"; });
            const auto traits = ggmlTypeTraits(type);
            if (!traits)
                cur_.fail([&] { return field() + " type"; }, typeAt, "unknown tensor type " + std::to_string(type));
            t.type = static_cast<GgmlType>(type);
            if (t.shape[0] % traits->blockElements != 0)
                cur_.fail([&] { return field() + " dimension 0"; }, dimsAt + 4,
                          "row length " + std::to_string(t.shape[0]) + " is not a multiple of "
                              + std::string(traits->name) + "'s block of " + std::to_string(traits->blockElements));
            offsetAt_.push_back(cur_.offset());
            t.offset = cur_.read<uint64_t>([&] { return field() + " offset"; });
            if (t.offset % out.alignment != 0)
                cur_.fail([&] { return field() + " offset"; }, offsetAt_.back(),
                          "data offset " + std::to_string(t.offset) + " is not a multiple of the alignment "
                              + std::to_string(out.alignment));
            out.tensors.push_back(t);
        }
    }

    void placeData(ParsedPart& out)
    {
        const auto start = alignUp(cur_.offset(), out.alignment);
        if (!start)
            cur_.fail([] { return "data section"; }, cur_.offset(), "start overflows");
        out.dataStart = *start;
        std::unordered_set<std::string_view> names;
        for (size_t i = 0; i < out.tensors.size(); ++i) {
            TensorInfo& t = out.tensors[i];
            const auto field = [&] { return "tensor " + std::to_string(i) + " " + quoted(t.name); };
            if (!names.insert(t.name).second)
                cur_.fail(field, offsetAt_[i], "duplicate tensor name");
            const auto traits = *ggmlTypeTraits(static_cast<uint32_t>(t.type));
            const auto bytes = checkedMul(t.elements / traits.blockElements, traits.blockBytes);
            const auto begin = checkedAdd(out.dataStart, t.offset);
            const auto end = bytes && begin ? checkedAdd(*begin, *bytes) : std::nullopt;
            if (!end || *end > cur_.size())
                cur_.fail([&] { return field() + " offset"; }, offsetAt_[i],
                          "data [" + std::to_string(t.offset) + ", +" + (bytes ? std::to_string(*bytes) : "overflow")
                              + ") in the data section at " + std::to_string(out.dataStart)
                              + " runs past the end of the file (size " + std::to_string(cur_.size()) + ")");
            t.data = cur_.bytes().subspan(*begin, *bytes);
        }
        // Tensor data must not overlap: a writer bug or a crafted file would alias weights.
        std::vector<size_t> order(out.tensors.size());
        std::iota(order.begin(), order.end(), size_t{0});
        std::sort(order.begin(), order.end(),
                  [&](size_t a, size_t b) { return out.tensors[a].offset < out.tensors[b].offset; });
        for (size_t k = 1; k < order.size(); ++k) {
            const TensorInfo& prev = out.tensors[order[k - 1]];
            const TensorInfo& t = out.tensors[order[k]];
            if (t.offset < prev.offset + prev.bytes())
                cur_.fail([&] { return "tensor " + std::to_string(order[k]) + " " + quoted(t.name) + " offset"; },
                          offsetAt_[order[k]],
                          "data at " + std::to_string(t.offset) + " overlaps tensor " + quoted(prev.name) + " at ["
                              + std::to_string(prev.offset) + ", " + std::to_string(prev.offset + prev.bytes()) + ")");
        }
    }

    ByteCursor cur_;
    uint64_t tensorCount_ = 0, kvCount_ = 0, tensorCountAt_ = 0, kvCountAt_ = 0;
    std::vector<uint64_t> offsetAt_;
    uint64_t alignmentKeyAt_ = 0;
};

}  // namespace

ParsedPart parsePart(std::span<const std::byte> bytes, const std::string& fileName)
{
    return Parser(bytes, fileName).run();
}

}  // namespace strata::gguf::detail
