// How idle pool threads wait for the next batch, and how the host waits for a batch to finish.
//
// Environment variables read by the pool (this is the one place that lists them):
//   STRATA_POOL_SPIN_US=<n>   use FixedSpin{n µs} instead of the default Adaptive policy
//                             (compatibility knob from the old engine; 0 means Park).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace strata::pool {

enum class WaitKind : std::uint8_t {
    FixedSpin,  // spin (pause loop) for spinMicros, then park on a futex
    Park,       // park at once
    Adaptive,   // spin window chosen from the observed gaps between batches (docs/architecture/worker-pool.md)
};

struct WaitPolicy {
    WaitKind kind = WaitKind::Adaptive;
    std::uint32_t spinMicros = 0;  // FixedSpin only

    static WaitPolicy fixedSpin(std::uint32_t micros) { return {WaitKind::FixedSpin, micros}; }
    static WaitPolicy park() { return {WaitKind::Park, 0}; }
    static WaitPolicy adaptive() { return {WaitKind::Adaptive, 0}; }

    friend bool operator==(const WaitPolicy&, const WaitPolicy&) = default;
};

// "fixed-spin 100us", "park", "adaptive".
std::string toString(const WaitPolicy& policy);

// Parses "park", "adaptive", "fixed:<n>" (µs; "100us" and "20ms" spell units) or a bare duration. Throws strata::Error
// on bad text.
WaitPolicy parseWaitPolicy(const std::string& text);

// FixedSpin from STRATA_POOL_SPIN_US when it is set; throws strata::Error when it is set but invalid.
std::optional<WaitPolicy> waitPolicyFromEnvironment();

}  // namespace strata::pool
