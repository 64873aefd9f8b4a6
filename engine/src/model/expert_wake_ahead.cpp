#include "strata/model/expert_wake_ahead.hpp"

namespace strata::model {

std::string_view toString(ExpertWakeAhead mode)
{
    switch (mode) {
    case ExpertWakeAhead::Off: return "off";
    case ExpertWakeAhead::On: return "on";
    case ExpertWakeAhead::Auto: return "auto";
    }
    return "auto";
}

std::optional<ExpertWakeAhead> parseExpertWakeAhead(std::string_view text)
{
    for (const ExpertWakeAhead mode : {ExpertWakeAhead::Off, ExpertWakeAhead::On, ExpertWakeAhead::Auto})
        if (text == toString(mode))
            return mode;
    return std::nullopt;
}

bool WakeAheadSwitch::observe(double missesPerLayer)
{
    if (missesPerLayer < 0)
        return on_;
    average_ = average_ < 0 ? missesPerLayer : average_ + kSmoothing * (missesPerLayer - average_);
    if (!on_ && average_ < kOnBelow)
        on_ = true;
    else if (on_ && average_ > kOffAbove)
        on_ = false;
    return on_;
}

}  // namespace strata::model
