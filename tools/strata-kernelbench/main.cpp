// strata-kernelbench: decode matvec GB/s per weight type against this machine's read bandwidth
// measured in the same run, and prefill matmul GFLOP/s. Threads are plain std::threads over
// splitRows() ranges (the worker pool is measured elsewhere).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "best_rate.hpp"
#include "read_bandwidth.hpp"
#include "standard_options.hpp"
#include "strata/core/error.hpp"
#include "strata/kernels/dot.hpp"
#include "strata/kernels/matmul.hpp"
#include "strata/kernels/quantize.hpp"

using namespace strata;
using namespace strata::kernels;
using gguf::GgmlType;

namespace {

struct Options {
    bool json = false;
    bool oneRow = false;
    size_t bufferMiB = 1024;  // >> any L3 slice, so every pass streams from DRAM
    int64_t cols = 4096;
    int64_t prefillTokens = 512, prefillDim = 2048;
    double secondsPerCase = 0.4;
    std::vector<GgmlType> types{GgmlType::Q4_0, GgmlType::Q8_0, GgmlType::Q4_K, GgmlType::Q6_K, GgmlType::Q5_K,
                                GgmlType::Q3_K, GgmlType::Q2_K, GgmlType::F16,  GgmlType::BF16, GgmlType::F32};
};

benchtools::Timing gTiming = benchtools::Timing::ThreadCpu;  // --wall: the wall clock

double bestRate(int threads, double minSeconds, const std::function<double(int)>& work)
{
    return benchtools::bestRate(threads, minSeconds, work, gTiming);
}

double readBandwidth(const uint8_t* buf, size_t bytes, int threads, double minSeconds)
{
    return benchtools::readBandwidthGBs(buf, bytes, threads, minSeconds, gTiming);
}

// Fill `bytes` with rows of one type: a few rows quantized from Gaussian data, repeated (real
// scales and quants, and no subnormal surprises, at memcpy speed).
WeightMatrix fillMatrix(GgmlType t, int64_t cols, uint8_t* buf, size_t bytes, int64_t& rows)
{
    const size_t rowBytes = size_t(gguf::rowBytes(*gguf::ggmlTypeTraits(uint32_t(t)), uint64_t(cols)));
    rows = int64_t(bytes / rowBytes);
    const int64_t seedRows = 16;
    std::vector<float> x(static_cast<size_t>(cols));
    uint32_t state = 12345;
    for (int64_t r = 0; r < std::min(rows, seedRows); ++r) {
        for (float& v : x) {
            state = state * 1664525u + 1013904223u;
            v = float(int32_t(state >> 8) - (1 << 23)) / float(1 << 23);
        }
        quantizeRow(t, x.data(), buf + size_t(r) * rowBytes, cols);
    }
    for (int64_t r = seedRows; r < rows; ++r)
        std::memcpy(buf + size_t(r) * rowBytes, buf + size_t(r % seedRows) * rowBytes, rowBytes);
    return {t, buf, rowBytes, cols};
}

std::vector<uint8_t> activationRow(GgmlType t, int64_t cols, uint32_t seed)
{
    std::vector<float> x(static_cast<size_t>(cols));
    for (float& v : x) {
        seed = seed * 1664525u + 1013904223u;
        v = float(int32_t(seed >> 8) - (1 << 23)) / float(1 << 23);
    }
    std::vector<uint8_t> a(activationRowBytes(t, cols));
    quantizeActivations(t, x.data(), a.data(), cols);
    return a;
}

struct Row {
    std::string type;
    std::string isa;
    double gbs1 = 0, gbs2 = 0, pct1 = 0, pct2 = 0, gflops = 0;
};

int run(const Options& o)
{
    if (!detectCpuFeatures().avx2) {
        std::fprintf(stderr, "strata-kernelbench: the bandwidth reference needs AVX2\n");
        return 1;
    }
    KernelTable k = defaultKernels();
    if (o.oneRow)  // decode through one dot product per row, to compare with the multi-row kernels
        std::fill(std::begin(k.dotRows), std::end(k.dotRows), nullptr);
    const size_t bytes = o.bufferMiB << 20;
    // Page-aligned like an mmapped GGUF file (whose tensors start on 32-byte boundaries).
    std::unique_ptr<uint8_t[], void (*)(uint8_t*)> buf(static_cast<uint8_t*>(std::aligned_alloc(4096, bytes)),
                                                       [](uint8_t* p) { std::free(p); });
    if (!buf)
        throw Error("cannot allocate the benchmark buffer");
    std::memset(buf.get(), 1, bytes);  // touch every page before timing

    const double bw1 = readBandwidth(buf.get(), bytes, 1, o.secondsPerCase);
    const double bw2 = readBandwidth(buf.get(), bytes, 2, o.secondsPerCase);

    std::vector<Row> rows;
    for (GgmlType t : o.types) {
        Row row;
        row.type = std::string(gguf::ggmlTypeTraits(uint32_t(t))->name);
        row.isa = std::string(isaName(k.dotIsa[size_t(t)]));
        int64_t n = 0;
        const WeightMatrix w = fillMatrix(t, o.cols, buf.get(), bytes, n);
        const auto act = activationRow(t, o.cols, 99);
        std::vector<float> out(static_cast<size_t>(n));
        for (int threads : {1, 2}) {
            const double gbs = bestRate(threads, o.secondsPerCase,
                                        [&](int part) {
                                            const RowRange r = splitRows(n, threads, part, 16);
                                            matvec(k, w, r.begin, r.end, act.data(), out.data());
                                            return double(r.end - r.begin) * double(w.rowStride);
                                        })
                               / 1e9;
            // The reference read of the same buffer right after, so both see the same machine load.
            const double bw = readBandwidth(buf.get(), bytes, threads, o.secondsPerCase);
            (threads == 1 ? row.gbs1 : row.gbs2) = gbs;
            (threads == 1 ? row.pct1 : row.pct2) = 100 * gbs / bw;
        }

        // Prefill: tokens x dim activations against a dim x dim matrix, 2 threads.
        int64_t unused = 0;
        const size_t prefillBytes =
            size_t(gguf::rowBytes(*gguf::ggmlTypeTraits(uint32_t(t)), uint64_t(o.prefillDim))) * size_t(o.prefillDim);
        std::vector<uint8_t> prefillWeights(prefillBytes);
        const WeightMatrix pw = fillMatrix(t, o.prefillDim, prefillWeights.data(), prefillBytes, unused);
        const size_t aStride = activationRowBytes(t, o.prefillDim);
        std::vector<uint8_t> acts(aStride * size_t(o.prefillTokens));
        for (int64_t tok = 0; tok < o.prefillTokens; ++tok) {
            const auto a = activationRow(t, o.prefillDim, uint32_t(tok + 1));
            std::memcpy(acts.data() + size_t(tok) * aStride, a.data(), aStride);
        }
        std::vector<float> pout(static_cast<size_t>(o.prefillTokens * o.prefillDim));
        row.gflops = bestRate(2, o.secondsPerCase,
                              [&](int part) {
                                  const RowRange r = splitRows(o.prefillDim, 2, part, 16);
                                  matmul(k, pw, r.begin, r.end, acts.data(), aStride, o.prefillTokens, pout.data(),
                                         size_t(o.prefillDim));
                                  return 2.0 * double(o.prefillTokens) * double(o.prefillDim) * double(r.end - r.begin);
                              })
                     / 1e9;
        rows.push_back(row);
    }

    if (o.json) {
        std::printf(
            "{\"timing\":\"%s\",\"isa\":\"%s\",\"bufferMiB\":%zu,\"cols\":%lld,\"readGBs\":{\"1\":%.2f,\"2\":%.2f},"
            "\"prefill\":{\"tokens\":%lld,\"dim\":%lld},\"types\":[",
            gTiming == benchtools::Timing::Wall ? "wall" : "thread-cpu", isaName(k.isa).data(), o.bufferMiB,
            (long long)o.cols, bw1, bw2, (long long)o.prefillTokens, (long long)o.prefillDim);
        for (size_t i = 0; i < rows.size(); ++i)
            std::printf("%s{\"type\":\"%s\",\"isa\":\"%s\",\"matvecGBs\":{\"1\":%.2f,\"2\":%.2f},"
                        "\"pctOfRead\":{\"1\":%.1f,\"2\":%.1f},\"matmulGFLOPs\":%.1f}",
                        i ? "," : "", rows[i].type.c_str(), rows[i].isa.c_str(), rows[i].gbs1, rows[i].gbs2,
                        rows[i].pct1, rows[i].pct2, rows[i].gflops);
        std::printf("]}\n");
        return 0;
    }
    std::printf("timing: %s\n",
                gTiming == benchtools::Timing::Wall ? "wall clock" : "per-thread CPU time (see --wall)");
    std::printf("kernels: %s; buffer %zu MiB; matvec %lld columns; prefill %lld tokens x %lld x %lld\n",
                isaName(k.isa).data(), o.bufferMiB, (long long)o.cols, (long long)o.prefillTokens,
                (long long)o.prefillDim, (long long)o.prefillDim);
    std::printf("read bandwidth: %.2f GB/s (1 thread), %.2f GB/s (2 threads); each %% below is against a read\n"
                "of the same buffer measured right after that matvec\n\n",
                bw1, bw2);
    std::printf(
        "| type | kernel | matvec 1T GB/s | %% of read 1T | matvec 2T GB/s | %% of read 2T | matmul 2T GFLOP/s |\n");
    std::printf("|---|---|---:|---:|---:|---:|---:|\n");
    for (const Row& r : rows)
        std::printf("| %s | %s | %.2f | %.0f%% | %.2f | %.0f%% | %.1f |\n", r.type.c_str(), r.isa.c_str(), r.gbs1,
                    r.pct1, r.gbs2, r.pct2, r.gflops);
    return 0;
}

int usage(std::FILE* to, int status)
{
    std::fprintf(
        to,
        "usage: strata-kernelbench [--json] [--wall] [--mib N] [--cols N] [--seconds S] [--types Q4_K,Q8_0,...] [--one-row]\n"
        "  --one-row: matvec with one dot product per row even where a multi-row kernel exists.\n"
        "  --wall: time by the wall clock (quiet machines) instead of each thread's CPU time.\n"
        "  STRATA_KERNEL_ISA=scalar|avx2|avx512|amx caps the kernel variant.\n");
    return status;
}

}  // namespace

