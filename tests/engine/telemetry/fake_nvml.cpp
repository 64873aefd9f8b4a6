// A stand-in NVML for tests: the entry points GpuSampler resolves, with the C ABI NVML
// documents, returning fixed figures. FAKE_NVML_NODRIVER makes nvmlInit_v2 fail as it does
// when the kernel driver is not loaded; FAKE_NVML_V2 adds nvmlDeviceGetMemoryInfo_v2, whose
// "used" leaves out a 615 MiB driver reserve (as on an idle H200), and
// nvmlDeviceGetComputeRunningProcesses_v3: GPU 0 runs 19 other processes (1 GiB each) and, last,
// the calling process with 3 GiB (more than GpuSampler's first buffer holds); GPU 1 runs none.
#include <unistd.h>

#include <cstdio>
#include <cstring>

namespace {
struct FakeDevice {
    const char* name;
    unsigned gpu, memory;
    unsigned long long total, used;
    int power;  // milliwatts; -1: not supported
    unsigned temperature;
};
FakeDevice devices[2] = {
    {"Fake H200", 87, 40, 150ull << 30, 12ull << 30, 312500, 61},
    {"Fake T4", 3, 1, 16ull << 30, 1ull << 30, -1, 40},
};
int initialised = 0;
int shutdowns = 0;
}  // namespace

extern "C" {

// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
struct nvmlUtilization_t {
    unsigned gpu, memory;
};
// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
struct nvmlMemory_t {
    unsigned long long total, free, used;
};

// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
int nvmlInit_v2()
{
#ifdef FAKE_NVML_NODRIVER
    return 9;  // NVML_ERROR_DRIVER_NOT_LOADED
#else
    ++initialised;
    return 0;
#endif
}
int nvmlShutdown()
{
    --initialised;
    ++shutdowns;
    return 0;
}
const char* nvmlErrorString(int code)
{
    return code == 9 ? "Driver Not Loaded" : code == 3 ? "Not Supported" : "Unknown Error";
}
// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
int nvmlDeviceGetCount_v2(unsigned* count)
{
    if (!initialised)
        return 1;  // NVML_ERROR_UNINITIALIZED
    *count = 2;
    return 0;
}
// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
int nvmlDeviceGetHandleByIndex_v2(unsigned index, void** device)
{
    if (index >= 2)
        return 2;  // NVML_ERROR_INVALID_ARGUMENT
    *device = &devices[index];
    return 0;
}
int nvmlDeviceGetName(void* device, char* name, unsigned length)
{
    std::snprintf(name, length, "%s", static_cast<FakeDevice*>(device)->name);
    return 0;
}
int nvmlDeviceGetUtilizationRates(void* device, nvmlUtilization_t* utilization)
{
    utilization->gpu = static_cast<FakeDevice*>(device)->gpu;
    utilization->memory = static_cast<FakeDevice*>(device)->memory;
    return 0;
}
int nvmlDeviceGetMemoryInfo(void* device, nvmlMemory_t* memory)
{
    const FakeDevice* d = static_cast<FakeDevice*>(device);
    memory->total = d->total;
    memory->used = d->used;
    memory->free = d->total - d->used;
    return 0;
}
int nvmlDeviceGetPowerUsage(void* device, unsigned* milliwatts)
{
    const FakeDevice* d = static_cast<FakeDevice*>(device);
    if (d->power < 0)
        return 3;  // NVML_ERROR_NOT_SUPPORTED
    *milliwatts = static_cast<unsigned>(d->power);
    return 0;
}
int nvmlDeviceGetTemperature(void* device, int sensor, unsigned* celsius)
{
    if (sensor != 0)
        return 2;
    *celsius = static_cast<FakeDevice*>(device)->temperature;
    return 0;
}

#ifdef FAKE_NVML_V2
// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
struct nvmlMemory_v2_t {
    unsigned version;
    unsigned long long total, reserved, free, used;
};
// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
int nvmlDeviceGetMemoryInfo_v2(void* device, nvmlMemory_v2_t* memory)
{
    if (memory->version != (unsigned(sizeof(nvmlMemory_v2_t)) | (2u << 24)))
        return 25;  // NVML_ERROR_ARGUMENT_VERSION_MISMATCH
    const FakeDevice* d = static_cast<FakeDevice*>(device);
    memory->total = d->total;
    memory->reserved = 615ull << 20;
    memory->used = d->used - memory->reserved;
    memory->free = d->total - d->used;
    return 0;
}

// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
struct nvmlProcessInfo_t {
    unsigned pid;
    unsigned long long usedGpuMemory;
    unsigned gpuInstanceId, computeInstanceId;
};
// NOLINTNEXTLINE(readability-identifier-naming): NVML's own name (the library fakes its C API)
int nvmlDeviceGetComputeRunningProcesses_v3(void* device, unsigned* count, nvmlProcessInfo_t* infos)
{
    const unsigned running = device == &devices[0] ? 20 : 0;
    if (*count < running) {
        *count = running;
        return 7;  // NVML_ERROR_INSUFFICIENT_SIZE
    }
    const unsigned self = unsigned(getpid());
    for (unsigned i = 0; i < running; ++i) {
        const bool last = i + 1 == running;
        infos[i] = {last ? self : self + 1 + i, (last ? 3ull : 1ull) << 30, 0, 0};
    }
    *count = running;
    return 0;
}
#endif

// Test hook: how often nvmlShutdown ran.
int fakeNvmlShutdowns()
{
    return shutdowns;
}
}
