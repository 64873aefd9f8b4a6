#include "ui/models/library_page.hpp"

#include "domain/models/model_services.hpp"
#include "ui/models/model_details_widget.hpp"

#include <QAction>
#include <QDesktopServices>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QUrl>
#include <QVBoxLayout>

namespace strata::ui {

using domain::models::ModelListModel;

LibraryPage::LibraryPage(domain::models::ModelServices& services, QWidget* parent)
    : QWidget(parent), m_services(services)
{
    domain::models::ModelLibrary& library = m_services.library();
    auto* filter = new QLineEdit(this);
    filter->setObjectName(QStringLiteral("libraryFilter"));
    filter->setPlaceholderText(tr("Filter models"));
    filter->setClearButtonEnabled(true);

    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(library.model());
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);
    connect(filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("libraryView"));
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSortingEnabled(true);
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);

    m_details = new ModelDetailsWidget(this);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto button = [this](const QString& text, const char* name) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(QLatin1String(name));
        b->setAutoDefault(false);
        return b;
    };
    m_load = button(tr("&Load in chat"), "loadButton");
    m_makeDefault = button(tr("Set as &default"), "defaultButton");
    m_rename = button(tr("Re&name…"), "renameButton");
    m_reveal = button(tr("Show in &folder"), "revealButton");
    m_remove = button(tr("&Remove…"), "removeButton");
    QPushButton* import = button(tr("&Import file…"), "importButton");
    QPushButton* addFolderButton = button(tr("Add f&older…"), "addFolderButton");
    QPushButton* rescan = button(tr("Re&scan"), "rescanButton");
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("libraryStatus"));

    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {m_load, m_makeDefault, m_rename, m_reveal, m_remove})
        buttons->addWidget(b);
    buttons->addStretch(1);
    for (QPushButton* b : {import, addFolderButton, rescan})
        buttons->addWidget(b);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(filter);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);

    // Keys on the list: Enter loads, F2 renames, Delete removes.
    auto shortcut = [this](QKeySequence key, void (LibraryPage::*slot)()) {
        auto* action = new QAction(m_view);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        m_view->addAction(action);
    };
    shortcut(QKeySequence(Qt::Key_Return), &LibraryPage::loadSelected);
    shortcut(QKeySequence(Qt::Key_Enter), &LibraryPage::loadSelected);
    shortcut(QKeySequence(Qt::Key_F2), &LibraryPage::renameSelected);
    shortcut(QKeySequence::Delete, &LibraryPage::removeSelected);

    connect(m_load, &QPushButton::clicked, this, &LibraryPage::loadSelected);
    connect(m_makeDefault, &QPushButton::clicked, this, &LibraryPage::setSelectedAsDefault);
    connect(m_rename, &QPushButton::clicked, this, &LibraryPage::renameSelected);
    connect(m_reveal, &QPushButton::clicked, this, &LibraryPage::revealSelected);
    connect(m_remove, &QPushButton::clicked, this, &LibraryPage::removeSelected);
    connect(import, &QPushButton::clicked, this, &LibraryPage::importFile);
    connect(addFolderButton, &QPushButton::clicked, this, &LibraryPage::addFolder);
    connect(rescan, &QPushButton::clicked, &library, &domain::models::ModelLibrary::rescan);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &LibraryPage::updateActions);
    connect(library.model(), &QAbstractItemModel::modelReset, this, &LibraryPage::updateActions);
    connect(&library, &domain::models::ModelLibrary::scanFinished, this, [this, &library] {
        m_status->setText(tr("%n model(s) in %1", nullptr, library.model()->rowCount())
                              .arg(library.folders().join(QStringLiteral(", "))));
        if (!m_view->currentIndex().isValid() && m_proxy->rowCount() > 0)
            m_view->setCurrentIndex(m_proxy->index(0, 0));
    });
    connect(&library, &domain::models::ModelLibrary::importFinished, this,
            [this](const QString& path, const QString& error) {
                m_status->setText(error.isEmpty() ? tr("Imported %1").arg(path) : tr("Import failed: %1").arg(error));
            });
    setFocusProxy(m_view);
    updateActions();
}

