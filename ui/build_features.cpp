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
                          .arg(QString::fromStdString(build.cudaArchitectures),
                               QString::fromStdString(runtime.status));
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

QString buildFeaturesText()
{
    QStringList lines;
    for (const BuildFeature& f : buildFeatures()) {
        QString line = f.name + QStringLiteral(": ") +
                       (f.present ? QStringLiteral("yes") : QStringLiteral("no"));
        if (!f.detail.isEmpty())
            line += QStringLiteral(" (") + f.detail + QLatin1Char(')');
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

}  // namespace strata::ui
