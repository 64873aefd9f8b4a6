// What the CUDA tests share: skipping (with the reason) where no device is usable, and device buffers.
#pragma once

#include "strata/core/build_info.hpp"

#include <cuda_runtime_api.h>

#include <QTest>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace strata::test {

// Empty when a CUDA device is usable; otherwise why not (for QSKIP).
inline QByteArray cudaUnavailableReason()
{
    const CudaRuntimeInfo info = probeCudaRuntime();
    if (info.deviceCount > 0)
        return {};
    return "no usable CUDA device: " + QByteArray::fromStdString(info.status);
}

// n normally distributed values (mean 0, deviation `scale`), the same for the same seed.
inline std::vector<float> randomFloats(size_t n, uint64_t seed, float scale = 1.0f)
{
    std::mt19937_64 rng(seed);
    std::normal_distribution<float> dist(0.0f, scale);
    std::vector<float> v(n);
    for (auto& x : v)
        x = dist(rng);
    return v;
}

// A device copy of a host vector (or an uninitialised buffer of n elements), freed on scope exit.
template <class T>
class DeviceVector {
public:
    explicit DeviceVector(size_t n) : m_n(n)
    {
        if (cudaMalloc(reinterpret_cast<void**>(&m_p), std::max<size_t>(n, 1) * sizeof(T)) != cudaSuccess)
            qFatal("cudaMalloc of %zu bytes failed", n * sizeof(T));
    }
    explicit DeviceVector(const std::vector<T>& host) : DeviceVector(host.size())
    {
        cudaMemcpy(m_p, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
    }
    ~DeviceVector() { cudaFree(m_p); }
    DeviceVector(const DeviceVector&) = delete;
    DeviceVector& operator=(const DeviceVector&) = delete;

    T* get() const { return m_p; }
    std::vector<T> read() const
    {
        std::vector<T> host(m_n);
        if (cudaDeviceSynchronize() != cudaSuccess)
            qFatal("a CUDA kernel failed: %s", cudaGetErrorString(cudaGetLastError()));
        cudaMemcpy(host.data(), m_p, m_n * sizeof(T), cudaMemcpyDeviceToHost);
        return host;
    }

private:
    T* m_p = nullptr;
    size_t m_n;
};

}  // namespace strata::test
