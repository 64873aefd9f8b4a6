#include "strata/model/weight_traffic.hpp"

namespace strata::model {

namespace {

uint64_t bytesOf(const Weight& w)
{
    if (!w.present())
        return 0;
    return w.count > 1 ? uint64_t(w.matrixStride) * uint64_t(w.count) : uint64_t(w.rowStride) * uint64_t(w.rows);
}

}  // namespace

DecodeTraffic decodeTraffic(const ModelDefinition& model)
{
    const ModelWeights& w = model.weights;
    DecodeTraffic t;
    t.denseBytes += w.tokenEmbedding.rowStride;
    t.denseBytes += bytesOf(w.outputNorm) + bytesOf(w.output);
    for (const LayerWeights& l : w.layers) {
        for (const Weight* x : {&l.attnNorm, &l.wq, &l.wk, &l.wv, &l.wo, &l.bq, &l.bk, &l.bv, &l.qNorm, &l.kNorm,
                                &l.ffnNorm, &l.ffnGate, &l.ffnUp, &l.ffnDown, &l.router})
            t.denseBytes += bytesOf(*x);
        // A token reads exactly experts_used matrices of each stack (all the same size).
        for (const Weight* x : {&l.gateExps, &l.upExps, &l.downExps})
            if (x->present() && x->count > 0)
                t.expertBytes += bytesOf(*x) * model.hparams.expertsUsed / uint64_t(x->count);
    }
    return t;
}

}  // namespace strata::model
