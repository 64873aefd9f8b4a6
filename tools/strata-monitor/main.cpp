// strata-monitor: prints what the engine's telemetry samples (per-core CPU, this process, its
// threads, NVIDIA GPUs) once per interval, then what sampling cost.
//   strata-monitor [SECONDS] [--hz N] [--json] [--threads]
#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>

#include "standard_options.hpp"
#include "strata/telemetry/system_sampler.hpp"

namespace {

using strata::telemetry::SystemSnapshot;

struct Arguments {
    double seconds = 5.0;
    double hz = 2.0;
    bool json = false;
    bool threads = false;
};

bool parseNumber(std::string_view text, double& value)
{
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc() && ptr == text.data() + text.size() && value > 0;
}

void printUsage(std::FILE* to)
{
    std::fputs("usage: strata-monitor [SECONDS] [--hz N] [--json] [--threads]\n"
               "  prints sampled CPU, memory and GPU figures, then what sampling cost\n"
               "  SECONDS    how long to sample (default 5)\n"
               "  --hz N     samples per second (default 2)\n"
               "  --json     one JSON object per sample\n"
               "  --threads  list this process's threads too\n",
               to);
}

int usage(const char* why)
{
    std::fprintf(stderr, "strata-monitor: %s\n", why);
    printUsage(stderr);
    return 2;
}

std::string percent(const std::optional<float>& value)
{
    char text[16];
    if (!value)
        return "  -  ";
    std::snprintf(text, sizeof text, "%5.1f", static_cast<double>(*value));
    return text;
}

void printText(const SystemSnapshot& s, bool threads)
{
    std::printf("t=%.2fs  CPU total %s%%  cores:", static_cast<double>(s.steadyNanoseconds) / 1e9,
                percent(s.cpuTotalPercent).c_str());
    for (const auto& core : s.cores)
        std::printf(" %d:%s", core.cpu, core.online ? percent(core.percent).c_str() : "off");
    if (!s.cpuError.empty())
        std::printf("  (%s)", s.cpuError.c_str());
    std::printf("\n  process CPU %s%%  RSS %.1f MiB  user %.2fs sys %.2fs  threads %zu\n",
                s.process.cpuPercent ? percent(static_cast<float>(*s.process.cpuPercent)).c_str() : "  -  ",
                static_cast<double>(s.process.rssBytes) / (1024.0 * 1024.0), s.process.userSeconds,
                s.process.systemSeconds, s.threads.size());
    if (threads)
        for (const auto& t : s.threads)
            std::printf("    thread %d %-15s %c cpu%-3d %s%%\n", t.tid, t.name.data(), t.state, t.lastCpu,
                        percent(t.cpuPercent).c_str());
    std::printf("  GPUs: %s\n", s.gpuStatus.c_str());
    for (const auto& g : s.gpus) {
        std::printf("    GPU %u %s: util %s%% mem-util %s%%", g.index, g.name.c_str(),
                    g.utilizationPercent ? std::to_string(*g.utilizationPercent).c_str() : "-",
                    g.memoryUtilizationPercent ? std::to_string(*g.memoryUtilizationPercent).c_str() : "-");
        if (g.memoryUsedBytes && g.memoryTotalBytes)
            std::printf("  VRAM %.0f / %.0f MiB", static_cast<double>(*g.memoryUsedBytes) / (1024.0 * 1024.0),
                        static_cast<double>(*g.memoryTotalBytes) / (1024.0 * 1024.0));
        if (g.powerWatts)
            std::printf("  %.1f W", *g.powerWatts);
        if (g.temperatureCelsius)
            std::printf("  %u C", *g.temperatureCelsius);
        if (!g.error.empty())
            std::printf("  (%s)", g.error.c_str());
        std::printf("\n");
    }
    std::fflush(stdout);
}

// Names come from the kernel (thread names) and NVML: escape what JSON needs escaped.
std::string jsonString(std::string_view text)
{
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
            out += escaped;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

template <typename T>
std::string jsonNumber(const std::optional<T>& value)
{
    return value ? std::to_string(*value) : "null";
}

// Appends `"key":value` pairs; a comma goes before every pair but the first of an object.
class JsonLine {
public:
    void open(char bracket) { text_ += bracket, first_ = true; }
    void close(char bracket) { text_ += bracket, first_ = false; }
    void key(std::string_view name)
    {
        separate();
        text_ += jsonString(name);
        text_ += ':';
        first_ = true;  // the value follows without a comma
    }
    void value(const std::string& raw)
    {
        separate();
        text_ += raw;
    }
    template <typename T>
    void field(std::string_view name, const T& raw)
    {
        key(name);
        if constexpr (std::is_same_v<T, std::string>)
            value(raw);
        else
            value(std::to_string(raw));
    }
    const std::string& text() const { return text_; }

private:
    void separate()
    {
        if (!first_)
            text_ += ',';
        first_ = false;
    }
    std::string text_;
    bool first_ = true;
};

void printJson(const SystemSnapshot& s)
{
    JsonLine j;
    j.open('{');
    j.field("t", static_cast<double>(s.steadyNanoseconds) / 1e9);
    j.field("interval_s", s.intervalSeconds);
    j.field("cpu_total", jsonNumber(s.cpuTotalPercent));
    j.key("cores");
    j.open('[');
    for (const auto& core : s.cores)
        j.value(core.online ? jsonNumber(core.percent) : std::string("\"offline\""));
    j.close(']');
    j.key("process");
    j.open('{');
    j.field("cpu", jsonNumber(s.process.cpuPercent));
    j.field("rss_bytes", s.process.rssBytes);
    j.close('}');
    j.key("threads");
    j.open('[');
    for (const auto& t : s.threads) {
        j.value("");
        j.open('{');
        j.field("tid", t.tid);
        j.field("name", jsonString(t.name.data()));
        j.field("cpu", jsonNumber(t.cpuPercent));
        j.field("last_core", t.lastCpu);
        j.close('}');
    }
    j.close(']');
    j.field("gpu_status", jsonString(s.gpuStatus));
    j.key("gpus");
    j.open('[');
    for (const auto& g : s.gpus) {
        j.value("");
        j.open('{');
        j.field("index", g.index);
        j.field("name", jsonString(g.name));
        j.field("util", jsonNumber(g.utilizationPercent));
        j.field("mem_util", jsonNumber(g.memoryUtilizationPercent));
        j.field("vram_used", jsonNumber(g.memoryUsedBytes));
        j.field("vram_total", jsonNumber(g.memoryTotalBytes));
        j.field("power_w", jsonNumber(g.powerWatts));
        j.field("temp_c", jsonNumber(g.temperatureCelsius));
        j.field("error", jsonString(g.error));
        j.close('}');
    }
    j.close(']');
    j.field("sample_cpu_us", static_cast<double>(s.cost.lastSampleCpuNanoseconds) / 1e3);
    j.close('}');
    std::puts(j.text().c_str());
    std::fflush(stdout);
}

double threadCpuSeconds()
{
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
           + static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char** argv)
{
    if (strata::tools::wantsVersion(argc, argv)) {
        strata::tools::printVersion("strata-monitor");
        return 0;
    }
    if (strata::tools::wantsHelp(argc, argv)) {
        printUsage(stdout);
        return 0;
    }
    Arguments args;
    bool haveSeconds = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--json") {
            args.json = true;
        } else if (arg == "--threads") {
            args.threads = true;
        } else if (arg == "--hz") {
            if (i + 1 >= argc || !parseNumber(argv[++i], args.hz) || args.hz > 1000)
                return usage("--hz needs a number of samples per second (0 < N <= 1000)");
        } else if (!haveSeconds && parseNumber(arg, args.seconds)) {
            haveSeconds = true;
        } else {
            return usage(("unexpected argument '" + std::string(arg) + "'").c_str());
        }
    }

