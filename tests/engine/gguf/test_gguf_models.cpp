// mkmodel's library side: llama.cpp's tensor names, shapes and keys per architecture; quantized
// weights that dequantize to the F32 model's values; requantization; the summary `info` prints.
#include "strata/core/error.hpp"
#include "strata/gguf/file.hpp"
#include "strata/gguf/model_summary.hpp"
#include "strata/gguf/requantize.hpp"
#include "strata/gguf/synthetic_model.hpp"
#include "strata/kernels/quantize.hpp"
#include "strata/model/architecture.hpp"
#include "strata/tokenizer/synthetic_vocabulary.hpp"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace strata::gguf;

namespace {

struct Built {
    std::vector<std::byte> bytes;
    File file;
};

Built build(const ModelSpec& spec)
{
    auto bytes = strata::tokenizer::syntheticModelFile(spec, strata::tokenizer::syntheticByteVocabulary()).toBytes();
    File f = File::fromBytes(bytes, "model.gguf");
    return {std::move(bytes), std::move(f)};
}

std::vector<float> rowsAsFloats(const TensorInfo& t)
{
    std::vector<float> out(t.elements);
    const auto traits = *ggmlTypeTraits(static_cast<uint32_t>(t.type));
    const uint64_t rb = rowBytes(traits, t.shape[0]);
    for (uint64_t r = 0; r < t.rows(); ++r)
        strata::kernels::dequantizeRow(t.type, t.data.data() + r * rb, out.data() + r * t.shape[0],
                                       static_cast<int64_t>(t.shape[0]));
    return out;
}

double rmsDiff(const std::vector<float>& a, const std::vector<float>& b)
{
    double s = 0, n = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        s += (a[i] - b[i]) * double(a[i] - b[i]);
        n += double(b[i]) * b[i];
    }
    return std::sqrt(s / n);  // relative to the reference's RMS
}

std::vector<uint64_t> shapeOf(const File& f, const char* name)
{
    const TensorInfo* t = f.findTensor(name);
    if (!t)
        return {};
    return {t->dims().begin(), t->dims().end()};
}

}  // namespace

class TestGgufModels : public QObject {
    Q_OBJECT

private slots:
    // The writer reads the same list as the decoder plans: every architecture in it is written, with
    // exactly the optional tensors its plan asks for and the RoPE keys llama.cpp's converter writes.
    void everyListedArchitectureIsWrittenAsItsPlanSays()
    {
        QVERIFY(strata::model::architectures().size() >= 4);
        for (const strata::model::Architecture* a : strata::model::architectures()) {
            ModelSpec spec;
            spec.architecture = std::string(a->name);
            const Built b = build(spec);
            const strata::model::DecoderPlan plan = a->describe(strata::model::Hparams{});
            const std::string arch(a->name);
            QCOMPARE(*b.file.metadata().getString("general.architecture"), std::string_view(arch));
            QCOMPARE(b.file.findTensor("blk.0.attn_q.bias") != nullptr, plan.qkvBias);
            QCOMPARE(b.file.findTensor("blk.0.attn_q_norm.weight") != nullptr, plan.qkNorm);
            QCOMPARE(b.file.findTensor("blk.0.ffn_gate_exps.weight") != nullptr,
                     plan.ffn == strata::model::FfnKind::Moe);
            QCOMPARE(b.file.findTensor("blk.0.ffn_gate.weight") != nullptr, plan.ffn == strata::model::FfnKind::Dense);
            QCOMPARE(b.file.metadata().contains(arch + ".rope.dimension_count"), a->writesRopeDimensionCount);
        }
    }

    void unknownArchitectureNamesTheListedOnes()
    {
        ModelSpec spec;
        spec.architecture = "gpt-j";
        try {
            build(spec);
            QFAIL("no error");
        } catch (const strata::Error& e) {
            QVERIFY2(QString(e.what()).contains("gpt-j")
                         && QString(e.what()).contains(QString::fromStdString(strata::model::architectureNames())),
                     e.what());
        }
    }

