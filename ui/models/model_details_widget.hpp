// The selected model in detail: every metadata key, the chat template, and the memory it needs at a
// chosen context length and KV cache type: RAM on the CPU, VRAM on a GPU, side by side.
#pragma once

#include "domain/models/model_entry.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QTableWidget;

namespace strata::ui {

class ModelDetailsWidget : public QWidget {
    Q_OBJECT
public:
    explicit ModelDetailsWidget(QWidget* parent = nullptr);

    void showModel(const domain::models::ModelEntry* entry);  // nullptr: nothing selected

private:
    void updateEstimate();

    domain::models::ModelEntry m_entry;
    bool m_hasEntry = false;
    QLabel* m_summary;
    QTableWidget* m_metadata;
    QPlainTextEdit* m_chatTemplate;
    QSpinBox* m_context;
    QComboBox* m_kvType;
    QLabel* m_estimate;
    QTableWidget* m_memoryTable;  // rows: weights, KV cache, buffers, total; columns: RAM, VRAM
};

}  // namespace strata::ui
