// Crafted model files that the GGUF reader accepts (every byte is where the header says) but whose
// hyper-parameters lie: each must be refused by Model::open with an error naming the problem,
// before it allocates for the lie, and never crash (the engine preset runs this under ASan).
// Issue 18, findings 1, 2 and 6. The files are built here, small enough to write in a test.
#include "model_fixtures.hpp"
#include "strata/core/error.hpp"
#include "strata/gguf/writer.hpp"
#include "strata/model/model.hpp"
#include "strata/model/session.hpp"
#include "strata/tokenizer/gguf_tokenizer_data.hpp"

#include <QtTest>

#include <sys/resource.h>

#include <string>
#include <vector>

using namespace strata;

namespace {

// A llama file's claims. The tensors are shaped the way the pre-issue-18 engine computed sizes
// (heads x head size in 32 bits), so they are exactly what a crafted file would carry.
struct Claim {
    uint32_t embedding = 32;
    uint32_t layers = 1;
    uint32_t tensorLayers = 1;  // layers whose tensors the file really holds
    uint32_t heads = 1;
    uint32_t kvHeads = 1;
    uint32_t headDim = 32;
    uint32_t feedForward = 32;
    uint32_t vocab = 32;
};

std::vector<std::byte> tensorBytes(gguf::GgmlType type, const std::vector<uint64_t>& shape)
{
    const auto traits = *gguf::ggmlTypeTraits(uint32_t(type));
    uint64_t rows = 1;
    for (size_t d = 1; d < shape.size(); ++d)
        rows *= shape[d];
    // Zero bytes are valid weights of every type (Q4_0 blocks with scale 0); norms get ones.
    std::vector<std::byte> data(rows * (shape[0] / traits.blockElements) * traits.blockBytes);
    if (type == gguf::GgmlType::F32 && shape.size() == 1)
        for (size_t i = 0; i < data.size(); i += 4) {
            const float one = 1.0f;
            std::memcpy(data.data() + i, &one, 4);
        }
    return data;
}

// `overrides` replace metadata values after the tensors' sizes were taken from `c`: a claim the
// tensors do not follow (caps must refuse it before any tensor is looked at).
using Overrides = std::vector<std::pair<std::string, uint32_t>>;

gguf::Writer llamaFile(const Claim& c, const Overrides& overrides = {})
{
    using gguf::MetaValue;
    gguf::Writer w;
    w.set("general.architecture", MetaValue::string("llama"));
    const auto u32 = [&](const std::string& k, uint32_t v) { w.set("llama." + k, MetaValue::u32(v)); };
    u32("context_length", 64);
    u32("embedding_length", c.embedding);
    u32("block_count", c.layers);
    u32("feed_forward_length", c.feedForward);
    u32("attention.head_count", c.heads);
    u32("attention.head_count_kv", c.kvHeads);
    u32("attention.key_length", c.headDim);
    u32("attention.value_length", c.headDim);
    u32("rope.dimension_count", c.headDim);
    u32("vocab_size", c.vocab);
    for (const auto& [key, value] : overrides)
        u32(key, value);

    const auto add = [&](const std::string& name, std::vector<uint64_t> shape) {
        const bool quantized = shape.size() > 1 && shape[0] % 32 == 0;
        const auto type = quantized ? gguf::GgmlType::Q4_0 : gguf::GgmlType::F32;
        w.addTensor(name, type, shape, tensorBytes(type, shape));
    };
    const uint64_t e = c.embedding, q = uint32_t(c.heads * c.headDim), kv = uint32_t(c.kvHeads * c.headDim);
    add("token_embd.weight", {e, c.vocab});
    add("output_norm.weight", {e});
    for (uint32_t l = 0; l < c.tensorLayers; ++l) {
        const std::string p = "blk." + std::to_string(l) + ".";
        add(p + "attn_norm.weight", {e});
        add(p + "attn_q.weight", {e, q});
        add(p + "attn_k.weight", {e, kv});
        add(p + "attn_v.weight", {e, kv});
        add(p + "attn_output.weight", {q, e});
        add(p + "ffn_norm.weight", {e});
        add(p + "ffn_gate.weight", {e, c.feedForward});
        add(p + "ffn_up.weight", {e, c.feedForward});
        add(p + "ffn_down.weight", {c.feedForward, e});
    }
    return w;
}

long peakRssKiB()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

}  // namespace