    void llamaHasLlamaCppLayout()
    {
        ModelSpec spec;
        spec.layers = 3;
        const Built b = build(spec);
        const File& f = b.file;
        const Metadata& m = f.metadata();
        QCOMPARE(*m.getString("general.architecture"), std::string_view("llama"));
        QCOMPARE(*m.getU32("llama.block_count"), 3u);
        QCOMPARE(*m.getU32("llama.embedding_length"), 256u);
        QCOMPARE(*m.getU32("llama.feed_forward_length"), 512u);
        QCOMPARE(*m.getU32("llama.attention.head_count"), 4u);
        QCOMPARE(*m.getU32("llama.attention.head_count_kv"), 2u);
        QCOMPARE(*m.getU32("llama.rope.dimension_count"), 64u);
        QCOMPARE(*m.getU32("llama.context_length"), 4096u);
        QCOMPARE(*m.getF32("llama.attention.layer_norm_rms_epsilon"), 1e-6f);
        QCOMPARE(*m.getF32("llama.rope.freq_base"), 10000.0f);
        QCOMPARE(*m.getU32("general.file_type"), 0u);
        QCOMPARE(*m.getU32("general.alignment"), 32u);
        const uint64_t vocab = *m.getU32("llama.vocab_size");
        QCOMPARE(m.getArray("tokenizer.ggml.tokens")->size(), vocab);
        QCOMPARE(shapeOf(f, "token_embd.weight"), (std::vector<uint64_t>{256, vocab}));
        QCOMPARE(shapeOf(f, "output.weight"), (std::vector<uint64_t>{256, vocab}));
        QCOMPARE(shapeOf(f, "output_norm.weight"), (std::vector<uint64_t>{256}));
        for (int l = 0; l < 3; ++l) {
            const std::string p = "blk." + std::to_string(l) + ".";
            QCOMPARE(shapeOf(f, (p + "attn_norm.weight").c_str()), (std::vector<uint64_t>{256}));
            QCOMPARE(shapeOf(f, (p + "attn_q.weight").c_str()), (std::vector<uint64_t>{256, 256}));
            QCOMPARE(shapeOf(f, (p + "attn_k.weight").c_str()), (std::vector<uint64_t>{256, 128}));
            QCOMPARE(shapeOf(f, (p + "attn_v.weight").c_str()), (std::vector<uint64_t>{256, 128}));
            QCOMPARE(shapeOf(f, (p + "attn_output.weight").c_str()), (std::vector<uint64_t>{256, 256}));
            QCOMPARE(shapeOf(f, (p + "ffn_norm.weight").c_str()), (std::vector<uint64_t>{256}));
            QCOMPARE(shapeOf(f, (p + "ffn_gate.weight").c_str()), (std::vector<uint64_t>{256, 512}));
            QCOMPARE(shapeOf(f, (p + "ffn_up.weight").c_str()), (std::vector<uint64_t>{256, 512}));
            QCOMPARE(shapeOf(f, (p + "ffn_down.weight").c_str()), (std::vector<uint64_t>{512, 256}));
        }
        QCOMPARE(f.tensors().size(), size_t{3 + 3 * 9});
        const ModelSummary s = summarize(f);
        const uint64_t perLayer = 256 + 256 * 256 * 2 + 256 * 128 * 2 + 256 + 3 * 256 * 512;
        QCOMPARE(s.parameters, 2 * 256 * vocab + 256 + 3 * perLayer);
        QCOMPARE(s.fileTypeName, std::string("ALL_F32"));
        QVERIFY(!s.expertCount);
        QCOMPARE(s.tokenizer.model, std::string("gpt2"));
        QCOMPARE(s.tokenizer.vocabSize, vocab);
        QVERIFY(s.hasChatTemplate);
    }

