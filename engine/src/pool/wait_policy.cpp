#include "strata/pool/wait_policy.hpp"

#include "strata/core/error.hpp"

#include <charconv>
#include <cstdlib>
#include <limits>

namespace strata::pool {
namespace {

// "100", "100us" or "20ms" (as the seed reports and the CLIs spell durations).
bool parseMicros(const std::string& text, std::uint32_t& out)
{
    std::string digits = text;
    std::uint64_t unit = 1;
    if (digits.size() > 2 && digits.compare(digits.size() - 2, 2, "us") == 0) {
        digits.resize(digits.size() - 2);
    } else if (digits.size() > 2 && digits.compare(digits.size() - 2, 2, "ms") == 0) {
        digits.resize(digits.size() - 2);
        unit = 1000;
    }
    if (digits.empty())
        return false;
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc{} || end != digits.data() + digits.size() || value > 60'000'000 / unit)
        return false;  // more than a minute of spinning is a typo, not a policy
    out = static_cast<std::uint32_t>(value * unit);
    return true;
}

}  // namespace

std::string toString(const WaitPolicy& policy)
{
    switch (policy.kind) {
    case WaitKind::FixedSpin: return "fixed-spin " + std::to_string(policy.spinMicros) + "us";
    case WaitKind::Park: return "park";
    case WaitKind::Adaptive: return "adaptive";
    }
    return "unknown";
}

WaitPolicy parseWaitPolicy(const std::string& text)
{
    if (text == "park")
        return WaitPolicy::park();
    if (text == "adaptive")
        return WaitPolicy::adaptive();
    std::string micros = text.rfind("fixed:", 0) == 0 ? text.substr(6) : text;
    std::uint32_t value = 0;
    if (!parseMicros(micros, value))
        throw Error(
            "wait policy '" + text
            + "': expected 'park', 'adaptive', 'fixed:<n>us', 'fixed:<n>ms' or a number of microseconds (<= 60000000)");
    return value == 0 ? WaitPolicy::park() : WaitPolicy::fixedSpin(value);
}

std::optional<WaitPolicy> waitPolicyFromEnvironment()
{
    const char* value = std::getenv("STRATA_POOL_SPIN_US");
    if (value == nullptr || *value == '\0')
        return std::nullopt;
    std::uint32_t micros = 0;
    if (!parseMicros(value, micros))
        throw Error(std::string("environment variable STRATA_POOL_SPIN_US='") + value
                    + "': expected a whole number of microseconds (<= 60000000)");
    return micros == 0 ? WaitPolicy::park() : WaitPolicy::fixedSpin(micros);
}

}  // namespace strata::pool
