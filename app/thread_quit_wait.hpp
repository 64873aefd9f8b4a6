// The app's quit waits at most kQuitWait for a worker thread (the engine's, the A/B run's).
// Stop ends a reply within a token, a prefill within a chunk and a chat template's render within
// a few steps, so a thread told to stop is normally gone in milliseconds. What cannot be cancelled
// (Model::open reading a big file, one prefill chunk of a big model on a slow CPU: seconds) is
// left to finish while the process exits, instead of freezing the closing window: the thread is
// released, not destroyed (destroying a running QThread aborts the process).
#pragma once

#include <QThread>
#include <chrono>
#include <memory>

namespace strata::app {

inline constexpr std::chrono::milliseconds kQuitWait{1000};

// `thread` must have been told to stop and to quit. Returns true when it ended within kQuitWait
// (it is then destroyed); false when it was left running.
bool waitForQuitOrAbandon(std::unique_ptr<QThread> thread);

}  // namespace strata::app
