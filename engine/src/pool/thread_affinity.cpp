#include "strata/pool/thread_affinity.hpp"

#include <pthread.h>
#include <sched.h>

namespace strata::pool {

bool setCurrentThreadAffinity(const std::vector<int>& cpus)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu : cpus)
        if (cpu >= 0 && cpu < CPU_SETSIZE)
            CPU_SET(cpu, &set);
    if (CPU_COUNT(&set) == 0)
        return false;
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

std::vector<int> currentThreadAffinity()
{
    std::vector<int> cpus;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) != 0)
        return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus.push_back(cpu);
    return cpus;
}

}  // namespace strata::pool