int main(int argc, char** argv)
{
    if (strata::tools::wantsVersion(argc, argv)) {
        strata::tools::printVersion("strata-kernelbench");
        return 0;
    }
    if (strata::tools::wantsHelp(argc, argv))
        return usage(stdout, 0);
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--json")
            o.json = true;
        else if (a == "--one-row")
            o.oneRow = true;
        else if (a == "--wall")
            gTiming = benchtools::Timing::Wall;
        else if (a == "--mib" && hasValue)
            o.bufferMiB = std::stoul(argv[++i]);
        else if (a == "--cols" && hasValue)
            o.cols = std::stoll(argv[++i]);
        else if (a == "--seconds" && hasValue)
            o.secondsPerCase = std::stod(argv[++i]);
        else if (a == "--types" && hasValue) {
            o.types.clear();
            std::string list = argv[++i];
            size_t start = 0;
            while (start <= list.size()) {
                const size_t end = std::min(list.find(',', start), list.size());
                const std::string name = list.substr(start, end - start);
                bool found = false;
                for (uint32_t id = 0; id < 40 && !found; ++id) {
                    const auto tr = gguf::ggmlTypeTraits(id);
                    if (tr && tr->name == name && hasDot(GgmlType(id))) {
                        o.types.push_back(GgmlType(id));
                        found = true;
                    }
                }
                if (!found) {
                    std::fprintf(stderr, "strata-kernelbench: no matvec kernel for type '%s'\n", name.c_str());
                    return 2;
                }
                start = end + 1;
            }
        } else
            return usage(stderr, 2);
    }
    try {
        return run(o);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "strata-kernelbench: %s\n", e.what());
        return 1;
    }
}
