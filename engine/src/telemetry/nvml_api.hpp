// The few NVML entry points Strata uses, declared by hand because no NVML header is shipped
// here. Types and calling convention follow NVIDIA's NVML API reference (nvml.h):
//   nvmlReturn_t is a C enum (int-sized), NVML_SUCCESS = 0;
//   nvmlDevice_t is an opaque pointer (struct nvmlDevice_st*);
//   nvmlUtilization_t = { unsigned int gpu, memory } in percent;
//   nvmlMemory_t = { unsigned long long total, free, used } in bytes (v1: "used" includes the
//   memory the driver reserves, 615 MiB on an idle H200);
//   nvmlMemory_v2_t = { unsigned int version; unsigned long long total, reserved, free, used },
//   version = sizeof(nvmlMemory_v2_t) | (2 << 24) (NVML_STRUCT_VERSION); its "used" leaves the
//   reserved memory out, as nvidia-smi does. Drivers before r510 lack the _v2 entry point.
//   power is in milliwatts, temperature in degrees C (sensor NVML_TEMPERATURE_GPU = 0).
//   nvmlDeviceGetComputeRunningProcesses_v3 and _v2 (r470+) fill nvmlProcessInfo_t =
//   { unsigned int pid; unsigned long long usedGpuMemory; unsigned int gpuInstanceId,
//   computeInstanceId }, usedGpuMemory = NVML_VALUE_NOT_AVAILABLE (~0ull) when the driver cannot
//   say; *infoCount in: entries room, out: processes (NVML_ERROR_INSUFFICIENT_SIZE = 7: too few).
#pragma once

namespace strata::telemetry::nvml {

using Return = int;
using Device = struct DeviceOpaque*;

constexpr Return kSuccess = 0;
constexpr Return kErrorDriverNotLoaded = 9;
constexpr Return kErrorLibraryNotFound = 12;
constexpr int kTemperatureGpu = 0;
constexpr Return kErrorNotSupported = 3;
constexpr Return kErrorFunctionNotFound = 13;
constexpr Return kErrorArgumentVersionMismatch = 25;
constexpr Return kErrorInsufficientSize = 7;
constexpr unsigned long long kValueNotAvailable = ~0ull;
constexpr unsigned kDeviceNameBufferSize = 96;  // NVML_DEVICE_NAME_BUFFER_SIZE is 64: room to spare

struct Utilization {
    unsigned int gpu;
    unsigned int memory;
};

struct Memory {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};

struct MemoryV2 {
    unsigned int version;
    unsigned long long total;
    unsigned long long reserved;
    unsigned long long free;
    unsigned long long used;
};
struct ProcessInfo {
    unsigned int pid;
    unsigned long long usedGpuMemory;
    unsigned int gpuInstanceId;
    unsigned int computeInstanceId;
};

constexpr unsigned int kMemoryV2Version = static_cast<unsigned int>(sizeof(MemoryV2)) | (2u << 24);

extern "C" {
using InitFn = Return (*)();
using ShutdownFn = Return (*)();
using ErrorStringFn = const char* (*)(Return);
using DeviceGetCountFn = Return (*)(unsigned int*);
using DeviceGetHandleByIndexFn = Return (*)(unsigned int, Device*);
using DeviceGetNameFn = Return (*)(Device, char*, unsigned int);
using DeviceGetUtilizationRatesFn = Return (*)(Device, Utilization*);
using DeviceGetMemoryInfoFn = Return (*)(Device, Memory*);
using DeviceGetMemoryInfoV2Fn = Return (*)(Device, MemoryV2*);
using DeviceGetPowerUsageFn = Return (*)(Device, unsigned int*);
using DeviceGetTemperatureFn = Return (*)(Device, int, unsigned int*);
using DeviceGetComputeRunningProcessesFn = Return (*)(Device, unsigned int*, ProcessInfo*);
}

}  // namespace strata::telemetry::nvml
