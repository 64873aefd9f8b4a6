#include "strata/model/expert_cache_policy.hpp"

#include "strata/core/error.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <numeric>
#include <system_error>

namespace strata::model {

namespace {

constexpr const char* kFormat = "strata-expert-cache";
constexpr int kVersion = 1;
// The weight of a selection doubles every half-life; stored sums are brought back to weight 1
// before they leave double's comfortable range (every 64 half-lives: 16k tokens at 256).
constexpr double kRenormaliseAbove = 0x1p64;

// The state file is an object of arrays of arrays: deeper nesting is hostile input, refused before
// the parser sees it.
bool nestedAtMost(const std::string& text, int depth)
{
    int level = 0;
    bool inString = false, escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++level > depth)
                return false;
        } else if (c == ']' || c == '}') {
            --level;
        }
    }
    return true;
}

bool isCount(const nlohmann::json& j, uint64_t expected)
{
    return j.is_number_unsigned() && j.get<uint64_t>() == expected;
}

}  // namespace

ExpertCachePolicy::ExpertCachePolicy(uint32_t layers, uint32_t experts, std::vector<uint32_t> slots,
                                     float halfLifeTokens)
    : layers_(layers), experts_(experts), slots_(std::move(slots))
{
    if (slots_.size() != layers)
        throw Error("expert cache: " + std::to_string(slots_.size()) + " slot counts given for "
                    + std::to_string(layers) + " layers");
    if (!(halfLifeTokens > 0.0f) || !std::isfinite(halfLifeTokens))
        throw Error("expert cache: the heat half-life must be a positive number of tokens");
    slotBegin_.resize(size_t(layers) + 1);
    for (uint32_t l = 0; l < layers; ++l) {
        if (slots_[l] > experts)
            throw Error("expert cache: layer " + std::to_string(l) + " has " + std::to_string(slots_[l])
                        + " slots but only " + std::to_string(experts) + " experts");
        slotBegin_[l + 1] = slotBegin_[l] + slots_[l];
    }
    growth_ = std::exp2(1.0 / double(halfLifeTokens));
    rawHeat_.assign(size_t(layers) * experts, 0.0);
    slotOf_.assign(size_t(layers) * experts, -1);
    expertIn_.assign(slotBegin_.back(), -1);
    counts_.assign(layers, {});
}

void ExpertCachePolicy::record(uint32_t layer, std::span<const int32_t> experts)
{
    if (layer >= layers_)
        throw Error("expert cache: layer " + std::to_string(layer) + " of " + std::to_string(layers_));
    Counts& c = counts_[layer];
    for (int32_t e : experts) {
        if (e < 0 || uint32_t(e) >= experts_)
            throw Error("expert cache: expert id " + std::to_string(e) + " out of range (" + std::to_string(experts_)
                        + " experts)");
        rawHeat_[index(layer, uint32_t(e))] += weight_;
        if (slotOf_[index(layer, uint32_t(e))] >= 0)
            ++c.hits;
        else
            ++c.misses;
    }
}

void ExpertCachePolicy::endToken()
{
    weight_ *= growth_;
    if (weight_ > kRenormaliseAbove)
        renormalise();
}

void ExpertCachePolicy::renormalise()
{
    for (double& h : rawHeat_)
        h /= weight_;
    weight_ = 1.0;
}

std::span<const int32_t> ExpertCachePolicy::slotOf(uint32_t layer) const
{
    if (layer >= layers_)
        throw Error("expert cache: layer " + std::to_string(layer) + " of " + std::to_string(layers_));
    return {slotOf_.data() + index(layer, 0), experts_};
}

std::span<const int32_t> ExpertCachePolicy::expertIn(uint32_t layer) const
{
    if (layer >= layers_)
        throw Error("expert cache: layer " + std::to_string(layer) + " of " + std::to_string(layers_));
    return {expertIn_.data() + slotBegin_[layer], slots_[layer]};
}

float ExpertCachePolicy::heat(uint32_t layer, uint32_t expert) const
{
    if (layer >= layers_ || expert >= experts_)
        throw Error("expert cache: no expert " + std::to_string(expert) + " in layer " + std::to_string(layer));
    return float(rawHeat_[index(layer, expert)] / weight_);
}

