// Shown while no model is loaded: what Strata needs and two ways to get it.
#pragma once

#include <QFrame>

namespace strata::ui {

class WelcomeView : public QFrame {
    Q_OBJECT
public:
    explicit WelcomeView(QWidget* parent = nullptr);

signals:
    void modelManagerRequested();  // "Get a model...": the model manager connects here
    void openModelRequested();     // "Open GGUF file...": a model already on disk
};

}  // namespace strata::ui
