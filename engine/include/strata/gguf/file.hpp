// A GGUF model file (v2 or v3), memory-mapped and validated when opened.
// Tensor data is never copied: each tensor is a span into the mapping.
#pragma once

#include "strata/gguf/ggml_type.hpp"
#include "strata/gguf/metadata.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace strata::gguf {

inline constexpr uint32_t kMaxDims = 4;
inline constexpr uint32_t kDefaultAlignment = 32;

struct TensorInfo {
    std::string_view name;  // view into the file
    GgmlType type = GgmlType::F32;
    uint32_t dimCount = 0;
    std::array<uint64_t, kMaxDims> shape{1, 1, 1, 1};  // shape[0] is the row length (ggml's ne[0])
    uint64_t elements = 0;
    uint64_t offset = 0;  // from the start of its part's data section, as stored
    uint32_t part = 0;    // which split part holds the data (0 for single files)
    std::span<const std::byte> data;

    std::span<const uint64_t> dims() const { return {shape.data(), dimCount}; }
    uint64_t bytes() const { return data.size(); }
    uint64_t rows() const { return elements / shape[0]; }
};

class File {
public:
    // Opens and validates a file. For a split file (`name-00001-of-00003.gguf`) pass the first
    // part: the others are opened from the same folder and their tensors join one table.
    // Throws strata::Error naming the file, the field and the byte offset of the first problem.
    static File open(const std::filesystem::path& path);
    // Validates a file held in memory (fuzzing, tests). The bytes are not copied and must outlive
    // the File. Split files cannot be opened this way; `name` is used in error messages.
    static File fromBytes(std::span<const std::byte> bytes, std::string name = "<memory>");

    File(File&&) noexcept;
    File& operator=(File&&) noexcept;
    ~File();

    const std::string& name() const { return name_; }  // path of the first part
    uint32_t version() const { return version_; }
    uint32_t alignment() const { return alignment_; }
    uint32_t partCount() const { return static_cast<uint32_t>(parts_.size()); }
    uint64_t fileBytes() const;                    // all parts together
    uint64_t dataOffset(uint32_t part = 0) const;  // where a part's data section starts

    const Metadata& metadata() const { return metadata_; }
    std::span<const TensorInfo> tensors() const { return tensors_; }
    const TensorInfo* findTensor(std::string_view name) const;

    struct Part;  // one mapped file and its parse results (internal)

private:
    File();
    void addPart(std::unique_ptr<Part> part);

    std::string name_;
    uint32_t version_ = 0;
    uint32_t alignment_ = kDefaultAlignment;
    std::vector<std::unique_ptr<Part>> parts_;
    Metadata metadata_;
    std::vector<TensorInfo> tensors_;
    std::unordered_map<std::string_view, size_t> tensorIndex_;
};

// The path of part `index` (0-based) of `count` next to `firstPart`, by llama.cpp's naming
// (`prefix-00001-of-00003.gguf`); throws when `firstPart` is not named that way.
std::filesystem::path splitPartPath(const std::filesystem::path& firstPart, uint32_t index, uint32_t count);

}  // namespace strata::gguf