ExpertCachePolicy::Counts ExpertCachePolicy::counts(uint32_t layer) const
{
    if (layer >= layers_)
        throw Error("expert cache: layer " + std::to_string(layer) + " of " + std::to_string(layers_));
    return counts_[layer];
}

void ExpertCachePolicy::resetCounts()
{
    std::fill(counts_.begin(), counts_.end(), Counts{});
}

std::vector<ExpertSwap> ExpertCachePolicy::proposeSwaps(size_t maxSwaps)
{
    struct Candidate {
        double gain;  // in raw heat (one scale for every layer)
        ExpertSwap swap;
    };
    std::vector<Candidate> fills, swaps;
    std::vector<uint32_t> outside, inside;
    for (uint32_t l = 0; l < layers_; ++l) {
        if (slots_[l] == 0)
            continue;
        const double* raw = rawHeat_.data() + index(l, 0);
        outside.clear();
        inside.clear();
        for (uint32_t e = 0; e < experts_; ++e)
            (slotOf_[index(l, e)] >= 0 ? inside : outside).push_back(e);
        // Hottest first; stable, so equal heat keeps the lower id first.
        std::stable_sort(outside.begin(), outside.end(), [&](uint32_t a, uint32_t b) { return raw[a] > raw[b]; });
        std::stable_sort(inside.begin(), inside.end(), [&](uint32_t a, uint32_t b) { return raw[a] < raw[b]; });
        size_t next = 0;
        for (uint32_t s = 0; s < slots_[l] && next < outside.size(); ++s) {
            if (expertIn_[slotBegin_[l] + s] >= 0)
                continue;
            const uint32_t e = outside[next];
            if (raw[e] <= 0.0)
                break;
            fills.push_back({raw[e], {l, s, -1, e}});
            ++next;
        }
        // The i-th hottest outsider against the i-th coldest resident: gains only shrink from there.
        for (size_t i = 0; i < inside.size() && next + i < outside.size(); ++i) {
            const uint32_t hot = outside[next + i], cold = inside[i];
            if (!(raw[hot] > kSwapRatio * raw[cold] + kSwapFloor * weight_))
                break;
            swaps.push_back({raw[hot] - raw[cold], {l, uint32_t(slotOf_[index(l, cold)]), int32_t(cold), hot}});
        }
    }
    const auto byGain = [](const Candidate& a, const Candidate& b) { return a.gain > b.gain; };
    std::stable_sort(fills.begin(), fills.end(), byGain);
    std::stable_sort(swaps.begin(), swaps.end(), byGain);
    std::vector<ExpertSwap> chosen;
    for (const auto* list : {&fills, &swaps})
        for (const Candidate& c : *list) {
            if (chosen.size() >= maxSwaps)
                break;
            chosen.push_back(c.swap);
        }
    for (const ExpertSwap& s : chosen) {
        if (s.evicted >= 0)
            slotOf_[index(s.layer, uint32_t(s.evicted))] = -1;
        slotOf_[index(s.layer, s.admitted)] = int32_t(s.slot);
        expertIn_[slotBegin_[s.layer] + s.slot] = int32_t(s.admitted);
    }
    return chosen;
}

size_t ExpertCachePolicy::fillEmptySlots()
{
    size_t filled = 0;
    std::vector<uint32_t> outside;
    for (uint32_t l = 0; l < layers_; ++l) {
        const double* raw = rawHeat_.data() + index(l, 0);
        outside.clear();
        for (uint32_t e = 0; e < experts_; ++e)
            if (slotOf_[index(l, e)] < 0)
                outside.push_back(e);
        std::stable_sort(outside.begin(), outside.end(), [&](uint32_t a, uint32_t b) { return raw[a] > raw[b]; });
        size_t next = 0;
        for (uint32_t s = 0; s < slots_[l] && next < outside.size(); ++s)
            if (expertIn_[slotBegin_[l] + s] < 0) {
                const uint32_t e = outside[next++];
                expertIn_[slotBegin_[l] + s] = int32_t(e);
                slotOf_[index(l, e)] = int32_t(s);
                ++filled;
            }
    }
    return filled;
}

