#include "ui/chat/model_selector.hpp"

#include "domain/remote/remote_endpoint.hpp"
#include "ui/chat/remote_model_dialog.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace strata::ui {

ModelSelector::ModelSelector(QWidget* parent)
    : QWidget(parent), m_combo(new QComboBox(this)), m_open(new QPushButton(tr("&Open GGUF..."), this)),
      m_remote(new QPushButton(tr("&Remote server..."), this)), m_manage(new QToolButton(this)),
      m_editRemote(new QAction(tr("&Edit remote server..."), this)),
      m_forgetKey(new QAction(tr("&Forget its API key"), this)),
      m_removeEntry(new QAction(tr("Remove from &recent models"), this)), m_progress(new QProgressBar(this)),
      m_status(new QLabel(tr("No model loaded"), this)), m_description(new QLabel(this))
{
    setObjectName(QStringLiteral("modelSelector"));
    m_combo->setObjectName(QStringLiteral("modelCombo"));
    m_combo->setAccessibleName(tr("Model"));
    m_combo->setMinimumContentsLength(24);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_open->setObjectName(QStringLiteral("openModelButton"));
    m_remote->setObjectName(QStringLiteral("remoteModelButton"));
    m_remote->setToolTip(tr("Chat with a model on a server that speaks the OpenAI API"));
    m_manage->setObjectName(QStringLiteral("manageModelButton"));
    m_manage->setText(QStringLiteral("⋯"));
    m_manage->setToolTip(tr("Edit or remove the chosen recent model"));
    m_manage->setAccessibleName(tr("Manage the chosen model"));
    m_manage->setPopupMode(QToolButton::InstantPopup);
    m_editRemote->setObjectName(QStringLiteral("editRemoteModelAction"));
    m_forgetKey->setObjectName(QStringLiteral("forgetRemoteKeyAction"));
    m_removeEntry->setObjectName(QStringLiteral("removeRecentModelAction"));
    auto* menu = new QMenu(m_manage);
    menu->addActions({m_editRemote, m_forgetKey, m_removeEntry});
    m_manage->setMenu(menu);
    connect(m_editRemote, &QAction::triggered, this, &ModelSelector::editChosenRemote);
    connect(m_forgetKey, &QAction::triggered, this, &ModelSelector::forgetChosenKey);
    connect(m_removeEntry, &QAction::triggered, this, &ModelSelector::removeChosenEntry);
    m_progress->setObjectName(QStringLiteral("modelLoadProgress"));
    m_progress->setAccessibleName(tr("Model loading progress"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    m_status->setObjectName(QStringLiteral("modelStatus"));
    m_description->setObjectName(QStringLiteral("modelDescription"));
    m_description->setForegroundRole(QPalette::PlaceholderText);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Both wrap rather than set the window's minimum width: a long description ("… · context 2048
    // tokens · KV cache f16") made the window wider than a 1280-pixel screen with the panels open.
    m_description->setWordWrap(true);
    m_status->setWordWrap(true);
    m_description->hide();

    connect(m_open, &QPushButton::clicked, this, &ModelSelector::openFileDialog);
    connect(m_remote, &QPushButton::clicked, this, &ModelSelector::openRemoteDialog);
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const QString path = m_combo->itemData(index).toString();
        if (!m_updating && !path.isEmpty())
            emit loadRequested(path);
    });
    // While the list is open, the line describes the entry under the cursor (keyboard too).
    connect(m_combo, &QComboBox::highlighted, this, &ModelSelector::showDescriptionOf);
    connect(m_combo, &QComboBox::currentIndexChanged, this, &ModelSelector::showDescriptionOf);
    connect(m_combo, &QComboBox::currentIndexChanged, this, &ModelSelector::updateManageActions);

    auto* label = new QLabel(tr("&Model:"), this);
    label->setBuddy(m_combo);
    auto* row = new QHBoxLayout;
    row->addWidget(label);
    row->addWidget(m_combo, 1);
    row->addWidget(m_manage);
    row->addWidget(m_open);
    row->addWidget(m_remote);
    row->addWidget(m_progress);
    row->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_description);
    setRecentModels({});
}

void ModelSelector::setRecentModels(const QStringList& paths)
{
    m_updating = true;
    const QString current = m_combo->currentData().toString();
    m_combo->clear();
    m_combo->addItem(paths.isEmpty() ? tr("No recent models") : tr("Choose a recent model"));
    for (const QString& path : paths) {
        m_combo->addItem(shownName(path), path);
        applyDescription(m_combo->count() - 1);
    }
    selectPath(current);
    m_updating = false;
    showDescriptionOf(m_combo->currentIndex());
    updateManageActions();
}

QString ModelSelector::shownName(const QString& path)
{
    if (const std::optional<domain::RemoteEndpoint> remote = domain::remoteEndpointFromPath(path))
        return domain::remoteDisplayName(*remote);
    return QFileInfo(path).fileName();
}

void ModelSelector::setModelDescription(const QString& path, const QString& description)
{
    m_descriptions.insert(path, description);
    const int index = m_combo->findData(path);
    if (index >= 0)
        applyDescription(index);
    showDescriptionOf(m_combo->currentIndex());
}

QString ModelSelector::descriptionText() const
{
    return m_description->isHidden() ? QString() : m_description->text();
}

