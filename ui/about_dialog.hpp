#pragma once

#include <QDialog>

namespace strata::ui {

// Version, Qt version and the optional parts of this build (CUDA, Vulkan, KF6 highlighting).
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);
};

}  // namespace strata::ui
