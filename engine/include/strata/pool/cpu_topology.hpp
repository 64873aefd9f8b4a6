// The machine's physical cores as hwloc sees them, fastest kind first.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace strata::pool {

struct PhysicalCore {
    std::vector<int> cpus;  // OS CPU numbers of its hardware threads (SMT siblings), ascending
    int kindRank = 0;       // 0 = most efficient-for-performance kind (P-cores on hybrid CPUs)
};

struct CpuTopology {
    std::vector<PhysicalCore> cores;  // ordered: performance kind first, then by first CPU
    std::vector<int> allowedCpus;     // every CPU this process may run on (not one thread's pin)
    int kindCount = 1;                // > 1 on hybrid CPUs
    std::string source;               // "hwloc 2.9.0" or "fallback: ..." when hwloc failed

    std::size_t physicalCoreCount() const { return cores.size(); }
};

// On hybrid CPUs (kindCount > 1): every CPU of the performance kind's cores, where the host thread
// belongs; empty elsewhere (nothing to choose).
std::vector<int> performanceCpus(const CpuTopology& topology);

// Reads the topology once (hwloc: allowed PUs, cores, cpukinds). Never throws: when hwloc
// fails it falls back to one core per allowed CPU and says so in `source`.
CpuTopology detectCpuTopology();

}  // namespace strata::pool
