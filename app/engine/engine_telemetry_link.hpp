// What the engine thread shares with the telemetry thread and the GUI while it is busy with a
// reply (its queued slots cannot run then): the loaded model's worker pool and backend (for a hybrid
// MoE placement's expert telemetry), the waiting policy the user chose, and token counters. Every
// member is safe to call from any thread.
//
// Lifetime: EngineController attaches the pool and backend after a model is loaded and detaches them
// (under the same mutex) before that model is destroyed, so poolTelemetry(), expertTelemetry() and
// setPolicy() either see a live model or none; a caller never holds a pointer outside the lock. The link itself is
// shared (std::shared_ptr) by the controller and the telemetry worker, so either may go first.
#pragma once

#include "strata/model/expert_telemetry.hpp"
#include "strata/pool/pool_telemetry.hpp"
#include "strata/pool/wait_policy.hpp"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>

namespace strata::pool {
class WorkerPool;
}
namespace strata::model {
class Backend;
}

namespace strata::app {

struct EngineTokenCounts {
    std::uint64_t prefilled = 0;  // prompt tokens computed since the app started
    std::uint64_t decoded = 0;    // tokens generated since the app started
};

class EngineTelemetryLink {
public:
    // Engine thread: the model's pool and backend are usable now; the chosen policy (if any) is
    // applied to the pool.
    void attach(pool::WorkerPool& pool, const model::Backend& backend);
    // Engine thread: the model is about to be destroyed. Returns once no other thread uses it.
    void detach();

    // Any thread: a snapshot of the attached pool's counters, or nothing without a model.
    std::optional<pool::PoolTelemetry> poolTelemetry() const;
    // Any thread: the hybrid MoE placement's counters and expert map (Backend::expertTelemetry is
    // thread-safe), or nothing without a model or a hybrid placement.
    std::optional<model::ExpertTelemetry> expertTelemetry() const;
    // Any thread, also while a reply streams: applies `policy` to the running pool at once
    // (WorkerPool::setPolicy is safe while batches run) and to every pool attached later.
    void setPolicy(const pool::WaitPolicy& policy);

    // Engine thread, at token and prefill-chunk boundaries (addDecoded also the remote thread, per
    // piece of a remote reply's stream): relaxed counters, read by the sampler.
    void addPrefilled(std::uint64_t tokens) { m_prefilled.fetch_add(tokens, std::memory_order_relaxed); }
    void addDecoded(std::uint64_t tokens) { m_decoded.fetch_add(tokens, std::memory_order_relaxed); }
    EngineTokenCounts tokenCounts() const;

private:
    mutable std::mutex m_mutex;  // guards m_pool, m_backend and m_policy; held only for short copies
    pool::WorkerPool* m_pool = nullptr;
    const model::Backend* m_backend = nullptr;
    std::optional<pool::WaitPolicy> m_policy;
    std::atomic<std::uint64_t> m_prefilled{0};
    std::atomic<std::uint64_t> m_decoded{0};
};

}  // namespace strata::app
