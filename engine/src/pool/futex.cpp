#include "futex.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>

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
void futexWake(std::atomic<std::uint32_t>& word, unsigned count)
{
    futex(word, FUTEX_WAKE, static_cast<std::uint32_t>(std::min<unsigned>(count, INT_MAX)), nullptr);
}

#if defined(__NR_futex_waitv)
static long futexWaitv(futex_waitv* waiters, unsigned count, const timespec* deadline)
{
    return syscall(__NR_futex_waitv, waiters, count, 0, deadline, CLOCK_MONOTONIC);
}
static futex_waitv waiter(std::atomic<std::uint32_t>& word, std::uint32_t expected)
{
    futex_waitv w{};
    w.val = expected;
    w.uaddr = reinterpret_cast<std::uintptr_t>(&word);
    w.flags = FUTEX_32 | FUTEX_PRIVATE_FLAG;
    return w;
}
bool futexWaitEitherWorks()
{
    // A word that does not hold the expected value: a kernel with the call answers EAGAIN at once.
    std::atomic<std::uint32_t> word{1};
    futex_waitv w = waiter(word, 0);
    return futexWaitv(&w, 1, nullptr) == -1 && errno == EAGAIN;
}
void futexWaitEither(std::atomic<std::uint32_t>& a, std::uint32_t expectedA, std::atomic<std::uint32_t>& b,
                     std::uint32_t expectedB, std::int64_t timeoutNanos)
{
    futex_waitv w[2] = {waiter(a, expectedA), waiter(b, expectedB)};
    if (timeoutNanos < 0) {
        futexWaitv(w, 2, nullptr);
        return;
    }
    timespec deadline{};
    clock_gettime(CLOCK_MONOTONIC, &deadline);  // futex_waitv takes an absolute time
    const std::int64_t ns = deadline.tv_nsec + timeoutNanos % 1'000'000'000;
    deadline.tv_sec += static_cast<time_t>(timeoutNanos / 1'000'000'000 + ns / 1'000'000'000);
    deadline.tv_nsec = static_cast<long>(ns % 1'000'000'000);
    futexWaitv(w, 2, &deadline);
}
#else
bool futexWaitEitherWorks()
{
    return false;
}
void futexWaitEither(std::atomic<std::uint32_t>& a, std::uint32_t expectedA, std::atomic<std::uint32_t>&, std::uint32_t,
                     std::int64_t timeoutNanos)
{
    futexWait(a, expectedA, timeoutNanos);
}
#endif
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
void futexWake(std::atomic<std::uint32_t>& word, unsigned)
{
    word.notify_all();
}
bool futexWaitEitherWorks()
{
    return false;
}
void futexWaitEither(std::atomic<std::uint32_t>& a, std::uint32_t expectedA, std::atomic<std::uint32_t>&, std::uint32_t,
                     std::int64_t timeoutNanos)
{
    futexWait(a, expectedA, timeoutNanos);
}
#endif

}  // namespace strata::pool::detail
