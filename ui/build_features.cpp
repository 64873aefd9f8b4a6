#include "ui/build_features.hpp"

#include "strata/core/build_info.hpp"

#include <QCoreApplication>

namespace strata::ui {

QList<BuildFeature> buildFeatures()
{
    const BuildInfo build = buildInfo();
    QList<BuildFeature> features;

    BuildFeature cuda{QStringLiteral("CUDA"), build.cuda, {}};
    if (build.cuda) {
        const CudaRuntimeInfo runtime = probeCudaRuntime();
        cuda.detail = QCoreApplication::translate("BuildFeatures", "architectures %1; %2")
                          .arg(QString::fromStdString(build.cudaArchitectures), QString::fromStdString(runtime.status));
    }
    features.append(cuda);
    features.append({QStringLiteral("Vulkan"), build.vulkan,
                     build.vulkan ? QCoreApplication::translate("BuildFeatures",
                                                                "SDK found; the Vulkan back-end is not written yet")
                                  : QString()});
#ifdef STRATA_HAVE_KSYNTAXHIGHLIGHTING
    features.append({QStringLiteral("KF6 SyntaxHighlighting"), true, {}});
#else
    features.append({QStringLiteral("KF6 SyntaxHighlighting"), false, {}});
#endif
    return features;
}

QString gpuListText(const CudaRuntimeInfo& runtime)
{
    if (runtime.devices.empty())
        return QCoreApplication::translate("BuildFeatures", "GPUs: none (%1)")
            .arg(QString::fromStdString(runtime.status));
    QStringList lines;
    for (const CudaDeviceInfo& device : runtime.devices)
        lines << QString::fromStdString(describeCudaDevice(device));
    return lines.join(QLatin1Char('\n'));
}

QString buildFeaturesText()
{
    QStringList lines;
    for (const BuildFeature& f : buildFeatures()) {
        QString line = f.name + QStringLiteral(": ") + (f.present ? QStringLiteral("yes") : QStringLiteral("no"));
        if (!f.detail.isEmpty())
            line += QStringLiteral(" (") + f.detail + QLatin1Char(')');
        lines << line;
    }
    lines << gpuListText(probeCudaRuntime());
    return lines.join(QLatin1Char('\n'));
}

}  // namespace strata::ui
