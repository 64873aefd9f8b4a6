// Valid GGUF files built with the writer, shared by the reader/writer tests.
#pragma once

#include "strata/gguf/writer.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace strata::gguf::test {

struct SampleTensor {
    std::string name;
    GgmlType type;
    std::vector<uint64_t> shape;
};

// The tensors sampleWriter() adds: one of each dimension count and several types.
std::vector<SampleTensor> sampleTensors();

// One key of every value type, arrays of every element type (strings and nested arrays too),
// and the tensors above filled with bytes from `seed`.
Writer sampleWriter(uint32_t seed = 1);

std::vector<std::byte> randomBytes(size_t n, uint32_t seed);

}  // namespace strata::gguf::test
