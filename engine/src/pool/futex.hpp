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
void futexWake(std::atomic<std::uint32_t>& word, unsigned count);

// Whether this kernel has futex_waitv (Linux 5.16): a sleep on two words at once.
bool futexWaitEitherWorks();
// Sleeps while `a == expectedA` and `b == expectedB`, at most timeoutNanos (< 0: no limit): a wake
// on either word ends it. Needs futexWaitEitherWorks(); otherwise it sleeps on `a` alone.
void futexWaitEither(std::atomic<std::uint32_t>& a, std::uint32_t expectedA, std::atomic<std::uint32_t>& b,
                     std::uint32_t expectedB, std::int64_t timeoutNanos = -1);

}  // namespace strata::pool::detail
