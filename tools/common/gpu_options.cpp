#include "gpu_options.hpp"

#include "strata/core/error.hpp"

#include <charconv>
#include <string_view>
#include <vector>

namespace strata::tools {
namespace {

uint32_t count(std::string_view flag, std::string_view v)
{
    uint32_t out = 0;
    const auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc() || ptr != v.data() + v.size() || v.empty())
        throw Error(std::string(flag) + " needs a non-negative number, not '" + std::string(v) + "'");
    return out;
}

// "A,B,C": every item a count.
std::vector<uint32_t> counts(std::string_view flag, std::string_view v)
{
    std::vector<uint32_t> out;
    for (size_t from = 0;;) {
        const size_t comma = v.find(',', from);
        out.push_back(count(flag, v.substr(from, comma == std::string_view::npos ? v.npos : comma - from)));
        if (comma == std::string_view::npos)
            return out;
        from = comma + 1;
    }
}

}  // namespace

bool parseGpuOption(int argc, char** argv, int& i, model::ModelOptions& o)
{
    const std::string_view a = argv[i];
    const auto value = [&]() -> std::string_view {
        if (i + 1 >= argc)
            throw Error(std::string(a) + " needs a value");
        return argv[++i];
    };
    if (a == "--device") {
        const std::string_view d = value();
        if (d == "cpu") {
            o.device = model::Device::Cpu;
        } else if (d == "cuda" || d.starts_with("cuda:")) {
            o.device = model::Device::Cuda;
            const std::vector<uint32_t> devices = d == "cuda" ? std::vector<uint32_t>{0} : counts(a, d.substr(5));
            o.cudaDevice = int(devices.front());
            // Several GPUs: the layers split over them in this order (issue 24).
            o.cudaSplit.devices.clear();
            if (devices.size() > 1)
                o.cudaSplit.devices.assign(devices.begin(), devices.end());
        } else {
            throw Error("--device takes cpu, cuda, cuda:N or cuda:N,M,..., not '" + std::string(d) + "'");
        }
    } else if (a == "--gpu-budgets") {
        o.cudaSplit.budgets.clear();
        for (uint32_t mib : counts(a, value()))
            o.cudaSplit.budgets.push_back(size_t(mib) << 20);
    } else if (a == "--vram-budget") {
        o.vramBudget = size_t(count(a, value())) << 20;
    } else if (a == "--gpu-wait") {
        const std::string_view w = value();
        if (w == "blocking")
            o.cudaHostWait = model::CudaHostWait::BlockingSync;
        else if (w == "spin")
            o.cudaHostWait = model::CudaHostWait::Spin;
        else if (w == "yield")
            o.cudaHostWait = model::CudaHostWait::Yield;
        else if (w == "adaptive")
            o.cudaHostWait = model::CudaHostWait::Adaptive;
        else
            throw Error("--gpu-wait takes blocking, spin, yield or adaptive, not '" + std::string(w) + "'");
    } else if (a == "--experts") {
        const std::string_view e = value();
        if (e == "gpu") {
            o.cudaExperts.placement = model::ExpertPlacement::Gpu;
        } else if (e.starts_with("cache:")) {
            o.cudaExperts.placement = model::ExpertPlacement::Cache;
            o.cudaExperts.budget = size_t(count(a, e.substr(6))) << 20;
        } else if (e.starts_with("cpu:")) {
            o.cudaExperts.placement = model::ExpertPlacement::CpuLayers;
            o.cudaExperts.cpuLayers = count(a, e.substr(4));
        } else {
            throw Error("--experts takes gpu, cache:MIB or cpu:LAYERS, not '" + std::string(e) + "'");
        }
    } else if (a == "--no-wake-ahead") {
        o.cudaExperts.wakeAhead = model::ExpertWakeAhead::Off;
    } else if (a == "--wake-ahead") {
        // An optional mode: `--wake-ahead` alone is `on`, as before there were modes.
        const auto mode = i + 1 < argc ? model::parseExpertWakeAhead(argv[i + 1]) : std::nullopt;
        o.cudaExperts.wakeAhead = mode.value_or(model::ExpertWakeAhead::On);
        if (mode)
            ++i;
    } else if (a == "--expert-state") {
        o.cudaExperts.stateFile = std::string(value());
    } else {
        return false;
    }
    return true;
}

const char* gpuOptionsUsage()
{
    return "gpu:     --device cpu|cuda|cuda:N|cuda:N,M,... (several: the layers split over them in that order)\n"
           "         --gpu-budgets MIB,MIB,... (per GPU of a split; default: its free VRAM)  --vram-budget MIB\n"
           "         --gpu-wait blocking|spin|yield|adaptive\n"
           "         --experts gpu|cache:MIB|cpu:LAYERS  (MoE on a GPU: every expert in VRAM; a VRAM cache of\n"
           "         the hottest experts with the rest on the CPU pool; or every expert of the first LAYERS\n"
           "         layers on the CPU)  --wake-ahead [on|off|auto] (hybrid; default auto)  --no-wake-ahead\n"
           "         --expert-state FILE (the cache's state between runs)\n";
}

}  // namespace strata::tools
