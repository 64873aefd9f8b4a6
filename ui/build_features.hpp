// The optional parts this build contains, as the About dialog and `strata --version` list them.
#pragma once

#include <QList>
#include <QString>

namespace strata::ui {

struct BuildFeature {
    QString name;     // "CUDA"
    bool present;     // built in?
    QString detail;   // "architectures 75 86 89 90; no NVIDIA driver"
};

QList<BuildFeature> buildFeatures();

// One line per feature: "CUDA: yes (detail)".
QString buildFeaturesText();

}  // namespace strata::ui
