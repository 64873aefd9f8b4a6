#include "strata/pool/cpu_topology.hpp"

#include <hwloc.h>
#include <sched.h>

#include <algorithm>
#include <string>

namespace strata::pool {
namespace {

std::vector<int> bitmapToCpus(hwloc_const_bitmap_t set)
{
    std::vector<int> cpus;
    for (int cpu = hwloc_bitmap_first(set); cpu >= 0; cpu = hwloc_bitmap_next(set, cpu))
        cpus.push_back(cpu);
    return cpus;
}

// Used only when hwloc cannot load: every CPU of the calling thread's mask is its own core.
CpuTopology fallbackTopology(const std::string& why)
{
    CpuTopology topo;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
            if (CPU_ISSET(cpu, &set))
                topo.allowedCpus.push_back(cpu);
    }
    if (topo.allowedCpus.empty())
        topo.allowedCpus.push_back(0);
    for (int cpu : topo.allowedCpus)
        topo.cores.push_back(PhysicalCore{{cpu}, 0});
    topo.source = "fallback: " + why;
    return topo;
}

}  // namespace

CpuTopology detectCpuTopology()
{
    hwloc_topology_t topology = nullptr;
    if (hwloc_topology_init(&topology) != 0)
        return fallbackTopology("hwloc_topology_init failed");
    if (hwloc_topology_load(topology) != 0) {
        hwloc_topology_destroy(topology);
        return fallbackTopology("hwloc_topology_load failed");
    }

    CpuTopology topo;
    // The allowed set comes from the process's cgroup/cpuset, not from one thread's binding,
    // so a pinned caller still sees every CPU the pool may use.
    hwloc_const_bitmap_t allowed = hwloc_topology_get_allowed_cpuset(topology);
    topo.allowedCpus = bitmapToCpus(allowed);

    // Kind rank: hwloc lists kinds from least to most performant; rank 0 = most performant.
    const int kinds = hwloc_cpukinds_get_nr(topology, 0);
    topo.kindCount = kinds > 0 ? kinds : 1;
    hwloc_bitmap_t kindSet = hwloc_bitmap_alloc();
    hwloc_bitmap_t coreSet = hwloc_bitmap_alloc();

    const int coreCount = hwloc_get_nbobjs_by_type(topology, HWLOC_OBJ_CORE);
    for (int i = 0; i < coreCount; ++i) {
        hwloc_obj_t core = hwloc_get_obj_by_type(topology, HWLOC_OBJ_CORE, static_cast<unsigned>(i));
        hwloc_bitmap_and(coreSet, core->cpuset, allowed);
        if (hwloc_bitmap_iszero(coreSet))
            continue;
        PhysicalCore pc;
        pc.cpus = bitmapToCpus(coreSet);
        const int kind = hwloc_cpukinds_get_by_cpuset(topology, coreSet, 0);
        int efficiency = -1;
        if (kind >= 0)
            hwloc_cpukinds_get_info(topology, static_cast<unsigned>(kind), kindSet, &efficiency, nullptr, nullptr, 0);
        // Unknown efficiency (-1) puts every core in rank 0: no kind is preferred.
        pc.kindRank = (efficiency >= 0 && kinds > 1) ? (kinds - 1 - efficiency) : 0;
        topo.cores.push_back(std::move(pc));
    }
    hwloc_bitmap_free(kindSet);
    hwloc_bitmap_free(coreSet);

    // Some virtual machines expose PUs without cores: treat each allowed PU as a core.
    if (topo.cores.empty())
        for (int cpu : topo.allowedCpus)
            topo.cores.push_back(PhysicalCore{{cpu}, 0});

    std::stable_sort(topo.cores.begin(), topo.cores.end(), [](const PhysicalCore& a, const PhysicalCore& b) {
        return a.kindRank != b.kindRank ? a.kindRank < b.kindRank : a.cpus.front() < b.cpus.front();
    });

    unsigned version = hwloc_get_api_version();
    topo.source = "hwloc " + std::to_string(version >> 16) + "." + std::to_string((version >> 8) & 0xff) + "."
                  + std::to_string(version & 0xff);
    hwloc_topology_destroy(topology);
    if (topo.allowedCpus.empty())
        return fallbackTopology("hwloc reported no allowed CPU");
    return topo;
}

std::vector<int> performanceCpus(const CpuTopology& topology)
{
    std::vector<int> cpus;
    if (topology.kindCount < 2)
        return cpus;
    for (const PhysicalCore& core : topology.cores)
        if (core.kindRank == 0)
            cpus.insert(cpus.end(), core.cpus.begin(), core.cpus.end());
    std::sort(cpus.begin(), cpus.end());
    return cpus;
}

}  // namespace strata::pool