    void qwenVariants()
    {
        ModelSpec spec;
        spec.architecture = "qwen2";
        spec.tieEmbeddings = true;
        Built b = build(spec);
        QVERIFY(!b.file.findTensor("output.weight"));
        QCOMPARE(shapeOf(b.file, "blk.1.attn_q.bias"), (std::vector<uint64_t>{256}));
        QCOMPARE(shapeOf(b.file, "blk.1.attn_k.bias"), (std::vector<uint64_t>{128}));
        QCOMPARE(shapeOf(b.file, "blk.1.attn_v.bias"), (std::vector<uint64_t>{128}));
        QVERIFY(!b.file.findTensor("blk.0.attn_q_norm.weight"));

        spec.architecture = "qwen3";
        spec.headDim = 128;  // wider than embedding / heads, as in Qwen3-0.6B
        b = build(spec);
        QCOMPARE(*b.file.metadata().getU32("qwen3.attention.key_length"), 128u);
        QCOMPARE(*b.file.metadata().getU32("qwen3.attention.value_length"), 128u);
        QCOMPARE(shapeOf(b.file, "blk.0.attn_q_norm.weight"), (std::vector<uint64_t>{128}));
        QCOMPARE(shapeOf(b.file, "blk.0.attn_k_norm.weight"), (std::vector<uint64_t>{128}));
        QCOMPARE(shapeOf(b.file, "blk.0.attn_q.weight"), (std::vector<uint64_t>{256, 512}));
        QCOMPARE(shapeOf(b.file, "blk.0.attn_output.weight"), (std::vector<uint64_t>{512, 256}));
        QVERIFY(!b.file.findTensor("blk.0.attn_q.bias"));
    }

    void qwen3moeHasExperts()
    {
        ModelSpec spec;
        spec.architecture = "qwen3moe";
        spec.experts = 4;
        spec.expertsUsed = 2;
        spec.expertFeedForward = 128;
        spec.weightType = GgmlType::Q8_0;
        const Built b = build(spec);
        const Metadata& m = b.file.metadata();
        QCOMPARE(*m.getU32("qwen3moe.expert_count"), 4u);
        QCOMPARE(*m.getU32("qwen3moe.expert_used_count"), 2u);
        QCOMPARE(*m.getU32("qwen3moe.expert_feed_forward_length"), 128u);
        QCOMPARE(shapeOf(b.file, "blk.0.ffn_gate_inp.weight"), (std::vector<uint64_t>{256, 4}));
        QCOMPARE(b.file.findTensor("blk.0.ffn_gate_inp.weight")->type, GgmlType::F32);
        QCOMPARE(shapeOf(b.file, "blk.0.ffn_gate_exps.weight"), (std::vector<uint64_t>{256, 128, 4}));
        QCOMPARE(shapeOf(b.file, "blk.0.ffn_up_exps.weight"), (std::vector<uint64_t>{256, 128, 4}));
        QCOMPARE(shapeOf(b.file, "blk.0.ffn_down_exps.weight"), (std::vector<uint64_t>{128, 256, 4}));
        QCOMPARE(b.file.findTensor("blk.0.ffn_down_exps.weight")->type, GgmlType::Q8_0);
        QCOMPARE(b.file.findTensor("blk.0.ffn_norm.weight")->type, GgmlType::F32);
        QVERIFY(!b.file.findTensor("blk.0.ffn_gate.weight"));
        const ModelSummary s = summarize(b.file);
        QCOMPARE(*s.expertCount, uint64_t{4});
        QCOMPARE(*s.expertUsedCount, uint64_t{2});
        QCOMPARE(s.fileTypeName, std::string("MOSTLY_Q8_0"));
        QCOMPARE(*m.getU32("general.quantization_version"), 2u);
    }

    void quantizedWeightsMatchTheF32Model()
    {
        ModelSpec spec;
        spec.layers = 1;
        spec.seed = 99;
        const Built ref = build(spec);
        const auto refQ = rowsAsFloats(*ref.file.findTensor("blk.0.attn_q.weight"));
        // Relative RMS error bounds well above each type's typical error on uniform data.
        for (auto [type, bound] : std::initializer_list<std::pair<GgmlType, double>>{{GgmlType::F16, 1e-3},
                                                                                     {GgmlType::BF16, 8e-3},
                                                                                     {GgmlType::Q8_0, 1e-2},
                                                                                     {GgmlType::Q6_K, 3e-2},
                                                                                     {GgmlType::Q5_K, 6e-2},
                                                                                     {GgmlType::Q4_K, 0.12},
                                                                                     {GgmlType::Q4_0, 0.15}}) {
            spec.weightType = type;
            const Built q = build(spec);
            const TensorInfo* t = q.file.findTensor("blk.0.attn_q.weight");
            QCOMPARE(t->type, type);
            QCOMPARE(q.file.findTensor("blk.0.attn_norm.weight")->type, GgmlType::F32);
            const double err = rmsDiff(rowsAsFloats(*t), refQ);
            QVERIFY2(err < bound,
                     (std::string(ggmlTypeTraits(uint32_t(type))->name) + " error " + std::to_string(err)).c_str());
        }
    }

