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

using domain::models::formatBytes;

ModelDetailsWidget::ModelDetailsWidget(QWidget* parent) : QWidget(parent)
{
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("modelSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    m_metadata = new QTableWidget(0, 2, this);
    m_metadata->setObjectName(QStringLiteral("modelMetadata"));
    m_metadata->setHorizontalHeaderLabels({tr("Key"), tr("Value")});
    m_metadata->horizontalHeader()->setStretchLastSection(true);
    m_metadata->verticalHeader()->hide();
    m_metadata->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_metadata->setSelectionBehavior(QAbstractItemView::SelectRows);

    m_chatTemplate = new QPlainTextEdit(this);
    m_chatTemplate->setObjectName(QStringLiteral("modelChatTemplate"));
    m_chatTemplate->setReadOnly(true);
    m_chatTemplate->setTabChangesFocus(true);
    m_chatTemplate->setLineWrapMode(QPlainTextEdit::NoWrap);

    auto* memory = new QWidget(this);
    m_context = new QSpinBox(memory);
    m_context->setObjectName(QStringLiteral("contextLength"));
    m_context->setRange(256, 1 << 21);
    m_context->setSingleStep(1024);
    m_context->setValue(8192);
    m_kvType = new QComboBox(memory);
    m_kvType->setObjectName(QStringLiteral("kvCacheType"));
    m_kvType->addItem(tr("f16 (2 bytes per value)"), int(model::KvType::F16));
    m_kvType->addItem(tr("q8_0 (34 bytes per 32 values)"), int(model::KvType::Q8_0));
    m_estimate = new QLabel(memory);
    m_estimate->setObjectName(QStringLiteral("memoryEstimate"));
    m_estimate->setWordWrap(true);
    m_estimate->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_memoryTable = new QTableWidget(4, 2, memory);
    m_memoryTable->setObjectName(QStringLiteral("memoryTable"));
    m_memoryTable->setHorizontalHeaderLabels({tr("RAM (CPU)"), tr("VRAM (GPU)")});
    m_memoryTable->setVerticalHeaderLabels({tr("Weights"), tr("KV cache"), tr("Buffers"), tr("Total")});
    m_memoryTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_memoryTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_memoryTable->setFocusPolicy(Qt::NoFocus);
    auto* form = new QFormLayout(memory);
    form->addRow(tr("&Context length:"), m_context);
    form->addRow(tr("&KV cache type:"), m_kvType);
    form->addRow(m_memoryTable);
    form->addRow(m_estimate);

    auto* tabs = new QTabWidget(this);
    tabs->addTab(m_metadata, tr("Metadata"));
    tabs->addTab(m_chatTemplate, tr("Chat template"));
    tabs->addTab(memory, tr("Memory"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(tabs, 1);

    connect(m_context, &QSpinBox::valueChanged, this, &ModelDetailsWidget::updateEstimate);
    connect(m_kvType, &QComboBox::currentIndexChanged, this, &ModelDetailsWidget::updateEstimate);
    showModel(nullptr);
}

void ModelDetailsWidget::showModel(const domain::models::ModelEntry* entry)
{
    m_hasEntry = entry != nullptr;
    m_entry = entry ? *entry : domain::models::ModelEntry{};
    m_metadata->setRowCount(0);
    m_chatTemplate->clear();
    if (!entry) {
        m_summary->setText(tr("Select a model to see its details."));
        updateEstimate();
        return;
    }
    if (!entry->loadable()) {
        m_summary->setText(tr("<b>%1</b><br>This file cannot be loaded:<br>%2")
                               .arg(entry->displayName.toHtmlEscaped(), entry->error.toHtmlEscaped()));
    } else {
        m_summary->setText(tr("<b>%1</b><br>%2, %3 parameters, %4, %5")
                               .arg(entry->displayName.toHtmlEscaped(), entry->architecture.toHtmlEscaped(),
                                    domain::models::formatParameterCount(entry->parameterCount),
                                    entry->quantization.toHtmlEscaped(), formatBytes(entry->sizeBytes)));
        if (entry->contextLength > 0)
            m_context->setValue(int(std::min<qint64>(entry->contextLength, 8192)));
    }
    m_metadata->setRowCount(int(entry->metadata.size()));
    for (int i = 0; i < entry->metadata.size(); ++i) {
        m_metadata->setItem(i, 0, new QTableWidgetItem(entry->metadata[i].first));
        m_metadata->setItem(i, 1, new QTableWidgetItem(entry->metadata[i].second));
    }
    m_chatTemplate->setPlainText(entry->chatTemplate.isEmpty() ? tr("(this model has no chat template)")
                                                               : entry->chatTemplate);
    updateEstimate();
}

void ModelDetailsWidget::updateEstimate()
{
    const auto setCell = [this](int row, int column, const QString& text) {
        m_memoryTable->setItem(row, column, new QTableWidgetItem(text));
    };
    if (!m_hasEntry || !m_entry.loadable()) {
        m_estimate->setText(QString());
        for (int row = 0; row < m_memoryTable->rowCount(); ++row)
            for (int column = 0; column < m_memoryTable->columnCount(); ++column)
                setCell(row, column, QString());
        return;
    }
    const auto kv = model::KvType(m_kvType->currentData().toInt());
    const domain::models::MemoryEstimate e = domain::models::estimateMemory(m_entry, m_context->value(), kv);
    const QString kvText = e.kvCacheBytes >= 0 ? formatBytes(e.kvCacheBytes) : tr("unknown (missing attention fields)");
    m_estimate->setText(
        tr("About %1 of RAM: weights %2 + KV cache %3 + %4 for compute buffers and the runtime "
           "(a fixed allowance).")
            .arg(formatBytes(e.totalBytes), formatBytes(e.weightsBytes), kvText, formatBytes(e.overheadBytes)));
    setCell(0, 0, formatBytes(e.weightsBytes));
    setCell(1, 0, kvText);
    setCell(2, 0, formatBytes(e.overheadBytes));
    setCell(3, 0, formatBytes(e.totalBytes));
    if (e.vramTotalBytes < 0) {
        const QString unknown = tr("unknown");
        for (int row = 0; row < 4; ++row)
            setCell(row, 1, unknown);
        m_estimate->setText(m_estimate->text() + QLatin1Char(' ')
                            + tr("The VRAM it needs is unknown: the engine cannot read the model's sizes."));
        return;
    }
    setCell(0, 1, formatBytes(e.vramWeightsBytes));
    setCell(1, 1, formatBytes(e.vramKvCacheBytes));
    setCell(2, 1, formatBytes(e.vramScratchBytes));
    setCell(3, 1, formatBytes(e.vramTotalBytes));
    m_estimate->setText(m_estimate->text() + QLatin1Char(' ')
                        + tr("On a GPU about %1 of VRAM: weights %2 + an f16 KV cache %3 (the GPU keeps f16 only) + "
                             "%4 of buffers for a prefill batch of 512 tokens; the driver's own context comes on top.")
                              .arg(formatBytes(e.vramTotalBytes), formatBytes(e.vramWeightsBytes),
                                   formatBytes(e.vramKvCacheBytes), formatBytes(e.vramScratchBytes)));
}

}  // namespace strata::ui
