#pragma once

#include <QMainWindow>

namespace strata::ui {

// The application's main window. Later features (chat, panels, model manager) plug into it.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);

public slots:
    void showAbout();

private:
    void buildMenus();
};

}  // namespace strata::ui
