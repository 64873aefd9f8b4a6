#include "server/server_stats.hpp"

#include <cstdio>

namespace strata::server {

namespace {

const char* routeOf(const std::string& path)
{
    for (const char* route :
         {"/v1/chat/completions", "/v1/completions", "/v1/messages", "/v1/models", "/health", "/metrics"})
        if (path == route)
            return route;
    return "other";
}

void line(std::string& out, const char* name, const char* help, const char* type, double value)
{
    char text[512];
    std::snprintf(text, sizeof text, "# HELP %s %s\n# TYPE %s %s\n%s %.9g\n", name, help, name, type, name, value);
    out += text;
}

}  // namespace

void ServerStats::countRequest(const std::string& path, int status)
{
    std::lock_guard lock(mutex_);
    ++requests_[{routeOf(path), status}];
}

void ServerStats::countCancelledBeforeStart()
{
    std::lock_guard lock(mutex_);
    ++cancelled_;
}

void ServerStats::recordGeneration(const model::GenerationMetrics& m)
{
    std::lock_guard lock(mutex_);
    promptTokens_ += m.promptTokens;
    reusedTokens_ += m.reusedTokens;
    generatedTokens_ += m.generatedTokens;
    prefillSeconds_ += m.prefillSeconds;
    decodeSeconds_ += m.decodeSeconds;
    if (m.prefilledTokens > 0)
        lastPrefillRate_ = m.prefillTokensPerSecond;
    if (m.generatedTokens > 0)
        lastDecodeRate_ = m.decodeTokensPerSecond;
    if (m.finish == model::FinishReason::Cancelled)
        ++cancelled_;
    pool_ = m.pool;
}

std::string ServerStats::prometheusText(size_t waiting, size_t connections, size_t lateHeaders) const
{
    std::lock_guard lock(mutex_);
    std::string out = "# HELP strata_requests_total HTTP requests answered, by route and status.\n"
                      "# TYPE strata_requests_total counter\n";
    for (const auto& [key, count] : requests_)
        out += "strata_requests_total{route=\"" + key.first + "\",status=\"" + std::to_string(key.second) + "\"} "
               + std::to_string(count) + "\n";
    line(out, "strata_queue_waiting", "Generation requests waiting behind the running one.", "gauge", double(waiting));
    line(out, "strata_connections_open", "HTTP connections open now.", "gauge", double(connections));
    line(out, "strata_connections_header_timeouts_total", "Connections ended because a request header was late.",
         "counter", double(lateHeaders));
    line(out, "strata_prompt_tokens_total", "Prompt tokens of finished requests.", "counter", double(promptTokens_));
    line(out, "strata_prompt_tokens_reused_total", "Prompt tokens found in the session (prefix reuse).", "counter",
         double(reusedTokens_));
    line(out, "strata_generated_tokens_total", "Tokens generated.", "counter", double(generatedTokens_));
    line(out, "strata_prefill_seconds_total", "Engine time spent in prefill.", "counter", prefillSeconds_);
    line(out, "strata_decode_seconds_total", "Engine time spent in decode.", "counter", decodeSeconds_);
    line(out, "strata_prefill_tokens_per_second", "Prefill rate of the last request that prefilled.", "gauge",
         lastPrefillRate_);
    line(out, "strata_decode_tokens_per_second", "Decode rate of the last request that generated.", "gauge",
         lastDecodeRate_);
    line(out, "strata_requests_cancelled_total", "Generations stopped (or never started) because the client went away.",
         "counter", double(cancelled_));
    if (pool_) {
        const pool::WorkerTelemetry workers = pool_->workerTotals();
        line(out, "strata_pool_workers", "Worker threads of the engine's pool.", "gauge",
             double(pool_->workers.size()));
        line(out, "strata_pool_batches_total", "Batches the pool ran.", "counter", double(pool_->batches));
        line(out, "strata_pool_stalls_total", "Watchdog reports of a stalled batch.", "counter", double(pool_->stalls));
        line(out, "strata_pool_worker_busy_seconds_total", "Workers' time running jobs.", "counter",
             double(workers.busyNanos) * 1e-9);
        line(out, "strata_pool_worker_spin_seconds_total", "Workers' time spinning while idle.", "counter",
             double(workers.spinNanos) * 1e-9);
        line(out, "strata_pool_worker_parked_seconds_total", "Workers' time asleep in the kernel.", "counter",
             double(workers.parkedNanos) * 1e-9);
        line(out, "strata_pool_wake_latency_seconds", "Publish to a parked worker running (EWMA).", "gauge",
             double(pool_->wakeLatencyMicros) * 1e-6);
        line(out, "strata_pool_completion_wait_p99_seconds",
             "99th percentile of the host's wait for the batch after its own share.", "gauge",
             pool_->completionWait.quantileNanos(0.99) * 1e-9);
    }
    return out;
}

}  // namespace strata::server
