#include "ui/chat/model_selector.hpp"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace strata::ui {

ModelSelector::ModelSelector(QWidget* parent)
    : QWidget(parent), m_combo(new QComboBox(this)), m_open(new QPushButton(tr("&Open GGUF..."), this)),
      m_progress(new QProgressBar(this)), m_status(new QLabel(tr("No model loaded"), this))
{
    setObjectName(QStringLiteral("modelSelector"));
    m_combo->setObjectName(QStringLiteral("modelCombo"));
    m_combo->setAccessibleName(tr("Model"));
    m_combo->setMinimumContentsLength(24);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_open->setObjectName(QStringLiteral("openModelButton"));
    m_progress->setObjectName(QStringLiteral("modelLoadProgress"));
    m_progress->setAccessibleName(tr("Model loading progress"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->hide();
    m_status->setObjectName(QStringLiteral("modelStatus"));

    connect(m_open, &QPushButton::clicked, this, &ModelSelector::openFileDialog);
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const QString path = m_combo->itemData(index).toString();
        if (!m_updating && !path.isEmpty())
            emit loadRequested(path);
    });

    auto* label = new QLabel(tr("&Model:"), this);
    label->setBuddy(m_combo);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_combo, 1);
    layout->addWidget(m_open);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    setRecentModels({});
}

void ModelSelector::setRecentModels(const QStringList& paths)
{
    m_updating = true;
    const QString current = m_combo->currentData().toString();
    m_combo->clear();
    m_combo->addItem(paths.isEmpty() ? tr("No recent models") : tr("Choose a recent model"));
    for (const QString& path : paths) {
        m_combo->addItem(QFileInfo(path).fileName(), path);
        m_combo->setItemData(m_combo->count() - 1, path, Qt::ToolTipRole);
    }
    selectPath(current);
    m_updating = false;
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

void ModelSelector::setLoading(const QString& path)
{
    m_progress->setValue(0);
    m_progress->show();
    m_status->setText(tr("Loading %1...").arg(QFileInfo(path).fileName()));
}

void ModelSelector::setLoadProgress(double fraction)
{
    m_progress->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 1000));
}

void ModelSelector::setLoaded(const QString& path)
{
    m_progress->hide();
    m_updating = true;
    selectPath(path);
    m_updating = false;
    m_status->setText(tr("Loaded"));
    m_status->setToolTip(path);
}

void ModelSelector::setLoadFailed(const QString& path, const QString& message)
{
    m_progress->hide();
    m_status->setText(tr("Not loaded"));
    m_status->setToolTip(tr("%1: %2").arg(path, message));
}

}  // namespace strata::ui
