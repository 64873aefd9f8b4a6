// The A/B run dialog: a prompt, configurations A and B, repetitions; while it runs a progress bar
// and Cancel; per-run rows as they arrive, the medians with B/A, and export to CSV or JSON.
// The "Waiting policies" preset instead runs A's threads and KV type under adaptive, park,
// fixed:100us and fixed:20ms, and shows each policy's medians and ratios to the best fixed one.
// It only shows and forwards: app/ab/ab_controller.hpp runs the comparison and writes the files.
#pragma once

#include "domain/ab/ab_policy_summary.hpp"
#include "domain/ab/ab_types.hpp"

#include <QDialog>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace strata::ui {

class AbConfigEditor;

class AbDialog : public QDialog {
    Q_OBJECT
public:
    explicit AbDialog(QWidget* parent = nullptr);

    // The request the controls describe (modelPath: the one set with setModelPath).
    domain::AbRequest request() const;

    QComboBox* presetBox() const { return m_preset; }  // item data: domain::AbPreset as int
    AbConfigEditor* editorA() const { return m_a; }
    AbConfigEditor* editorB() const { return m_b; }
    QSpinBox* repetitionsBox() const { return m_repetitions; }
    QSpinBox* maxTokensBox() const { return m_maxTokens; }
    QPushButton* startButton() const { return m_start; }
    QPushButton* cancelButton() const { return m_cancel; }
    QTableWidget* runsTable() const { return m_runs; }
    QTableWidget* mediansTable() const { return m_medians; }
    QTableWidget* policiesTable() const { return m_policies; }  // the preset's medians and ratios
    QLabel* statusLabel() const { return m_status; }

public slots:
    void setModelPath(const QString& path);  // empty: no model loaded, nothing to run
    void setRunning(bool running);
    void setProgress(int runsDone, int runsTotal, const QString& stage);
    void clearResults();
    void addRow(const strata::domain::AbRow& row);
    void setSummary(const strata::domain::AbSummary& summary);
    void setPolicySummary(const QList<strata::domain::AbPolicyLine>& lines);
    void showStatus(const QString& text);

signals:
    void startRequested(const strata::domain::AbRequest& request);
    void cancelRequested();
    void exportRequested(const QString& path, bool json);

private:
    void exportTo(bool json);
    domain::AbPreset preset() const;
    void showPreset();

    QString m_modelPath;
    QLabel* m_model;
    QPlainTextEdit* m_prompt;
    QComboBox* m_preset;
    AbConfigEditor* m_a;
    AbConfigEditor* m_b;
    QSpinBox* m_repetitions;
    QSpinBox* m_maxTokens;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTableWidget* m_runs;
    QTableWidget* m_medians;
    QTableWidget* m_policies;
    QPushButton* m_exportCsv;
    QPushButton* m_exportJson;
    bool m_running = false;
};

}  // namespace strata::ui
