// A bounds-checked reader over a file's bytes: every read checks what remains first, so a
// truncated or lying file raises strata::Error instead of reading past the end.
#pragma once

#include "strata/core/error.hpp"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

namespace strata::gguf::detail {

static_assert(std::endian::native == std::endian::little,
              "GGUF parsing assumes a little-endian host (files are little-endian)");

// "<file>: <field> at byte offset <n>: <problem>" — the one shape every parse error takes.
[[noreturn]] void throwParseError(std::string_view file, std::string_view field, uint64_t offset,
                                  std::string_view problem);

class ByteCursor {
public:
    ByteCursor(std::span<const std::byte> bytes, std::string_view fileName) : bytes_(bytes), file_(fileName) {}

    uint64_t offset() const { return pos_; }
    uint64_t remaining() const { return bytes_.size() - pos_; }
    uint64_t size() const { return bytes_.size(); }
    std::string_view fileName() const { return file_; }
    std::span<const std::byte> bytes() const { return bytes_; }

    // `field` is a callable returning the field's description; it runs only on error, so
    // hot loops (150k vocabulary strings) build no strings.
    template <typename T, typename Field>
    T read(const Field& field)
    {
        static_assert(std::is_trivially_copyable_v<T>);
        need(sizeof(T), field);
        T value;
        std::memcpy(&value, bytes_.data() + pos_, sizeof(T));
        pos_ += sizeof(T);
        return value;
    }

    template <typename Field>
    std::span<const std::byte> take(uint64_t n, const Field& field)
    {
        need(n, field);
        auto out = bytes_.subspan(pos_, n);
        pos_ += n;
        return out;
    }

    // A GGUF string: uint64 length, then that many bytes (not NUL-terminated).
    template <typename Field>
    std::string_view readString(const Field& field)
    {
        const uint64_t start = pos_;
        const auto length = read<uint64_t>(field);
        if (length > remaining())
            fail(field, start,
                 "string length " + std::to_string(length) + " runs past the end of the file ("
                     + std::to_string(remaining()) + " bytes remain)");
        auto s = take(length, field);
        return {reinterpret_cast<const char*>(s.data()), s.size()};
    }

    template <typename Field>
    void need(uint64_t n, const Field& field) const
    {
        if (n > remaining())
            fail(field, pos_,
                 "truncated: needs " + std::to_string(n) + " bytes, " + std::to_string(remaining())
                     + " remain (file size " + std::to_string(bytes_.size()) + ")");
    }

    template <typename Field>
    [[noreturn]] void fail(const Field& field, uint64_t at, const std::string& problem) const
    {
        throwParseError(file_, std::string(field()), at, problem);
    }

private:
    std::span<const std::byte> bytes_;
    std::string_view file_;
    uint64_t pos_ = 0;
};

}  // namespace strata::gguf::detail
