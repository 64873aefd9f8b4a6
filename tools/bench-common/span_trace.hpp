// Records the idle spans the pool's Adaptive workers learn from (PoolOptions::onIdleSpan), per
// token, and writes them in the trace format that tests/engine/pool/test_pool_policy_model.cpp
// reads: '#' comment lines, then "token worker span_us span_us ..." lines.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace strata::benchtools {

class SpanTrace {
public:
    // The callback for PoolOptions::onIdleSpan; the trace must outlive the pool.
    std::function<void(unsigned, std::int64_t)> observer();
    // Spans are recorded only while on; each goes to the current token.
    void setRecording(bool on) { recording_.store(on, std::memory_order_relaxed); }
    void setToken(std::size_t token) { token_.store(token, std::memory_order_relaxed); }
    // Writes the file (the header lines become '#' comments); throws strata::Error on failure.
    void write(const std::string& path, const std::string& header) const;

private:
    struct Span {
        std::size_t token;
        unsigned worker;
        std::int64_t nanos;
    };
    std::atomic<bool> recording_{false};
    std::atomic<std::size_t> token_{0};
    mutable std::mutex mutex_;  // workers record concurrently; tracing only, so a lock is fine
    std::vector<Span> spans_;
};

}  // namespace strata::benchtools
