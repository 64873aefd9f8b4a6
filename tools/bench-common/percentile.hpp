// The p-quantile (0..1) of a sample by nearest rank, as the benchmark tools report p50/p99; 0 when empty.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace strata::benchtools {

template <class T>
double percentile(std::vector<T> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return double(v[size_t(p * double(v.size() - 1) + 0.5)]);
}

}  // namespace strata::benchtools
