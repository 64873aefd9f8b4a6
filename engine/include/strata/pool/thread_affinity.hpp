// Explicit CPU affinity for the calling thread. Every pool thread calls one of these when it
// starts, so it never inherits the creating thread's pin (a pinned host must not pin its helpers).
#pragma once

#include <vector>

namespace strata::pool {

// Restricts the calling thread to `cpus`. Returns false (and changes nothing) when the OS refuses.
bool setCurrentThreadAffinity(const std::vector<int>& cpus);

// The CPUs the calling thread may run on now (sched_getaffinity), ascending.
std::vector<int> currentThreadAffinity();

}  // namespace strata::pool
