// Timing for the benchmark tools: run a piece of work on N plain threads, several rounds, and keep
// the best rate.
#pragma once

#include <functional>

namespace strata::benchtools {

enum class Timing {
    ThreadCpu,  // each thread's amount over its own CPU time, summed: robust on a box shared with
                // other jobs, where the wall clock measures the scheduler rather than the kernel
    Wall,       // amount over wall time: what a user sees on a quiet machine
};

// Runs work(part) on `threads` threads (part 0 on the caller); work returns the units (bytes,
// flops) it did. After one warm-up round, rounds repeat for at least minSeconds and 3 rounds;
// returns the best rate in units per second.
double bestRate(int threads, double minSeconds, const std::function<double(int)>& work, Timing timing);

}  // namespace strata::benchtools
