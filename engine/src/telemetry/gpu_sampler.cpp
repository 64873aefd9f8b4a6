#include "strata/telemetry/gpu_sampler.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <vector>

#include "nvml_api.hpp"

namespace strata::telemetry {

struct GpuSampler::Api {
    nvml::InitFn init = nullptr;
    nvml::ShutdownFn shutdown = nullptr;
    nvml::ErrorStringFn errorString = nullptr;
    nvml::DeviceGetCountFn getCount = nullptr;
    nvml::DeviceGetHandleByIndexFn getHandle = nullptr;
    nvml::DeviceGetNameFn getName = nullptr;
    nvml::DeviceGetUtilizationRatesFn getUtilization = nullptr;
    nvml::DeviceGetMemoryInfoFn getMemory = nullptr;
    nvml::DeviceGetMemoryInfoV2Fn getMemoryV2 = nullptr;  // optional: absent before driver r510
    nvml::DeviceGetPowerUsageFn getPower = nullptr;
    nvml::DeviceGetTemperatureFn getTemperature = nullptr;
    nvml::DeviceGetComputeRunningProcessesFn getProcesses = nullptr;  // optional: _v3, else _v2
    std::vector<nvml::ProcessInfo> processes;                         // getProcesses' buffer, kept between samples

    std::string describe(nvml::Return code) const
    {
        const char* text = errorString ? errorString(code) : nullptr;
        return std::string(text ? text : "NVML error") + " (" + std::to_string(code) + ")";
    }
};

namespace {

// dlsym hands back void*; the cast to a function pointer is what POSIX documents for it.
template <typename Fn>
bool resolve(void* library, const char* symbol, Fn& target, std::string& missing)
{
    target = reinterpret_cast<Fn>(dlsym(library, symbol));
    if (target == nullptr) {
        if (!missing.empty())
            missing += ", ";
        missing += symbol;
    }
    return target != nullptr;
}

}  // namespace

GpuSampler::GpuSampler(const std::string& libraryName)
{
    library_ = dlopen(libraryName.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library_ == nullptr) {
        const char* why = dlerror();
        status_ = "no NVIDIA driver (" + (why ? std::string(why) : libraryName + " not found") + ")";
        return;
    }

    auto api = std::make_unique<Api>();
    std::string missing;
    resolve(library_, "nvmlInit_v2", api->init, missing);
    resolve(library_, "nvmlShutdown", api->shutdown, missing);
    resolve(library_, "nvmlErrorString", api->errorString, missing);
    resolve(library_, "nvmlDeviceGetCount_v2", api->getCount, missing);
    resolve(library_, "nvmlDeviceGetHandleByIndex_v2", api->getHandle, missing);
    resolve(library_, "nvmlDeviceGetName", api->getName, missing);
    resolve(library_, "nvmlDeviceGetUtilizationRates", api->getUtilization, missing);
    resolve(library_, "nvmlDeviceGetMemoryInfo", api->getMemory, missing);
    resolve(library_, "nvmlDeviceGetPowerUsage", api->getPower, missing);
    resolve(library_, "nvmlDeviceGetTemperature", api->getTemperature, missing);
    // Optional, so not through resolve(): without it VRAM used falls back to v1's figure.
    api->getMemoryV2 = reinterpret_cast<nvml::DeviceGetMemoryInfoV2Fn>(dlsym(library_, "nvmlDeviceGetMemoryInfo_v2"));
    // Optional too: without it the panel shows the device's VRAM but not this process's share.
    for (const char* symbol : {"nvmlDeviceGetComputeRunningProcesses_v3", "nvmlDeviceGetComputeRunningProcesses_v2"})
        if (!api->getProcesses)
            api->getProcesses = reinterpret_cast<nvml::DeviceGetComputeRunningProcessesFn>(dlsym(library_, symbol));
    if (!missing.empty()) {
        status_ = "NVML unusable: " + libraryName + " lacks " + missing;
        dlclose(library_);
        library_ = nullptr;
        return;
    }

    const nvml::Return initResult = api->init();
    if (initResult != nvml::kSuccess) {
        status_ = (initResult == nvml::kErrorDriverNotLoaded || initResult == nvml::kErrorLibraryNotFound)
                      ? "no NVIDIA driver (NVML: " + api->describe(initResult) + ")"
                      : "NVML failed to start: " + api->describe(initResult);
        dlclose(library_);
        library_ = nullptr;
        return;
    }

    unsigned count = 0;
    const nvml::Return countResult = api->getCount(&count);
    if (countResult != nvml::kSuccess) {
        status_ = "NVML cannot count GPUs: " + api->describe(countResult);
        api->shutdown();
        dlclose(library_);
        library_ = nullptr;
        return;
    }

    // Handles and names do not change while NVML is initialised: look them up once.
    std::string skipped;
    for (unsigned i = 0; i < count; ++i) {
        nvml::Device device = nullptr;
        const nvml::Return handleResult = api->getHandle(i, &device);
        if (handleResult != nvml::kSuccess) {
            // e.g. no permission for that GPU: keep its place so indices match nvidia-smi.
            skipped += " GPU " + std::to_string(i) + ": " + api->describe(handleResult) + ";";
            device = nullptr;
        }
        char name[nvml::kDeviceNameBufferSize] = {};
        if (device == nullptr || api->getName(device, name, sizeof name) != nvml::kSuccess)
            name[0] = '\0';
        name[sizeof name - 1] = '\0';
        handles_.push_back(static_cast<void*>(device));
        names_.emplace_back(name[0] ? name : "unknown GPU");
    }
    status_ = "NVML: " + std::to_string(count) + (count == 1 ? " GPU" : " GPUs") + skipped;
    api_ = std::move(api);
}

GpuSampler::~GpuSampler()
{
    if (api_)
        api_->shutdown();
    if (library_ != nullptr)
        dlclose(library_);
}

void GpuSampler::sample(std::vector<GpuSample>& out)
{
    out.resize(handles_.size());
    if (!api_)
        return;
    for (std::size_t i = 0; i < handles_.size(); ++i) {
        GpuSample& gpu = out[i];
        gpu.index = static_cast<unsigned>(i);
        if (gpu.name != names_[i])
            gpu.name = names_[i];
        gpu.error.clear();
        gpu.utilizationPercent.reset();
        gpu.memoryUtilizationPercent.reset();
        gpu.memoryUsedBytes.reset();
        gpu.memoryTotalBytes.reset();
        gpu.processMemoryUsedBytes.reset();
        gpu.powerWatts.reset();
        gpu.temperatureCelsius.reset();

        const auto device = static_cast<nvml::Device>(handles_[i]);
        if (device == nullptr) {
            gpu.error = "no handle";
            continue;
        }
        // A figure a GPU does not support (NOT_SUPPORTED) is left empty; the first other error
        // is kept so a panel can say why.
        auto note = [&](nvml::Return code) {
            if (code != nvml::kSuccess && code != nvml::kErrorNotSupported && gpu.error.empty())
                gpu.error = api_->describe(code);
            return code == nvml::kSuccess;
        };
        nvml::Utilization utilization{};
        if (note(api_->getUtilization(device, &utilization))) {
            gpu.utilizationPercent = utilization.gpu;
            gpu.memoryUtilizationPercent = utilization.memory;
        }
        // v2 first: its "used" matches nvidia-smi (v1 adds the driver's reserve). A driver that
        // has the symbol but not the struct version answers a mismatch: use v1 then.
        nvml::Return v2 = nvml::kErrorFunctionNotFound;
        if (api_->getMemoryV2) {
            nvml::MemoryV2 memory{};
            memory.version = nvml::kMemoryV2Version;
            v2 = api_->getMemoryV2(device, &memory);
            if (v2 == nvml::kSuccess) {
                gpu.memoryUsedBytes = memory.used;
                gpu.memoryTotalBytes = memory.total;
            }
        }
        if (v2 == nvml::kErrorFunctionNotFound || v2 == nvml::kErrorArgumentVersionMismatch
            || v2 == nvml::kErrorNotSupported) {
            nvml::Memory memory{};
            if (note(api_->getMemory(device, &memory))) {
                gpu.memoryUsedBytes = memory.used;
                gpu.memoryTotalBytes = memory.total;
            }
        } else {
            note(v2);
        }
        gpu.processMemoryUsedBytes = processMemoryUsed(device);
        unsigned milliwatts = 0;
        if (note(api_->getPower(device, &milliwatts)))
            gpu.powerWatts = milliwatts / 1000.0;
        unsigned celsius = 0;
        if (note(api_->getTemperature(device, nvml::kTemperatureGpu, &celsius)))
            gpu.temperatureCelsius = celsius;
    }
}

std::optional<std::uint64_t> GpuSampler::processMemoryUsed(void* device)
{
    if (!api_->getProcesses)
        return std::nullopt;
    // Room for 16 processes first; a busier GPU says how many it has and the buffer grows once
    // (a process that starts in between costs another round, hence the bound).
    std::vector<nvml::ProcessInfo>& infos = api_->processes;
    if (infos.size() < 16)
        infos.resize(16);
    for (int attempt = 0; attempt < 3; ++attempt) {
        unsigned count = unsigned(infos.size());
        const nvml::Return result = api_->getProcesses(static_cast<nvml::Device>(device), &count, infos.data());
        if (result == nvml::kErrorInsufficientSize) {
            infos.resize(std::size_t(count) + 8);
            continue;
        }
        if (result != nvml::kSuccess)
            return std::nullopt;
        const auto self = static_cast<unsigned>(getpid());
        for (unsigned i = 0; i < count; ++i) {
            if (infos[i].pid != self)
                continue;
            if (infos[i].usedGpuMemory == nvml::kValueNotAvailable)
                return std::nullopt;
            return infos[i].usedGpuMemory;
        }
        return 0;  // no CUDA context of this process on that GPU
    }
    return std::nullopt;
}

}  // namespace strata::telemetry