class TestModelHostile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_tried = 0;
    int m_rejected = 0;

    // Opens `w` as a model; it must be refused with a message containing `mustMention`. An
    // accepted file is run for two tokens first, so a file that would crash does so here.
    void expectRejected(const gguf::Writer& w, const std::string& what, const std::string& mustMention)
    {
        ++m_tried;
        const std::filesystem::path path = std::filesystem::path(m_dir.path().toStdString()) / "hostile.gguf";
        w.write(path);
        std::string message;
        try {
            model::ModelOptions o;
            o.threads = 0;
            auto m = model::Model::open(path, o);
            auto seq = m->backend().newSequence(16, model::KvType::F16);
            std::vector<float> logits(m->hparams().vocabSize);
            const int32_t tokens[] = {1, 2};
            m->backend().forward(*seq, tokens, logits);
        } catch (const Error& e) {
            message = e.what();
        }
        if (message.empty())
            QFAIL(("accepted a hostile model: " + what).c_str());
        ++m_rejected;
        if (message.find(mustMention) == std::string::npos)
            QFAIL(("the error for " + what + " does not mention '" + mustMention + "': " + message).c_str());
        qInfo("%s: %s", what.c_str(), message.c_str());
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // Finding 1: 65537 heads x 65536 wrapped to 65536 in 32 bits; attn_q shaped to the wrapped
    // size passed the shape check and rope wrote 2^32 floats into a 65536-float buffer.
    void wrappedHeadProductIsRejected()
    {
        Claim c;
        c.heads = 65537;
        c.kvHeads = 1;
        c.headDim = 65536;
        expectRejected(llamaFile(c), "65537 heads of 65536", "attention.head_count");
    }

    // Finding 1: each size has a cap (HparamLimits); claims above it are refused by name.
    void sizesAboveTheCapsAreRejected()
    {
        const std::pair<Overrides, std::string> cases[] = {
            // With embedding 1 this once asked for 4 x 8 GiB of scratch.
            {{{"attention.key_length", 4194304}, {"attention.value_length", 4194304}, {"embedding_length", 1}},
             "attention.key_length"},
            {{{"embedding_length", 1u << 20}}, "embedding_length"},
            {{{"attention.head_count", 4096}, {"attention.head_count_kv", 4096}}, "attention.head_count"},
            {{{"feed_forward_length", 1u << 30}}, "feed_forward_length"},
            {{{"vocab_size", 1u << 30}}, "vocab_size"},
            {{{"block_count", 0}}, "block_count"},
            {{{"attention.key_length", 0}}, "attention.key_length"},
            // 1024 heads of 1024: each within its cap and the q row (2^20) at its limit, so the
            // tensors' shapes are what refuses it.
            {{{"attention.head_count", 1024},
              {"attention.head_count_kv", 1024},
              {"attention.key_length", 1024},
              {"attention.value_length", 1024},
              {"rope.dimension_count", 1024}},
             "has shape"},
        };
        for (const auto& [overrides, mention] : cases)
            expectRejected(llamaFile(Claim{}, overrides), "claim of " + mention, mention);
    }

    // Finding 2: block_count was trusted; 1,000,000 layers allocated ~1 GB of layer records before
    // the first missing tensor was noticed (6,000,000: 5.9 GB).
    void hugeBlockCountFailsBeforeAllocating()
    {
        Claim c;
        c.layers = 1'000'000;
        const long before = peakRssKiB();
        expectRejected(llamaFile(c), "1,000,000 layers", "block_count");
        const long grownMiB = (peakRssKiB() - before) / 1024;
        QVERIFY2(grownMiB < 64, ("opening grew the peak RSS by " + std::to_string(grownMiB) + " MiB").c_str());
    }

    // Finding 2: sizes inside every cap whose scratch the weights do not back. 256 heads of 1024
    // with embedding 32 need 2.6 GB of activation scratch for a 512-token batch beside 19 MB of weights.
    void scratchBeyondWhatTheWeightsBackIsRejected()
    {
        Claim c;
        c.heads = 256;
        c.kvHeads = 256;
        c.headDim = 1024;
        const long before = peakRssKiB();
        expectRejected(llamaFile(c), "256 heads of 1024 on embedding 32", "scratch");
        const long grownMiB = (peakRssKiB() - before) / 1024;
        QVERIFY2(grownMiB < 256, ("opening grew the peak RSS by " + std::to_string(grownMiB) + " MiB").c_str());
    }

    // Finding 2: a session's default context (the trained one, at most 4096) sized the KV cache
    // with no regard to the file: 64 layers of 16 KV heads of 256 on embedding 32 (19 MB of
    // weights) asked for 4 GiB of f16 cache.
    void kvCacheBeyondWhatTheWeightsBackIsRefused()
    {
        Claim c;
        c.layers = 64;
        c.tensorLayers = 64;
        c.heads = 16;
        c.kvHeads = 16;
        c.headDim = 256;
        const std::filesystem::path path = std::filesystem::path(m_dir.path().toStdString()) / "kv.gguf";
        llamaFile(c, {{"context_length", 4096}}).write(path);
        auto m = model::Model::open(path, {.threads = 0});
        ++m_tried;
        const long before = peakRssKiB();
        try {
            model::Session s(*m, {});
            QFAIL(("a " + std::to_string(s.contextLength()) + "-token session was made").c_str());
        } catch (const Error& e) {
            ++m_rejected;
            QVERIFY2(std::string(e.what()).find("KV cache") != std::string::npos, e.what());
            qInfo("%s", e.what());
        }
        const long grownMiB = (peakRssKiB() - before) / 1024;
        QVERIFY2(grownMiB < 256, ("the session grew the peak RSS by " + std::to_string(grownMiB) + " MiB").c_str());
        // A context the file can back still works.
        model::Session small(*m, {.contextLength = 256});
        QCOMPARE(small.contextLength(), 256u);
    }

    // Finding 6: an output head larger than the token list lets the sampler pick ids with no text.
    void outputHeadLargerThanVocabularyIsRejected()
    {
        tokenizer::TokenizerData vocab = tokenizer::syntheticByteVocabulary();
        gguf::ModelSpec spec = test::smallSpec("llama", gguf::GgmlType::F32);
        gguf::Writer w = gguf::buildSyntheticModel(spec, vocab.tokens.size() + 64);
        tokenizer::addTokenizerMetadata(vocab, w);
        expectRejected(w, "a head 64 rows larger than the token list", "output head");
    }

    void cleanupTestCase() { qInfo("%d hostile models tried, %d rejected", m_tried, m_rejected); }
};

QTEST_GUILESS_MAIN(TestModelHostile)
#include "test_model_hostile.moc"