    strata::telemetry::SystemSampler sampler;
    SystemSnapshot snapshot;
    const auto period = std::chrono::duration<double>(1.0 / args.hz);
    const long count = std::max(1L, static_cast<long>(args.seconds * args.hz + 0.5));

    // Sampling cost measured two ways: getrusage(RUSAGE_THREAD) around each sample() (printing
    // excluded) and the sampler's own per-call thread CPU clock.
    double samplingRusage = 0.0;
    double firstSampleUs = 0.0;
    auto next = std::chrono::steady_clock::now() + period;
    for (long i = 0; i < count; ++i) {
        std::this_thread::sleep_until(next);
        next += std::chrono::duration_cast<std::chrono::steady_clock::duration>(period);
        const double before = threadCpuSeconds();
        sampler.sample(snapshot);
        const double spent = threadCpuSeconds() - before;
        if (i == 0)
            firstSampleUs = spent * 1e6;  // reported apart: first calls can warm caches/NVML
        else
            samplingRusage += spent;
        if (args.json)
            printJson(snapshot);
        else
            printText(snapshot, args.threads);
    }

    // The timed loop is what a panel pays: each sample comes after a sleep, with cold caches.
    // A burst of back-to-back samples shows the warm floor beside it.
    const long steadyCount = std::max(1L, count - 1);
    const double loopUs = count > 1 ? samplingRusage * 1e6 / static_cast<double>(steadyCount) : firstSampleUs;
    const double loopClockUs = sampler.cost().meanCpuMicroseconds();
    constexpr int kBurst = 2000;
    const double burstStart = threadCpuSeconds();
    for (int i = 0; i < kBurst; ++i)
        sampler.sample(snapshot);
    const double burstUs = (threadCpuSeconds() - burstStart) * 1e6 / kBurst;
    std::fprintf(args.json ? stderr : stdout,
                 "sampling cost: %.1f us CPU per sample at %.3g Hz (getrusage over %ld samples "
                 "after the first, which took %.1f us; sampler's thread clock, all %ld: %.1f us) "
                 "= %.4f%% of one core; warm back-to-back: %.1f us (%d samples); %zu cores, "
                 "%zu threads, %zu GPUs\n",
                 loopUs, args.hz, steadyCount, firstSampleUs, count, loopClockUs, loopUs * args.hz / 1e4, burstUs,
                 kBurst, snapshot.cores.size(), snapshot.threads.size(), snapshot.gpus.size());
    return 0;
}
