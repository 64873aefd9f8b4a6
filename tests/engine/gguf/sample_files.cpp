#include "sample_files.hpp"

#include <random>

namespace strata::gguf::test {

std::vector<std::byte> randomBytes(size_t n, uint32_t seed)
{
    std::mt19937 rng(seed);
    std::vector<std::byte> out(n);
    for (auto& b : out)
        b = static_cast<std::byte>(rng() & 0xff);
    return out;
}

std::vector<SampleTensor> sampleTensors()
{
    return {
        {"blk.0.attn_norm.weight", GgmlType::F32, {64}},     {"blk.0.attn_q.weight", GgmlType::F16, {64, 8}},
        {"blk.0.ffn_up.weight", GgmlType::Q4_K, {256, 3}},   {"blk.0.ffn_dn.weight", GgmlType::Q8_0, {32, 2, 3}},
        {"blk.0.exps.weight", GgmlType::BF16, {8, 2, 2, 2}},
    };
}

Writer sampleWriter(uint32_t seed)
{
    Writer w;
    w.set("general.architecture", MetaValue::string("llama"));
    w.set("general.name", MetaValue::string("sample ünïcode"));
    w.set("test.u8", MetaValue::u8(200));
    w.set("test.i8", MetaValue::i8(-100));
    w.set("test.u16", MetaValue::u16(60000));
    w.set("test.i16", MetaValue::i16(-30000));
    w.set("test.u32", MetaValue::u32(4000000000u));
    w.set("test.i32", MetaValue::i32(-2000000000));
    w.set("test.u64", MetaValue::u64(0xfedcba9876543210ull));
    w.set("test.i64", MetaValue::i64(-0x123456789abcdefll));
    w.set("test.f32", MetaValue::f32(0.15625f));
    w.set("test.f64", MetaValue::f64(-1.0e300));
    w.set("test.bool", MetaValue::boolean(true));
    w.set("test.empty_string", MetaValue::string(""));
    w.set("test.strings", MetaValue::stringArray({"a b", "", "Ġhello", "<|im_end|>"}));
    w.set("test.i32s", MetaValue::i32Array({1, -2, 3, 2147483647}));
    w.set("test.f32s", MetaValue::f32Array({0.5f, -1.5f, 1e-3f}));
    w.set("test.u8s", MetaValue::array(ValueType::UInt8, {MetaValue::u8(1), MetaValue::u8(255)}));
    w.set("test.i64s", MetaValue::array(ValueType::Int64, {MetaValue::i64(-5), MetaValue::i64(1ll << 40)}));
    w.set("test.f64s", MetaValue::array(ValueType::Float64, {MetaValue::f64(2.25)}));
    w.set("test.bools", MetaValue::array(ValueType::Bool, {MetaValue::boolean(false), MetaValue::boolean(true)}));
    w.set("test.empty_array", MetaValue::array(ValueType::UInt32, {}));
    w.set("test.nested",
          MetaValue::array(ValueType::Array, {MetaValue::i32Array({7, 8}), MetaValue::array(ValueType::Int32, {}),
                                              MetaValue::i32Array({9})}));
    w.set("test.nested_strings", MetaValue::array(ValueType::Array, {MetaValue::stringArray({"x", "yz"})}));
    uint32_t k = seed;
    for (const SampleTensor& t : sampleTensors()) {
        const auto traits = *ggmlTypeTraits(static_cast<uint32_t>(t.type));
        uint64_t elements = 1;
        for (uint64_t d : t.shape)
            elements *= d;
        w.addTensor(t.name, t.type, t.shape, randomBytes(elements / traits.blockElements * traits.blockBytes, k++));
    }
    return w;
}

}  // namespace strata::gguf::test
