// The KV cache of one sequence in host memory: per layer, K and V rows of kvDim values per
// position, stored as f16 (default) or Q8_0.
#pragma once

#include "strata/model/backend.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace strata::model::cpu {

class CpuSequence final : public Sequence {
public:
    CpuSequence(const Hparams& h, uint32_t contextLength, KvType kv);

    uint32_t length() const override { return length_; }
    uint32_t capacity() const override { return capacity_; }
    void truncate(uint32_t length) override;
    size_t bytes() const override { return keys_.size() + values_.size(); }

    KvType kvType() const { return kv_; }
    gguf::GgmlType storageType() const;
    size_t rowBytes() const { return rowBytes_; }  // one position of one layer (all kv heads)
    size_t headBytes() const { return rowBytes_ / kvHeads_; }

    // Stores k and v rows (kvDim floats each) of `count` positions starting at `pos`.
    void store(uint32_t layer, uint32_t pos, uint32_t count, const float* k, const float* v, size_t stride);
    // One KV head's key and value rows (headDim floats each) at `pos`: the same bytes store() gives
    // that head. Threads may store different heads at once.
    void storeHead(uint32_t layer, uint32_t pos, uint32_t head, const float* k, const float* v);
    const std::byte* key(uint32_t layer, uint32_t pos, uint32_t head) const;
    const std::byte* value(uint32_t layer, uint32_t pos, uint32_t head) const;
    void setLength(uint32_t length) { length_ = length; }

private:
    size_t offset(uint32_t layer, uint32_t pos, uint32_t head) const;

    KvType kv_;
    uint32_t capacity_;
    uint32_t length_ = 0;
    uint32_t kvHeads_;
    uint32_t kvDim_;
    size_t rowBytes_;
    std::vector<std::byte> keys_, values_;
};

}  // namespace strata::model::cpu
