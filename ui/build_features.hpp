// The optional parts this build contains, as the About dialog and `strata --version` list them.
#pragma once

#include "strata/core/build_info.hpp"

#include <QList>
#include <QString>

namespace strata::ui {

struct BuildFeature {
    QString name;    // "CUDA"
    bool present;    // built in?
    QString detail;  // "architectures 75 86 89 90; no NVIDIA driver"
};

QList<BuildFeature> buildFeatures();

// One line per GPU the engine can run on ("GPU 0: NVIDIA H200 (compute 9.0, 139.8 GiB)"), or one
// line saying why there is none ("GPUs: none (no NVIDIA driver)").
QString gpuListText(const CudaRuntimeInfo& runtime);

// One line per feature: "CUDA: yes (detail)", then the GPUs (gpuListText).
QString buildFeaturesText();

}  // namespace strata::ui
