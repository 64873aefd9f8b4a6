// What /metrics reports, in Prometheus' text format: requests by route and status, tokens and
// engine time per phase, the last request's prefill and decode rates, and the worker pool's
// telemetry as of the last request. Updated by the HTTP threads; one mutex, taken once per request.
#pragma once

#include "strata/model/generation.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace strata::server {

class ServerStats {
public:
    // `path` is reduced to a known route (or "other"), so clients cannot grow the label set.
    void countRequest(const std::string& path, int status);
    void recordGeneration(const model::GenerationMetrics& metrics);
    // A job whose client went away before it began generating (it never ran).
    void countCancelledBeforeStart();
    // `waiting`: jobs queued; `connections`: connections open now; `lateHeaders`: connections ended
    // because their request header did not arrive in time.
    std::string prometheusText(size_t waiting, size_t connections, size_t lateHeaders) const;

private:
    mutable std::mutex mutex_;
    std::map<std::pair<std::string, int>, uint64_t> requests_;
    uint64_t promptTokens_ = 0;
    uint64_t reusedTokens_ = 0;
    uint64_t generatedTokens_ = 0;
    uint64_t cancelled_ = 0;
    double prefillSeconds_ = 0;
    double decodeSeconds_ = 0;
    double lastPrefillRate_ = 0;
    double lastDecodeRate_ = 0;
    std::optional<pool::PoolTelemetry> pool_;
};

}  // namespace strata::server
