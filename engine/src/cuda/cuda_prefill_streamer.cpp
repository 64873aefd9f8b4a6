#include "cuda_prefill_streamer.hpp"

#include "cuda_check.hpp"

#include <algorithm>
#include <array>
#include <chrono>
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
      device_(device), cpus_(std::move(cpus)), computeStart_(d.weights.layers.size(), nullptr),
      computeEnd_(d.weights.layers.size(), nullptr)
{
    for (uint32_t l : layers)
        for (cudaEvent_t* e : {&computeStart_[l], &computeEnd_[l]})
            check(cudaEventCreate(e), "creating a timing event");
    for (Buffer& b : buffers_) {
        check(cudaMallocHost(reinterpret_cast<void**>(&b.tableHost), experts_ * sizeof(int32_t)),
              "allocating pinned host memory");
        check(cudaEventCreateWithFlags(&b.released, cudaEventDisableTiming), "creating an event");
    }
}

PrefillStreamer::~PrefillStreamer()
{
    if (stager_)
        stager_->waitIdle();  // its copies write into our buffers
    for (Buffer& b : buffers_) {
        cudaEventDestroy(b.released);
        cudaFreeHost(b.tableHost);
    }
    for (auto* events : {&computeStart_, &computeEnd_})
        for (cudaEvent_t e : *events)
            if (e)
                cudaEventDestroy(e);
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

ExpertStager& PrefillStreamer::stager()
{
    if (!stager_)
        stager_ = std::make_unique<ExpertStager>(device_, std::max({largest_[0], largest_[1], largest_[2]}), cpus_,
                                                 StagerOptions::fromEnvironment());
    return *stager_;
}

// Group g goes to buffer next_, g + 1 to the other: the stager copies g + 1 while the GPU runs g.
// A buffer is refilled only after the GPU has passed its `released` event (the stager's stream
// waits for it), and once the stager is idle again that copy, and so every earlier read of the
// buffer and upload of its table, has finished: the pinned table may then be rewritten.
void PrefillStreamer::run(uint32_t layer, const std::vector<uint32_t>& missed, MoeFeedForward& moe,
                          const DeviceMatrix& router, const float* xn, const Q8Activations& xq, float* x, int tokens,
                          cudaStream_t stream, PrefillLayerTiming& timing)
{
    using Clock = std::chrono::steady_clock;
    const size_t groups = (missed.size() + kGroupExperts - 1) / kGroupExperts;
    const auto stacks = expertStacks(d_.weights.layers[layer]);
    ExpertStager& stager = this->stager();
    const double copiedBefore = stager.copySeconds();
    timing.layer = layer;
    timing.experts = missed.size();
    if (groups > 0)
        stager.submit(copiesOf(layer, missed, 0, buffers_[next_]), buffers_[next_].released);
    check(cudaEventRecord(computeStart_[layer], stream), "recording a timing event");
    for (size_t g = 0; g < groups; ++g) {
        Buffer& b = buffers_[next_];
        const auto waitFrom = Clock::now();
        stager.waitIdle();
        timing.wait += std::chrono::duration<double>(Clock::now() - waitFrom).count();
        for (const ExpertCopy& c : stager.takeFinished())
            for (const ExpertCopy::Piece& p : c.pieces)
                timing.bytes += p.bytes;
        next_ ^= 1;
        if (g + 1 < groups)
            stager.submit(copiesOf(layer, missed, g + 1, buffers_[next_]), buffers_[next_].released);
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
    check(cudaEventRecord(computeEnd_[layer], stream), "recording a timing event");
    timing.copy = stager.copySeconds() - copiedBefore;
}

// The layer's events bracket its streamed groups on the compute stream, waits for copies included:
// the GPU's view of the layer's streamed share.
void PrefillStreamer::finishPass(std::vector<PrefillLayerTiming>& pass)
{
    if (pass.empty())
        return;
    check(cudaEventSynchronize(computeEnd_[pass.back().layer]), "timing a streamed layer");
    for (PrefillLayerTiming& l : pass) {
        float ms = 0;
        if (cudaEventElapsedTime(&ms, computeStart_[l.layer], computeEnd_[l.layer]) == cudaSuccess)
            l.compute = double(ms) / 1e3;
    }
}

}  // namespace strata::cuda
