#include "ui/models/model_details_widget.hpp"

#include "domain/models/download_list_model.hpp"
#include "domain/models/memory_estimate.hpp"
#include "domain/models/model_list_model.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace strata::ui {

using models::formatBytes;

ModelDetailsWidget::ModelDetailsWidget(QWidget* parent) : QWidget(parent)
{
    summary_ = new QLabel(this);
    summary_->setObjectName(QStringLiteral("modelSummary"));
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    metadata_ = new QTableWidget(0, 2, this);
    metadata_->setObjectName(QStringLiteral("modelMetadata"));
    metadata_->setHorizontalHeaderLabels({tr("Key"), tr("Value")});
    metadata_->horizontalHeader()->setStretchLastSection(true);
    metadata_->verticalHeader()->hide();
    metadata_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    metadata_->setSelectionBehavior(QAbstractItemView::SelectRows);

    chatTemplate_ = new QPlainTextEdit(this);
    chatTemplate_->setObjectName(QStringLiteral("modelChatTemplate"));
    chatTemplate_->setReadOnly(true);
    chatTemplate_->setTabChangesFocus(true);
    chatTemplate_->setLineWrapMode(QPlainTextEdit::NoWrap);

    auto* memory = new QWidget(this);
    context_ = new QSpinBox(memory);
    context_->setObjectName(QStringLiteral("contextLength"));
    context_->setRange(256, 1 << 21);
    context_->setSingleStep(1024);
    context_->setValue(8192);
    kvType_ = new QComboBox(memory);
    kvType_->setObjectName(QStringLiteral("kvCacheType"));
    kvType_->addItem(tr("f16 (2 bytes per value)"), int(model::KvType::F16));
    kvType_->addItem(tr("q8_0 (34 bytes per 32 values)"), int(model::KvType::Q8_0));
    estimate_ = new QLabel(memory);
    estimate_->setObjectName(QStringLiteral("memoryEstimate"));
    estimate_->setWordWrap(true);
    estimate_->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    auto* form = new QFormLayout(memory);
    form->addRow(tr("&Context length:"), context_);
    form->addRow(tr("&KV cache type:"), kvType_);
    form->addRow(estimate_);

    auto* tabs = new QTabWidget(this);
    tabs->addTab(metadata_, tr("Metadata"));
    tabs->addTab(chatTemplate_, tr("Chat template"));
    tabs->addTab(memory, tr("Memory"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(summary_);
    layout->addWidget(tabs, 1);

    connect(context_, &QSpinBox::valueChanged, this, &ModelDetailsWidget::updateEstimate);
    connect(kvType_, &QComboBox::currentIndexChanged, this, &ModelDetailsWidget::updateEstimate);
    showModel(nullptr);
}

void ModelDetailsWidget::showModel(const models::ModelEntry* entry)
{
    hasEntry_ = entry != nullptr;
    entry_ = entry ? *entry : models::ModelEntry{};
    metadata_->setRowCount(0);
    chatTemplate_->clear();
    if (!entry) {
        summary_->setText(tr("Select a model to see its details."));
        updateEstimate();
        return;
    }
    if (!entry->loadable()) {
        summary_->setText(tr("<b>%1</b><br>This file cannot be loaded:<br>%2")
                              .arg(entry->displayName.toHtmlEscaped(), entry->error.toHtmlEscaped()));
    } else {
        summary_->setText(tr("<b>%1</b><br>%2, %3 parameters, %4, %5")
                              .arg(entry->displayName.toHtmlEscaped(), entry->architecture.toHtmlEscaped(),
                                   models::formatParameterCount(entry->parameterCount),
                                   entry->quantization.toHtmlEscaped(), formatBytes(entry->sizeBytes)));
        if (entry->contextLength > 0)
            context_->setValue(int(std::min<qint64>(entry->contextLength, 8192)));
    }
    metadata_->setRowCount(int(entry->metadata.size()));
    for (int i = 0; i < entry->metadata.size(); ++i) {
        metadata_->setItem(i, 0, new QTableWidgetItem(entry->metadata[i].first));
        metadata_->setItem(i, 1, new QTableWidgetItem(entry->metadata[i].second));
    }
    chatTemplate_->setPlainText(entry->chatTemplate.isEmpty() ? tr("(this model has no chat template)")
                                                              : entry->chatTemplate);
    updateEstimate();
}

void ModelDetailsWidget::updateEstimate()
{
    if (!hasEntry_ || !entry_.loadable()) {
        estimate_->setText(QString());
        return;
    }
    const auto kv = model::KvType(kvType_->currentData().toInt());
    const models::MemoryEstimate e = models::estimateMemory(entry_, context_->value(), kv);
    const QString kvText = e.kvCacheBytes >= 0 ? formatBytes(e.kvCacheBytes) : tr("unknown (missing attention fields)");
    estimate_->setText(tr("About %1 of RAM: weights %2 + KV cache %3 + %4 for compute buffers and the runtime "
                          "(a fixed allowance).")
                           .arg(formatBytes(e.totalBytes), formatBytes(e.weightsBytes), kvText,
                                formatBytes(e.overheadBytes)));
}

}  // namespace strata::ui
