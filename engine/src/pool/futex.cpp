#include "futex.hpp"

#include <climits>

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#endif

namespace strata::pool::detail {

static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t)
                  && std::atomic<std::uint32_t>::is_always_lock_free,
              "the futex needs a plain 32-bit word");

#if defined(__linux__)
// The raw syscall rather than std::atomic::wait: it takes a timeout (the watchdog needs one)
// and wakes exactly the number of threads we ask for.
static long futex(std::atomic<std::uint32_t>& word, int op, std::uint32_t value, const timespec* timeout)
{
    return syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&word), op | FUTEX_PRIVATE_FLAG, value, timeout, nullptr,
                   0);
}

void futexWait(std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t timeoutNanos)
{
    if (timeoutNanos < 0) {
        futex(word, FUTEX_WAIT, expected, nullptr);
        return;
    }
    timespec ts{static_cast<time_t>(timeoutNanos / 1'000'000'000), static_cast<long>(timeoutNanos % 1'000'000'000)};
    futex(word, FUTEX_WAIT, expected, &ts);
}

void futexWakeOne(std::atomic<std::uint32_t>& word)
{
    futex(word, FUTEX_WAKE, 1, nullptr);
}
void futexWakeAll(std::atomic<std::uint32_t>& word)
{
    futex(word, FUTEX_WAKE, INT_MAX, nullptr);
}
#else
// Portable fallback: no timeout, so the watchdog only reports once the batch ends.
void futexWait(std::atomic<std::uint32_t>& word, std::uint32_t expected, std::int64_t)
{
    word.wait(expected, std::memory_order_acquire);
}
void futexWakeOne(std::atomic<std::uint32_t>& word)
{
    word.notify_one();
}
void futexWakeAll(std::atomic<std::uint32_t>& word)
{
    word.notify_all();
}
#endif

}  // namespace strata::pool::detail
