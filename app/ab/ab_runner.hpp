// Runs an A/B comparison on its own thread ("strata-ab", owned by AbHost), never on the GUI thread
// and never on the chat's engine thread, so a chat stays usable (its numbers would share the CPU
// with the run, though: the dialog says so).
//
// run() opens the model file once per configuration (model::Model with that configuration's
// threads and waiting policy, a Session with its KV cache type). The weights are mmapped, so both
// share the page cache with each other and with the chat's model; what each adds is its KV cache
// (contextLength × layers × 2 × KV width; with the default context, tens to hundreds of MiB for a
// 7B model), its thread pool and its scratch buffers. Then one warm-up run per configuration, then
// `repetitions` measured runs per configuration, alternating A B A B, so a drift in the machine
// (heat, another program) falls on both alike. Every run starts from an empty context (the whole
// prompt is prefilled) and samples with the same fixed seed.
//
// The waiting-policy preset (domain::AbPreset::WaitingPolicies) opens A's configuration only and
// runs it under adaptive, park, fixed:100us and fixed:20ms in turn (domain/ab/ab_round.hpp),
// switching its pool's policy between runs: one warm-up per policy, then A B C D A B C D ...
//
// Per run: prefill and decode tok/s from the engine's metrics; the process CPU% between the run's
// start and end (getrusage: the whole process, GUI included); the median of the pool's
// completion waits during the run (the difference of its histogram before and after).
//
// requestCancel() is thread-safe: it sets a flag the run checks before every token, after every
// prefill chunk and every few steps of the chat template's render (the template comes from the
// GGUF and may be hostile); the run then ends with cancelled(), keeping the rows already emitted.
// requestShutdown() (AbHost's destructor) also cancels a run that is still queued.
#pragma once

#include "domain/ab/ab_types.hpp"

#include <QObject>
#include <atomic>

namespace strata::app {

class AbRunner : public QObject {
    Q_OBJECT
public:
    explicit AbRunner(QObject* parent = nullptr);

    void requestCancel() { m_cancel.store(true); }
    void requestShutdown()
    {
        m_shutdown.store(true);
        m_cancel.store(true);
    }

public slots:
    void run(const strata::domain::AbRequest& request);

signals:
    // stage: a short text for the dialog ("warm-up A", "run 3 of 8 (B)").
    void progress(int runsDone, int runsTotal, const QString& stage);
    void rowReady(const strata::domain::AbRow& row);
    void finished();
    void cancelled();
    void failed(const QString& message);

private:
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_shutdown{false};  // sticky: a run that starts after it is cancelled at once
};

}  // namespace strata::app
