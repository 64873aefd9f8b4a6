// Which experts of each MoE layer a GPU's expert cache should hold: admission and eviction follow
// each expert's heat, its routing count decayed with a half-life in tokens. Pure bookkeeping, no
// memory of its own besides the counts: the hybrid backend applies the swaps it returns by copying
// weights. Not thread-safe: one owner (the thread that runs the model) calls everything.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace strata::model {

struct ExpertSwap {
    uint32_t layer;
    uint32_t slot;      // the VRAM slot whose contents change
    int32_t evicted;    // the expert that leaves it; -1 when the slot was empty
    uint32_t admitted;  // the expert that takes it
};

class ExpertCachePolicy {
public:
    // slots[l]: how many experts of layer l the VRAM holds (0: a dense layer, or one whose experts
    // all run on the CPU). Throws strata::Error when slots has not `layers` entries, a layer has
    // more slots than experts, or the half-life is not a positive number.
    ExpertCachePolicy(uint32_t layers, uint32_t experts, std::vector<uint32_t> slots, float halfLifeTokens = 256);

    // Any number of tokens' chosen ids of one layer; also counts hits and misses against the
    // current residency. Throws strata::Error for a layer or an id out of range.
    void record(uint32_t layer, std::span<const int32_t> experts);
    // One token is done: every heat decays by 2^(-1 / halfLife). O(1): the weight of a new
    // selection grows instead, and the stored sums are renormalised once in a long while.
    void endToken();

    std::span<const int32_t> slotOf(uint32_t layer) const;    // [experts]: expert e's slot, -1: not resident
    std::span<const int32_t> expertIn(uint32_t layer) const;  // [slots[layer]]: slot s's expert, -1: empty

    // Fills empty slots with the hottest non-resident experts (ties: lower id; never with an expert
    // of heat 0), then swaps where a non-resident expert is hotter than a resident one by the
    // hysteresis margin (kSwapRatio, kSwapFloor below), largest gains first, at most maxSwaps in
    // all. Applies them to slotOf/expertIn and returns them so the caller copies the weights.
    std::vector<ExpertSwap> proposeSwaps(size_t maxSwaps);
    // Fills every empty slot, heat 0 included (hottest first, ties: lower id), for a cache that starts
    // with nothing learnt: a slot left empty is VRAM paid for that helps nothing, and cold residents
    // are the first that hotter experts replace. Returns how many it filled.
    size_t fillEmptySlots();

    float heat(uint32_t layer, uint32_t expert) const;

    struct Counts {
        uint64_t hits = 0, misses = 0;
    };
    Counts counts(uint32_t layer) const;
    void resetCounts();

    // Heat and residency of one model. save: atomic (temp file + rename), throws strata::Error on
    // I/O failure. load: returns false and keeps the current state when the file is missing,
    // malformed, hostile (over kMaxStateBytes, nested deeper than JSON of this shape is) or of
    // another model identity or shape; never throws for a bad file.
    void save(const std::filesystem::path& file, const std::string& modelIdentity) const;
    bool load(const std::filesystem::path& file, const std::string& modelIdentity);

    // A candidate replaces a resident expert only when heat(candidate) > kSwapRatio * heat(resident)
    // + kSwapFloor. The floor: one fresh selection (heat 1) never flips a pair by itself, so two
    // equally hot experts that take turns do not ping-pong. The ratio: a rate-p expert's heat
    // hovers around p * halfLife / ln 2 and wobbles by about its square root; 25 % covers that
    // wobble from heat 16 up, where the floor stops mattering.
    static constexpr float kSwapRatio = 1.25f;
    static constexpr float kSwapFloor = 1.0f;
    // The largest state file load() reads: 128 experts x 256 layers of heat take about 1 MiB.
    static constexpr uintmax_t kMaxStateBytes = 16u << 20;

private:
    size_t index(uint32_t layer, uint32_t expert) const { return size_t(layer) * experts_ + expert; }
    void renormalise();

    uint32_t layers_;
    uint32_t experts_;
    std::vector<uint32_t> slots_;
    std::vector<size_t> slotBegin_;  // layer l's slots are expertIn_[slotBegin_[l] .. slotBegin_[l+1])
    double growth_;                  // 2^(1 / halfLife): what the weight of a selection grows by per token
    double weight_ = 1.0;            // the weight a selection recorded now adds to rawHeat_
    std::vector<double> rawHeat_;    // heat * weight_, [layers][experts]
    std::vector<int32_t> slotOf_;    // [layers][experts]
    std::vector<int32_t> expertIn_;  // flat, by slotBegin_
    std::vector<Counts> counts_;
};

}  // namespace strata::model