    void outputScaleScalesTheHead()
    {
        ModelSpec spec;
        spec.layers = 1;
        const Built a = build(spec);
        spec.outputScale = 8.0f;
        const Built b = build(spec);
        const auto x = rowsAsFloats(*a.file.findTensor("output.weight"));
        const auto y = rowsAsFloats(*b.file.findTensor("output.weight"));
        for (size_t i = 0; i < x.size(); i += 97)
            QVERIFY(std::fabs(y[i] - 8.0f * x[i]) <= 1e-5f * std::fabs(y[i]) + 1e-6f);
        QCOMPARE(rowsAsFloats(*a.file.findTensor("token_embd.weight")),
                 rowsAsFloats(*b.file.findTensor("token_embd.weight")));
    }

    void badSpecsAreRejected()
    {
        ModelSpec spec;
        spec.architecture = "gpt-j";
        QVERIFY_THROWS_EXCEPTION(
            strata::Error, strata::tokenizer::syntheticModelFile(spec, strata::tokenizer::syntheticByteVocabulary()));
        spec = {};
        spec.embedding = 96;
        spec.heads = 3;
        spec.kvHeads = 1;
        spec.weightType = GgmlType::Q4_K;  // 96-value rows are not whole 256-blocks
        QVERIFY_THROWS_EXCEPTION(
            strata::Error, strata::tokenizer::syntheticModelFile(spec, strata::tokenizer::syntheticByteVocabulary()));
        spec = {};
        spec.kvHeads = 3;
        QVERIFY_THROWS_EXCEPTION(
            strata::Error, strata::tokenizer::syntheticModelFile(spec, strata::tokenizer::syntheticByteVocabulary()));
    }

    void requantizeKeepsMetadataAndNorms()
    {
        ModelSpec spec;
        spec.layers = 1;
        spec.architecture = "qwen3moe";
        spec.experts = 2;
        spec.expertsUsed = 1;
        const Built ref = build(spec);
        const auto qBytes = requantize(ref.file, GgmlType::Q8_0).toBytes();
        const File q = File::fromBytes(qBytes);
        QCOMPARE(q.metadata().size(), ref.file.metadata().size() + 1);  // + quantization_version
        QCOMPARE(*q.metadata().getU32("general.file_type"), 7u);
        QCOMPARE(q.metadata().getStringArray("tokenizer.ggml.tokens"),
                 ref.file.metadata().getStringArray("tokenizer.ggml.tokens"));
        QCOMPARE(*q.metadata().getString("tokenizer.chat_template"),
                 *ref.file.metadata().getString("tokenizer.chat_template"));
        QCOMPARE(q.findTensor("blk.0.attn_norm.weight")->type, GgmlType::F32);
        QCOMPARE(q.findTensor("blk.0.ffn_gate_inp.weight")->type, GgmlType::F32);
        QCOMPARE(q.findTensor("blk.0.ffn_up_exps.weight")->type, GgmlType::Q8_0);
        const double err = rmsDiff(rowsAsFloats(*q.findTensor("blk.0.ffn_up_exps.weight")),
                                   rowsAsFloats(*ref.file.findTensor("blk.0.ffn_up_exps.weight")));
        QVERIFY(err < 1e-2);
        // And back to F32: values survive within Q8_0's error.
        const auto backBytes = requantize(q, GgmlType::F32).toBytes();
        const File back = File::fromBytes(backBytes);
        QCOMPARE(back.findTensor("blk.0.ffn_up_exps.weight")->type, GgmlType::F32);
        QCOMPARE(*back.metadata().getU32("general.file_type"), 0u);
        QVERIFY(!back.metadata().contains("general.quantization_version"));
    }
};

QTEST_GUILESS_MAIN(TestGgufModels)
#include "test_gguf_models.moc"