QString LibraryPage::selectedPath() const
{
    return m_view->currentIndex().data(ModelListModel::PathRole).toString();
}

void LibraryPage::selectPath(const QString& path)
{
    const int row = m_services.library().model()->rowOf(path);
    if (row >= 0)
        m_view->setCurrentIndex(m_proxy->mapFromSource(m_services.library().model()->index(row, 0)));
}

void LibraryPage::updateActions()
{
    const QModelIndex current = m_view->currentIndex();
    const domain::models::ModelListModel* model = m_services.library().model();
    const domain::models::ModelEntry* entry =
        current.isValid() ? model->entryAt(m_proxy->mapToSource(current).row()) : nullptr;
    m_details->showModel(entry);
    const bool any = entry != nullptr;
    const bool loadable = any && entry->loadable();
    m_load->setEnabled(loadable);
    m_makeDefault->setEnabled(loadable);
    m_rename->setEnabled(any);
    m_reveal->setEnabled(any);
    m_remove->setEnabled(any);
}

void LibraryPage::loadSelected()
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid() || !current.data(ModelListModel::LoadableRole).toBool())
        return;  // a malformed file is never handed to the chat
    m_services.requestLoad(selectedPath());
}

void LibraryPage::setSelectedAsDefault()
{
    if (m_view->currentIndex().data(ModelListModel::LoadableRole).toBool())
        m_services.library().setDefaultModel(selectedPath());
}

void LibraryPage::renameSelected()
{
    const QString path = selectedPath();
    if (path.isEmpty())
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename model"), tr("New file name:"), QLineEdit::Normal,
                                               QFileInfo(path).completeBaseName(), &ok);
    if (!ok || name.isEmpty())
        return;
    const QString error = m_services.library().rename(path, name);
    m_status->setText(error.isEmpty() ? tr("Renamed to %1").arg(name) : error);
}

void LibraryPage::removeSelected()
{
    const QString path = selectedPath();
    if (path.isEmpty())
        return;
    const domain::models::ModelListModel* model = m_services.library().model();
    const domain::models::ModelEntry* entry = model->entryAt(model->rowOf(path));
    // A model added by hand lies outside the library's folders: it is forgotten, never deleted.
    const bool byHand = entry != nullptr && entry->addedByHand;
    const QString question = byHand ? tr("Remove %1 from the library? The file stays on the disk.").arg(path)
                                    : tr("Delete %1 from the disk? This cannot be undone.").arg(path);
    const auto answer =
        QMessageBox::question(this, tr("Remove model"), question, QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return;
    const QString error = m_services.library().remove(path);
    const QString done = byHand ? tr("Removed %1 from the library").arg(path) : tr("Deleted %1").arg(path);
    m_status->setText(error.isEmpty() ? done : error);
}

void LibraryPage::revealSelected()
{
    const QString path = selectedPath();
    if (!path.isEmpty())
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
}

void LibraryPage::importFile()
{
    const QString source = QFileDialog::getOpenFileName(this, tr("Import a GGUF model"), QString(),
                                                        tr("GGUF models (*.gguf);;All files (*)"));
    if (source.isEmpty())
        return;
    const auto answer = QMessageBox::question(
        this, tr("Import model"), tr("Move %1 into the library folder instead of copying it?").arg(source),
        QMessageBox::Yes | QMessageBox::No | QMessageBox::Cancel, QMessageBox::No);
    if (answer == QMessageBox::Cancel)
        return;
    m_status->setText(tr("Importing %1…").arg(source));
    m_services.library().importFile(source, m_services.library().folders().first(), answer == QMessageBox::Yes);
}

void LibraryPage::addFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a folder of models"));
    if (!folder.isEmpty() && !m_services.library().addFolder(folder))
        m_status->setText(tr("%1 is already in the library").arg(folder));
}

}  // namespace strata::ui
