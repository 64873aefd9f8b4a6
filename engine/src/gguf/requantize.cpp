#include "strata/gguf/requantize.hpp"

#include "strata/core/error.hpp"
#include "strata/gguf/file_type.hpp"
#include "strata/kernels/quantize.hpp"

#include "parallel_rows.hpp"

#include <cstring>

namespace strata::gguf {

Writer requantize(const File& in, GgmlType type)
{
    const auto target = *ggmlTypeTraits(static_cast<uint32_t>(type));
    if (type != GgmlType::F32 && !kernels::canQuantize(type))
        throw Error("quantize: cannot quantize to " + std::string(target.name));
    Writer w;
    for (const auto& e : in.metadata().entries()) {
        if (e.key.starts_with("split.") || e.key == "general.file_type" || e.key == "general.quantization_version")
            continue;
        w.set(std::string(e.key), MetaValue::fromValue(e.value));
    }
    if (const auto ft = fileTypeFor(type))
        w.set("general.file_type", MetaValue::u32(*ft));
    if (type != GgmlType::F32 && type != GgmlType::F16 && type != GgmlType::BF16)
        w.set("general.quantization_version", MetaValue::u32(2));
    if (in.alignment() != kDefaultAlignment)
        w.setAlignment(in.alignment());

    for (const TensorInfo& t : in.tensors()) {
        const std::string name(t.name);
        const bool weight = t.dimCount >= 2 && name.find("ffn_gate_inp.weight") == std::string::npos;
        const GgmlType to = weight ? type : GgmlType::F32;
        std::vector<uint64_t> shape(t.dims().begin(), t.dims().end());
        if (t.type == to) {
            w.addTensor(name, to, std::move(shape), std::vector<std::byte>(t.data.begin(), t.data.end()));
            continue;
        }
        const auto from = *ggmlTypeTraits(static_cast<uint32_t>(t.type));
        const auto toTraits = *ggmlTypeTraits(static_cast<uint32_t>(to));
        if (!kernels::canDequantize(t.type))
            throw Error(in.name() + ": tensor '" + name + "': cannot dequantize " + std::string(from.name));
        if (t.shape[0] % toTraits.blockElements != 0)
            throw Error(in.name() + ": tensor '" + name + "' has rows of " + std::to_string(t.shape[0])
                        + " values, not a multiple of " + std::string(toTraits.name) + "'s block of "
                        + std::to_string(toTraits.blockElements));
        const uint64_t n = t.shape[0];
        const uint64_t inRow = rowBytes(from, n), outRow = rowBytes(toTraits, n);
        std::vector<std::byte> out(t.rows() * outRow);
        forRowRanges(t.rows(), n, [&](uint64_t begin, uint64_t end) {
            std::vector<float> row(n);
            for (uint64_t r = begin; r < end; ++r) {
                kernels::dequantizeRow(t.type, t.data.data() + r * inRow, row.data(), static_cast<int64_t>(n));
                std::byte* dst = out.data() + r * outRow;
                if (to == GgmlType::F32)
                    std::memcpy(dst, row.data(), outRow);
                else
                    kernels::quantizeRow(to, row.data(), dst, static_cast<int64_t>(n));
            }
        });
        w.addTensor(name, to, std::move(shape), std::move(out));
    }
    return w;
}

}  // namespace strata::gguf
