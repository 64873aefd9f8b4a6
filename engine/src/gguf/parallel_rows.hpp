#pragma once

#include <cstdint>
#include <functional>

namespace strata::gguf {

// Calls fn(begin, end) on contiguous ranges that cover [0, rows), on up to one thread per core.
// Quantizing (or dequantizing) a row reads and writes that row alone, so the bytes written do not
// depend on the split; only the time does (mkmodel's Q4_K fit search was most of a test's minutes).
// Small jobs (under `minValues` values in all) run on the calling thread. The first exception a
// range throws is rethrown here after every thread has finished.
void forRowRanges(uint64_t rows, uint64_t valuesPerRow, const std::function<void(uint64_t, uint64_t)>& fn,
                  uint64_t minValues = uint64_t{1} << 18);

}  // namespace strata::gguf
