#include "best_rate.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <thread>
#include <vector>

namespace strata::benchtools {

namespace {

using Clock = std::chrono::steady_clock;

double threadCpuSeconds()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

}  // namespace

double bestRate(int threads, double minSeconds, const std::function<double(int)>& work, Timing timing)
{
    double best = 0, total = 0;
    for (int round = 0; round < 4 || total < minSeconds; ++round) {
        std::vector<double> amounts(size_t(threads), 0.0), rates(size_t(threads), 0.0);
        const auto body = [&](int part) {
            const double c0 = threadCpuSeconds();
            const double amount = work(part);
            amounts[size_t(part)] = amount;
            rates[size_t(part)] = amount / std::max(threadCpuSeconds() - c0, 1e-9);
        };
        const auto t0 = Clock::now();
        std::vector<std::thread> pool;
        for (int p = 1; p < threads; ++p)
            pool.emplace_back(body, p);
        body(0);
        for (auto& t : pool)
            t.join();
        const double wall = seconds(t0, Clock::now());
        double rate = 0;
        if (timing == Timing::Wall) {
            for (double a : amounts)
                rate += a;
            rate /= std::max(wall, 1e-9);
        } else {
            for (double r : rates)
                rate += r;
        }
        if (round > 0) {
            best = std::max(best, rate);
            total += wall;
        }
        if (round > 200)
            break;
    }
    return best;
}

}  // namespace strata::benchtools
