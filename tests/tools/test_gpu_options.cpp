// The GPU options strata-cli and strata-server share (tools/common/gpu_options): each sets what it
// names in ModelOptions, a bad value is an error naming the option, anything else is left alone.
#include "gpu_options.hpp"
#include "strata/core/error.hpp"

#include <QtTest>

#include <string>
#include <vector>

using namespace strata;

namespace {

// Parses one command line as the tools do; returns the arguments no GPU option took.
std::vector<std::string> parse(std::vector<std::string> args, model::ModelOptions& o)
{
    std::vector<char*> argv{const_cast<char*>("tool")};
    for (std::string& a : args)
        argv.push_back(a.data());
    std::vector<std::string> rest;
    for (int i = 1; i < int(argv.size()); ++i)
        if (!tools::parseGpuOption(int(argv.size()), argv.data(), i, o))
            rest.push_back(argv[size_t(i)]);
    return rest;
}

}  // namespace

class TestGpuOptions : public QObject {
    Q_OBJECT
private slots:
    void eachOptionSetsWhatItNames()
    {
        model::ModelOptions o;
        const auto rest = parse({"--device", "cuda:1", "-m", "x.gguf", "--vram-budget", "2048", "--gpu-wait", "spin",
                                 "--experts", "cache:8192", "--wake-ahead", "--expert-state", "s.json"},
                                o);
        QCOMPARE(rest, (std::vector<std::string>{"-m", "x.gguf"}));
        QCOMPARE(o.device, model::Device::Cuda);
        QCOMPARE(o.cudaDevice, 1);
        QCOMPARE(o.vramBudget, size_t(2048) << 20);
        QCOMPARE(o.cudaHostWait, model::CudaHostWait::Spin);
        QCOMPARE(o.cudaExperts.placement, model::ExpertPlacement::Cache);
        QCOMPARE(o.cudaExperts.budget, size_t(8192) << 20);
        QVERIFY(o.cudaExperts.wakeAhead == model::ExpertWakeAhead::On);  // alone: on, as before there were modes
        QCOMPARE(o.cudaExperts.stateFile, std::string("s.json"));
        parse({"--gpu-wait", "adaptive"}, o);
        QCOMPARE(o.cudaHostWait, model::CudaHostWait::Adaptive);
        parse({"--no-wake-ahead"}, o);
        QVERIFY(o.cudaExperts.wakeAhead == model::ExpertWakeAhead::Off);
        parse({"--wake-ahead", "auto", "-m", "y.gguf"}, o);
        QVERIFY(o.cudaExperts.wakeAhead == model::ExpertWakeAhead::Auto);
        QCOMPARE(parse({"--wake-ahead", "off", "-t", "4"}, o), (std::vector<std::string>{"-t", "4"}));
        QVERIFY(o.cudaExperts.wakeAhead == model::ExpertWakeAhead::Off);
        QVERIFY(model::CudaExperts{}.wakeAhead == model::ExpertWakeAhead::Auto);  // the default
        parse({"--experts", "cpu:12", "--device", "cpu"}, o);
        QCOMPARE(o.cudaExperts.placement, model::ExpertPlacement::CpuLayers);
        QCOMPARE(o.cudaExperts.cpuLayers, 12u);
        QCOMPARE(o.device, model::Device::Cpu);
    }

    void severalDevicesSplitTheLayers()
    {
        model::ModelOptions o;
        parse({"--device", "cuda:1,0", "--gpu-budgets", "40000,0"}, o);
        QCOMPARE(o.device, model::Device::Cuda);
        QCOMPARE(o.cudaDevice, 1);
        QCOMPARE(o.cudaSplit.devices, (std::vector<int>{1, 0}));
        QCOMPARE(o.cudaSplit.budgets, (std::vector<size_t>{size_t(40000) << 20, 0}));
        parse({"--device", "cuda:2"}, o);  // one GPU again: no split
        QCOMPARE(o.cudaDevice, 2);
        QVERIFY(o.cudaSplit.devices.empty());
    }

    void badValuesNameTheOption_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("named");
        QTest::newRow("device") << QStringList{"--device", "tpu"} << "--device";
        QTest::newRow("device number") << QStringList{"--device", "cuda:x"} << "--device";
        QTest::newRow("device list") << QStringList{"--device", "cuda:0,"} << "--device";
        QTest::newRow("budget list") << QStringList{"--gpu-budgets", "100,x"} << "--gpu-budgets";
        QTest::newRow("budget") << QStringList{"--vram-budget", "-5"} << "--vram-budget";
        QTest::newRow("wait") << QStringList{"--gpu-wait", "nap"} << "--gpu-wait";
        QTest::newRow("experts") << QStringList{"--experts", "cache"} << "--experts";
        QTest::newRow("experts budget") << QStringList{"--experts", "cache:lots"} << "--experts";
        QTest::newRow("no value") << QStringList{"--experts"} << "--experts";
    }

    void badValuesNameTheOption()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, named);
        std::vector<std::string> argv;
        for (const QString& a : args)
            argv.push_back(a.toStdString());
        model::ModelOptions o;
        try {
            parse(argv, o);
            QFAIL("a bad value was taken");
        } catch (const Error& e) {
            QVERIFY2(QString(e.what()).contains(named), e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestGpuOptions)
#include "test_gpu_options.moc"
