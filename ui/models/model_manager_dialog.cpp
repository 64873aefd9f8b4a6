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

ModelManagerDialog::ModelManagerDialog(domain::models::ModelServices& services, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("modelManagerDialog"));
    setWindowTitle(tr("Models"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("modelManagerTabs"));
    m_library = new LibraryPage(services, m_tabs);
    m_catalogue = new CataloguePage(services, m_tabs);
    m_downloads = new DownloadsPage(services.downloads(), m_tabs);
    m_tabs->addTab(m_library, tr("&Library"));
    m_tabs->addTab(m_catalogue, tr("C&atalogue"));
    m_tabs->addTab(m_downloads, tr("Do&wnloads"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->button(QDialogButtonBox::Close)->setAutoDefault(false);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(buttons);

    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* action = new QAction(this);
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
        connect(action, &QAction::triggered, this, [this, i] {
            m_tabs->setCurrentIndex(i);
            m_tabs->currentWidget()->setFocus();
        });
        addAction(action);
    }
    // A new download shows up where its progress is.
    connect(m_catalogue, &CataloguePage::downloadStarted, this, [this](const QString& id) {
        m_tabs->setCurrentWidget(m_downloads);
        m_downloads->select(id);
    });
    connect(&services, &domain::models::ModelServices::loadInChatRequested, this, &QDialog::accept);
    resize(980, 640);
}

ModelManagerDialog* openModelManager(QWidget* window, domain::models::ModelServices& services)
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
