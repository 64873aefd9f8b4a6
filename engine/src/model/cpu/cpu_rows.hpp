// The row-wise steps of a batch (norms, rotary embedding, residual adds, the SwiGLU gate, the MoE
// gather and weighted sum) spread over the pool in prefill. Each row is computed exactly as on one
// thread, so the results keep their bits; what changes is that 15 workers no longer wait while
// the host does these steps alone between two matrix products.
#pragma once

#include <cstddef>

#include "strata/pool/worker_pool.hpp"

namespace strata::model::cpu {

// rowFn(r) for every r in [0, rows): on the pool when the batch holds more than `kInlineElements`
// elements (rows * elementsPerRow), else on the calling thread, where a decode step's few rows cost
// less than a pool round-trip. rowFn runs on worker threads: it must only write its own row.
template <class RowFn>
void forEachRow(pool::WorkerPool& pool, size_t rows, size_t elementsPerRow, RowFn&& rowFn)
{
    constexpr size_t kInlineElements = 16384;  // the same bound as QuantizedRows::quantize
    if (rows <= 1 || rows * elementsPerRow <= kInlineElements) {
        for (size_t r = 0; r < rows; ++r)
            rowFn(r);
        return;
    }
    pool.run(rows, [&](size_t begin, size_t end, unsigned) {
        for (size_t r = begin; r < end; ++r)
            rowFn(r);
    });
}

}  // namespace strata::model::cpu
