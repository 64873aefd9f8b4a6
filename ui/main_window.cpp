#include "ui/main_window.hpp"

#include "ui/about_dialog.hpp"
#include "ui/models/model_manager_dialog.hpp"

#include <QApplication>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>

namespace strata::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Strata"));
    setWindowIcon(QIcon(QStringLiteral(":/icons/strata.svg")));

    auto* welcome = new QLabel(tr("<h1>Strata</h1><p>Run large language models on your own PC.</p>"), this);
    welcome->setAlignment(Qt::AlignCenter);
    welcome->setObjectName(QStringLiteral("welcomeLabel"));
    setCentralWidget(welcome);

    buildMenus();
    statusBar()->showMessage(tr("No model loaded"));
    resize(1100, 720);
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    QAction* models = file->addAction(tr("&Models…"), this, [this] { openModelManager(this); });
    models->setObjectName(QStringLiteral("modelsAction"));
    models->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_M));
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::quit);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    QAction* about = help->addAction(tr("&About Strata"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::showAbout()
{
    auto* dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

}  // namespace strata::ui
