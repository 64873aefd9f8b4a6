// The app's quit waits at most kQuitWait for a worker thread (the engine's, the A/B run's), through
// OwnedThread::stopWithin. Stop ends a reply within a token, a prefill within a chunk and a chat
// template's render within a few steps, so a thread told to stop is normally gone in milliseconds
// (tests/app: quitDuringAHostileRenderTakesUnderASecond, 51 ms). What cannot be cancelled (Model::open
// reading a big file, one prefill chunk of a big model on a slow CPU: seconds) is left to finish while
// the process exits, instead of freezing the closing window (tests/app/engine/test_engine_quit).
#pragma once

#include <chrono>

namespace strata::app {

inline constexpr std::chrono::milliseconds kQuitWait{1000};

}  // namespace strata::app
