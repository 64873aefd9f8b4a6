// A read-only memory mapping of a whole file (POSIX mmap), unmapped on destruction.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>

namespace strata::gguf::detail {

class MappedFile {
public:
    explicit MappedFile(const std::filesystem::path& path);  // throws strata::Error
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;
    ~MappedFile();

    std::span<const std::byte> bytes() const { return {static_cast<const std::byte*>(data_), size_}; }

private:
    void* data_ = nullptr;
    size_t size_ = 0;
};

}  // namespace strata::gguf::detail