void ExpertCachePolicy::save(const std::filesystem::path& file, const std::string& modelIdentity) const
{
    nlohmann::json heat = nlohmann::json::array(), resident = nlohmann::json::array();
    for (uint32_t l = 0; l < layers_; ++l) {
        nlohmann::json h = nlohmann::json::array();
        for (uint32_t e = 0; e < experts_; ++e)
            h.push_back(float(rawHeat_[index(l, e)] / weight_));
        heat.push_back(std::move(h));
        const auto in = expertIn(l);
        resident.push_back(std::vector<int32_t>(in.begin(), in.end()));
    }
    const nlohmann::json j = {{"format", kFormat}, {"version", kVersion}, {"model", modelIdentity},
                              {"layers", layers_}, {"experts", experts_}, {"slots", slots_},
                              {"heat", heat},      {"resident", resident}};
    std::filesystem::path temp = file;
    temp += ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << j.dump();
        out.close();
        if (!out) {
            std::error_code ignored;
            std::filesystem::remove(temp, ignored);
            throw Error("cannot write the expert cache state to " + temp.string());
        }
    }
    std::error_code ec;
    std::filesystem::rename(temp, file, ec);
    if (ec) {
        std::error_code ignored;
        std::filesystem::remove(temp, ignored);
        throw Error("cannot replace " + file.string() + " with the new expert cache state: " + ec.message());
    }
}

bool ExpertCachePolicy::load(const std::filesystem::path& file, const std::string& modelIdentity)
{
    std::error_code ec;
    const uintmax_t size = std::filesystem::file_size(file, ec);
    if (ec || size > kMaxStateBytes)
        return false;
    std::ifstream in(file, std::ios::binary);
    if (!in)
        return false;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.size() > kMaxStateBytes || !nestedAtMost(text, 3))
        return false;
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object())
        return false;
    const nlohmann::json missing;
    const auto field = [&](const char* key) -> const nlohmann::json& {
        const auto it = j.find(key);
        return it == j.end() ? missing : *it;
    };
    if (field("format") != kFormat || !isCount(field("version"), kVersion) || field("model") != modelIdentity
        || !isCount(field("layers"), layers_) || !isCount(field("experts"), experts_))
        return false;
    const nlohmann::json &slots = field("slots"), &heat = field("heat"), &resident = field("resident");
    if (!slots.is_array() || slots.size() != layers_ || !heat.is_array() || heat.size() != layers_
        || !resident.is_array() || resident.size() != layers_)
        return false;
    std::vector<double> newHeat(rawHeat_.size());
    std::vector<int32_t> newSlotOf(slotOf_.size(), -1), newExpertIn(expertIn_.size(), -1);
    for (uint32_t l = 0; l < layers_; ++l) {
        if (!isCount(slots[l], slots_[l]) || !heat[l].is_array() || heat[l].size() != experts_
            || !resident[l].is_array() || resident[l].size() != slots_[l])
            return false;
        for (uint32_t e = 0; e < experts_; ++e) {
            const nlohmann::json& h = heat[l][e];
            if (!h.is_number())
                return false;
            const double v = h.get<double>();
            if (!std::isfinite(v) || v < 0.0 || v > 1e30)
                return false;
            newHeat[index(l, e)] = v * weight_;
        }
        for (uint32_t s = 0; s < slots_[l]; ++s) {
            const nlohmann::json& r = resident[l][s];
            if (!r.is_number_integer())
                return false;
            const int64_t e = r.get<int64_t>();
            if (e == -1)
                continue;
            if (e < 0 || e >= int64_t(experts_) || newSlotOf[index(l, uint32_t(e))] >= 0)
                return false;  // out of range, or one expert in two slots
            newSlotOf[index(l, uint32_t(e))] = int32_t(s);
            newExpertIn[slotBegin_[l] + s] = int32_t(e);
        }
    }
    rawHeat_ = std::move(newHeat);
    slotOf_ = std::move(newSlotOf);
    expertIn_ = std::move(newExpertIn);
    return true;
}

}  // namespace strata::model
