#include "strata/pool/pool_telemetry.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace strata::pool {

const char* toString(ThreadState state)
{
    switch (state) {
    case ThreadState::Starting: return "starting";
    case ThreadState::Busy: return "busy";
    case ThreadState::Spinning: return "spinning";
    case ThreadState::Parked: return "parked";
    case ThreadState::Stopped: return "stopped";
    }
    return "unknown";
}

int LatencyHistogram::bucketOf(std::uint64_t nanos)
{
    if (nanos < 1)
        return 0;
    // Octave from the highest bit, quarter-octave from the next two bits.
    const int octave = std::bit_width(nanos) - 1;
    const int sub =
        octave >= 2 ? static_cast<int>((nanos >> (octave - 2)) & 3u) : static_cast<int>((nanos << (2 - octave)) & 3u);
    return std::min(octave * kBucketsPerOctave + sub, kBucketCount - 1);
}

double LatencyHistogram::bucketLowerNanos(int bucket)
{
    const int octave = bucket / kBucketsPerOctave;
    const int sub = bucket % kBucketsPerOctave;
    return std::ldexp(1.0 + sub / 4.0, octave);
}

std::uint64_t LatencyHistogram::total() const
{
    std::uint64_t sum = 0;
    for (std::uint64_t c : counts)
        sum += c;
    return sum;
}

double LatencyHistogram::quantileNanos(double q) const
{
    const std::uint64_t n = total();
    if (n == 0)
        return 0.0;
    const double target = std::clamp(q, 0.0, 1.0) * static_cast<double>(n);
    double seen = 0.0;
    for (int b = 0; b < kBucketCount; ++b) {
        if (counts[b] == 0)
            continue;
        const double next = seen + static_cast<double>(counts[b]);
        if (next >= target) {
            const double lo = bucketLowerNanos(b);
            const double hi = b + 1 < kBucketCount ? bucketLowerNanos(b + 1) : lo * 1.19;
            const double frac = (target - seen) / static_cast<double>(counts[b]);
            return lo + (hi - lo) * frac;
        }
        seen = next;
    }
    return bucketLowerNanos(kBucketCount - 1);
}

LatencyHistogram LatencyHistogram::since(const LatencyHistogram& earlier) const
{
    LatencyHistogram d;
    for (int i = 0; i < kBucketCount; ++i)
        d.counts[i] = counts[i] - earlier.counts[i];
    return d;
}

void LatencyHistogram::add(const LatencyHistogram& other)
{
    for (int i = 0; i < kBucketCount; ++i)
        counts[i] += other.counts[i];
}

WorkerTelemetry& operator+=(WorkerTelemetry& sum, const WorkerTelemetry& w)
{
    sum.busyNanos += w.busyNanos;
    sum.spinNanos += w.spinNanos;
    sum.wastedSpinNanos += w.wastedSpinNanos;
    sum.parkedNanos += w.parkedNanos;
    sum.parks += w.parks;
    sum.wakes += w.wakes;
    sum.spinHits += w.spinHits;
    sum.chunks += w.chunks;
    sum.spinTimeouts += w.spinTimeouts;
    sum.capRefusals += w.capRefusals;
    sum.backOffs += w.backOffs;
    return sum;
}

WorkerTelemetry operator-(const WorkerTelemetry& later, const WorkerTelemetry& earlier)
{
    WorkerTelemetry d;
    d.state = later.state;
    d.busyNanos = later.busyNanos - earlier.busyNanos;
    d.spinNanos = later.spinNanos - earlier.spinNanos;
    d.wastedSpinNanos = later.wastedSpinNanos - earlier.wastedSpinNanos;
    d.parkedNanos = later.parkedNanos - earlier.parkedNanos;
    d.parks = later.parks - earlier.parks;
    d.wakes = later.wakes - earlier.wakes;
    d.spinHits = later.spinHits - earlier.spinHits;
    d.chunks = later.chunks - earlier.chunks;
    d.spinTimeouts = later.spinTimeouts - earlier.spinTimeouts;
    d.capRefusals = later.capRefusals - earlier.capRefusals;
    d.backOffs = later.backOffs - earlier.backOffs;
    return d;
}

WorkerTelemetry PoolTelemetry::workerTotals() const
{
    WorkerTelemetry sum;
    sum.state = ThreadState::Parked;
    for (const WorkerTelemetry& w : workers) {
        sum += w;
        if (w.state == ThreadState::Busy)
            sum.state = ThreadState::Busy;
        else if (w.state == ThreadState::Spinning && sum.state != ThreadState::Busy)
            sum.state = ThreadState::Spinning;
    }
    return sum;
}

}  // namespace strata::pool
