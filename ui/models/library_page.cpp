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

using models::ModelListModel;

LibraryPage::LibraryPage(models::ModelServices& services, QWidget* parent) : QWidget(parent), services_(services)
{
    models::ModelLibrary& library = services_.library();
    auto* filter = new QLineEdit(this);
    filter->setObjectName(QStringLiteral("libraryFilter"));
    filter->setPlaceholderText(tr("Filter models"));
    filter->setClearButtonEnabled(true);

    proxy_ = new QSortFilterProxyModel(this);
    proxy_->setSourceModel(library.model());
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setFilterKeyColumn(-1);
    connect(filter, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);

    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("libraryView"));
    view_->setModel(proxy_);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setSortingEnabled(true);
    view_->setTabKeyNavigation(false);
    view_->verticalHeader()->hide();
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);

    details_ = new ModelDetailsWidget(this);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(view_);
    splitter->addWidget(details_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto button = [this](const QString& text, const char* name) {
        auto* b = new QPushButton(text, this);
        b->setObjectName(QLatin1String(name));
        b->setAutoDefault(false);
        return b;
    };
    load_ = button(tr("&Load in chat"), "loadButton");
    makeDefault_ = button(tr("Set as &default"), "defaultButton");
    rename_ = button(tr("Re&name…"), "renameButton");
    reveal_ = button(tr("Show in &folder"), "revealButton");
    remove_ = button(tr("&Remove…"), "removeButton");
    QPushButton* import = button(tr("&Import file…"), "importButton");
    QPushButton* addFolderButton = button(tr("Add f&older…"), "addFolderButton");
    QPushButton* rescan = button(tr("Re&scan"), "rescanButton");
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("libraryStatus"));

    auto* buttons = new QHBoxLayout;
    for (QPushButton* b : {load_, makeDefault_, rename_, reveal_, remove_})
        buttons->addWidget(b);
    buttons->addStretch(1);
    for (QPushButton* b : {import, addFolderButton, rescan})
        buttons->addWidget(b);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(filter);
    layout->addWidget(splitter, 1);
    layout->addLayout(buttons);
    layout->addWidget(status_);

    // Keys on the list: Enter loads, F2 renames, Delete removes.
    auto shortcut = [this](QKeySequence key, void (LibraryPage::*slot)()) {
        auto* action = new QAction(view_);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetShortcut);
        connect(action, &QAction::triggered, this, slot);
        view_->addAction(action);
    };
    shortcut(QKeySequence(Qt::Key_Return), &LibraryPage::loadSelected);
    shortcut(QKeySequence(Qt::Key_Enter), &LibraryPage::loadSelected);
    shortcut(QKeySequence(Qt::Key_F2), &LibraryPage::renameSelected);
    shortcut(QKeySequence::Delete, &LibraryPage::removeSelected);

    connect(load_, &QPushButton::clicked, this, &LibraryPage::loadSelected);
    connect(makeDefault_, &QPushButton::clicked, this, &LibraryPage::setSelectedAsDefault);
    connect(rename_, &QPushButton::clicked, this, &LibraryPage::renameSelected);
    connect(reveal_, &QPushButton::clicked, this, &LibraryPage::revealSelected);
    connect(remove_, &QPushButton::clicked, this, &LibraryPage::removeSelected);
    connect(import, &QPushButton::clicked, this, &LibraryPage::importFile);
    connect(addFolderButton, &QPushButton::clicked, this, &LibraryPage::addFolder);
    connect(rescan, &QPushButton::clicked, &library, &models::ModelLibrary::rescan);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &LibraryPage::updateActions);
    connect(library.model(), &QAbstractItemModel::modelReset, this, &LibraryPage::updateActions);
    connect(&library, &models::ModelLibrary::scanFinished, this, [this, &library] {
        status_->setText(tr("%n model(s) in %1", nullptr, library.model()->rowCount())
                             .arg(library.folders().join(QStringLiteral(", "))));
        if (!view_->currentIndex().isValid() && proxy_->rowCount() > 0)
            view_->setCurrentIndex(proxy_->index(0, 0));
    });
    connect(&library, &models::ModelLibrary::importFinished, this, [this](const QString& path, const QString& error) {
        status_->setText(error.isEmpty() ? tr("Imported %1").arg(path) : tr("Import failed: %1").arg(error));
    });
    setFocusProxy(view_);
    updateActions();
}

QString LibraryPage::selectedPath() const
{
    return view_->currentIndex().data(ModelListModel::PathRole).toString();
}

void LibraryPage::selectPath(const QString& path)
{
    const int row = services_.library().model()->rowOf(path);
    if (row >= 0)
        view_->setCurrentIndex(proxy_->mapFromSource(services_.library().model()->index(row, 0)));
}

void LibraryPage::updateActions()
{
    const QModelIndex current = view_->currentIndex();
    const models::ModelListModel* model = services_.library().model();
    const models::ModelEntry* entry = current.isValid() ? model->entryAt(proxy_->mapToSource(current).row()) : nullptr;
    details_->showModel(entry);
    const bool any = entry != nullptr;
    const bool loadable = any && entry->loadable();
    load_->setEnabled(loadable);
    makeDefault_->setEnabled(loadable);
    rename_->setEnabled(any);
    reveal_->setEnabled(any);
    remove_->setEnabled(any);
}

void LibraryPage::loadSelected()
{
    const QModelIndex current = view_->currentIndex();
    if (!current.isValid() || !current.data(ModelListModel::LoadableRole).toBool())
        return;  // a malformed file is never handed to the chat
    services_.requestLoad(selectedPath());
}

void LibraryPage::setSelectedAsDefault()
{
    if (view_->currentIndex().data(ModelListModel::LoadableRole).toBool())
        services_.library().setDefaultModel(selectedPath());
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
    const QString error = services_.library().rename(path, name);
    status_->setText(error.isEmpty() ? tr("Renamed to %1").arg(name) : error);
}

void LibraryPage::removeSelected()
{
    const QString path = selectedPath();
    if (path.isEmpty())
        return;
    const auto answer = QMessageBox::question(this, tr("Remove model"),
                                              tr("Delete %1 from the disk? This cannot be undone.").arg(path),
                                              QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return;
    const QString error = services_.library().remove(path);
    status_->setText(error.isEmpty() ? tr("Deleted %1").arg(path) : error);
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
    status_->setText(tr("Importing %1…").arg(source));
    services_.library().importFile(source, services_.library().folders().first(), answer == QMessageBox::Yes);
}

void LibraryPage::addFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a folder of models"));
    if (!folder.isEmpty() && !services_.library().addFolder(folder))
        status_->setText(tr("%1 is already in the library").arg(folder));
}

}  // namespace strata::ui
