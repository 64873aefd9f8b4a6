#include "cuda_prefill_streamer.hpp"

#include "cuda_check.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace strata::cuda {
namespace {

std::array<const model::Weight*, 3> expertStacks(const model::LayerWeights& w)
{
    return {&w.gateExps, &w.upExps, &w.downExps};
}

size_t largestOf(const model::ModelDefinition& d, const std::vector<uint32_t>& layers, size_t stack)
{
    size_t largest = 0;
    for (uint32_t l : layers)
        largest = std::max(largest, expertStacks(d.weights.layers[l])[stack]->matrixStride);
    return largest;
}

}  // namespace

int PrefillStreamer::minTokens()
{
    static const int tokens = [] {
        const char* v = std::getenv("STRATA_PREFILL_STREAM_TOKENS");
        const int n = v ? std::atoi(v) : 0;
        return n > 0 ? n : kMinTokens;
    }();
    return tokens;
}

PrefillStreamer::PrefillStreamer(const model::ModelDefinition& d, const std::vector<uint32_t>& layers, int device,
                                 std::vector<int> cpus)
    : d_(d),
      experts_(d.hparams.experts), largest_{largestOf(d, layers, 0), largestOf(d, layers, 1), largestOf(d, layers, 2)},
      stager_(device, std::max({largest_[0], largest_[1], largest_[2]}), std::move(cpus))
{
    for (Buffer& b : buffers_) {
        check(cudaMallocHost(reinterpret_cast<void**>(&b.tableHost), experts_ * sizeof(int32_t)),
              "allocating pinned host memory");
        check(cudaEventCreateWithFlags(&b.released, cudaEventDisableTiming), "creating an event");
    }
}

PrefillStreamer::~PrefillStreamer()
{
    stager_.waitIdle();  // its copies write into our buffers
    for (Buffer& b : buffers_) {
        cudaEventDestroy(b.released);
        cudaFreeHost(b.tableHost);
    }
}

std::vector<ExpertCopy> PrefillStreamer::copiesOf(uint32_t layer, const std::vector<uint32_t>& missed, size_t group,
                                                  const Buffer& to) const
{
    const auto stacks = expertStacks(d_.weights.layers[layer]);
    std::vector<ExpertCopy> copies;
    const size_t first = group * kGroupExperts, end = std::min(missed.size(), first + kGroupExperts);
    for (size_t i = first; i < end; ++i) {
        ExpertCopy c{layer, uint32_t(i - first), missed[i], {}};
        for (size_t m = 0; m < 3; ++m)
            c.pieces.push_back({to.stack[m] + size_t(c.slot) * stacks[m]->matrixStride,
                                stacks[m]->data + size_t(c.expert) * stacks[m]->matrixStride, stacks[m]->matrixStride});
        copies.push_back(std::move(c));
    }
    return copies;
}

// Group g goes to buffer next_, g + 1 to the other: the stager copies g + 1 while the GPU runs g.
// A buffer is refilled only after the GPU has passed its `released` event (the stager's stream
// waits for it), and once the stager is idle again that copy, and so every earlier read of the
// buffer and upload of its table, has finished: the pinned table may then be rewritten.
uint64_t PrefillStreamer::run(uint32_t layer, const std::vector<uint32_t>& missed, MoeFeedForward& moe,
                              const DeviceMatrix& router, const float* xn, const Q8Activations& xq, float* x,
                              int tokens, cudaStream_t stream)
{
    const size_t groups = (missed.size() + kGroupExperts - 1) / kGroupExperts;
    const auto stacks = expertStacks(d_.weights.layers[layer]);
    uint64_t bytes = 0;
    if (groups > 0)
        stager_.submit(copiesOf(layer, missed, 0, buffers_[next_]), buffers_[next_].released);
    for (size_t g = 0; g < groups; ++g) {
        Buffer& b = buffers_[next_];
        stager_.waitIdle();
        for (const ExpertCopy& c : stager_.takeFinished())
            for (const ExpertCopy::Piece& p : c.pieces)
                bytes += p.bytes;
        next_ ^= 1;
        if (g + 1 < groups)
            stager_.submit(copiesOf(layer, missed, g + 1, buffers_[next_]), buffers_[next_].released);
        std::fill_n(b.tableHost, experts_, -1);
        const size_t first = g * kGroupExperts, end = std::min(missed.size(), first + kGroupExperts);
        for (size_t i = first; i < end; ++i)
            b.tableHost[missed[i]] = int32_t(i - first);
        check(cudaMemcpyAsync(b.table, b.tableHost, experts_ * sizeof(int32_t), cudaMemcpyHostToDevice, stream),
              "uploading a staging table");
        MoeLayerWeights w{router, {}, {}, {}};
        DeviceExperts* to[] = {&w.gate, &w.up, &w.down};
        for (size_t m = 0; m < 3; ++m) {
            const model::Weight& file = *stacks[m];
            to[m]->first = DeviceMatrix{file.type, b.stack[m], file.rows, file.cols, file.rowStride};
            to[m]->matrixStride = file.matrixStride;
            to[m]->count = int(kGroupExperts);
        }
        moe.addExperts(w, xn, xq, x, tokens, b.table, stream);
        check(cudaEventRecord(b.released, stream), "recording a staging event");
    }
    return bytes;
}

}  // namespace strata::cuda
