// Sleeping on a 32-bit atomic word: the kernel compares the value before it sleeps, so a wake
// that comes between our check and the sleep is never lost.
#pragma once

#include <atomic>
#include <cstdint>

namespace strata::pool::detail {

// Sleeps while `word == expected`, at most timeoutNanos (< 0: no limit). Returns on a wake, a
// changed value, a timeout or a signal; callers re-check their condition.
void futexWait(std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeoutNanos = -1);
void futexWakeOne(std::atomic<std::uint32_t>& word);
void futexWakeAll(std::atomic<std::uint32_t>& word);

}  // namespace strata::pool::detail
