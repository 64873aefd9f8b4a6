// libFuzzer target: any byte string must either open as a GGUF file or raise strata::Error.
// Accepted files are walked completely so lazy accessors get exercised too.
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"

#include <cstddef>
#include <cstdint>
#include <span>

namespace {

void touch(const strata::gguf::Value& v, int depth)
{
    (void)v.asU64();
    (void)v.asI64();
    (void)v.asF64();
    (void)v.asBool();
    (void)v.asString();
    (void)v.toDisplayString(4);
    if (!v.isArray() || depth > 3)
        return;
    (void)v.strings();
    (void)v.integers();
    (void)v.floats();
    for (uint64_t i = 0; i < v.size() && i < 4; ++i)
        touch(v.at(i), depth + 1);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    try {
        const auto file = strata::gguf::File::fromBytes(std::as_bytes(std::span(data, size)), "fuzz.gguf");
        for (const auto& e : file.metadata().entries())
            touch(e.value, 0);
        volatile uint8_t sink = 0;
        for (const auto& t : file.tensors())
            if (!t.data.empty())
                sink = sink ^ static_cast<uint8_t>(t.data.front()) ^ static_cast<uint8_t>(t.data.back());
        (void)file.findTensor("token_embd.weight");
    } catch (const strata::Error&) {
        // Rejected cleanly: what the reader must do with bad input.
    }
    return 0;
}
