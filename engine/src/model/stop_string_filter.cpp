#include "strata/model/generation.hpp"

#include <algorithm>

namespace strata::model {

StopStringFilter::StopStringFilter(std::vector<std::string> stops) : stops_(std::move(stops))
{
    std::erase_if(stops_, [](const std::string& s) { return s.empty(); });
}

std::string StopStringFilter::push(std::string_view text)
{
    if (stopped_)
        return {};
    held_ += text;
    // A complete stop string: show what precedes the earliest one.
    size_t first = std::string::npos;
    for (const std::string& s : stops_)
        first = std::min(first, held_.find(s));
    if (first != std::string::npos) {
        stopped_ = true;
        std::string out = held_.substr(0, first);
        held_.clear();
        return out;
    }
    // Keep the longest tail that is a prefix of some stop string; show the rest.
    size_t keep = 0;
    for (const std::string& s : stops_)
        for (size_t n = std::min(s.size() - 1, held_.size()); n > keep; --n)
            if (held_.compare(held_.size() - n, n, s, 0, n) == 0) {
                keep = n;
                break;
            }
    // Never split a UTF-8 sequence: move the cut back to a code point boundary.
    size_t cut = held_.size() - keep;
    while (cut > 0 && cut < held_.size() && (static_cast<unsigned char>(held_[cut]) & 0xC0) == 0x80)
        --cut;
    std::string out = held_.substr(0, cut);
    held_.erase(0, cut);
    return out;
}

std::string StopStringFilter::flush()
{
    std::string out;
    out.swap(held_);
    return stopped_ ? std::string() : out;
}

}  // namespace strata::model
