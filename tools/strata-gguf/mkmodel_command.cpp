// `strata-gguf mkmodel OUT --arch ...`
#include "commands.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/file_type.hpp"
#include "strata/gguf/synthetic_model.hpp"
#include "strata/tokenizer/hf_tokenizer_import.hpp"
#include "strata/tokenizer/synthetic_vocabulary.hpp"

#include <cstdio>
#include <filesystem>

namespace strata::tools {

using namespace strata::gguf;

int runMkmodel(Arguments& args)
{
    ModelSpec spec;
    spec.architecture = args.text("arch").value_or("llama");
    spec.name = args.text("name").value_or("");
    spec.layers = args.u32("layers", spec.layers);
    spec.embedding = args.u32("embedding", spec.embedding);
    spec.heads = args.u32("heads", spec.heads);
    spec.kvHeads = args.u32("kv-heads", spec.kvHeads);
    spec.headDim = args.u32("head-dim", spec.headDim);
    spec.feedForward = args.u32("ff", spec.feedForward);
    spec.experts = args.u32("experts", spec.experts);
    spec.expertsUsed = args.u32("experts-used", spec.expertsUsed);
    spec.expertFeedForward = args.u32("expert-ff", spec.expertFeedForward);
    spec.vocab = args.u32("vocab", spec.vocab);
    spec.context = args.u32("context", spec.context);
    spec.seed = args.u64("seed", spec.seed);
    spec.outputScale = args.f32("output-scale", spec.outputScale);
    spec.distinctRows = args.u32("distinct-rows", spec.distinctRows);
    spec.ropeFreqBase = args.f32("rope-base", spec.ropeFreqBase);
    spec.rmsEpsilon = args.f32("rms-eps", spec.rmsEpsilon);
    spec.tieEmbeddings = args.flag("tie-embeddings");
    if (const auto t = args.text("type")) {
        const auto type = ggmlTypeFromName(*t);
        if (!type)
            throw Error("unknown weight type '" + *t + "'");
        spec.weightType = *type;
    }
    const bool skew = args.text("router-skew").has_value();
    const model::RouterSkewOptions skewOptions = routerSkewOptions(args, spec.seed);
    const auto tokenizer = args.text("tokenizer");
    const auto pre = args.text("tokenizer-pre");
    args.finish();
    if (args.positional().size() != 1)
        throw Error("mkmodel takes one output path");

    strata::tokenizer::TokenizerData vocab =
        tokenizer ? strata::tokenizer::importHfTokenizer(*tokenizer) : strata::tokenizer::syntheticByteVocabulary();
    if (pre)
        vocab.pre = *pre;
    else if (vocab.pre.empty())
        // What convert_hf_to_gguf detects for these families' tokenizers.
        vocab.pre = spec.architecture == "llama" ? "llama-bpe" : "qwen2";
    const Writer w = strata::tokenizer::syntheticModelFile(spec, std::move(vocab));
    w.write(args.positional()[0]);
    std::printf("wrote %s: %s, %zu tensors\n", args.positional()[0].c_str(), spec.architecture.c_str(),
                w.tensorCount());
    if (skew) {
        try {
            shapeAndReport(args.positional()[0], skewOptions);
        } catch (const Error&) {
            std::filesystem::remove(args.positional()[0]);  // not the file that was asked for
            throw;
        }
    }
    return 0;
}

}  // namespace strata::tools
