// libFuzzer target: opens a model from a fuzzed GGUF file (seeded with tiny valid models of every
// architecture, tools/dev/make_model_fuzz_seeds.sh) and, when it loads, runs a few tokens of
// forward pass with greedy picks. Reaches what the reader fuzzer cannot: hyper-parameters,
// tensor binding, scratch sizing, the kernels. Any outcome is fine except a crash, a sanitizer
// report, a hang or an exception other than strata::Error.
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"
#include "strata/model/model.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

using namespace strata;

namespace {

// Small enough that a file the fuzzer inflates costs little scratch and KV cache per input.
constexpr uint32_t kBatch = 4;
constexpr uint32_t kContext = 8;
constexpr int kDecodeSteps = 3;

int32_t argmax(std::span<const float> logits)
{
    return static_cast<int32_t>(std::max_element(logits.begin(), logits.end()) - logits.begin());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    try {
        model::ModelOptions options;
        options.threads = 0;  // the caller's thread only: deterministic and cheap to start
        options.pinThreads = false;
        options.batchSize = kBatch;
        auto m = model::Model::fromFile(gguf::File::fromBytes(bytes, "fuzz.gguf"), options);
        model::Backend& backend = m->backend();
        auto seq = backend.newSequence(kContext, model::KvType::F16);
        std::vector<float> logits(m->hparams().vocabSize);
        const uint32_t vocab = m->hparams().vocabSize;
        const int32_t prompt[] = {0, int32_t(1 % vocab), int32_t(2 % vocab)};
        backend.forward(*seq, prompt, logits);
        for (int i = 0; i < kDecodeSteps; ++i) {
            const int32_t next = argmax(logits);
            backend.forward(*seq, std::span(&next, 1), logits);
        }
        if (const tokenizer::Tokenizer* tok = m->tokenizer())
            (void)tok->decode(std::vector<int32_t>{argmax(logits)});
    } catch (const Error&) {}
    return 0;
}