void ModelSelector::applyDescription(int index)
{
    const QString path = m_combo->itemData(index).toString();
    const QString description =
        path == m_loadedPath && !m_loadedDescription.isEmpty() ? m_loadedDescription : m_descriptions.value(path);
    m_combo->setItemData(index, description.isEmpty() ? path : path + QLatin1Char('\n') + description, Qt::ToolTipRole);
}

void ModelSelector::showDescriptionOf(int index)
{
    const QString path = index >= 0 ? m_combo->itemData(index).toString() : QString();
    QString text;
    if (!path.isEmpty() && path == m_loadedPath && !m_loadedDescription.isEmpty())
        text = tr("Loaded: %1").arg(m_loadedDescription);
    else if (!path.isEmpty())
        text = m_descriptions.value(path);
    m_description->setText(text);
    m_description->setVisible(!text.isEmpty());
    m_combo->setAccessibleDescription(text);
}

void ModelSelector::selectPath(const QString& path)
{
    const int index = path.isEmpty() ? -1 : m_combo->findData(path);
    m_combo->setCurrentIndex(index < 0 ? 0 : index);
}

void ModelSelector::openFileDialog()
{
    auto* dialog = new QFileDialog(this, tr("Open a GGUF model"), QString(), tr("GGUF models (*.gguf)"));
    dialog->setObjectName(QStringLiteral("openModelDialog"));
    dialog->setFileMode(QFileDialog::ExistingFile);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, &ModelSelector::loadRequested);
    dialog->open();
}

RemoteModelDialog* ModelSelector::newRemoteDialog()
{
    auto* dialog = new RemoteModelDialog(m_keyStorageNote, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RemoteModelDialog::modelsWanted, this, &ModelSelector::remoteModelsWanted);
    m_remoteDialog = dialog;
    return dialog;
}

void ModelSelector::openRemoteDialog()
{
    RemoteModelDialog* dialog = newRemoteDialog();
    connect(dialog, &RemoteModelDialog::remoteModelChosen, this, &ModelSelector::remoteModelChosen);
    dialog->open();
}

void ModelSelector::editChosenRemote()
{
    const QString path = m_combo->currentData().toString();
    const std::optional<domain::RemoteEndpoint> remote = domain::remoteEndpointFromPath(path);
    if (!remote)
        return;
    RemoteModelDialog* dialog = newRemoteDialog();
    dialog->setEndpoint(remote->baseUrl, remote->model);
    connect(
        dialog, &RemoteModelDialog::remoteModelChosen, this,
        [this, path](const QString& newPath, const QString& apiKey) { emit remoteModelEdited(path, newPath, apiKey); });
    dialog->open();
}

void ModelSelector::forgetChosenKey()
{
    if (const std::optional<domain::RemoteEndpoint> remote =
            domain::remoteEndpointFromPath(m_combo->currentData().toString()))
        emit remoteKeyForgetRequested(remote->baseUrl);
}

void ModelSelector::removeChosenEntry()
{
    if (const QString path = m_combo->currentData().toString(); !path.isEmpty())
        emit recentModelRemoveRequested(path);
}

void ModelSelector::updateManageActions()
{
    const QString path = m_combo->currentData().toString();
    const bool remote = domain::isRemoteModelPath(path);
    m_editRemote->setEnabled(remote);
    m_forgetKey->setEnabled(remote);
    m_removeEntry->setEnabled(!path.isEmpty());
    m_manage->setEnabled(!path.isEmpty());
}

void ModelSelector::showRemoteModels(const QString& baseUrl, const QStringList& models, const QString& error)
{
    if (m_remoteDialog)
        m_remoteDialog->showModels(baseUrl, models, error);
}

void ModelSelector::setLoading(const QString& path)
{
    m_progress->setValue(0);
    m_progress->show();
    if (m_loadedPath.isEmpty()) {
        m_status->setText(tr("Loading %1...").arg(shownName(path)));
        m_status->setToolTip(path);
        return;
    }
    // The engine keeps the loaded model until the new one is ready, so a failed load leaves the
    // chat working; until then both are in memory.
    m_status->setText(
        tr("Loading %1... (%2 stays in memory until then)").arg(shownName(path), shownName(m_loadedPath)));
    m_status->setToolTip(tr("%1\nThe loaded model is freed only when the new one is ready, so for a moment both are "
                            "in memory.")
                             .arg(path));
}

void ModelSelector::setLoadProgress(double fraction)
{
    m_progress->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 1000));
}

void ModelSelector::setLoaded(const QString& path, const QString& description)
{
    m_progress->hide();
    m_loadedPath = path;
    m_loadedDescription = description;
    if (const int index = m_combo->findData(path); index >= 0)
        applyDescription(index);
    m_updating = true;
    selectPath(path);
    m_updating = false;
    showDescriptionOf(m_combo->currentIndex());
    m_status->setText(tr("Loaded"));
    m_status->setToolTip(path);
}

void ModelSelector::setLoadFailed(const QString& path, const QString& message)
{
    m_progress->hide();
    // The engine keeps the model it had: the selector goes back to it.
    m_updating = true;
    selectPath(m_loadedPath);
    m_updating = false;
    showDescriptionOf(m_combo->currentIndex());
    m_status->setText(m_loadedPath.isEmpty() ? tr("Not loaded") : tr("Loaded"));
    m_status->setToolTip(tr("%1: %2").arg(path, message));
}

}  // namespace strata::ui
