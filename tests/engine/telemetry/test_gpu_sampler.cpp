// GPU sampling through NVML loaded at run time: absent library, absent driver, a library that
// is not NVML, and a stand-in NVML with two GPUs.
#include <dlfcn.h>

#include <QTest>

#include "strata/telemetry/gpu_sampler.hpp"
#include "strata/telemetry/system_sampler.hpp"

using strata::telemetry::GpuSample;
using strata::telemetry::GpuSampler;

class TestGpuSampler : public QObject {
    Q_OBJECT
private slots:
    void missingLibraryMeansNoDriver()
    {
        GpuSampler sampler("libnvidia-ml-does-not-exist.so.7");
        QVERIFY(!sampler.available());
        QCOMPARE(sampler.deviceCount(), 0u);
        QVERIFY2(sampler.status().starts_with("no NVIDIA driver ("), sampler.status().c_str());
        QVERIFY(sampler.status().find("libnvidia-ml-does-not-exist.so.7") != std::string::npos);
        std::vector<GpuSample> gpus(3);  // stale entries must go
        sampler.sample(gpus);
        QVERIFY(gpus.empty());
    }

    void realLibraryOnThisMachine()
    {
        // CI and the dev box have no NVIDIA driver; a machine with one must still not crash.
        void* probe = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        GpuSampler sampler;
        std::vector<GpuSample> gpus;
        sampler.sample(gpus);
        QCOMPARE(gpus.size(), static_cast<std::size_t>(sampler.deviceCount()));
        if (probe == nullptr) {
            QVERIFY2(sampler.status().starts_with("no NVIDIA driver"), sampler.status().c_str());
            QVERIFY(!sampler.available());
        } else {
            dlclose(probe);
            QVERIFY(!sampler.status().empty());
        }
    }

    void driverNotLoaded()
    {
        GpuSampler sampler(FAKE_NVML_NODRIVER_PATH);
        QVERIFY(!sampler.available());
        QCOMPARE(sampler.deviceCount(), 0u);
        QVERIFY2(sampler.status().starts_with("no NVIDIA driver (NVML: Driver Not Loaded"), sampler.status().c_str());
    }

    void libraryWithoutNvmlSymbols()
    {
        GpuSampler sampler("libm.so.6");
        QVERIFY(!sampler.available());
        QVERIFY2(sampler.status().find("lacks nvmlInit_v2") != std::string::npos, sampler.status().c_str());
    }

    void readsEveryFigureThroughTheDeclaredAbi()
    {
        // Our own handle keeps the library (and its shutdown counter) loaded after the sampler.
        void* fake = dlopen(FAKE_NVML_OK_PATH, RTLD_NOW | RTLD_LOCAL);
        QVERIFY(fake != nullptr);
        using CountFn = int (*)();
        const auto shutdowns = reinterpret_cast<CountFn>(dlsym(fake, "fakeNvmlShutdowns"));
        QVERIFY(shutdowns != nullptr);
        const int shutdownsBefore = shutdowns();
        {
            GpuSampler sampler(FAKE_NVML_OK_PATH);
            QVERIFY2(sampler.available(), sampler.status().c_str());
            QCOMPARE(sampler.status(), std::string("NVML: 2 GPUs"));
            std::vector<GpuSample> gpus;
            sampler.sample(gpus);
            QCOMPARE(gpus.size(), std::size_t{2});

            const GpuSample& a = gpus[0];
            QCOMPARE(a.name, std::string("Fake H200"));
            QCOMPARE(a.utilizationPercent.value_or(0), 87u);
            QCOMPARE(a.memoryUtilizationPercent.value_or(0), 40u);
            QCOMPARE(a.memoryTotalBytes.value_or(0), std::uint64_t{150} << 30);
            QCOMPARE(a.memoryUsedBytes.value_or(0), std::uint64_t{12} << 30);
            QVERIFY(a.powerWatts.has_value());
            QCOMPARE(*a.powerWatts, 312.5);
            QCOMPARE(a.temperatureCelsius.value_or(0), 61u);
            QVERIFY(a.error.empty());
            // This library has no process list (drivers before r470): this process's share is unknown.
            QVERIFY(!a.processMemoryUsedBytes.has_value());

            // Power not supported: the figure is missing, and that is no error.
            const GpuSample& b = gpus[1];
            QCOMPARE(b.index, 1u);
            QCOMPARE(b.name, std::string("Fake T4"));
            QVERIFY(!b.powerWatts.has_value());
            QCOMPARE(b.temperatureCelsius.value_or(0), 40u);
            QVERIFY2(b.error.empty(), b.error.c_str());

            sampler.sample(gpus);  // a second sample reuses the entries
            QCOMPARE(gpus.size(), std::size_t{2});
            QCOMPARE(gpus[0].utilizationPercent.value_or(0), 87u);
        }
        QCOMPARE(shutdowns(), shutdownsBefore + 1);
        dlclose(fake);
    }

    // The v2 entry point (versioned struct) is preferred: its "used" leaves out the driver's
    // reserve, as nvidia-smi does; without it (the "ok" fake above) v1's figure is used.
    void vramUsedComesFromMemoryInfoV2WhenPresent()
    {
        GpuSampler sampler(FAKE_NVML_V2_PATH);
        QVERIFY2(sampler.available(), sampler.status().c_str());
        std::vector<GpuSample> gpus;
        sampler.sample(gpus);
        QCOMPARE(gpus.size(), std::size_t{2});
        QCOMPARE(gpus[0].memoryTotalBytes.value_or(0), std::uint64_t{150} << 30);
        QCOMPARE(gpus[0].memoryUsedBytes.value_or(0), (std::uint64_t{12} << 30) - (std::uint64_t{615} << 20));
        QVERIFY2(gpus[0].error.empty(), gpus[0].error.c_str());
    }

    // This process's VRAM: its own entry among the GPU's compute processes (found past the first
    // buffer's 16 entries), and 0 on a GPU where it has no context.
    void processVramIsThisProcessesEntry()
    {
        GpuSampler sampler(FAKE_NVML_V2_PATH);
        QVERIFY2(sampler.available(), sampler.status().c_str());
        std::vector<GpuSample> gpus;
        for (int round = 0; round < 2; ++round) {  // the grown buffer serves the next sample
            sampler.sample(gpus);
            QCOMPARE(gpus.size(), std::size_t{2});
            QVERIFY(gpus[0].processMemoryUsedBytes.has_value());
            QCOMPARE(*gpus[0].processMemoryUsedBytes, std::uint64_t{3} << 30);
            QCOMPARE(gpus[1].processMemoryUsedBytes.value_or(1), std::uint64_t{0});
        }
    }

    void systemSamplerCarriesTheGpuStatus()
    {
        strata::telemetry::SystemSamplerOptions options;
        options.threads = false;
        options.nvmlLibrary = "libnvidia-ml-does-not-exist.so.7";
        strata::telemetry::SystemSampler sampler(options);
        strata::telemetry::SystemSnapshot snapshot;
        sampler.sample(snapshot);
        QVERIFY(snapshot.gpus.empty());
        QVERIFY(snapshot.gpuStatus.starts_with("no NVIDIA driver"));

        options.gpus = false;
        strata::telemetry::SystemSampler off(options);
        off.sample(snapshot);
        QCOMPARE(snapshot.gpuStatus, std::string("GPU sampling off"));
    }
};

QTEST_APPLESS_MAIN(TestGpuSampler)
#include "test_gpu_sampler.moc"
