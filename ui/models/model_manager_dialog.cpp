#include "ui/models/model_manager_dialog.hpp"

#include "domain/models/model_services.hpp"
#include "ui/models/catalogue_page.hpp"
#include "ui/models/downloads_page.hpp"
#include "ui/models/library_page.hpp"

#include <QAction>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

namespace strata::ui {

ModelManagerDialog::ModelManagerDialog(models::ModelServices& services, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("modelManagerDialog"));
    setWindowTitle(tr("Models"));
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("modelManagerTabs"));
    library_ = new LibraryPage(services, tabs_);
    catalogue_ = new CataloguePage(services, tabs_);
    downloads_ = new DownloadsPage(services.downloads(), tabs_);
    tabs_->addTab(library_, tr("&Library"));
    tabs_->addTab(catalogue_, tr("C&atalogue"));
    tabs_->addTab(downloads_, tr("Do&wnloads"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(tabs_, 1);
    layout->addWidget(buttons);

    for (int i = 0; i < tabs_->count(); ++i) {
        auto* action = new QAction(this);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, i] {
            tabs_->setCurrentIndex(i);
            tabs_->currentWidget()->setFocus();
        });
        addAction(action);
    }
    // A new download shows up where its progress is.
    connect(catalogue_, &CataloguePage::downloadStarted, this, [this](const QString& id) {
        tabs_->setCurrentWidget(downloads_);
        downloads_->select(id);
    });
    connect(&services, &models::ModelServices::loadInChatRequested, this, &QDialog::accept);
    resize(980, 640);
}

ModelManagerDialog* openModelManager(QWidget* window, models::ModelServices& services)
{
    if (auto* open = window->findChild<ModelManagerDialog*>(QString(), Qt::FindDirectChildrenOnly)) {
        open->show();
        open->raise();
        open->activateWindow();
        return open;
    }
    auto* dialog = new ModelManagerDialog(services, window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

}  // namespace strata::ui
