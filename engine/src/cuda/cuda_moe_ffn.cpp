#include "cuda_moe_ffn.hpp"

#include "cuda_check.hpp"
#include "strata/core/error.hpp"

#include <string>
#include <type_traits>

namespace strata::cuda {

MoeFeedForward::MoeFeedForward(const model::Hparams& h, uint32_t maxBatch)
    : embedding_(int(h.embedding)), experts_(int(h.experts)), used_(int(h.expertsUsed)),
      width_(int(h.expertFeedForward)), maxBatch_(int(maxBatch)),
      maxItems_(maxExpertItems(int(maxBatch * h.expertsUsed), int(h.experts))), normalize_(h.normalizeTopK)
{
    if (used_ > kMaxExpertsUsed)
        throw Error("the CUDA backend routes at most " + std::to_string(kMaxExpertsUsed) + " experts per token, not "
                    + std::to_string(used_));
}

// Every scratch buffer, in one order for sizing and carving: take(pointer, element count).
template <class Fn>
void MoeFeedForward::pieces(Fn&& take)
{
    const size_t tokens = size_t(maxBatch_), n = tokens * size_t(used_), width = size_t(width_);
    const size_t embedding = size_t(embedding_);
    take(logits_, tokens * size_t(experts_));
    take(routing_.expert, n);
    take(routing_.weight, n);
    take(routing_.slotOf, n);
    take(routing_.slotToken, n);
    take(routing_.items, size_t(maxItems_));
    take(routing_.itemCount, size_t(1));
    take(gate_, n * width);  // decode: the chosen experts' SwiGLU outputs
    take(up_, n * width);
    take(down_, n * embedding);
    take(hq_.q, n * width);
    take(hq_.scales, n * width / 32);
    take(hq_.sums, n * width / 32);
    take(routerQ_.q, tokens * embedding);  // only a quantized router reads these
    take(routerQ_.scales, tokens * embedding / 32);
    take(routerQ_.sums, tokens * embedding / 32);
}

namespace {
constexpr size_t kAlign = 256;
size_t alignUp(size_t n)
{
    return (n + kAlign - 1) / kAlign * kAlign;
}
}  // namespace

size_t MoeFeedForward::scratchBytes() const
{
    size_t bytes = 0;
    MoeFeedForward sizing = *this;  // pieces() names the pointers it would set; the copy's are thrown away
    sizing.pieces([&](auto*& p, size_t count) { bytes += alignUp(count * sizeof(*p)); });
    return bytes;
}

void MoeFeedForward::carve(std::byte* base)
{
    size_t at = 0;
    pieces([&](auto*& p, size_t count) {
        p = reinterpret_cast<std::remove_reference_t<decltype(p)>>(base + at);
        at += alignUp(count * sizeof(*p));
    });
}

void MoeFeedForward::route(const MoeLayerWeights& w, const float* xn, int tokens, cudaStream_t stream)
{
    if (tokens < 1 || tokens > maxBatch_)
        throw Error("internal: a MoE step of " + std::to_string(tokens) + " tokens");
    // The router reads f32 rows when it is a float type (llama.cpp keeps it F32), else its own int8 rows.
    if (usesQ8Activations(w.router.type))
        quantizeQ8(xn, tokens, embedding_, q8FormatFor(w.router.type), routerQ_, stream);
    matmul(w.router, xn, routerQ_, tokens, logits_, experts_, false, stream);
    routeExperts(logits_, tokens, experts_, used_, normalize_, tokens > 1, routing_, stream);
}

void MoeFeedForward::addExperts(const MoeLayerWeights& w, const float* xn, const Q8Activations& xq, float* x,
                                int tokens, const int* slotOf, cudaStream_t stream)
{
    const int n = tokens * used_;
    if (tokens == 1) {
        expertsGateUpDecode(w.gate, w.up, xn, xq, routing_.expert, slotOf, used_, gate_, stream);
        if (usesQ8Activations(w.down.first.type))
            quantizeQ8(gate_, used_, width_, q8FormatFor(w.down.first.type), hq_, stream);
        expertsDownDecode(w.down, gate_, hq_, routing_.expert, slotOf, routing_.weight, used_, x, stream);
        return;
    }
    const int items = maxExpertItems(n, experts_);
    const DeviceExperts* gateUp[] = {&w.gate, &w.up};
    float* const gateUpOut[] = {gate_, up_};
    expertsGrouped(gateUp, gateUpOut, xn, xq, routing_.slotToken, slotOf, routing_, n, items, stream);
    if (usesQ8Activations(w.down.first.type))
        swigluQuantize(gate_, up_, gate_, n, width_, q8FormatFor(w.down.first.type), hq_, stream);
    else
        swiglu(gate_, up_, gate_, int64_t(n) * width_, stream);
    const DeviceExperts* downStack[] = {&w.down};
    float* const downOut[] = {down_};
    expertsGrouped(downStack, downOut, gate_, hq_, nullptr, slotOf, routing_, n, items, stream);
    sumExperts(down_, routing_, slotOf, tokens, used_, embedding_, x, stream);
}

}  // namespace strata::cuda
